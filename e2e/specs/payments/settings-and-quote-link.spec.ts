// Settings → Integrations' Card payments (the checkout's mode, the connected account and its
// message), and the quote's customer link: Send quote to customer (the mail arrives), sent and
// opened, Copy customer link; the phone's width for each screen touched.
import type { Page } from '@playwright/test';
import { expect as baseExpect, readOutboxMail, settledViolations, signInViaApi, test } from '../../fixtures';
import { dealWithAcceptedQuote, shot } from './payments-helpers';

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// each test builds its own deal with an accepted quote first: more room than a screen-only test
test.describe.configure({ timeout: 240_000 });
// the shared 2-core machine can take many seconds to render a screen: each wait gets room
const expect = baseExpect.configure({ timeout: 45_000 });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('Settings → Integrations: the card account is checked and saved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/integrations');
  const card = page.getByRole('region', { name: 'Card payments' });
  await expect(card.getByTestId('card-payments-mode')).toHaveText(
    /Checkout: (Stripe|Test checkout — no card is charged)/,
  );
  const field = card.getByRole('textbox', { name: /^Connected account id/ });
  await field.clear();
  await field.pressSequentially('acct_1');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Enter the connected account id, like acct_1AbCdEf…')).toBeVisible();
  await field.pressSequentially('AbCdEfGh');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Card payments saved')).toBeVisible();
  const saved = await (await page.request.get('/api/account-settings/card-payments')).json();
  expect(saved.accountId).toBe('acct_1AbCdEfGh');
  await expect(page.getByRole('region', { name: 'Providers' })).toContainText(
    /Card payments: (Stripe|Test checkout — no card is charged)/,
  );
  await shot(page, 'settings-card-payments-1280');
});

async function openQuote(page: Page, dealId: number, quoteId: number, quoteTuid: number) {
  await page.goto(`/workflows/residential/${dealId}/quotes/${quoteId}`);
  const modal = page.getByRole('dialog', { name: `Quote #${quoteTuid}` });
  await expect(modal.getByRole('region', { name: 'Customer link' })).toBeVisible();
  return modal;
}

test('Send quote to customer: the mail arrives, the quote shows when it was sent and not yet opened', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const deal = await dealWithAcceptedQuote(page.request, 'Quote link');
  const modal = await openQuote(page, deal.dealId, deal.quoteId, deal.quoteTuid);
  const panel = modal.getByRole('region', { name: 'Customer link' });
  await expect(panel.getByTestId('customer-link-status')).toContainText('Not sent yet');
  await expect(panel.getByTestId('customer-link-status')).toContainText('Not opened yet');

  await panel.getByRole('button', { name: 'Copy customer link' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/customer-quote\/[A-Za-z0-9_-]{20,}$/);

  await panel.getByRole('button', { name: 'Send quote to customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send quote to customer' });
  expect(await settledViolations(page), 'axe on Send quote to customer').toEqual([]);
  const email = dialog.getByRole('textbox', { name: /^Email address/ });
  await email.clear();
  await email.pressSequentially('not-an-address');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await email.clear();
  await email.pressSequentially('robin.customer@example.com');
  await dialog.getByRole('textbox', { name: /^Message/ }).pressSequentially('Here is your quote.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('customer-link-status')).toContainText(
    'Sent to robin.customer@example.com on',
  );
  const mail = await readOutboxMail(new URL(link).pathname);
  expect(mail).toContain('robin.customer@example.com');
  await shot(page, 'quote-customer-link-1280');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  /** The page keeps the phone's width: nothing to scroll sideways. */
  async function expectFitsPhone(page: Page) {
    await expect
      .poll(() =>
        page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth })),
      )
      .toEqual({ inner: 375, scroll: 375 });
  }

  test('the payments section, its modal and the quote link fit 375 px with their controls reachable', async ({
    page,
  }) => {
    // two screens rendered at phone size on the shared machine
    test.setTimeout(420_000);
    const deal = await dealWithAcceptedQuote(page.request, 'Payments phone');
    await page.goto(`/workflows/residential/${deal.dealId}`);
    const section = page.getByTestId('payments-section');
    await expect(section.getByTestId('payment-totals')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectFitsPhone(page);
    const add = section.getByRole('button', { name: 'Add payment' });
    await add.tap();
    const dialog = page.getByRole('dialog', { name: 'Add payment' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const submit = dialog.getByRole('button', { name: 'Add payment' });
    await submit.scrollIntoViewIfNeeded();
    await submit.tap({ trial: true });
    await expectFitsPhone(page);
    await shot(page, 'add-payment-phone');

    await page.goto(`/workflows/residential/${deal.dealId}/quotes/${deal.quoteId}`);
    const panel = page.getByRole('region', { name: 'Customer link' });
    await expect(panel).toBeVisible();
    const send = panel.getByRole('button', { name: 'Send quote to customer' });
    await send.scrollIntoViewIfNeeded();
    await send.tap({ trial: true });
    await expectFitsPhone(page);
    await shot(page, 'quote-customer-link-phone');
  });
});
