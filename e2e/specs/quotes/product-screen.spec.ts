// The quote line product screen at
// /workflows/{slug}/{dealId}/quotes/{quoteId}/products/{productId} — the product tree, sizes in
// millimetres or whole inches and fractions, quantity, window path and notes, the line's price and
// errors beside the form. (The options frame under it has its own spec, options-frame.spec.ts.)
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { lineSellIncTax } from '@slat/domain';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

const UNSAVED = 'You have unsaved changes. If you exit now your changes will be lost. Are you sure?';
const BAD_SIZE = 'Specified width/height is not allowed.';

type Quote = { slug: string; dealId: number; quoteId: number; orderId: number };
type LineJson = {
  id: number;
  orderWindowId: number;
  windowGroupName: string;
  quantity: number;
  costPrice: string | null;
  sellPrice: string | null;
  isTaxable: boolean;
  dimensions: {
    width: { value: string; unit: string } | null;
    height: { value: string; unit: string } | null;
  };
  context: { errors: { code: string }[]; product: { name: string } };
};

/** A demo deal in Quoting with a new, empty DRAFT quote of its own (so tests share no lines). */
async function newQuote(request: APIRequestContext, name: string): Promise<Quote> {
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const { id: quoteId } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  })) as { id: number };
  const quote = (await (await request.get(`/api/deal-quotes/${quoteId}`)).json()) as { externalId: number };
  return { slug: wf.slug, dealId: deal.id, quoteId, orderId: quote.externalId };
}

async function quoteLines(request: APIRequestContext, q: Quote): Promise<LineJson[]> {
  const res = await request.get(`/api/deal-quotes/${q.quoteId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { context: { orderLines: LineJson[] } }).context.orderLines;
}

/**
 * The summary's sell price term and text: with tax when the quote's prices include it (as on the
 * PDF), else ex tax as the API has it.
 */
async function shownSell(request: APIRequestContext, q: Quote, line: LineJson) {
  const res = await request.get(`/api/deal-quotes/${q.quoteId}`);
  const { config } = (await res.json()) as { config: { taxMode: string; taxPercentage: string } };
  if (config.taxMode !== 'INCLUSIVE' || line.sellPrice === null)
    return { term: 'Sell price', text: money(line.sellPrice) };
  return {
    term: 'Sell price \\(inc\\. tax\\)',
    text: money(lineSellIncTax(line.sellPrice, line.isTaxable, config.taxPercentage)),
  };
}

const quotePath = (q: Quote) => `/workflows/${q.slug}/${q.dealId}/quotes/${q.quoteId}`;
const productPath = (q: Quote, productId: number | 'new', search = '') =>
  `${quotePath(q)}/products/${productId}${search}`;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const money = (amount: string | null) => (amount === null ? 'No price' : usd.format(Number(amount)));

/** The product screen (a dialog named by its title). */
const screenOf = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

/** The value beside a term of the summary ("Cost price" → "$181.50"). */
const summaryValue = (summary: Locator, term: string) =>
  summary
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

const fractionLabels = (select: Locator) =>
  select.locator('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));

/** Chooses a product in the tree through its search. */
async function choose(dialog: Locator, product: string) {
  await dialog.getByRole('searchbox', { name: 'Search products' }).fill(product);
  await dialog
    .getByRole('button', { name: new RegExp(`^${product.replace(/[()]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(dialog.getByText(product, { exact: true }).first()).toBeVisible();
}

/** The line id the screen moved to after its first save (the URL is replaced). */
async function savedLineId(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/products\/\d+$/);
  return Number(page.url().split('/').pop());
}

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('add an imperial product with a 3/8 fraction and a metric product: sizes shown exactly, with their prices', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Product screen sizes');
  await page.goto(productPath(q, 'new'));
  const add = screenOf(page, 'Add product');
  await expect(add.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Quote #');
  // the demo dealer has Top Products and 8 categories: only Top Products starts open
  await expect(add.getByRole('button', { name: 'Top Products', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(add.getByRole('button', { name: 'Roller Blinds', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // an imperial size on a metric account: the unit switch, 36 and 3/8 of an inch
  await choose(add, 'Roller Blind — Blockout');
  await expect(add.getByRole('radio', { name: 'mm' })).toBeChecked();
  await add.getByText('in', { exact: true }).first().click();
  await add.getByRole('textbox', { name: 'Width' }).fill('36');
  await add.getByRole('combobox', { name: 'Width fraction of an inch' }).selectOption({ label: '3/8' });
  await add.getByRole('textbox', { name: 'Height' }).fill('48');
  await add.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await add.getByRole('combobox', { name: 'Window' }).fill('Home/Study/Left');
  await add.getByRole('textbox', { name: 'Notes' }).fill('Chain on the left');
  await add.getByRole('button', { name: 'Save' }).click();
  const imperialId = await savedLineId(page);

  const imperial = (await quoteLines(page.request, q)).find((l) => l.id === imperialId)!;
  expect(imperial.dimensions.width).toEqual(expect.objectContaining({ value: '36.375', unit: 'in' }));
  expect(imperial.windowGroupName).toBe('Home/Study/Left');
  expect(imperial.quantity).toBe(2);
  const edit = screenOf(page, 'Roller Blind — Blockout');
  const summary = edit.getByRole('complementary', { name: 'Price' });
  await expect(summaryValue(summary, 'Size')).toHaveText('36 3/8" × 48"');
  await expect(summaryValue(summary, 'Cost price')).toHaveText(money(imperial.costPrice));
  const imperialSell = await shownSell(page.request, q, imperial);
  await expect(summaryValue(summary, imperialSell.term)).toHaveText(imperialSell.text);
  expect(imperial.costPrice).not.toBeNull();
  // the saved line reads back as entered: 36 and 3/8, in inches
  await expect(edit.getByRole('textbox', { name: 'Width' })).toHaveValue('36');
  await expect(edit.getByRole('combobox', { name: 'Width fraction of an inch' })).toHaveValue('6');
  await expect(edit.getByRole('radio', { name: 'in', exact: true })).toBeChecked();
  await expect(edit.getByRole('textbox', { name: 'Notes' })).toHaveValue('Chain on the left');

  // a metric product in a new window, the first window's path offered as a suggestion
  await page.goto(productPath(q, 'new'));
  await choose(add, 'Roller Blind — Light Filtering');
  await add.getByRole('textbox', { name: 'Width' }).fill('1200');
  await add.getByRole('textbox', { name: 'Height' }).fill('1500');
  await expect(add.getByRole('combobox', { name: 'Width fraction of an inch' })).toHaveCount(0);
  await add.getByRole('combobox', { name: 'Window' }).click();
  await expect(page.getByRole('option', { name: 'Home/Study/Left' })).toBeVisible();
  await add.getByRole('combobox', { name: 'Window' }).fill('Home/Study/Right');
  await add.getByRole('button', { name: 'Save' }).click();
  const metricId = await savedLineId(page);
  const metric = (await quoteLines(page.request, q)).find((l) => l.id === metricId)!;
  expect(metric.dimensions.width).toEqual(expect.objectContaining({ value: '1200', unit: 'mm' }));
  expect(metric.orderWindowId).not.toBe(imperial.orderWindowId);
  const metricSummary = screenOf(page, 'Roller Blind — Light Filtering').getByRole('complementary', {
    name: 'Price',
  });
  await expect(summaryValue(metricSummary, 'Size')).toHaveText('1200 mm × 1500 mm');
  await expect(summaryValue(metricSummary, 'Cost price')).toHaveText(money(metric.costPrice));
  const metricSell = await shownSell(page.request, q, metric);
  await expect(summaryValue(metricSummary, metricSell.term)).toHaveText(metricSell.text);

  // closing goes back to the quote, which shows both sizes exactly as entered
  await screenOf(page, 'Roller Blind — Light Filtering')
    .getByRole('button', { name: 'Close' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${quotePath(q)}$`));
  await expect(page.getByText('36 3/8"', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('1200 mm', { exact: false }).first()).toBeVisible();
});

test('a brand with fine fractions disabled offers no eighths; the tree works from the keyboard', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Product screen fractions');
  await page.goto(productPath(q, 'new'));
  const add = screenOf(page, 'Add product');
  // keyboard: type in the search, Tab to the first group's header (Top Products when the dealer's
  // quotes have made it a top seller, else its category), Tab to the product, Enter chooses it
  const search = add.getByRole('searchbox', { name: 'Search products' });
  await search.fill('Heritage Roller');
  await search.press('Enter'); // filters only: nothing is submitted
  await expect(add.getByText('Choose a product')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(add.locator('button[aria-expanded="true"]:focus')).toHaveAccessibleName(
    /^(Top Products|Roller Blinds)$/,
  );
  await page.keyboard.press('Tab');
  await expect(
    add.getByRole('button', { name: /^Heritage Roller Blind \(imperial\)/ }).first(),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(add.getByText('Heritage Imperial · Roller Blinds')).toBeVisible();

  await add.getByText('in', { exact: true }).first().click();
  const fraction = add.getByRole('combobox', { name: 'Width fraction of an inch' });
  await expect.poll(() => fractionLabels(fraction)).toEqual(['0', '1/4', '1/2', '3/4']);
  // a brand that allows them: eighths and sixteenths too
  await choose(add, 'Roller Blind — Blockout');
  await expect.poll(() => fractionLabels(fraction)).toContain('3/8');
  expect(await fractionLabels(fraction)).toHaveLength(16);
  await choose(add, 'Heritage Roller Blind (imperial)');
  await expect.poll(() => fractionLabels(fraction)).toEqual(['0', '1/4', '1/2', '3/4']);

  await add.getByRole('textbox', { name: 'Width' }).fill('36');
  await fraction.selectOption({ label: '3/4' });
  await add.getByRole('textbox', { name: 'Height' }).fill('48');
  await add.getByRole('button', { name: 'Save' }).click();
  const id = await savedLineId(page);
  const line = (await quoteLines(page.request, q)).find((l) => l.id === id)!;
  expect(line.dimensions.width).toEqual(expect.objectContaining({ value: '36.75', unit: 'in' }));
  const summary = screenOf(page, 'Heritage Roller Blind (imperial)').getByRole('complementary', {
    name: 'Price',
  });
  await expect(summaryValue(summary, 'Size')).toHaveText('36 3/4" × 48"');
});

test('a size beyond the grid shows its error and no price; fixing it clears the error (added to ?window=)', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Product screen bad size');
  const windows = (await apiWrite(page.request, 'POST', `/api/old/quotes/${q.orderId}/windows`, {
    order_windows: [{ order_id: q.orderId, name: 'Office/Front/Bay' }],
  })) as { data: { id: number }[] };
  const windowId = windows.data[0]!.id;
  await page.goto(productPath(q, 'new', `?window=${windowId}`));
  const add = screenOf(page, 'Add product');
  await expect(add.getByRole('textbox', { name: 'Window' })).toHaveValue('Office/Front/Bay');
  await choose(add, 'Roller Blind — Blockout');
  await add.getByRole('textbox', { name: 'Width' }).fill('3500');
  await add.getByRole('textbox', { name: 'Height' }).fill('1500');
  await add.getByRole('button', { name: 'Save' }).click();
  const id = await savedLineId(page);
  const [line] = await quoteLines(page.request, q);
  expect(line).toEqual(expect.objectContaining({ id, orderWindowId: windowId, costPrice: null }));
  expect(line!.context.errors.map((e) => e.code)).toContain('BAD_SIZE');

  const edit = screenOf(page, 'Roller Blind — Blockout');
  const summary = edit.getByRole('complementary', { name: 'Price' });
  await expect(summary.getByText(BAD_SIZE)).toBeVisible();
  await expect(summaryValue(summary, 'Cost price')).toHaveText('No price');

  await edit.getByRole('textbox', { name: 'Width' }).fill('2400');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(summary.getByText(BAD_SIZE)).toHaveCount(0);
  const [fixed] = await quoteLines(page.request, q);
  expect(fixed!.context.errors.map((e) => e.code)).not.toContain('BAD_SIZE');
  expect(fixed!.costPrice).not.toBeNull();
  await expect(summaryValue(summary, 'Cost price')).toHaveText(money(fixed!.costPrice));
  await expect(summaryValue(summary, 'Size')).toHaveText('2400 mm × 1500 mm');
});

test('required fields, quantity at least 1, and the unsaved-changes question on the way out', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Product screen rules');
  await page.goto(productPath(q, 'new'));
  const add = screenOf(page, 'Add product');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Choose a product from the list')).toBeVisible();
  await expect(add.getByRole('searchbox', { name: 'Search products' })).toBeFocused();

  await choose(add, 'Roller Blind — Blockout');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Width is required')).toBeVisible();
  await expect(add.getByText('Height is required')).toBeVisible();
  // the toast of this submit, titled with the first error (the product's toast came before it)
  await expect(page.getByText('Review all fields and try again').last()).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Width' })).toBeFocused();

  // quantity: empty becomes 1; 0 stays as typed and is refused with its reason
  const quantity = add.getByRole('textbox', { name: 'Quantity' });
  await quantity.fill('');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('0');
  await expect(add.getByText('Quantity must be at least 1')).toBeVisible();

  // leaving a changed form asks, on Escape and on the close button; Keep editing stays
  await page.keyboard.press('Escape');
  await expect(page.getByText(UNSAVED)).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText(UNSAVED)).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${quotePath(q)}$`));
  expect(await quoteLines(page.request, q)).toEqual([]);
});

test('a line that is not the quote’s goes back to the quote; a read-only quote shows everything disabled', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Product screen missing');
  await page.goto(productPath(q, 987654));
  await expect(page).toHaveURL(new RegExp(`${quotePath(q)}$`));

  // a line of this quote, then the quote archived: the screen shows it read-only, with no Save
  await page.goto(productPath(q, 'new'));
  const add = screenOf(page, 'Add product');
  await choose(add, 'Roller Blind — Blockout');
  await add.getByRole('textbox', { name: 'Width' }).fill('1200');
  await add.getByRole('textbox', { name: 'Height' }).fill('1500');
  await add.getByRole('button', { name: 'Save' }).click();
  const id = await savedLineId(page);
  await apiWrite(page.request, 'POST', `/api/deal-quotes/${q.quoteId}/archive`);
  await page.goto(productPath(q, id));
  const view = screenOf(page, 'Roller Blind — Blockout');
  await expect(view.getByText('This quote is read-only: it has been accepted or archived')).toBeVisible();
  await expect(view.getByRole('textbox', { name: 'Width' })).toBeDisabled();
  await expect(view.getByRole('textbox', { name: 'Quantity' })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(view.getByRole('complementary', { name: 'Price' })).toContainText('1200 mm × 1500 mm');
  // nothing can be added to it: Add product goes back to the quote
  await page.goto(productPath(q, 'new'));
  await expect(page).toHaveURL(new RegExp(`${quotePath(q)}$`));
});

test('at 375 px the screen is the whole screen, with no sideways scroll', async ({ page }) => {
  const q = await newQuote(page.request, 'Product screen phone');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(productPath(q, 'new'));
  const add = screenOf(page, 'Add product');
  await choose(add, 'Roller Blind — Blockout');
  await add.getByText('in', { exact: true }).first().click();
  const box = await add.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  const fraction = await add.getByRole('combobox', { name: 'Width fraction of an inch' }).boundingBox();
  expect((fraction?.x ?? 0) + (fraction?.width ?? 0)).toBeLessThanOrEqual(375);
  const sideways = await page.evaluate(() => {
    const content = document.querySelector('.mantine-Modal-content');
    return content ? content.scrollWidth - content.clientWidth : -1;
  });
  expect(sideways).toBe(0);
});
