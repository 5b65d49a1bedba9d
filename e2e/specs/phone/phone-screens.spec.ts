// On a real phone (mobile emulation: a layout viewport that grows to fit wide content, touch, 2×
// pixels), every screen a dealer or installer opens fits the 375 px width: the board scrolls
// sideways inside its own area, and the deal, the quote, its modals, the product screen and the
// options frame keep Close, Accept, Save and the line prices inside the screen and tappable.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiWrite,
  createDealViaApi,
  expect,
  getWorkflow,
  settledViolations,
  signInViaApi,
  test,
} from '../../fixtures';

const PHONE_WIDTH = 375;

test.use({
  viewport: { width: PHONE_WIDTH, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  timezoneId: 'UTC',
});

type QuoteJson = {
  id: number;
  tuid: number;
  externalId: number;
  dealId: number;
  status: string;
  isArchived: boolean;
  config: { taxMode: 'INCLUSIVE' | 'EXCLUSIVE' };
  context: {
    orderLineCount: number;
    errorLineCount: number;
    orderLines: LineJson[];
    pendingUpdates: { hasPendingUpdates: boolean };
    permissions?: { canOverrideTax?: boolean };
    workflow: { slug: string };
  };
};

const getQuote = async (request: APIRequestContext, id: number): Promise<QuoteJson> => {
  const res = await request.get(`/api/deal-quotes/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as QuoteJson;
};

type LineJson = {
  id: number;
  orderWindowId: number;
  quantity: number;
  sellPrice: string | null;
  dimensions: {
    width: { value: string; unit: string } | null;
    height: { value: string; unit: string } | null;
  };
  context: {
    product: { id: number; name: string };
    configuration: { optionGroups: { options: { value: string }[] }[] };
  };
};

/** A demo draft quote without errors, with priced lines. */
async function demoDraft(request: APIRequestContext): Promise<QuoteJson> {
  const wf = await getWorkflow(request, 'residential');
  const deals = (
    (await (await request.get(`/api/deals?workflowId=${wf.id}&limit=500`)).json()) as {
      data: { id: number }[];
    }
  ).data;
  for (const deal of deals) {
    const list = (await (await request.get(`/api/deals/${deal.id}/quotes`)).json()) as QuoteJson[];
    for (const q of list.filter((x) => x.status === 'DRAFT' && !x.isArchived)) {
      const full = await getQuote(request, q.id);
      if (
        full.context.orderLineCount > 0 &&
        full.context.errorLineCount === 0 &&
        !full.context.pendingUpdates.hasPendingUpdates
      )
        return full;
    }
  }
  throw new Error('no demo draft quote without errors');
}

/** A copy of a demo draft quote without errors (each test changes its own). */
async function demoQuoteCopy(request: APIRequestContext, description: string): Promise<QuoteJson> {
  const source = await demoDraft(request);
  const { id } = (await apiWrite(request, 'POST', `/api/deal-quotes/${source.id}/clone`, {
    description,
  })) as { id: number };
  return getQuote(request, id);
}

/**
 * A deal of its own with a DRAFT quote made in tax-exclusive mode (the tax override exists only
 * there; the setting is switched for the quote's creation and put back), holding a demo quote's lines.
 */
async function exclusiveQuote(request: APIRequestContext, name: string): Promise<QuoteJson> {
  const lines = (await demoDraft(request)).context.orderLines.filter(
    (l) => l.sellPrice !== null && l.dimensions.width?.unit === 'mm',
  );
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const settingsUrl = '/api/old/account-settings/dealer-portal';
  const before = ((await (await request.get(settingsUrl)).json()) as { quotePricingTaxMode: string })
    .quotePricingTaxMode;
  let quoteId: number;
  if (before !== 'EXCLUSIVE')
    await apiWrite(request, 'POST', settingsUrl, { quotePricingTaxMode: 'EXCLUSIVE' });
  try {
    ({ id: quoteId } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
      description: name,
    })) as { id: number });
  } finally {
    if (before !== 'EXCLUSIVE') await apiWrite(request, 'POST', settingsUrl, { quotePricingTaxMode: before });
  }
  const orderId = (await getQuote(request, quoteId)).externalId;
  const windows = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'House/Lounge/Bay' }],
  })) as { data: { id: number }[] };
  for (const line of lines)
    await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windows.data[0]!.id}/products`, {
      product_id: line.context.product.id,
      width: Number(line.dimensions.width!.value),
      height: Number(line.dimensions.height!.value),
      unit: 'mm',
      quantity: line.quantity,
      details: {
        options: line.context.configuration.optionGroups.flatMap((g) => g.options.map((o) => o.value)),
      },
    });
  return getQuote(request, quoteId);
}

const quoteUrl = (q: QuoteJson) => `/workflows/${q.context.workflow.slug}/${q.dealId}/quotes/${q.id}`;

/**
 * The page is as wide as the phone: not zoomed out (a phone widens its layout viewport to fit the
 * widest content, so innerWidth tells) and nothing to scroll sideways.
 */
async function expectFitsPhone(page: Page, what: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => ({
          innerWidth: window.innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
        })),
      { message: `${what}: the page's width` },
    )
    .toEqual({ innerWidth: PHONE_WIDTH, scrollWidth: PHONE_WIDTH });
}

/** Inside the phone's width, on the screen once scrolled to, and the element a tap lands on. */
async function expectReachable(target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, `${what}: shown`).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE_WIDTH);
  // trial: every actionability check of a real tap (visible, stable, not covered), without the tap
  await target.tap({ trial: true });
}

/** A control big enough for a finger (about 40 px or more each way). */
async function expectFingerSized(target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  expect(Math.round(box.height), `${what}: height`).toBeGreaterThanOrEqual(40);
  expect(Math.round(box.width), `${what}: width`).toBeGreaterThanOrEqual(40);
}

/** The whole of a dialog lies within the phone's width. */
async function expectDialogFits(dialog: Locator, what: string) {
  await expect(dialog).toBeVisible();
  const content = dialog.locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Modal-content")]');
  const box = (await ((await content.count()) ? content.first() : dialog).boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE_WIDTH);
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, `${what}: nothing cut off on its right`).toBeLessThanOrEqual(0);
}

/** A finger swiping left from (x, y) by `distance` px, as the phone's touch events (CDP). */
async function swipeLeft(page: Page, x: number, y: number, distance: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 15;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x - (distance * i) / steps, y }],
    });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('the board scrolls sideways inside its own area, the page stays the phone’s width', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const first = wf.statuses[0]!;
  const deal = await createDealViaApi(page.request, wf.id, first.id, 'Phone board card');
  await page.goto('/workflows/residential');
  const board = page.getByRole('list', { name: wf.name, exact: true });
  await expect(board.getByRole('link', { name: /Phone board card/ })).toBeVisible();
  await expectFitsPhone(page, 'board');
  for (const name of ['Add', 'Filters']) await expectReachable(page.getByRole('button', { name }), name);

  // the columns are wider than the phone together: the board itself scrolls to the last one
  const last = wf.statuses[wf.statuses.length - 1]!;
  const lastHeading = board.getByRole('heading', { name: last.name, exact: true });
  const widths = await board.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  expect(widths.client).toBeLessThanOrEqual(PHONE_WIDTH);
  // a finger swiping left over a card scrolls the board, not the page, and drags nothing
  const card = board.getByRole('link', { name: /Phone board card/ });
  const cardBox = (await card.boundingBox())!;
  // from near the card's right edge, below its link (on its text)
  await swipeLeft(page, 300, cardBox.y + cardBox.height + 24, 240);
  await expect.poll(() => board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await expect(page).toHaveURL(/\/workflows\/residential$/);
  await expect(
    page.getByTestId(`column-${first.slug}`).getByRole('link', { name: /Phone board card/ }),
  ).toBeVisible();
  await expectFitsPhone(page, 'board swiped sideways');
  await lastHeading.scrollIntoViewIfNeeded();
  expect(await board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const box = (await lastHeading.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectFitsPhone(page, 'board scrolled to its last column');

  // a card opens its deal with a tap
  await board.evaluate((el) => el.scrollTo(0, 0));
  await expectReachable(card, 'a card');
  await card.tap();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}$`));
});

test('the deal: the sidebar a block above the body, Close reachable and finger-sized', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const deal = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Phone deal');
  await page.goto(`/workflows/residential/${deal.id}`);
  const dialog = page.getByRole('dialog', { name: /Phone deal/ });
  await expect(dialog.getByRole('region', { name: 'Quotes', exact: true })).toBeVisible();
  await expectFitsPhone(page, 'deal');
  await expectDialogFits(dialog, 'deal');

  // the sidebar: a block the body's width, above the Details
  const sidebar = dialog.getByRole('complementary');
  const side = (await sidebar.boundingBox())!;
  const details = (await dialog.getByRole('heading', { name: 'Details' }).boundingBox())!;
  expect(side.y + side.height).toBeLessThanOrEqual(details.y);
  expect(side.width).toBeGreaterThan(PHONE_WIDTH * 0.8);
  await expectReachable(sidebar.getByLabel('Status', { exact: true }), 'status picker');
  await expectReachable(dialog.getByRole('button', { name: 'Add quote' }), 'Add quote');
  expect(await settledViolations(page), 'axe: deal').toEqual([]);

  const close = dialog.getByRole('button', { name: 'Close' }).first();
  await dialog.evaluate((el) => el.closest('.mantine-Modal-content')?.scrollTo(0, 0));
  await expectReachable(close, 'Close');
  await expectFingerSized(close, 'Close');
  await close.tap();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/workflows\/residential$/);
});

test('the quote: line prices and Accept reachable; tap Accept, tick, confirm: accepted', async ({ page }) => {
  const quote = await demoQuoteCopy(page.request, 'Phone accept');
  await page.goto(quoteUrl(quote));
  const dialog = page.getByRole('dialog', { name: `Quote #${quote.tuid}` });
  await expect(dialog.getByText('Phone accept')).toBeVisible();
  await expectFitsPhone(page, 'quote');
  await expectDialogFits(dialog, 'quote');

  const lines = dialog.getByTestId('quote-line');
  await expect(lines).toHaveCount(quote.context.orderLineCount);
  for (let i = 0; i < quote.context.orderLineCount; i++) {
    const sell = lines.nth(i).getByTestId('line-sell');
    await expect(sell).toHaveText(/^\$[\d,]+\.\d\d$/);
    await sell.scrollIntoViewIfNeeded();
    const box = (await sell.boundingBox())!;
    expect(box.x, `line ${i + 1} sell price: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `line ${i + 1} sell price: right edge`).toBeLessThanOrEqual(PHONE_WIDTH);
  }
  await expectReachable(dialog.getByRole('button', { name: 'Quote actions' }), 'Quote actions');
  const closeQuote = dialog.getByRole('button', { name: 'Close quote' });
  await expectReachable(closeQuote, 'Close quote');
  await expectFingerSized(closeQuote, 'Close quote');
  expect(await settledViolations(page), 'axe: quote').toEqual([]);

  const accept = dialog.getByRole('button', { name: 'Accept', exact: true });
  await expectReachable(accept, 'Accept');
  await expectFingerSized(accept, 'Accept');
  await accept.tap();
  const acceptDialog = page.getByRole('dialog', { name: `Accept quote #${quote.tuid}` });
  await expectDialogFits(acceptDialog, 'accept');
  await expectFitsPhone(page, 'accept');
  await expectReachable(acceptDialog.getByRole('img', { name: 'Signature pad' }), 'signature pad');
  expect(await settledViolations(page), 'axe: accept').toEqual([]);
  const without = acceptDialog.getByRole('checkbox', { name: 'Accept without signature' });
  await expectReachable(without, 'Accept without signature');
  await without.tap();
  await expect(without).toBeChecked();
  const confirm = acceptDialog.getByRole('button', { name: 'Accept quote' });
  await expectReachable(confirm, 'Accept quote');
  await expectFingerSized(confirm, 'Accept quote');
  await confirm.tap();
  await expect(acceptDialog).toBeHidden();
  await expect.poll(async () => (await getQuote(page.request, quote.id)).status).toBe('ACCEPTED');
  await expectFitsPhone(page, 'accepted quote');
});

test('the quote’s modals fit the phone: price adjustment, deposit, tax, order total, discount, PDFs', async ({
  page,
}) => {
  // five modals each audited by axe, and a PDF made at the lowest priority: minutes on a busy shared machine
  test.setTimeout(240_000);
  const quote = await exclusiveQuote(page.request, 'Phone modals');
  expect(quote.config.taxMode).toBe('EXCLUSIVE');
  await page.goto(quoteUrl(quote));
  const dialog = page.getByRole('dialog', { name: `Quote #${quote.tuid}` });
  const pricing = dialog.getByTestId('quote-pricing');
  await expect(pricing).toBeVisible();

  const steps: { open: Locator; name: string; leave: string }[] = [
    {
      open: pricing.getByRole('button', { name: 'Add adjustment' }),
      name: 'Add adjustment',
      leave: 'Cancel',
    },
    {
      open: pricing.getByRole('button', { name: 'Change the deposit' }),
      name: 'Deposit override',
      leave: 'Cancel',
    },
    {
      open: pricing.getByRole('button', { name: 'Change the tax amount' }),
      name: 'Tax override',
      leave: 'Cancel',
    },
    {
      open: pricing.getByRole('button', { name: 'Override total…' }),
      name: 'Override total',
      leave: 'Cancel',
    },
  ];
  for (const step of steps) {
    await expectReachable(step.open, `${step.name}: its button`);
    await step.open.tap();
    const modal = page.getByRole('dialog', { name: step.name });
    await expectDialogFits(modal, step.name);
    await expectFitsPhone(page, step.name);
    for (const button of await modal.getByRole('button').all())
      if (await button.isVisible())
        await expectReachable(button, `${step.name}: ${await button.innerText()}`);
    expect(await settledViolations(page), `axe: ${step.name}`).toEqual([]);
    if (step.name === 'Override total') {
      await modal.getByRole('button', { name: 'Discount %' }).tap();
      const discount = page.getByRole('dialog', { name: 'Percentage discount' });
      await expectDialogFits(discount, 'Percentage discount');
      await expectFitsPhone(page, 'Percentage discount');
      for (const preset of ['5%', '10%', '15%', '20%'])
        await expectReachable(discount.getByRole('button', { name: preset, exact: true }), preset);
      expect(await settledViolations(page), 'axe: Percentage discount').toEqual([]);
      await discount.getByRole('button', { name: 'Cancel' }).tap();
      await expect(discount).toBeHidden();
    }
    await modal.getByRole('button', { name: step.leave }).tap();
    await expect(modal).toBeHidden();
  }

  // the PDF viewer
  const pdfButton = dialog.getByRole('button', { name: 'PDF' });
  await expectReachable(pdfButton, 'PDF');
  await pdfButton.tap();
  const viewer = page.getByRole('dialog', { name: `Quote #${quote.tuid} PDFs` });
  await expectDialogFits(viewer, 'PDF viewer');
  await expectFitsPhone(page, 'PDF viewer');
  for (const kind of ['Quote', 'Measure sheet', 'Install sheet'])
    await expectReachable(viewer.locator('label', { hasText: kind }), `PDF kind ${kind}`);
  // the PDF is made at the lowest priority: on a busy machine it may time out, and the failure
  // must fit as well as the PDF
  const frame = viewer.getByTitle(`Quote PDF of quote #${quote.tuid}`);
  const shown = frame.or(viewer.getByTestId('pdf-failed'));
  await expect(shown).toBeVisible({ timeout: 90_000 });
  await expectFitsPhone(page, 'PDF viewer with its PDF');
  await expectReachable(shown, 'the PDF');
  if (await frame.isVisible())
    await expectReachable(viewer.getByRole('link', { name: 'Download PDF' }), 'Download');
  const close = viewer.getByRole('button', { name: 'Close' }).first();
  await expectReachable(close, 'PDF viewer: Close');
  await close.tap();
  await expect(viewer).toBeHidden();
});

test('the product screen and its options frame fit the phone: Close, Save, Done and option prices reachable', async ({
  page,
}) => {
  const quote = await demoQuoteCopy(page.request, 'Phone product');
  const line = quote.context.orderLines[0]!;
  await page.goto(`${quoteUrl(quote)}/products/${line.id}`);
  const screen = page.getByRole('dialog', { name: line.context.product.name });
  const frameElement = screen.locator('iframe[title="Product options"]');
  await expect(frameElement).toBeVisible();
  const frame = page.frameLocator('iframe[title="Product options"]');
  const done = frame.getByRole('button', { name: 'Done' });
  await expect(done).toBeVisible();
  await expectFitsPhone(page, 'product screen');
  await expectDialogFits(screen, 'product screen');
  await expectReachable(screen.getByRole('button', { name: 'Save' }), 'Save');
  await expectReachable(screen.getByLabel('Quantity', { exact: true }), 'Quantity');

  // the frame: inside the phone's width, its own document no wider than the frame
  const frameBox = (await frameElement.boundingBox())!;
  expect(frameBox.x).toBeGreaterThanOrEqual(0);
  expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(PHONE_WIDTH);
  const inner = await frame
    .locator('html')
    .evaluate(() => ({ innerWidth: window.innerWidth, scrollWidth: document.documentElement.scrollWidth }));
  expect(inner.scrollWidth).toBeLessThanOrEqual(inner.innerWidth);
  expect(inner.innerWidth).toBeLessThanOrEqual(PHONE_WIDTH);
  // each option's price and Done, scrolled to inside the frame, lie inside the phone's width
  const radios = frame.getByRole('radio');
  expect(await radios.count()).toBeGreaterThan(0);
  const price = frame
    .locator('label')
    .filter({ hasText: /\$[\d,]+\.\d\d/ })
    .first();
  await price.scrollIntoViewIfNeeded();
  const priceBox = (await price.boundingBox())!;
  expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectReachable(done, 'Done');
  await expectFingerSized(done, 'Done');
  expect(await settledViolations(page), 'axe: product screen').toEqual([]);

  // Close, back at the top of the screen
  await screen.evaluate((el) => el.closest('.mantine-Modal-content')?.scrollTo(0, 0));
  const close = screen.getByRole('button', { name: 'Close' }).first();
  await expectReachable(close, 'Close');
  await expectFingerSized(close, 'Close');
  await close.tap();
  await expect(page).toHaveURL(new RegExp(`/quotes/${quote.id}$`));
});
