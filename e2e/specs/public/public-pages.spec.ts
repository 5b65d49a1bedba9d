// The customer's pages, signed out on a phone (375 px, touch): paying a card request in the test
// checkout, accepting a quote with a drawn signature and paying its deposit, a cancelled link and
// an unknown quote link. The dealer's side is set up and checked through the API.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiWrite,
  createDealViaApi,
  expect,
  getWorkflow,
  settledViolations,
  signInViaApi,
  test,
} from '../../fixtures';

test.use({
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  timezoneId: 'UTC',
});

type LineJson = {
  quantity: number;
  sellPrice: string | null;
  dimensions: {
    width: { value: string; unit: string } | null;
    height: { value: string; unit: string } | null;
  };
  context: { product: { id: number }; configuration: { optionGroups: { options: { value: string }[] }[] } };
};
type QuoteJson = {
  id: number;
  dealId: number;
  externalId: number;
  status: string;
  isArchived: boolean;
  context: {
    orderLineCount: number;
    errorLineCount: number;
    orderLines: LineJson[];
    pendingUpdates: { hasPendingUpdates: boolean };
  };
};
type PaymentJson = { id: number; status: string; type: string; amount: string; paymentUrl: string | null };
type DealPaymentsJson = {
  payments: PaymentJson[];
  totals: {
    received: string;
    balance: string | null;
    requestableByCard: string | null;
    cardPayments: boolean;
  };
};

const getQuote = async (request: APIRequestContext, id: number) =>
  (await (await request.get(`/api/deal-quotes/${id}`)).json()) as QuoteJson;

/**
 * A demo draft quote without errors, with priced lines in mm (its lines are copied): looked for
 * once per worker, since the search reads every deal's quotes until it finds one (about 50
 * requests once other specs have added deals) and the seeded quote it finds is only read.
 */
let demoLinesFound: Promise<LineJson[]> | undefined;
function demoLines(request: APIRequestContext): Promise<LineJson[]> {
  demoLinesFound ??= findDemoLines(request).catch((error: unknown) => {
    demoLinesFound = undefined;
    throw error;
  });
  return demoLinesFound;
}

async function findDemoLines(request: APIRequestContext): Promise<LineJson[]> {
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
      const lines = full.context.orderLines.filter(
        (l) => l.sellPrice !== null && l.dimensions.width?.unit === 'mm',
      );
      if (
        full.context.errorLineCount === 0 &&
        !full.context.pendingUpdates.hasPendingUpdates &&
        lines.length > 0
      )
        return lines;
    }
  }
  throw new Error('no demo draft quote without errors');
}

/** A deal of its own (its Payment flag starts unset) with a draft quote holding a demo quote's lines. */
async function freshQuote(request: APIRequestContext, name: string): Promise<QuoteJson> {
  const lines = await demoLines(request);
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const { id } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  })) as { id: number };
  const orderId = (await getQuote(request, id)).externalId;
  const windows = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'House/Lounge' }],
  })) as { data: { id: number }[] };
  for (const line of lines.slice(0, 3))
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
  return getQuote(request, id);
}

/** The quote's customer link, as a path on this server. */
async function customerLinkPath(request: APIRequestContext, quoteId: number): Promise<string> {
  const res = await request.get(`/api/deal-quotes/${quoteId}/customer-link`);
  expect(res.status(), await res.text()).toBe(200);
  return new URL(((await res.json()) as { url: string }).url).pathname;
}

// a 1 × 1 PNG: enough for an acceptance made through the API
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const dealPayments = async (request: APIRequestContext, dealId: number) =>
  (await (await request.get(`/api/deals/${dealId}/payments`)).json()) as DealPaymentsJson;

const paymentFlag = async (request: APIRequestContext, dealId: number) => {
  const deal = (await (await request.get(`/api/deals/${dealId}`)).json()) as {
    context: { flagValues: { label: string }[] };
  };
  return deal.context.flagValues.map((f) => f.label);
};

/**
 * Draws a signature with the finger: a few touch strokes across the pad, timed as a finger moves
 * (a sample every 16 ms) and resting 150 ms before it lifts. The times are the events' own
 * timestamps, just behind the clock, so no time is spent waiting. Strokes sent back to back with
 * no timestamps lift the finger at thousands of px/s: Chromium starts a fling, and the next tap
 * (on Accept) only stops that fling and makes no click (its tap suppression), as on a phone.
 */
async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-canvas');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  // seconds since the epoch; both strokes (2 × 0.39 s) end before now, the later tap's time
  let clock = Date.now() / 1000 - 1;
  const after = (seconds: number) => {
    clock += seconds;
    return clock;
  };
  for (const stroke of [
    [0.15, 0.6, 0.35, 0.3, 0.5, 0.65],
    [0.5, 0.65, 0.7, 0.35, 0.85, 0.55],
  ]) {
    const pts = [point(stroke[0]!, stroke[1]!), point(stroke[2]!, stroke[3]!), point(stroke[4]!, stroke[5]!)];
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [pts[0]!],
      timestamp: after(0.05),
    });
    for (let i = 1; i <= 12; i++) {
      const a = i <= 6 ? pts[0]! : pts[1]!;
      const b = i <= 6 ? pts[1]! : pts[2]!;
      const t = (i <= 6 ? i : i - 6) / 6;
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }],
        timestamp: after(0.016),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: after(0.15) });
  }
  await cdp.detach();
}

/** Nothing wider than the phone: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth).toBe(375);
  expect(scrollWidth).toBeLessThanOrEqual(375);
}

// each journey builds its own deal and quote through the API first (a dozen calls, and the
// acceptance's PDF on a busy machine)
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ request }) => {
  await signInViaApi(request);
  // card payments are offered once the dealer has a connected card account (test mode without keys)
  await apiWrite(request, 'PUT', '/api/account-settings/card-payments', { accountId: 'acct_e2eTestDealer1' });
});

test('a card payment link, opened signed out on a phone, pays in the test checkout and the deal shows it Paid', async ({
  page,
  request,
}) => {
  const quote = await freshQuote(request, 'E2E card payment link');
  const link = await customerLinkPath(request, quote.id);
  const accepted = await request.post(`/api${link.replace('/customer-quote/', '/customerquote/')}/accept`, {
    data: { signerName: 'Pat Customer', signature: TINY_PNG },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const before = await dealPayments(request, quote.dealId);
  expect(before.totals.cardPayments).toBe(true);
  const amount = before.totals.requestableByCard!;
  const payment = (await apiWrite(request, 'POST', `/api/deals/${quote.dealId}/payments`, {
    type: 'STRIPE',
    status: 'REQUESTED',
    amount,
    description: 'Blinds for the lounge',
  })) as PaymentJson;
  expect(payment.paymentUrl).toBeTruthy();
  expect(await paymentFlag(request, quote.dealId)).not.toContain('Paid in Full');

  await page.goto(new URL(payment.paymentUrl!).pathname);
  await expect(page.getByRole('heading', { name: 'Test checkout — no card is charged' })).toBeVisible();
  await expect(page.getByText('Blinds for the lounge')).toBeVisible();
  await expectFitsPhone(page);
  await page.getByRole('button', { name: /^Pay / }).tap();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await page.getByLabel(/Email/).fill('pat@example.com');
  await page.getByRole('button', { name: /^Pay / }).tap();
  await expect(page).toHaveURL(/\/return\?session_id=/);
  await expect(page.getByRole('heading', { name: 'All Done!' })).toBeVisible();
  await expect(page.getByText('Your payment has been successfully processed')).toBeVisible();
  expect(await settledViolations(page)).toEqual([]);

  const after = await dealPayments(request, quote.dealId);
  expect(after.payments.find((p) => p.id === payment.id)?.status).toBe('PAID');
  expect(after.totals.received).toBe(amount);
  expect(await paymentFlag(request, quote.dealId)).toContain('Paid in Full');

  // the link now shows the payment as paid
  await page.goto(new URL(payment.paymentUrl!).pathname);
  await expect(page.getByRole('heading', { name: 'Paid — thank you' })).toBeVisible();
});

test('a customer quote link, opened signed out on a phone: accept with a drawn signature, pay the deposit, see the balance', async ({
  page,
  request,
}) => {
  const quote = await freshQuote(request, 'E2E customer quote');
  const link = await customerLinkPath(request, quote.id);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: /E2E customer quote|House/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the quote (PDF)' })).toBeVisible();
  await expect(page.getByTestId('balance')).toBeVisible();
  await expectFitsPhone(page);
  const balanceBefore = await page.getByTestId('balance').textContent();

  await page.getByRole('button', { name: 'Accept quote' }).tap();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Please sign to accept the quote')).toBeVisible();
  await page.getByLabel(/Your name/).fill('Pat Customer');
  await drawSignature(page);
  await expect(page.getByTestId('signature-state')).toHaveText('Signed');
  await page.getByRole('button', { name: 'Accept quote' }).tap();
  await expect(page.getByRole('heading', { name: 'Quote accepted' })).toBeVisible();
  await expect(page.getByTestId('accepted-by')).toContainText('Pat Customer');
  expect(await settledViolations(page)).toEqual([]);

  const deposit = page.getByRole('button', { name: 'Pay deposit' });
  await expect(deposit).toBeVisible();
  await deposit.tap();
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]+$/);
  await page.getByLabel(/Email/).fill('pat@example.com');
  await page.getByRole('button', { name: /^Pay / }).tap();
  await expect(page.getByRole('heading', { name: 'All Done!' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to your quote' }).tap();
  await expect(page.getByRole('heading', { name: 'Quote accepted' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Paid/ })).toBeVisible();
  await expect(page.getByTestId('balance')).not.toHaveText(balanceBefore ?? '');
  await expect(page.getByTestId('total-received')).not.toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Pay deposit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay full balance' })).toBeVisible();
  expect(await paymentFlag(request, quote.dealId)).toContain('Deposit Paid');
});

test("a cancelled payment's link says it is no longer valid", async ({ page, request }) => {
  const quote = await freshQuote(request, 'E2E cancelled link');
  const link = await customerLinkPath(request, quote.id);
  await request.post(`/api${link.replace('/customer-quote/', '/customerquote/')}/accept`, {
    data: { signerName: 'Pat Customer', signature: TINY_PNG },
  });
  const payment = (await apiWrite(request, 'POST', `/api/deals/${quote.dealId}/payments`, {
    type: 'STRIPE',
    status: 'REQUESTED',
    amount: '10.00',
    description: 'To be cancelled',
  })) as PaymentJson;
  await apiWrite(request, 'POST', `/api/deals/${quote.dealId}/payments/${payment.id}/cancel`);

  await page.goto(new URL(payment.paymentUrl!).pathname);
  await expect(page.getByRole('heading', { name: 'This payment link is no longer valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  expect(await settledViolations(page)).toEqual([]);
});

test('an unknown quote link says Quote not found; an unknown payment link the not-found texts', async ({
  page,
}) => {
  await page.goto('/customer-quote/AAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Quote not found' })).toBeVisible();
  await expect(
    page.getByText('This link has expired or is not quite right. Please check it, or ask us for a new one.'),
  ).toBeVisible();
  expect(await settledViolations(page)).toEqual([]);

  await page.goto('/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(
    page.getByRole('heading', { name: "Oops! We're having trouble finding the payment you're looking for" }),
  ).toBeVisible();
});
