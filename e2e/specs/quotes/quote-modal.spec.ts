// The deal modal's Quotes section and the quote modal — create, the deal's quote
// count and alert, edit with the unsaved-changes question, clone, archive (the modal closes; Show
// archived finds it), read-only, and the lines grouped by window with their sizes and errors.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

const UNSAVED_TEXT = 'You have unsaved changes. If you exit now your changes will be lost. Are you sure?';

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

/** A fresh deal of its own in a Quoting status (so it carries 'Quoting without a quote'), opened. */
async function openQuotingDeal(page: Page, name: string) {
  const wf = await getWorkflow(page.request, 'residential');
  const measureBooked = wf.statuses.find((s) => s.phase === 'Quoting')!;
  const deal = await createDealViaApi(page.request, wf.id, measureBooked.id, name);
  await page.goto(`/workflows/residential/${deal.id}`);
  const modal = page.getByRole('dialog', { name: `Deal #${deal.tuid} ${name}` });
  await expect(modal).toBeVisible();
  return { deal, modal };
}

const quoteActions = (page: Page) =>
  page.getByRole('dialog', { name: /^Quote #\d+$/ }).getByRole('button', { name: 'Quote actions' });

test('create a quote from the deal, edit it, clone it and archive the clone', async ({ page }) => {
  const { deal, modal } = await openQuotingDeal(page, 'Quote journey');
  const quotes = modal.getByRole('region', { name: 'Quotes', exact: true });
  await expect(quotes.getByText('No quotes yet')).toBeVisible();
  await expect(modal.getByText('Quotes: 0')).toBeVisible();
  await expect(modal.getByText('Quoting without a quote')).toBeVisible();

  // create: description and customer notes, then the new quote opens
  await quotes.getByRole('button', { name: 'Add quote' }).click();
  const create = page.getByRole('dialog', { name: 'New quote' });
  await create.getByLabel('Description').fill('Front rooms');
  await create.getByLabel('Customer notes').fill('Measure again before ordering');
  await create.getByRole('button', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}/quotes/\\d+$`));
  const quoteId = Number(page.url().split('/').pop());
  const created = (await (await page.request.get(`/api/deal-quotes/${quoteId}`)).json()) as { tuid: number };
  const quote = page.getByRole('dialog', { name: `Quote #${created.tuid}` });
  await expect(quote).toBeVisible();
  await expect(quote.getByText('Front rooms')).toBeVisible();
  await expect(quote.getByText('Measure again before ordering')).toBeVisible();
  await expect(quote.getByText('Draft', { exact: true })).toBeVisible();
  await expect(quote.getByText('No products added yet')).toBeVisible();
  const crumbs = quote.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link', { name: 'Residential' })).toHaveAttribute(
    'href',
    '/workflows/residential',
  );

  // back to the deal by its breadcrumb: the count and the alert changed at once
  await crumbs.getByRole('link', { name: `#${deal.tuid} Quote journey` }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}$`));
  await expect(modal.getByText('Quotes: 1')).toBeVisible();
  await expect(modal.getByText('Quoting without a quote')).toBeHidden();
  const row = quotes.getByRole('link', { name: new RegExp(`^Quote #${created.tuid}\\b`) });
  await expect(row).toContainText('Front rooms');
  await expect(row).toContainText('0 products');
  await expect(row).toHaveAttribute('href', `/workflows/residential/${deal.id}/quotes/${quoteId}`);

  // edit: a changed form asks before it closes; Keep editing keeps the text, Save saves it
  await row.click();
  await expect(quote).toBeVisible();
  await quoteActions(page).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit quote' });
  await expect(edit.getByLabel('Description')).toHaveValue('Front rooms');
  await edit.getByLabel('Description').fill('Front rooms and hall');
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toContainText(UNSAVED_TEXT);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(edit.getByLabel('Description')).toHaveValue('Front rooms and hall');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(quote.getByText('Front rooms and hall')).toBeVisible();

  // a second edit discarded: the question again, and nothing saved
  await quoteActions(page).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await edit.getByLabel('Customer notes').fill('Not this');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toContainText(UNSAVED_TEXT);
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(edit).toBeHidden();
  await expect(quote).toBeVisible();
  await expect(quote.getByText('Measure again before ordering')).toBeVisible();

  // clone: a new draft on the same deal, opened
  await quoteActions(page).click();
  await page.getByRole('menuitem', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone quote' });
  await expect(clone.getByLabel('Description')).toHaveValue('Front rooms and hall');
  await clone.getByLabel('Description').fill('Front rooms, option B');
  await clone.getByRole('button', { name: 'Clone' }).click();
  await expect(clone).toBeHidden();
  await expect(page).not.toHaveURL(new RegExp(`/quotes/${quoteId}$`));
  const cloneId = Number(page.url().split('/').pop());
  const cloned = (await (await page.request.get(`/api/deal-quotes/${cloneId}`)).json()) as { tuid: number };
  const cloneModal = page.getByRole('dialog', { name: `Quote #${cloned.tuid}` });
  await expect(cloneModal.getByText('Front rooms, option B')).toBeVisible();

  // archive the clone: asked first, then the modal closes back to the deal
  await quoteActions(page).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive quote' });
  await expect(confirm).toContainText('Are you sure you want to archive this quote?');
  await confirm.getByRole('button', { name: 'Yes, archive now' }).click();
  await expect(cloneModal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}$`));
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Quotes: 1')).toBeVisible();
  const cloneRow = quotes.getByRole('link', { name: new RegExp(`^Quote #${cloned.tuid}\\b`) });
  await expect(quotes.getByRole('link', { name: new RegExp(`^Quote #${created.tuid}\\b`) })).toBeVisible();
  await expect(cloneRow).toBeHidden();
  await quotes.getByRole('switch', { name: 'Show archived' }).click();
  await expect(cloneRow).toBeVisible();
  await expect(cloneRow).toContainText('Archived');

  // the archived quote is read-only: no edit or add controls; Unarchive asks, then it is a draft again
  await cloneRow.click();
  await expect(
    cloneModal.getByText('This quote is read-only: it has been accepted or archived'),
  ).toBeVisible();
  await expect(cloneModal.getByRole('link', { name: 'Add product' })).toHaveCount(0);
  await quoteActions(page).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Unarchive' }).click();
  const unarchive = page.getByRole('dialog', { name: 'Unarchive quote' });
  await expect(unarchive).toContainText('Are you sure you want to unarchive this quote?');
  await unarchive.getByRole('button', { name: 'Yes, unarchive now' }).click();
  await expect(cloneModal.getByRole('link', { name: 'Add product' })).toBeVisible();
  await expect(cloneModal.getByText('Archived', { exact: true })).toHaveCount(0);
  await cloneModal.getByRole('button', { name: 'Close quote' }).click();
  await expect(modal.getByText('Quotes: 2')).toBeVisible();
});

type Product = { id: number; name: string; brandName: string };
type ProductGroup = { products?: Product[]; groups?: ProductGroup[] };

/** Every product of the tree, once. */
async function productList(request: APIRequestContext): Promise<Product[]> {
  const tree = (await (await request.get('/api/products')).json()) as { groups: ProductGroup[] };
  const seen = new Map<number, Product>();
  const walk = (groups: ProductGroup[]) => {
    for (const g of groups) {
      for (const p of g.products ?? []) seen.set(p.id, p);
      walk(g.groups ?? []);
    }
  };
  walk(tree.groups);
  return [...seen.values()];
}

/**
 * A quote of its own with four windows — two in House/Lounge, a Garage between them in the
 * window order, one without a group — and a line in each: imperial, metric, and one off the grid.
 */
async function quoteWithLines(request: APIRequestContext, dealId: number) {
  const { id: quoteId } = (await apiWrite(request, 'POST', `/api/deals/${dealId}/quotes/legacy/add`, {
    description: 'Grouped lines',
  })) as { id: number };
  const quote = (await (await request.get(`/api/deal-quotes/${quoteId}`)).json()) as {
    tuid: number;
    externalId: number;
  };
  const orderId = quote.externalId;
  const products = await productList(request);
  const imperial = products.find((p) => p.name.includes('(imperial)'));
  const metric = products.find((p) => p.name === 'Roller Blind — Blockout');
  if (!imperial || !metric)
    throw new Error('the demo catalog has an imperial product and Roller Blind — Blockout');
  const { data: windows } = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [
      { order_id: orderId, name: 'House/Lounge/Left' },
      { order_id: orderId, name: 'Garage' },
      { order_id: orderId, name: 'House/Lounge/Right' },
      { order_id: orderId, name: '' },
    ],
  })) as { data: { id: number }[] };
  const [left, garage, right, none] = windows.map((w) => w.id);
  const addLine = (windowId: number | undefined, body: object) =>
    apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windowId}/products`, body);
  await addLine(left, { product_id: imperial.id, width: '36 1/4', height: 48, unit: 'in', quantity: 2 });
  await addLine(right, { product_id: metric.id, width: 1200, height: 1500, unit: 'mm' });
  await addLine(garage, { product_id: metric.id, width: 1210, height: 1400, unit: 'mm' });
  await addLine(none, { product_id: metric.id, width: 99999, height: 1200, unit: 'mm' });
  return { quoteId, orderId, tuid: quote.tuid, imperial, metric };
}

test('lines are grouped by window path with the size as entered, prices and the error panel', async ({
  page,
}) => {
  const { deal, modal } = await openQuotingDeal(page, 'Quote lines');
  const { quoteId, orderId, tuid, imperial, metric } = await quoteWithLines(page.request, deal.id);
  await page.reload();

  await modal
    .getByRole('region', { name: 'Quotes', exact: true })
    .getByRole('link', { name: new RegExp(`^Quote #${tuid}\\b`) })
    .click();
  const dialog = page.getByRole('dialog', { name: `Quote #${tuid}` });
  const groups = dialog.getByTestId('window-group');
  // a building stays together: Lounge's two windows before the Garage, '(None)' where it first came
  await expect(groups.getByRole('heading')).toHaveText([
    'House / Lounge / Left',
    'House / Lounge / Right',
    'Garage',
    '(None)',
  ]);
  const leftLine = groups.nth(0).getByTestId('quote-line');
  await expect(leftLine.getByRole('link', { name: imperial.name })).toHaveAttribute(
    'href',
    new RegExp(`/workflows/residential/${deal.id}/quotes/${quoteId}/products/\\d+$`),
  );
  await expect(leftLine.getByTestId('line-size')).toHaveText('36 1/4" × 48"');
  await expect(leftLine).toContainText('Qty 2');
  await expect(leftLine.getByTestId('line-sell')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(groups.nth(1).getByTestId('line-size')).toHaveText('1200 mm × 1500 mm');

  // §8: the warning icon in the header and the panel under each product with errors
  await expect(dialog.getByText('One or more products have errors')).toBeVisible();
  const noWindow = dialog.getByRole('region', { name: '(None)' });
  const bad = noWindow.getByTestId('quote-line');
  await expect(bad.getByTestId('line-errors')).toContainText('Specified width/height is not allowed.');
  // no options chosen yet: the panel asks to finish the product rather than naming the code
  await expect(leftLine.getByTestId('line-errors')).toHaveText(
    'Specify options to finish setting up this product',
  );
  await expect(bad.getByTestId('line-sell')).toHaveText('No price');

  // duplicate a window: the copy, named as one, comes with its product
  await groups.nth(2).getByRole('button', { name: 'Actions for window Garage' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate window' }).click();
  const garageCopy = dialog.getByRole('region', { name: 'Garage (copy)' });
  await expect(garageCopy.getByTestId('quote-line')).toHaveCount(1);
  await expect(dialog.getByTestId('quote-totals')).toContainText('5 products');

  // remove a product: asked first
  await bad.getByRole('button', { name: `Remove ${metric.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove product' });
  await expect(confirm).toContainText('99999 mm × 1200 mm');
  await confirm.getByRole('button', { name: 'Remove product' }).click();
  await expect(dialog.getByTestId('quote-totals')).toContainText('4 products');
  await expect(noWindow).toContainText('No products in this window');

  // Add product opens the product screen for a new line
  await expect(dialog.getByRole('link', { name: 'Add product' })).toHaveAttribute(
    'href',
    `/workflows/residential/${deal.id}/quotes/${quoteId}/products/new`,
  );

  // attachments: uploaded to the quote, listed, archived after a question
  const attachments = dialog.getByRole('region', { name: 'Attachments' });
  await expect(attachments.getByText('No attachments')).toBeVisible();
  await attachments.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload attachments' });
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 32), Buffer.from('\n%%EOF\n')]);
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'lounge-plan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(upload.getByLabel('Document name')).toHaveValue('lounge-plan');
  await upload.getByRole('button', { name: 'Upload files' }).click();
  await expect(upload.getByText('Uploaded')).toBeVisible();
  await upload.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(upload).toBeHidden();
  await expect(attachments.getByRole('link', { name: 'lounge-plan', exact: true })).toBeVisible();
  const listed = (await (await page.request.get(`/api/old/quotes/${orderId}/documents`)).json()) as {
    data: { name: string }[];
  };
  expect(listed.data.map((d) => d.name)).toEqual(['lounge-plan']);
  await attachments.getByRole('button', { name: 'Archive lounge-plan' }).click();
  const archiveDoc = page.getByRole('dialog', { name: 'Archive attachment' });
  await expect(archiveDoc).toContainText('lounge-plan');
  await archiveDoc.getByRole('button', { name: 'Archive attachment' }).click();
  await expect(attachments.getByText('No attachments')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the quote modal fills the phone screen and nothing needs a sideways scroll', async ({ page }) => {
    const wf = await getWorkflow(page.request, 'residential');
    const quoting = wf.statuses.find((s) => s.phase === 'Quoting')!;
    const deal = await createDealViaApi(page.request, wf.id, quoting.id, 'Quote on a phone');
    const { quoteId, tuid } = await quoteWithLines(page.request, deal.id);

    await page.goto(`/workflows/residential/${deal.id}`);
    const quotes = page.getByRole('region', { name: 'Quotes', exact: true });
    const row = quotes.getByRole('link', { name: new RegExp(`^Quote #${tuid}\\b`) });
    await row.scrollIntoViewIfNeeded();
    const rowBox = await row.boundingBox();
    expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(375);
    await row.click();

    const dialog = page.getByRole('dialog', { name: `Quote #${tuid}` });
    await expect(dialog.getByTestId('quote-line')).toHaveCount(4);
    expect(page.url()).toMatch(new RegExp(`/quotes/${quoteId}$`));
    const box = await dialog.boundingBox();
    expect(box!.width).toBe(375);
    const overflow = await dialog.evaluate((el) => {
      const body = el.querySelector('.mantine-Modal-body') as HTMLElement;
      return body.scrollWidth - body.clientWidth;
    });
    expect(overflow, 'no sideways scroll in the quote modal').toBe(0);
    for (const sell of await dialog.getByTestId('line-sell').all()) {
      await sell.scrollIntoViewIfNeeded();
      const b = await sell.boundingBox();
      expect(b!.x + b!.width).toBeLessThanOrEqual(375);
    }
    // the Escape key closes it back to the deal
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}$`));
  });
});
