import path from 'node:path';
import {
  type Deal,
  type DealQuote,
  type DealQuoteListItem,
  pricingMessages,
  type QuotePricing,
  quoteMessages,
} from '@slat/contracts';
import { type AdjustmentInput, fromScaled, type PricingInput, priceQuote, toScaled } from '@slat/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markupOverrides } from '../src/db/schema';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { formatPdfMoney } from '../src/lib/pdf/index';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import { createOrder } from '../src/modules/order-contents/index';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';

// Quote pricing through the API: PUT /deal-quotes/{id}/pricing, the
// override total, the quote's pricing and totals, the grand total cache, the board's quote totals.
// Every figure is checked against priceQuote (packages/domain) on the same inputs, a few by hand.

let t: TestApp;

// ——— A catalog whose prices make the rules easy to follow by hand ———

const SUPPLIER = 'pricing-supplier';
const square = (price: string) => ({
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  unit: 'mm',
  sizeLimits: { minWidth: 300, maxWidth: 1000, minHeight: 300, maxHeight: 1000 },
  priceGrid: { widths: [1000], drops: [1000], rows: [[price]] },
});
const catalog = {
  suppliers: [
    {
      key: SUPPLIER,
      name: 'Pricing Supplier',
      shippingMethods: [],
      brands: [{ name: 'Pricing' }],
      products: [
        { key: 'roller', name: 'Roller', brand: 'Pricing', category: 'roller', ...square('100.00') },
        { key: 'roman', name: 'Roman', brand: 'Pricing', category: 'roman', ...square('200.00') },
        {
          key: 'remote',
          name: 'Remote',
          brand: 'Pricing',
          category: 'accessories',
          hasWidth: false,
          hasHeight: false,
          hasQuantity: true,
          unit: 'mm',
          sizeLimits: {},
          priceGrid: { widths: [], drops: [], rows: [['45.00']] },
        },
      ],
    },
  ],
};
const productIds = {} as Record<'roller' | 'roman' | 'remote', number>;
let romanCategoryId: number;

type Rule = { type: 'PERCENT_MARK_UP' | 'PERCENT_MARGIN'; value: string };
type Dealer = Awaited<ReturnType<typeof createDealer>> & { client: TestClient; workflowId: number };

/** A dealer: account mark-up 40 %, a product rule on the roller and a category rule on romans. */
async function dealer(rules?: { product: Rule; category: Rule }): Promise<Dealer> {
  const d = await createDealer(t.db);
  await linkAccountToSupplier(t.db, d.accountId, SUPPLIER);
  const client = await signedInClient(t, d);
  await ok(
    client.post('/api/old/account-settings/dealer-portal', {
      accountAdjustmentType: 'PERCENT_MARK_UP',
      accountAdjustmentValue: '40',
    }),
  );
  if (rules) {
    await t.db.insert(markupOverrides).values([
      {
        accountId: d.accountId,
        overrideType: 'PRODUCT',
        productId: productIds.roller,
        adjustmentType: rules.product.type,
        adjustmentValue: rules.product.value,
      },
      {
        accountId: d.accountId,
        overrideType: 'CATEGORY',
        categoryId: romanCategoryId,
        adjustmentType: rules.category.type,
        adjustmentValue: rules.category.value,
      },
    ]);
  }
  const workflowId = (await ok(client.get('/api/workflows')))[0].id as number;
  return { ...d, client, workflowId };
}

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

type Mode = 'INCLUSIVE' | 'EXCLUSIVE';
type Quote = { id: number; externalId: number; dealId: number };

/** A new quote priced in `mode` (the dealer's settings at creation), on a new deal unless one is given. */
async function newQuote(d: Dealer, mode: Mode, opts: { dealId?: number; tax?: string } = {}): Promise<Quote> {
  await ok(
    d.client.post('/api/old/account-settings/dealer-portal', {
      quotePricingTaxMode: mode,
      taxRatePercentage: opts.tax ?? '10',
      depositPercentage: '50',
    }),
  );
  const dealId =
    opts.dealId ??
    (await ok(d.client.post('/api/deals', { workflowId: d.workflowId, name: 'Priced deal' }))).id;
  const { id } = await ok(d.client.post(`/api/deals/${dealId}/quotes/legacy/add`, {}));
  const q = await getQuote(d, id);
  return { id, externalId: q.externalId, dealId };
}

const getQuote = async (d: Dealer, id: number): Promise<DealQuote> =>
  ok(d.client.get(`/api/deal-quotes/${id}`));

/** A roller (product rule), a roman (category rule), both taxable, and a remote (account rule) not taxable. */
async function addLines(d: Dealer, q: Quote) {
  const base = `/api/old/quotes/${q.externalId}/windows`;
  const [w] = (
    await ok(
      d.client.post(base, {
        order_windows: [{ order_id: q.externalId, name: 'Home/Lounge', width: 1000, height: 1000 }],
      }),
    )
  ).data;
  const add = async (product: number) =>
    (await ok(d.client.post(`${base}/${w.id}/products`, { product_id: product }))).data;
  await add(productIds.roller);
  await add(productIds.roman);
  const remote = await add(productIds.remote);
  await ok(d.client.put(`${base}/${w.id}/products/${remote.id}`, { is_taxable: false }));
  return { windowId: w.id as number, remoteId: remote.id as number };
}

type Inputs = {
  adjustments: AdjustmentInput[];
  depositAmountOverride: string | null;
  sellTaxOverride: string | null;
  overrideTotal: PricingInput['overrideTotal'];
};
const NO_INPUTS: Inputs = {
  adjustments: [],
  depositAmountOverride: null,
  sellTaxOverride: null,
  overrideTotal: null,
};

/** What priceQuote answers for the quote's lines and config as the API shows them, and these inputs. */
function expected(q: DealQuote, inputs: Inputs): QuotePricing {
  const priced = priceQuote({
    lines: q.context.orderLines.map((l) => ({
      sell: l.sellPrice,
      taxable: l.isTaxable,
      hasErrors: l.context.errors.length > 0,
    })),
    taxMode: q.config.taxMode,
    taxPercentage: q.config.taxPercentage,
    depositPercentage: q.config.depositPercentage,
    ...inputs,
  });
  return {
    ...priced,
    adjustments: priced.adjustments.map((a, i) => ({ ...a, isSystem: i >= inputs.adjustments.length })),
    // nothing changes under an override in these steps: no drift (its own tests below)
    overrideDrift: null,
  };
}

const putPricing = (d: Dealer, id: number, body: Record<string, unknown>) =>
  d.client.put(`/api/deal-quotes/${id}/pricing`, body);
const postOverride = (d: Dealer, externalId: number, body: Record<string, unknown>) =>
  d.client.post(`/api/old/quotes/${externalId}/manage-prices/apply-override-total`, body);

const cacheOf = async (id: number) =>
  (
    await t.pool.query<{ total: string }>(
      'SELECT grand_total_inc_tax AS total FROM deal_quotes WHERE id = $1',
      [id],
    )
  ).rows[0]!.total;

/** The quote as its list shows it (the cache) and as its detail derives it, both equal to `pricing`. */
async function expectTotals(d: Dealer, q: Quote, pricing: QuotePricing, override: string | null) {
  const detail = await getQuote(d, q.id);
  expect(detail.context.pricing).toEqual(pricing);
  expect(detail.totalSellPrice).toBe(pricing.sellGrandTotalIncTax);
  expect(detail.totalSellPriceOverride).toBe(override);
  const list: DealQuoteListItem[] = await ok(d.client.get(`/api/deals/${q.dealId}/quotes`));
  const item = list.find((i) => i.id === q.id)!;
  expect(item.totalSellPrice).toBe(pricing.sellGrandTotalIncTax);
  expect(item.totalSellPriceOverride).toBe(override);
  expect(await cacheOf(q.id)).toBe(pricing.sellGrandTotalIncTax);
  return detail;
}

function expectField(res: LightMyRequestResponse, status: number, fieldPath: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const fields = res.json().error.fields as { path: string; message: string }[];
  expect(fields.map((f) => f.path)).toContain(fieldPath);
  if (message !== undefined) expect(fields.find((f) => f.path === fieldPath)!.message).toBe(message);
}

let A: Dealer;
let B: Dealer;

beforeAll(async () => {
  t = await createTestApp();
  await importCatalog(t.db, catalog);
  const { rows } = await t.pool.query<{ key: 'roller' | 'roman' | 'remote'; id: number }>(
    'SELECT p.key, p.id FROM products p JOIN manufacturers m ON m.id = p.manufacturer_id WHERE m.key = $1',
    [SUPPLIER],
  );
  for (const r of rows) productIds[r.key] = r.id;
  romanCategoryId = (await t.pool.query("SELECT id FROM product_categories WHERE slug = 'roman'")).rows[0].id;
  // A: the roller marked up 25 % (100 → 125.00), romans at a 20 % margin (200 / 0.8 = 250.00).
  A = await dealer({
    product: { type: 'PERCENT_MARK_UP', value: '25' },
    category: { type: 'PERCENT_MARGIN', value: '20' },
  });
  // B: the roller at a 50 % margin (100 / 0.5 = 200.00), romans marked up 10 % (220.00).
  B = await dealer({
    product: { type: 'PERCENT_MARGIN', value: '50' },
    category: { type: 'PERCENT_MARK_UP', value: '10' },
  });
});
afterAll(async () => {
  await t?.close();
});

// ——— The table: tax modes × rules × adjustments × deposit override × override total ———

const fee = (mode: Mode): Record<string, string> =>
  mode === 'INCLUSIVE'
    ? { label: 'Installation', amountIncTax: '110.00', taxType: 'STANDARD' }
    : { label: 'Installation', amountExTax: '100', taxType: 'STANDARD' };
const discount = (mode: Mode): Record<string, string> => ({
  label: 'Discount',
  [mode === 'INCLUSIVE' ? 'amountIncTax' : 'amountExTax']: '-50',
  taxType: 'NONE',
});
const asInput = (a: Record<string, string>): AdjustmentInput => ({
  label: a.label!,
  amount: (a.amountIncTax ?? a.amountExTax)!,
  taxType: a.taxType as AdjustmentInput['taxType'],
});

type Step = {
  name: string;
  put?: Record<string, unknown>;
  override?: Record<string, unknown>;
  next: (inputs: Inputs) => Inputs;
};
const steps = (mode: Mode): Step[] => [
  { name: 'lines only', put: {}, next: (i) => i },
  {
    name: 'a taxable fee and a non-taxable discount',
    put: { adjustments: [fee(mode), discount(mode)] },
    next: (i) => ({ ...i, adjustments: [asInput(fee(mode)), asInput(discount(mode))] }),
  },
  {
    name: 'a deposit override',
    put: { depositAmountOverride: '100' },
    next: (i) => ({ ...i, depositAmountOverride: '100' }),
  },
  {
    name: 'an override total without override_taxables',
    override: { override_total: '500', notes: 'Round figure' },
    next: (i) => ({ ...i, overrideTotal: { amount: '500', taxable: false } }),
  },
  {
    name: 'an override total with override_taxables',
    override: { override_total: 500, override_taxables: true },
    next: (i) => ({ ...i, overrideTotal: { amount: '500', taxable: true } }),
  },
  {
    name: 'the override total removed, the deposit override cleared',
    override: { override_total: null },
    put: { depositAmountOverride: null },
    next: (i) => ({ ...i, overrideTotal: null, depositAmountOverride: null }),
  },
];

const cases = [
  { dealer: 'A', mode: 'INCLUSIVE', rules: 'product mark-up, category margin' },
  { dealer: 'A', mode: 'EXCLUSIVE', rules: 'product mark-up, category margin' },
  { dealer: 'B', mode: 'INCLUSIVE', rules: 'product margin, category mark-up' },
  { dealer: 'B', mode: 'EXCLUSIVE', rules: 'product margin, category mark-up' },
] as const;

describe('pricing a quote: every step equals priceQuote on the same inputs', () => {
  it.each(cases)('$mode, $rules (dealer $dealer)', async ({ dealer: which, mode }) => {
    const d = which === 'A' ? A : B;
    const q = await newQuote(d, mode);
    await addLines(d, q);
    const lines = (await getQuote(d, q.id)).context.orderLines;
    expect(lines.map((l) => [l.context.markup.source, l.sellPrice, l.isTaxable])).toEqual(
      which === 'A'
        ? [
            ['PRODUCT', '125.00', true],
            ['CATEGORY', '250.00', true],
            ['ACCOUNT', '63.00', false],
          ]
        : [
            ['PRODUCT', '200.00', true],
            ['CATEGORY', '220.00', true],
            ['ACCOUNT', '63.00', false],
          ],
    );
    let inputs = NO_INPUTS;
    let override: string | null = null;
    for (const step of steps(mode)) {
      inputs = step.next(inputs);
      let answer: { lastUpdatedAt: string; pricing: QuotePricing } | undefined;
      if (step.override) {
        const before = await getQuote(d, q.id);
        answer = (
          await ok(postOverride(d, q.externalId, { ...step.override, lastUpdatedAt: before.lastUpdatedAt }))
        ).data;
        override = step.override.override_total === null ? null : '500.00';
      }
      if (step.put) {
        const before = await getQuote(d, q.id);
        answer = await ok(putPricing(d, q.id, { lastUpdatedAt: before.lastUpdatedAt, ...step.put }));
      }
      const detail = await getQuote(d, q.id);
      const want = expected(detail, inputs);
      expect(answer!.pricing, step.name).toEqual(want);
      expect(answer!.lastUpdatedAt, step.name).toBe(detail.lastUpdatedAt);
      await expectTotals(d, q, want, override);
      if (inputs.overrideTotal) expect(want.sellGrandTotalIncTax, step.name).toBe('500.00');
    }
  });

  it('works out by hand: inclusive and exclusive quotes of the same lines agree', async () => {
    const inclusive = await newQuote(A, 'INCLUSIVE');
    const exclusive = await newQuote(A, 'EXCLUSIVE');
    for (const q of [inclusive, exclusive]) await addLines(A, q);
    const price = async (q: Quote, mode: Mode) =>
      (
        await ok(
          putPricing(A, q.id, {
            lastUpdatedAt: (await getQuote(A, q.id)).lastUpdatedAt,
            adjustments: [fee(mode), discount(mode)],
          }),
        )
      ).pricing as QuotePricing;
    const inc = await price(inclusive, 'INCLUSIVE');
    // Lines: 125.00 and 250.00 taxable → 137.50 and 275.00 with 10 %; the remote 63.00 untaxed.
    expect(inc).toMatchObject({
      sellTotalOrderLinesIncTax: '475.50',
      // 475.50 − R(412.50 × 10 / 110) = 475.50 − 37.50
      sellTotalOrderLinesExTax: '438.00',
      // 412.50 + the 110.00 fee
      sellTotalTaxable: '522.50',
      sellTaxCalculated: '47.50',
      sellTaxTotal: '47.50',
      sellGrandTotalIncTax: '535.50',
      sellGrandTotalExTax: '488.00',
      depositAmountCalculated: '267.75',
      depositAmount: '267.75',
      isPricingValid: true,
    });
    expect(inc.adjustments).toEqual([
      {
        label: 'Installation',
        amountIncTax: '110.00',
        amountExTax: '100.00',
        taxType: 'STANDARD',
        isSystem: false,
      },
      { label: 'Discount', amountIncTax: '-50.00', amountExTax: '-50.00', taxType: 'NONE', isSystem: false },
    ]);
    const ex = await price(exclusive, 'EXCLUSIVE');
    expect(ex).toMatchObject({
      sellTotalOrderLinesExTax: '438.00',
      sellTotalOrderLinesIncTax: '475.50',
      // 375.00 + the 100.00 fee
      sellTotalTaxable: '475.00',
      sellTaxCalculated: '47.50',
      sellGrandTotalExTax: '488.00',
      sellGrandTotalIncTax: '535.50',
      depositAmount: '267.75',
    });
    expect(ex.adjustments[0]).toEqual(inc.adjustments[0]);

    // 500.00 with a taxable override in EXCLUSIVE mode: a + R(a × 10 %) = −35.50 → a = −32.27.
    const overridden = (
      await ok(
        postOverride(A, exclusive.externalId, {
          override_total: '500.00',
          override_taxables: true,
          notes: 'Rounded down',
        }),
      )
    ).data.pricing as QuotePricing;
    expect(overridden.sellGrandTotalIncTax).toBe('500.00');
    // The notes come back with the override, so the dialog shows them when it opens again.
    expect((await getQuote(A, exclusive.id)).totalSellPriceOverrideNotes).toBe('Rounded down');
    expect(overridden.adjustments[2]).toEqual({
      label: 'Total override',
      amountExTax: '-32.27',
      amountIncTax: '-35.50',
      taxType: 'STANDARD',
      isSystem: true,
    });
    // Not taxable: exactly 500.00 − 535.50.
    const untaxed = (await ok(postOverride(A, exclusive.externalId, { override_total: '500' }))).data
      .pricing as QuotePricing;
    expect(untaxed.adjustments[2]).toMatchObject({ amountExTax: '-35.50', taxType: 'NONE', isSystem: true });
    expect(untaxed.depositAmount).toBe('250.00');
  });

  it('keeps the override total while lines change, and the cache follows every line write', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    const { windowId, remoteId } = await addLines(A, q);
    expect(await cacheOf(q.id)).toBe('475.50');
    const line = `/api/old/quotes/${q.externalId}/windows/${windowId}/products/${remoteId}`;
    await ok(A.client.put(line, { quantity: 2 }));
    // The remote twice: 126.00 untaxed.
    expect(await cacheOf(q.id)).toBe('538.50');
    await ok(postOverride(A, q.externalId, { override_total: '450' }));
    await ok(A.client.put(line, { quantity: 3 }));
    const detail = await getQuote(A, q.id);
    expect(detail.context.pricing.sellGrandTotalIncTax).toBe('450.00');
    expect(await cacheOf(q.id)).toBe('450.00');
    await ok(postOverride(A, q.externalId, { override_total: null }));
    await ok(A.client.post(line, { _method: 'DELETE' }));
    expect(await cacheOf(q.id)).toBe('412.50');
    expect((await getQuote(A, q.id)).totalSellPriceOverride).toBeNull();
    expect((await getQuote(A, q.id)).totalSellPriceOverrideNotes).toBe('');
  });

  it('leaves fields out unchanged, clears them with null, replaces the adjustments', async () => {
    const q = await newQuote(A, 'EXCLUSIVE');
    await addLines(A, q);
    await t.pool.query('UPDATE users SET can_override_tax = true WHERE id = $1', [A.userId]);
    const put = async (body: Record<string, unknown>) =>
      (await ok(putPricing(A, q.id, { lastUpdatedAt: (await getQuote(A, q.id)).lastUpdatedAt, ...body })))
        .pricing as QuotePricing;
    let p = await put({
      depositAmountOverride: '99.5',
      sellTaxOverride: '12',
      adjustments: [fee('EXCLUSIVE')],
    });
    expect(p).toMatchObject({
      depositAmountOverride: '99.50',
      sellTaxOverride: '12.00',
      sellTaxTotal: '12.00',
    });
    p = await put({ adjustments: [discount('EXCLUSIVE')] });
    expect(p).toMatchObject({ depositAmountOverride: '99.50', sellTaxOverride: '12.00' });
    expect(p.adjustments.map((a) => a.label)).toEqual(['Discount']);
    p = await put({ sellTaxOverride: null });
    expect(p).toMatchObject({ depositAmountOverride: '99.50', sellTaxOverride: null, sellTaxTotal: '37.50' });
    p = await put({ depositAmountOverride: null, adjustments: [] });
    expect(p).toEqual(expected(await getQuote(A, q.id), NO_INPUTS));
  });

  it('prices a quote with a line in error as not valid, and an empty one at zero', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    const empty = await getQuote(A, q.id);
    expect(empty.context.pricing).toMatchObject({
      sellGrandTotalIncTax: '0.00',
      depositAmount: '0.00',
      isPricingValid: true,
      adjustments: [],
    });
    expect(empty.totalSellPrice).toBe('0.00');
    const base = `/api/old/quotes/${q.externalId}/windows`;
    const [w] = (await ok(A.client.post(base, { order_windows: [{ order_id: q.externalId }] }))).data;
    await ok(
      A.client.post(`${base}/${w.id}/products`, { product_id: productIds.roller, width: 1000, height: 1000 }),
    );
    await ok(
      A.client.post(`${base}/${w.id}/products`, { product_id: productIds.roller, width: 2000, height: 1000 }),
    );
    const detail = await getQuote(A, q.id);
    expect(detail.context.pricing).toEqual(expected(detail, NO_INPUTS));
    expect(detail.context.pricing).toMatchObject({ isPricingValid: false, sellGrandTotalIncTax: '137.50' });
  });
});

// ——— Refusals ———

describe('an override total once the lines change under it', () => {
  it('says the discount it came to when set and now, and re-applying the old percentage ends it', async () => {
    const q = await newQuote(A, 'EXCLUSIVE');
    const { windowId, remoteId } = await addLines(A, q);
    // 125.00 + 250.00 taxable, 63.00 not: 438.00 + 37.50 tax = 475.50; 10 % off: R(427.95)
    expect(await cacheOf(q.id)).toBe('475.50');
    await ok(
      postOverride(A, q.externalId, { override_total: '427.95', override_taxables: true, notes: 'Ten off' }),
    );
    let detail = await getQuote(A, q.id);
    expect(detail.context.pricing.overrideDrift).toBeNull();
    expect(detail.totalSellPriceOverrideNotes).toBe('Ten off');
    // the remote twice: 63.00 more, untaxed: 538.50 without the override
    await ok(
      A.client.put(`/api/old/quotes/${q.externalId}/windows/${windowId}/products/${remoteId}`, {
        quantity: 2,
      }),
    );
    detail = await getQuote(A, q.id);
    expect(detail.context.pricing.sellGrandTotalIncTax).toBe('427.95');
    expect(detail.context.pricing.overrideDrift).toEqual({
      discountPercentThen: '10.00',
      // (538.50 − 427.95) / 538.50 = 20.529…%
      discountPercentNow: '20.53',
      totalWithoutOverrideThen: '475.50',
      totalWithoutOverrideNow: '538.50',
      // R(538.50 × 0.9) = R(484.65)
      reapplyTotal: '484.65',
    });
    expect(detail.totalSellPriceOverrideNotes).toBe('Ten off');
    const reapplied = (
      await ok(
        postOverride(A, q.externalId, {
          override_total: detail.context.pricing.overrideDrift!.reapplyTotal,
          override_taxables: true,
          notes: detail.totalSellPriceOverrideNotes,
          lastUpdatedAt: detail.lastUpdatedAt,
        }),
      )
    ).data.pricing as QuotePricing;
    expect(reapplied.overrideDrift).toBeNull();
    // tax on top of a taxable difference: the nearest cent below 484.65 (DESIGN §5)
    expect(reapplied.sellGrandTotalIncTax).toBe('484.64');
    detail = await getQuote(A, q.id);
    expect(detail.context.pricing.overrideDrift).toBeNull();
    expect(detail.totalSellPriceOverrideNotes).toBe('Ten off');
  });

  it('shows notes kept as plain text before, with no drift, and a removed override has none', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    const { windowId, remoteId } = await addLines(A, q);
    await ok(postOverride(A, q.externalId, { override_total: '450' }));
    await t.pool.query("UPDATE deal_quotes SET override_notes = '{plain notes}' WHERE id = $1", [q.id]);
    await ok(
      A.client.put(`/api/old/quotes/${q.externalId}/windows/${windowId}/products/${remoteId}`, {
        quantity: 2,
      }),
    );
    let detail = await getQuote(A, q.id);
    expect(detail.totalSellPriceOverrideNotes).toBe('{plain notes}');
    expect(detail.context.pricing.overrideDrift).toBeNull();
    await ok(postOverride(A, q.externalId, { override_total: '450' }));
    await ok(
      A.client.put(`/api/old/quotes/${q.externalId}/windows/${windowId}/products/${remoteId}`, {
        quantity: 3,
      }),
    );
    expect((await getQuote(A, q.id)).context.pricing.overrideDrift).toMatchObject({
      // inc: 137.50 + 275.00 + 126.00 = 538.50, then 63.00 more
      totalWithoutOverrideThen: '538.50',
      totalWithoutOverrideNow: '601.50',
    });
    await ok(postOverride(A, q.externalId, { override_total: null }));
    detail = await getQuote(A, q.id);
    expect(detail.context.pricing.overrideDrift).toBeNull();
    expect(detail.totalSellPriceOverrideNotes).toBe('');
  });
});

describe('refusals', () => {
  it('answers 400 naming the field', async () => {
    const inclusive = await newQuote(A, 'INCLUSIVE');
    const exclusive = await newQuote(A, 'EXCLUSIVE');
    const at = async (q: Quote) => (await getQuote(A, q.id)).lastUpdatedAt;
    expectField(await putPricing(A, inclusive.id, {}), 400, 'lastUpdatedAt');
    expectField(await putPricing(A, inclusive.id, { lastUpdatedAt: 'yesterday' }), 400, 'lastUpdatedAt');
    expectField(
      await putPricing(A, inclusive.id, {
        lastUpdatedAt: await at(inclusive),
        depositAmountOverride: '1.234',
      }),
      400,
      'depositAmountOverride',
    );
    expectField(
      await putPricing(A, inclusive.id, { lastUpdatedAt: await at(inclusive), depositAmountOverride: '-1' }),
      400,
      'depositAmountOverride',
    );
    expectField(
      await putPricing(A, inclusive.id, {
        lastUpdatedAt: await at(inclusive),
        adjustments: [{ label: ' ', amountIncTax: '1', taxType: 'NONE' }],
      }),
      400,
      'adjustments[0].label',
      pricingMessages.adjustmentNameRequired,
    );
    expectField(
      await putPricing(A, inclusive.id, {
        lastUpdatedAt: await at(inclusive),
        adjustments: [{ label: 'Fee', amountIncTax: '1', taxType: 'LUXURY' }],
      }),
      400,
      'adjustments[0].taxType',
    );
    // The amount in the quote's mode: INCLUSIVE takes amountIncTax, EXCLUSIVE amountExTax.
    const wrongMode = await putPricing(A, inclusive.id, {
      lastUpdatedAt: await at(inclusive),
      adjustments: [
        { label: 'Fee', amountIncTax: '10', taxType: 'NONE' },
        { label: 'Fee', amountExTax: '10', taxType: 'NONE' },
      ],
    });
    expectField(wrongMode, 400, 'adjustments[1].amountExTax');
    expectField(wrongMode, 400, 'adjustments[1].amountIncTax', pricingMessages.adjustmentAmountRequired);
    expectField(
      await putPricing(A, exclusive.id, {
        lastUpdatedAt: await at(exclusive),
        adjustments: [{ label: 'Fee', taxType: 'STANDARD' }],
      }),
      400,
      'adjustments[0].amountExTax',
      pricingMessages.adjustmentAmountRequired,
    );
    expectField(await postOverride(A, inclusive.externalId, {}), 400, 'override_total');
    expectField(
      await postOverride(A, inclusive.externalId, { override_total: 'ten' }),
      400,
      'override_total',
    );
    expectField(await postOverride(A, inclusive.externalId, { override_total: '-5' }), 400, 'override_total');
    // Nothing was stored by any of them.
    for (const q of [inclusive, exclusive])
      expect((await getQuote(A, q.id)).context.pricing).toEqual(expected(await getQuote(A, q.id), NO_INPUTS));
  });

  it('answers 400 naming the money field for letters, exponent notation or a third decimal, and stores nothing', async () => {
    const quote = await newQuote(A, 'INCLUSIVE');
    const at = async () => (await getQuote(A, quote.id)).lastUpdatedAt;
    const NOT_DIGITS = 'Enter an amount in digits, like 25 or 10.50';
    const DECIMALS = 'Enter an amount with at most 2 decimals';
    const cases: [string, string][] = [
      ...['abc', '12abc', '1e3', '--5', '', ' ', '1 000'].map((a): [string, string] => [a, NOT_DIGITS]),
      ...['10.505', '12345678901'].map((a): [string, string] => [a, DECIMALS]),
    ];
    for (const [amount, MONEY] of cases) {
      expectField(
        await putPricing(A, quote.id, {
          lastUpdatedAt: await at(),
          adjustments: [{ label: 'Fee', amountIncTax: amount, taxType: 'NONE' }],
        }),
        400,
        'adjustments[0].amountIncTax',
        MONEY,
      );
      expectField(
        await putPricing(A, quote.id, { lastUpdatedAt: await at(), depositAmountOverride: amount }),
        400,
        'depositAmountOverride',
        MONEY,
      );
      expectField(
        await putPricing(A, quote.id, { lastUpdatedAt: await at(), sellTaxOverride: amount }),
        400,
        'sellTaxOverride',
        MONEY,
      );
      expectField(
        await postOverride(A, quote.externalId, { override_total: amount }),
        400,
        'override_total',
        MONEY,
      );
    }
    expect((await getQuote(A, quote.id)).context.pricing).toEqual(
      expected(await getQuote(A, quote.id), NO_INPUTS),
    );
  });

  it('keeps the deposit between 0 and the total, the request applied; 400 naming depositAmountOverride with the total', async () => {
    const q = await newQuote(A, 'EXCLUSIVE');
    await addLines(A, q);
    const before = await getQuote(A, q.id);
    const total = before.context.pricing.sellGrandTotalIncTax;
    const cent = (v: string, by: bigint) => fromScaled(toScaled(v) + by * 100n, 2);
    const at = async () => (await getQuote(A, q.id)).lastUpdatedAt;
    expectField(
      await putPricing(A, q.id, { lastUpdatedAt: await at(), depositAmountOverride: cent(total, 1n) }),
      400,
      'depositAmountOverride',
      `The deposit cannot be more than the total, ${formatPdfMoney(total)}`,
    );
    // The bound is the total with the request applied: a discount sent with the deposit lowers it.
    const lower = { label: 'Discount', amountExTax: '-100', taxType: 'NONE' };
    const discounted = expected(before, { ...NO_INPUTS, adjustments: [asInput(lower)] }).sellGrandTotalIncTax;
    expectField(
      await putPricing(A, q.id, {
        lastUpdatedAt: await at(),
        depositAmountOverride: total,
        adjustments: [lower],
      }),
      400,
      'depositAmountOverride',
      `${pricingMessages.depositAboveTotal}, ${formatPdfMoney(discounted)}`,
    );
    expect(await getQuote(A, q.id)).toEqual(before); // nothing of the refused writes stayed
    const atTotal = (
      await ok(putPricing(A, q.id, { lastUpdatedAt: await at(), depositAmountOverride: total }))
    ).pricing as QuotePricing;
    expect(atTotal.depositAmount).toBe(total);
    const both = (
      await ok(
        putPricing(A, q.id, {
          lastUpdatedAt: await at(),
          depositAmountOverride: discounted,
          adjustments: [lower],
        }),
      )
    ).pricing as QuotePricing;
    expect(both).toMatchObject({ depositAmount: discounted, sellGrandTotalIncTax: discounted });
  });

  it('keeps the tax amount between 0 and R(sellTotalTaxable × 2r); 400 naming sellTaxOverride with the bound', async () => {
    const q = await newQuote(A, 'EXCLUSIVE');
    await addLines(A, q);
    await t.pool.query('UPDATE users SET can_override_tax = true WHERE id = $1', [A.userId]);
    const before = await getQuote(A, q.id);
    const at = async () => (await getQuote(A, q.id)).lastUpdatedAt;
    // Taxable 375.00 at 10 %: 37.50 calculated, at most 75.00 charged.
    expect(before.context.pricing).toMatchObject({ sellTotalTaxable: '375.00', sellTaxCalculated: '37.50' });
    expectField(
      await putPricing(A, q.id, { lastUpdatedAt: await at(), sellTaxOverride: '75.01' }),
      400,
      'sellTaxOverride',
      `${pricingMessages.taxAboveBound}, $75.00`,
    );
    // With the request applied: a taxable fee of 100 raises the bound to R(475.00 × 20 %) = 95.00.
    const p = (
      await ok(
        putPricing(A, q.id, {
          lastUpdatedAt: await at(),
          sellTaxOverride: '95',
          adjustments: [fee('EXCLUSIVE')],
        }),
      )
    ).pricing as QuotePricing;
    expect(p).toMatchObject({ sellTotalTaxable: '475.00', sellTaxOverride: '95.00', sellTaxTotal: '95.00' });
    expectField(
      await putPricing(A, q.id, { lastUpdatedAt: await at(), sellTaxOverride: '95.01' }),
      400,
      'sellTaxOverride',
      `${pricingMessages.taxAboveBound}, $95.00`,
    );
    expect(
      (await ok(putPricing(A, q.id, { lastUpdatedAt: await at(), sellTaxOverride: '0' }))).pricing,
    ).toMatchObject({
      sellTaxTotal: '0.00',
    });
  });

  it('answers 404 for another dealer’s quote, a missing one and a purchase order, changing nothing', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    await addLines(A, q);
    const before = await getQuote(A, q.id);
    const body = { lastUpdatedAt: before.lastUpdatedAt, depositAmountOverride: '1' };
    for (const res of [
      await putPricing(B, q.id, body),
      await postOverride(B, q.externalId, { override_total: '1', lastUpdatedAt: before.lastUpdatedAt }),
      await putPricing(A, 999_999, body),
      await postOverride(A, 999_999, { override_total: '1' }),
      await postOverride(A, await createOrder(t.db, A.accountId, 'PURCHASE_ORDER'), { override_total: '1' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await getQuote(A, q.id)).toEqual(before);
  });

  it('answers 401 without a session and 419 without the CSRF token', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    const lastUpdatedAt = (await getQuote(A, q.id)).lastUpdatedAt;
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await anonymous.put(`/api/deal-quotes/${q.id}/pricing`, { lastUpdatedAt })).statusCode).toBe(401);
    expect(
      (
        await anonymous.post(`/api/old/quotes/${q.externalId}/manage-prices/apply-override-total`, {
          override_total: '1',
        })
      ).statusCode,
    ).toBe(401);
    const noToken = new TestClient(t.app);
    noToken.cookie = A.client.cookie;
    const put = await noToken.put(`/api/deal-quotes/${q.id}/pricing`, {
      lastUpdatedAt,
      depositAmountOverride: '1',
    });
    expect(put.statusCode).toBe(419);
    const post = await noToken.post(`/api/old/quotes/${q.externalId}/manage-prices/apply-override-total`, {
      override_total: '1',
    });
    expect(post.statusCode).toBe(419);
    expect((await getQuote(A, q.id)).context.pricing.depositAmountOverride).toBeNull();
    expect((await getQuote(A, q.id)).totalSellPriceOverride).toBeNull();
  });

  it('answers 409 to a stale lastUpdatedAt, keeping the earlier write', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    const { windowId } = await addLines(A, q);
    const seen = (await getQuote(A, q.id)).lastUpdatedAt;
    const first = await ok(putPricing(A, q.id, { lastUpdatedAt: seen, depositAmountOverride: '10' }));
    expect(first.lastUpdatedAt).not.toBe(seen);
    const stale = await putPricing(A, q.id, { lastUpdatedAt: seen, depositAmountOverride: '20' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', message: pricingMessages.stale });
    const staleOverride = await postOverride(A, q.externalId, { override_total: '1', lastUpdatedAt: seen });
    expect(staleOverride.statusCode).toBe(409);
    expect(staleOverride.json().error.message).toBe(pricingMessages.stale);
    const now = await getQuote(A, q.id);
    expect(now.context.pricing.depositAmountOverride).toBe('10.00');
    expect(now.totalSellPriceOverride).toBeNull();
    expect(now.lastUpdatedAt).toBe(first.lastUpdatedAt);
    // A line write moves lastUpdatedAt too: pricing read before it is stale.
    await ok(
      A.client.post(`/api/old/quotes/${q.externalId}/windows/${windowId}/products`, {
        product_id: productIds.remote,
      }),
    );
    expect(
      (await putPricing(A, q.id, { lastUpdatedAt: first.lastUpdatedAt, depositAmountOverride: '30' }))
        .statusCode,
    ).toBe(409);
    // The answer's lastUpdatedAt is the quote's: the next write with it goes through.
    const fresh = (await getQuote(A, q.id)).lastUpdatedAt;
    const next = await ok(putPricing(A, q.id, { lastUpdatedAt: fresh, depositAmountOverride: '30' }));
    await ok(putPricing(A, q.id, { lastUpdatedAt: next.lastUpdatedAt, depositAmountOverride: '40' }));
    expect((await getQuote(A, q.id)).context.pricing.depositAmountOverride).toBe('40.00');
  });

  it('answers 409 to pricing an accepted, archived or archived-deal quote, changing nothing', async () => {
    const accepted = await newQuote(A, 'EXCLUSIVE');
    await addLines(A, accepted);
    await t.pool.query("UPDATE deal_quotes SET status = 'ACCEPTED', accepted_at = now() WHERE id = $1", [
      accepted.id,
    ]);
    const archived = await newQuote(A, 'EXCLUSIVE');
    await ok(A.client.post(`/api/deal-quotes/${archived.id}/archive`));
    const onArchivedDeal = await newQuote(A, 'EXCLUSIVE');
    await ok(A.client.post(`/api/deals/${onArchivedDeal.dealId}/archive`));
    for (const q of [accepted, archived, onArchivedDeal]) {
      const before = await getQuote(A, q.id);
      const put = await putPricing(A, q.id, {
        lastUpdatedAt: before.lastUpdatedAt,
        adjustments: [fee('EXCLUSIVE')],
      });
      expect(put.statusCode).toBe(409);
      expect(put.json().error.message).toBe(quoteMessages.readOnly);
      const post = await postOverride(A, q.externalId, { override_total: '1' });
      expect(post.statusCode).toBe(409);
      expect(post.json().error.message).toBe(quoteMessages.readOnly);
      expect(await getQuote(A, q.id)).toEqual(before);
    }
  });

  it('changes the tax amount only with the permission, and never when prices include tax', async () => {
    const d = await dealer();
    const q = await newQuote(d, 'EXCLUSIVE');
    await addLines(d, q);
    const at = async () => (await getQuote(d, q.id)).lastUpdatedAt;
    expect((await getQuote(d, q.id)).context.permissions).toEqual({ canOverrideTax: false });
    const refused = await putPricing(d, q.id, { lastUpdatedAt: await at(), sellTaxOverride: '5' });
    expectField(refused, 403, 'sellTaxOverride', pricingMessages.taxOverrideNotAllowed);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    // Sending the stored value (none) is no change: allowed, as is every other field.
    await ok(
      putPricing(d, q.id, { lastUpdatedAt: await at(), sellTaxOverride: null, depositAmountOverride: '5' }),
    );
    expect((await getQuote(d, q.id)).context.pricing.sellTaxOverride).toBeNull();

    await t.pool.query('UPDATE users SET can_override_tax = true WHERE id = $1', [d.userId]);
    expect((await getQuote(d, q.id)).context.permissions).toEqual({ canOverrideTax: true });
    const p = (await ok(putPricing(d, q.id, { lastUpdatedAt: await at(), sellTaxOverride: '5.5' }))).pricing;
    // Lines 483.00 ex tax (140.00 + 280.00 + the untaxed 63.00), taxable 420.00 → 42.00 calculated, 5.50 charged.
    expect(p).toMatchObject({
      sellTaxCalculated: '42.00',
      sellTaxOverride: '5.50',
      sellTaxTotal: '5.50',
      sellGrandTotalExTax: '483.00',
      sellGrandTotalIncTax: '488.50',
    });
    expect(await cacheOf(q.id)).toBe('488.50');

    const inclusive = await newQuote(d, 'INCLUSIVE');
    expectField(
      await putPricing(d, inclusive.id, {
        lastUpdatedAt: (await getQuote(d, inclusive.id)).lastUpdatedAt,
        sellTaxOverride: '1',
      }),
      400,
      'sellTaxOverride',
      pricingMessages.taxOverrideInclusive,
    );
  });

  it('lets exactly one of 20 concurrent writes with the same lastUpdatedAt through; the others answer 409', async () => {
    const q = await newQuote(A, 'INCLUSIVE');
    await addLines(A, q);
    const lastUpdatedAt = (await getQuote(A, q.id)).lastUpdatedAt;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? putPricing(A, q.id, { lastUpdatedAt, depositAmountOverride: String(i) })
          : postOverride(A, q.externalId, { lastUpdatedAt, override_total: String(400 + i) }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((r) => r.statusCode === 409))
      expect(r.json().error.message).toBe(pricingMessages.stale);
    // What is stored is the one winner's write.
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const detail = await getQuote(A, q.id);
    if (winner % 2) expect(detail.context.pricing.depositAmountOverride).toBe(`${winner}.00`);
    else expect(detail.totalSellPriceOverride).toBe(`${400 + winner}.00`);
    const body = answers[winner]!.json();
    expect(body.lastUpdatedAt ?? body.data.lastUpdatedAt).toBe(detail.lastUpdatedAt);
  });
});

// ——— Clones and the board ———

describe('clones and the board', () => {
  it('clones a quote with its adjustments and overrides: the same total', async () => {
    const q = await newQuote(A, 'EXCLUSIVE');
    await addLines(A, q);
    await ok(
      putPricing(A, q.id, {
        lastUpdatedAt: (await getQuote(A, q.id)).lastUpdatedAt,
        adjustments: [fee('EXCLUSIVE'), discount('EXCLUSIVE')],
        depositAmountOverride: '123',
      }),
    );
    await ok(postOverride(A, q.externalId, { override_total: '480', override_taxables: true }));
    const source = await getQuote(A, q.id);
    const { id } = await ok(A.client.post(`/api/deal-quotes/${q.id}/clone`, {}));
    const clone = await getQuote(A, id);
    expect(clone.context.pricing).toEqual(source.context.pricing);
    expect(clone.totalSellPriceOverride).toBe('480.00');
    // 480.00 itself cannot be reached with 10 % on a 2-decimal amount (−50.45 → 480.01, −50.46 →
    // 479.99): the nearest total below it, as DESIGN §5 says.
    expect(source.context.pricing.sellGrandTotalIncTax).toBe('479.99');
    expect(await cacheOf(id)).toBe('479.99');
  });

  it('shows each deal’s newest quote total on its card and each column’s sum over all its deals', async () => {
    const d = await dealer();
    const board = async (query = '') =>
      (await ok(d.client.get(`/api/deals?workflowId=${d.workflowId}${query}`))) as {
        data: Deal[];
        counts: Record<string, number>;
        quoteTotals: Record<string, string>;
      };
    const deal = async (name: string) =>
      (await ok(d.client.post('/api/deals', { workflowId: d.workflowId, name }))) as Deal;
    const [one, two, none] = [await deal('Alpha'), await deal('Bravo'), await deal('Charlie')];
    // Alpha: an older quote of 475.50… then a newer one with fewer lines; the newer one counts.
    const older = await newQuote(d, 'INCLUSIVE', { dealId: one.id });
    const olderLines = await addLines(d, older);
    expect(olderLines.windowId).toBeGreaterThan(0);
    const newer = await newQuote(d, 'INCLUSIVE', { dealId: one.id });
    const base = `/api/old/quotes/${newer.externalId}/windows`;
    const [w] = (await ok(d.client.post(base, { order_windows: [{ order_id: newer.externalId }] }))).data;
    await ok(d.client.post(`${base}/${w.id}/products`, { product_id: productIds.remote }));
    // Bravo: one EXCLUSIVE quote, then a newer one archived (archived quotes do not count).
    const bravo = await newQuote(d, 'EXCLUSIVE', { dealId: two.id });
    await addLines(d, bravo);
    const archived = await newQuote(d, 'EXCLUSIVE', { dealId: two.id });
    await addLines(d, archived);
    await ok(d.client.post(`/api/deal-quotes/${archived.id}/archive`));

    const totals = { alpha: await cacheOf(newer.id), bravo: await cacheOf(bravo.id) };
    // The remote with 40 % and 10 % tax included: 63.00 × 1.1.
    expect(totals.alpha).toBe('69.30');
    // 140.00 + 280.00 + 63.00 (untaxed) ex tax, and 42.00 tax on the taxable 420.00.
    expect(totals.bravo).toBe('525.00');
    const page = await board('&limit=1');
    const status = String(one.statusId);
    expect(page.data).toHaveLength(1);
    expect(page.counts[status]).toBe(3);
    expect(page.quoteTotals[status]).toBe('594.30');
    const full = await board();
    const card = (id: number) => full.data.find((x) => x.id === id)!.context.quoteTotal;
    expect([card(one.id), card(two.id), card(none.id)]).toEqual(['69.30', '525.00', null]);
    // Filtered boards sum the deals that match.
    expect((await board('&search=Bravo')).quoteTotals).toEqual({ [status]: '525.00' });
    // A pricing change reaches the card at once and the column's (cached) total once announced.
    await ok(postOverride(d, bravo.externalId, { override_total: '400' }));
    expect((await ok(d.client.get(`/api/deals/${two.id}`))).context.quoteTotal).toBe('400.00');
    await vi.waitFor(async () => expect((await board()).quoteTotals[status]).toBe('469.30'), {
      timeout: 5_000,
    });
    // A column without deals has no entry, as in counts.
    expect(Object.keys(full.quoteTotals).sort()).toEqual(Object.keys(full.counts).sort());
  });
});

// ——— The demo seed ———

describe('the demo seed', () => {
  let demo: TestApp;
  afterAll(async () => {
    await demo?.close();
  });

  it('has quotes in both tax modes with adjustments, and every cached total equals its repricing', async () => {
    demo = await createTestApp();
    expect(await seedDemoIfEmpty(demo.db, { filesRoot: path.join(demo.outboxDir, '../files') })).toBe(true);
    const client = await signedInClient(demo, DEMO_LOGIN);
    const { rows } = await demo.db.execute<{ id: number; total: string }>(
      sql`SELECT id, grand_total_inc_tax::text AS total FROM deal_quotes ORDER BY id`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const modes = new Set<string>();
    let adjusted = 0;
    for (const row of rows) {
      const q = await ok(client.get(`/api/deal-quotes/${row.id}`));
      const quote = q as DealQuote;
      modes.add(quote.config.taxMode);
      const entered = quote.context.pricing.adjustments.filter((a) => !a.isSystem);
      if (entered.length) adjusted += 1;
      const amount = (a: (typeof entered)[number]) =>
        quote.config.taxMode === 'INCLUSIVE' ? a.amountIncTax : a.amountExTax;
      const repriced = expected(quote, {
        adjustments: entered.map((a) => ({ label: a.label, amount: amount(a), taxType: a.taxType })),
        depositAmountOverride: quote.context.pricing.depositAmountOverride,
        sellTaxOverride: quote.context.pricing.sellTaxOverride,
        overrideTotal: null,
      });
      // The demo has no override total (the browser test makes one).
      expect(quote.totalSellPriceOverride).toBeNull();
      expect(quote.context.pricing, `quote ${row.id}`).toEqual(repriced);
      expect(row.total, `quote ${row.id}`).toBe(repriced.sellGrandTotalIncTax);
      expect(quote.context.permissions.canOverrideTax).toBe(true);
    }
    expect([...modes].sort()).toEqual(['EXCLUSIVE', 'INCLUSIVE']);
    // The first clean quote of each mode, and the clone of one if it was re-quoted.
    expect(adjusted).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
