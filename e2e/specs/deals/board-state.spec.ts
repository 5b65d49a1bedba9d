import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

// State kept: a filtered board survives a deal and a quote opened over it and closed again, and
// Escape closes one modal at a time.

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

/** A name no other test uses. */
const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a filtered board survives opening and closing a deal and a quote', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const quoting = wf.statuses.find((s) => s.phase === 'Quoting')!;
  const deal = await createDealViaApi(page.request, wf.id, quoting.id, unique('Board state'));
  const quote = (await apiWrite(page.request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: 'Kept filter quote',
  })) as { id: number };
  const quoteTuid = (
    (await (await page.request.get(`/api/deal-quotes/${quote.id}`)).json()) as { tuid: number }
  ).tuid;

  await page.goto('/workflows/residential?phase=Quoting');
  await page.getByText('Kanban', { exact: true }).click();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('listitem')).toHaveText(['Phase: Quoting']);
  await page.locator(`.slat-deal-card[data-deal-id="${deal.id}"]`).getByRole('link').first().click();
  const dealModal = page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.tuid} `) });
  await expect(dealModal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}\\?phase=Quoting$`));

  await dealModal
    .getByRole('region', { name: 'Quotes', exact: true })
    .getByRole('link', { name: new RegExp(`^Quote #${quoteTuid}\\b`) })
    .click();
  const quoteModal = page.getByRole('dialog', { name: `Quote #${quoteTuid}` });
  await expect(quoteModal.getByText('Kept filter quote').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/quotes/${quote.id}\\?phase=Quoting$`));

  await quoteModal.getByRole('button', { name: 'Close quote' }).first().click();
  await expect(quoteModal).toBeHidden();
  await expect(dealModal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}\\?phase=Quoting$`));

  await dealModal.getByRole('button', { name: 'Close' }).first().click();
  await expect(dealModal).toBeHidden();
  await expect(page).toHaveURL(/\/workflows\/residential\?phase=Quoting$/);
  await expect(chips.getByRole('listitem')).toHaveText(['Phase: Quoting']);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
});

test('Escape on a deal opened over a contact closes the deal only, back to the contact', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const contact = (await apiWrite(page.request, 'POST', '/api/contacts/create', {
    name: unique('Escape Contact'),
    email: '',
    phone: '',
  })) as { id: string; name: string };
  const deal = (await apiWrite(page.request, 'POST', '/api/deals', {
    workflowId: wf.id,
    name: unique('Escape deal'),
    contactId: contact.id,
  })) as { id: number; tuid: number };

  await page.goto(`/contacts/${contact.id}`);
  const contactModal = page.getByRole('dialog', { name: contact.name });
  await contactModal.getByRole('link', { name: `Open deal #${deal.tuid}` }).click();
  const dealModal = page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.tuid} `) });
  await expect(dealModal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dealModal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}(\\?|$)`));
  await expect(contactModal).toBeVisible();
  // the next Escape closes the contact, back to the list
  await page.keyboard.press('Escape');
  await expect(contactModal).toBeHidden();
  await expect(page).toHaveURL(/\/contacts(\?|$)/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('a deal opened from its address fills the screen alone; its board is built when it closes', async ({
    page,
  }) => {
    const wf = await getWorkflow(page.request, 'residential');
    const quoting = wf.statuses.find((s) => s.phase === 'Quoting')!;
    const deal = await createDealViaApi(page.request, wf.id, quoting.id, unique('Phone deal'));
    await page.goto(`/workflows/residential/${deal.id}`);
    const dealModal = page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.tuid} `) });
    await expect(dealModal).toBeVisible();
    await page.waitForLoadState('networkidle');
    // nothing of the board is built behind the full-screen deal: not even its columns
    await expect(page.locator('.slat-board-column')).toHaveCount(0);
    await dealModal.getByRole('button', { name: 'Close' }).first().click();
    await expect(dealModal).toBeHidden();
    await expect(page).toHaveURL(/\/workflows\/residential$/);
    await expect(page.locator(`.slat-deal-card[data-deal-id="${deal.id}"]`)).toBeVisible();
  });
});
