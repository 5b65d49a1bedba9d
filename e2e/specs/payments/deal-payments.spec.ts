// The deal's Payments section in the browser: a manual Paid payment typed as a person types it
// (key by key, a pasted '1,250.50', a '-5'), the spec's messages, the totals and the Payment flag
// moving to Deposit Paid; the above-balance question; a card request (its maximum, its link copied
// and mailed, cancelled with a confirmation, archived); an archived deal's payments read-only;
// every modal checked with axe; screenshots at 1280 and at phone width into test-results.
import type { Locator, Page } from '@playwright/test';
import {
  apiWrite,
  expect as baseExpect,
  readOutboxMail,
  settledViolations,
  signInViaApi,
  test,
} from '../../fixtures';
import {
  type AcceptedDeal,
  dealWithAcceptedQuote,
  dollars,
  halfOf,
  plusCents,
  setCardAccount,
  shot,
} from './payments-helpers';

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// each test builds its own deal with an accepted quote first: more room than a screen-only test
test.describe.configure({ timeout: 240_000 });
// the shared 2-core machine can take many seconds to render a screen: each wait gets room
const expect = baseExpect.configure({ timeout: 45_000 });

const pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors.length = 0;
  page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await signInViaApi(page.request);
});

async function openDeal(page: Page, deal: AcceptedDeal): Promise<{ modal: Locator; section: Locator }> {
  await page.goto(`/workflows/residential/${deal.dealId}`);
  const modal = page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.dealTuid} `) });
  const section = modal.getByTestId('payments-section');
  await expect(section.getByTestId('payment-totals'))
    .toBeVisible()
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\npage errors:\n${pageErrors.join('\n')}`);
    });
  return { modal, section };
}

async function expectNoAxeProblems(page: Page, what: string) {
  expect(await settledViolations(page), `axe on ${what}`).toEqual([]);
}

const amountField = (dialog: Locator) => dialog.getByRole('textbox', { name: /^Amount/ });

/** Types a date into the browser's date field segment by segment (mm dd yyyy in en-US). */
async function typeDate(page: Page, field: Locator, iso: string) {
  const [y, m, d] = iso.split('-');
  await field.focus();
  await page.keyboard.type(`${m}${d}${y}`);
  await expect(field).toHaveValue(iso);
}

test('a manual Paid payment typed key by key: the messages, the totals and Deposit Paid', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const deal = await dealWithAcceptedQuote(page.request, 'Payments manual');
  const { modal, section } = await openDeal(page, deal);
  await expect(section.getByTestId('payments-received')).toHaveText('$0.00');
  await expect(section.getByTestId('payments-balance')).toHaveText(dollars(deal.total));
  await expect(section.getByText('No payments yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Add payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment' });
  await expect(dialog).toBeVisible();
  await expectNoAxeProblems(page, 'the Add payment modal');

  // nothing typed: both of the spec's messages
  await dialog.getByRole('button', { name: 'Add payment' }).click();
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();
  await expect(dialog.getByText('Transaction date is required')).toBeVisible();

  // a minus typed key by key is still not more than 0
  const amount = amountField(dialog);
  await amount.pressSequentially('-5');
  await expect(amount).toHaveValue('-5');
  await amount.blur();
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();

  // a pasted amount with a thousands separator is an amount
  await amount.clear();
  await amount.focus();
  await page.keyboard.insertText('1,250.50');
  await expect(amount).toHaveValue('1,250.50');
  await amount.blur();
  await expect(dialog.getByText('Amount must be greater than 0')).toHaveCount(0);

  // the deposit, typed key by key
  await amount.clear();
  await amount.pressSequentially(deal.deposit);
  await typeDate(page, dialog.getByLabel(/^Transaction date/), '2026-11-20');
  await expect(dialog.getByText('Transaction date is required')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /^Reference/ }).pressSequentially('Cheque 1042');
  await dialog.getByRole('textbox', { name: /^Description/ }).pressSequentially('Deposit');
  await shot(page, 'add-payment-1280');
  await dialog.getByRole('button', { name: 'Add payment' }).click();
  await expect(dialog).toBeHidden();

  const row = section.locator('[data-payment-id]').first();
  await expect(row).toContainText(dollars(deal.deposit));
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Manual');
  // shown the way the date input took it (en-US: mm/dd/yyyy), not in another order
  await expect(row).toContainText('Transaction date: 11/20/2026');
  await expect(row).toContainText('Reference: Cheque 1042');
  await expect(section.getByTestId('payments-received')).toHaveText(dollars(deal.deposit));
  await expect(modal.getByRole('combobox', { name: 'Payment', exact: true })).toHaveValue('Deposit Paid');
  await shot(page, 'deal-payments-1280');

  // the edit modal asks before dropping a change
  await row.getByRole('button').click();
  const edit = page.getByRole('dialog', { name: 'Edit payment' });
  await expect(amountField(edit)).toHaveValue(deal.deposit.replace(/\.00$/, ''));
  await expectNoAxeProblems(page, 'the Edit payment modal');
  await edit.getByRole('textbox', { name: /^Description/ }).pressSequentially(' paid');
  await page.keyboard.press('Escape');
  await expect(
    page.getByText('You have unsaved changes. If you exit now your changes will be lost. Are you sure?'),
  ).toBeVisible();
});

test('a manual payment above the balance asks first and sends the confirmation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const deal = await dealWithAcceptedQuote(page.request, 'Payments above');
  const { section } = await openDeal(page, deal);
  await section.getByRole('button', { name: 'Add payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment' });
  const above = plusCents(deal.total, 1);
  await amountField(dialog).pressSequentially(above);
  await typeDate(page, dialog.getByLabel(/^Transaction date/), '2026-11-21');
  await dialog.getByRole('button', { name: 'Add payment' }).click();
  const question = page.getByRole('dialog', { name: 'More than the balance' });
  await expect(question).toContainText(dollars(above));
  await expectNoAxeProblems(page, 'the above-balance question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  // not recorded: the form is still there with what was typed
  await expect(amountField(dialog)).toHaveValue(above);
  await expect(section.getByTestId('payments-received')).toHaveText('$0.00');

  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/deals\/\d+\/payments$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: 'Add payment' }).click();
  await page
    .getByRole('dialog', { name: 'More than the balance' })
    .getByRole('button', { name: 'Record it anyway' })
    .click();
  expect((await sent).postDataJSON()).toMatchObject({ confirmAboveBalance: true, status: 'PAID' });
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('payments-received')).toHaveText(dollars(above));
  await expect(section.getByTestId('payments-balance')).toHaveText('$0.00');
});

test('a card payment: its maximum, the link copied and mailed, cancelled with a confirmation, archived', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await setCardAccount(page.request, 'acct_1E2eCardTest');
  const deal = await dealWithAcceptedQuote(page.request, 'Payments card');
  const { section } = await openDeal(page, deal);
  await section.getByRole('button', { name: 'Add payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment' });
  await dialog.getByRole('radio', { name: 'Card' }).check();
  // a card payment is a request: no status, no date, no reference
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(dialog.getByLabel(/^Transaction date/)).toHaveCount(0);
  await expect(dialog.getByText(`At most ${dollars(deal.total)}`)).toBeVisible();
  await amountField(dialog).pressSequentially(plusCents(deal.total, 1));
  await dialog.getByRole('button', { name: 'Request card payment' }).click();
  await expect(dialog.getByText(`Enter at most ${dollars(deal.total)}`)).toBeVisible();
  const half = halfOf(deal.total);
  await amountField(dialog).clear();
  await amountField(dialog).pressSequentially(half);
  await dialog.getByRole('textbox', { name: /^Description/ }).pressSequentially('Card deposit');
  await dialog.getByRole('button', { name: 'Request card payment' }).click();
  await expect(dialog).toBeHidden();

  const row = section.locator('[data-payment-id]').first();
  await expect(row).toContainText('Card');
  await expect(row).toContainText('Requested');
  await expect(section.getByTestId('payments-requested')).toHaveText(dollars(half));

  await row.getByRole('button').click();
  const detail = page.getByRole('dialog', { name: 'Card payment' });
  await expect(detail.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expectNoAxeProblems(page, 'the card payment modal');
  await detail.getByRole('button', { name: 'Copy payment link' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/checkout\/[A-Za-z0-9_-]{20,}$/);
  await shot(page, 'card-payment-1280');

  await detail.getByRole('button', { name: 'Email payment link' }).click();
  const email = page.getByRole('dialog', { name: 'Email payment link' });
  await expectNoAxeProblems(page, 'the Email payment link modal');
  const address = email.getByRole('textbox', { name: /^Email address/ });
  await address.clear();
  await address.pressSequentially('pat.customer@example.com');
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(email).toBeHidden();
  const mail = await readOutboxMail(new URL(link).pathname);
  expect(mail).toContain('pat.customer@example.com');

  await detail.getByRole('button', { name: 'Cancel payment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this card payment?' });
  await expectNoAxeProblems(page, 'the cancel question');
  await confirm.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(detail.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Copy payment link' })).toHaveCount(0);
  await expect(section.getByTestId('payments-requested')).toHaveText('$0.00');

  await detail.getByRole('button', { name: 'Archive' }).click();
  await expect(detail).toBeHidden();
  await expect(section.getByText('No payments yet.')).toBeVisible();
  await section.getByRole('switch', { name: 'Show archived' }).check();
  await expect(section.locator('[data-payment-id]').first()).toContainText('Archived');
});

test('an archived deal: its payments are read-only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const deal = await dealWithAcceptedQuote(page.request, 'Payments archived deal');
  await apiWrite(page.request, 'POST', `/api/deals/${deal.dealId}/payments`, {
    type: 'MANUAL',
    status: 'PAID',
    amount: '10.00',
    transactedAt: '2026-11-20',
  });
  await apiWrite(page.request, 'POST', `/api/deals/${deal.dealId}/archive`);
  const { section } = await openDeal(page, deal);
  await expect(section.getByRole('button', { name: 'Add payment' })).toHaveCount(0);
  await section.locator('[data-payment-id]').first().getByRole('button').click();
  const view = page.getByRole('dialog', { name: 'Edit payment' });
  await expect(view.getByText('This deal is archived: its payments cannot be changed.')).toBeVisible();
  await expect(view.getByRole('textbox', { name: /^Amount/ })).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expectNoAxeProblems(page, 'a payment of an archived deal');
});
