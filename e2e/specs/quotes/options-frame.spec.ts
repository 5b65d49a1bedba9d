// The product options frame, its own small document at
// /product-options/{lineId}, inside the quote line product screen and on its own.
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

const PRODUCT = 'Roller Blind — Blockout';
const FINISH = 'Specify options to finish setting up this product';
const MISSING = 'Missing required options.';
const READ_ONLY = 'This quote is read-only: it has been accepted or archived';

type QuoteLine = { dealId: number; quoteId: number; orderId: number; windowId: number; lineId: number };
type LineJson = {
  costPrice: string | null;
  sellPrice: string | null;
  context: { errors: { code: string }[] };
};

/** A deal with a DRAFT quote holding one roller blind (1200 × 1500 mm, no options yet), made through the API. */
async function quoteLine(request: APIRequestContext, name: string): Promise<QuoteLine> {
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const { id: quoteId } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  })) as { id: number };
  const quote = (await (await request.get(`/api/deal-quotes/${quoteId}`)).json()) as { externalId: number };
  const orderId = quote.externalId;
  const windows = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'House/Lounge/Bay', width: 1200, height: 1500, unit: 'mm' }],
  })) as { data: { id: number }[] };
  const windowId = windows.data[0]!.id;
  const tree = (await (await request.get('/api/products')).json()) as {
    groups: { groups: { products: { id: number; name: string }[] }[] }[];
  };
  const product = tree.groups
    .flatMap((g) => g.groups.flatMap((b) => b.products))
    .find((p) => p.name === PRODUCT);
  if (!product) throw new Error(`no product ${PRODUCT} in the demo catalog`);
  const added = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windowId}/products`, {
    product_id: product.id,
    width: 1200,
    height: 1500,
    unit: 'mm',
    quantity: 2,
  })) as { order_window_product_id: number };
  return { dealId: deal.id, quoteId, orderId, windowId, lineId: added.order_window_product_id };
}

async function lineNow(request: APIRequestContext, q: QuoteLine) {
  const res = await request.get(
    `/api/old/quotes/${q.orderId}/windows/${q.windowId}/products/${q.lineId}/options/display`,
  );
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as {
    data: { line: LineJson; optionGroups: { options: { key: string; selected: boolean }[] }[] };
  };
  return {
    line: data.line,
    selected: data.optionGroups.flatMap((g) => g.options.filter((o) => o.selected).map((o) => o.key)),
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const money = (amount: string | null) => (amount === null ? 'No price' : usd.format(Number(amount)));

const productPage = (q: QuoteLine) =>
  `/workflows/residential/${q.dealId}/quotes/${q.quoteId}/products/${q.lineId}`;
const frameUrl = (q: QuoteLine, parentOrigin: string) =>
  `/product-options/${q.lineId}?orderId=${q.orderId}&windowId=${q.windowId}&parentOrigin=${encodeURIComponent(parentOrigin)}`;

/** The value beside a term of the frame's summary ("Cost price" → "$301.00"). */
const summaryValue = (frame: FrameLocator | Page, term: string) =>
  frame
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

const frameOf = (page: Page) => page.frameLocator('iframe[title="Product options"]');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('on the product screen: each choice saves at once, the price and errors follow, and the page refreshes', async ({
  page,
}) => {
  const q = await quoteLine(page.request, 'Options frame prices');
  await page.goto(productPage(q));
  const frame = frameOf(page);
  await expect(frame.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  // the line as the API has it: no options yet, so it asks to finish the product
  await expect(frame.getByRole('listitem')).toHaveText([FINISH]);
  const before = (await lineNow(page.request, q)).line;
  await expect(summaryValue(frame, 'Cost price')).toHaveText(money(before.costPrice));
  await expect(summaryValue(frame, 'Width')).toHaveText('1200 mm');
  await expect(summaryValue(frame, 'Quantity')).toHaveText('2');
  await expect(frame.getByRole('group', { name: /Control/ }).getByText('Required')).toBeVisible();
  // a fabric choice: its brand, colour, width and repeat in the product's unit, and a swatch
  await expect(frame.getByRole('radio', { name: /Sanctuary Blockout — Chalk/ })).toHaveAccessibleName(
    /Coastline · Chalk · Width 3000 mm · Repeat 0 mm/,
  );

  await frame.getByRole('radio', { name: /^Spring assisted/ }).check();
  await expect(frame.getByRole('status')).toHaveText('Saved');
  await expect(frame.getByRole('listitem')).toHaveText([MISSING]);
  const spring = (await lineNow(page.request, q)).line;
  expect(Number(spring.costPrice)).toBe(Number(before.costPrice) + 2 * 28);
  await expect(summaryValue(frame, 'Cost price')).toHaveText(money(spring.costPrice));
  await expect(summaryValue(frame, 'Sell price')).toHaveText(money(spring.sellPrice));

  await frame.getByRole('radio', { name: /^Flat, anodised/ }).check();
  await expect(frame.getByRole('status')).toHaveText('Saved');
  await frame.getByRole('radio', { name: /^Sanctuary Blockout — Charcoal/ }).check();
  // every required group chosen: the error clears
  await expect(frame.getByRole('heading', { name: 'This product has problems' })).toHaveCount(0);
  await expect
    .poll(async () => (await lineNow(page.request, q)).selected)
    .toEqual(['spring', 'rail-flat', 'sanctuary-charcoal']);
  const done = await lineNow(page.request, q);
  expect(done.line.context.errors).toEqual([]);
  await expect(summaryValue(frame, 'Cost price')).toHaveText(money(done.line.costPrice));
  // didSave refreshed the page: its own summary shows the same price, and no error panel
  const pageSummary = page.getByRole('complementary', { name: 'Price' });
  await expect(pageSummary).toContainText(money(done.line.costPrice));
  await expect(pageSummary).not.toContainText(MISSING);

  // after a reload the frame shows what was saved
  await page.reload();
  await expect(frameOf(page).getByRole('radio', { name: /^Flat, anodised/ })).toBeChecked();
});

test('works from the keyboard: a group is one tab stop and the arrows choose within it', async ({ page }) => {
  const q = await quoteLine(page.request, 'Options frame keyboard');
  await page.goto(productPage(q));
  const frame = frameOf(page);
  const chainLeft = frame.getByRole('radio', { name: /^Chain control, left/ });
  await chainLeft.focus();
  await page.keyboard.press('Space');
  await expect(chainLeft).toBeChecked();
  await expect(frame.getByRole('status')).toHaveText('Saved');
  await page.keyboard.press('ArrowDown');
  await expect(frame.getByRole('radio', { name: /^Chain control, right/ })).toBeChecked();
  await expect(frame.getByRole('radio', { name: /^Chain control, right/ })).toBeFocused();
  await expect.poll(async () => (await lineNow(page.request, q)).selected).toEqual(['chain-right']);
  // Tab leaves the group for the next one; finishing the product there clears its errors
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('radio', { name: /^Oval, white/ })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('radio', { name: /^Sanctuary Blockout — Chalk/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(frame.getByRole('heading', { name: 'This product has problems' })).toHaveCount(0);
  await expect
    .poll(async () => (await lineNow(page.request, q)).selected)
    .toEqual(['chain-right', 'rail-oval', 'sanctuary-chalk']);
  // Done asks the page to close: back to the quote
  await frame.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes/${q.quoteId}$`));
});

test("a refused save: the frame's error opens the page's dialog, and the last saved choice stays", async ({
  page,
}) => {
  const q = await quoteLine(page.request, 'Options frame read-only');
  await page.goto(productPage(q));
  const frame = frameOf(page);
  for (const choice of [/^Chain control, left/, /^Oval, white/, /^Sanctuary Blockout — Pebble/]) {
    await frame.getByRole('radio', { name: choice }).check();
    await expect(frame.getByRole('status')).toHaveText('Saved');
  }
  await expect
    .poll(async () => (await lineNow(page.request, q)).selected)
    .toEqual(['chain-left', 'rail-oval', 'sanctuary-pebble']);
  // the quote becomes read-only behind the frame's back: the next save answers 409
  await apiWrite(page.request, 'POST', `/api/deal-quotes/${q.quoteId}/archive`);
  // (click, not check: the frame puts the saved choice back as soon as the save is refused)
  await frame.getByRole('radio', { name: /^Spring assisted/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Could not save the options' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(READ_ONLY);
  await expect(frame.getByRole('radio', { name: /^Chain control, left/ })).toBeChecked();
  await expect(frame.getByRole('radio', { name: /^Spring assisted/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await lineNow(page.request, q)).selected).toEqual(['chain-left', 'rail-oval', 'sanctuary-pebble']);

  // opened again, the read-only line offers no choice to change
  await page.reload();
  const again = frameOf(page);
  await expect(again.getByText(/read-only/)).toBeVisible();
  for (const radio of await again.getByRole('radio').all()) await expect(radio).toBeDisabled();
});

test('at 375 px: one column, no sideways scroll, large touch targets, only its own small script', async ({
  page,
  baseURL,
}) => {
  const q = await quoteLine(page.request, 'Options frame phone');
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(frameUrl(q, new URL(baseURL ?? '').origin));
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  // none of the SPA's code: one file of its own
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/options-frame-[\w-]+\.js$/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // one column: every choice of a group starts at the same x, each at least 44 px tall
  const boxes = await page.locator('.of-choice').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.x), height: r.height, right: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(10);
  expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
  for (const box of boxes) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.right).toBeLessThanOrEqual(375);
  }
  await page.getByRole('radio', { name: /^Spring assisted/ }).check();
  await expect(page.getByRole('status')).toHaveText('Saved');

  // inside the product screen on a phone, the frame's document does not scroll sideways either
  await page.goto(productPage(q));
  await expect(frameOf(page).getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  const framed = page.frames().find((f) => f.url().includes('/product-options/'));
  const inside = await framed!.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(inside).toBeLessThanOrEqual(0);
});

test('an origin the frame does not trust as its parent gets an error on screen and nothing else', async ({
  page,
}) => {
  const q = await quoteLine(page.request, 'Options frame origin');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
  });
  await page.goto(frameUrl(q, 'https://evil.example'));
  await expect(page.getByRole('alert')).toHaveText(
    'The product options cannot be shown here: this page is not allowed to embed them.',
  );
  expect(calls).toEqual([]);
});

test('a session that ended: the frame tells the page, which goes to sign in', async ({ page, context }) => {
  const q = await quoteLine(page.request, 'Options frame session');
  await page.goto(productPage(q));
  const frame = frameOf(page);
  await expect(frame.getByRole('radio', { name: /^Spring assisted/ })).toBeVisible();
  await context.clearCookies();
  // (click, not check: the refused save puts the old choice back at once)
  await frame.getByRole('radio', { name: /^Spring assisted/ }).click();
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
});
