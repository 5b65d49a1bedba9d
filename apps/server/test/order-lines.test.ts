import {
  lineErrorMessages,
  measurementMessages,
  type OrderLine,
  type OrderWindow,
  quoteMessages,
} from '@slat/contracts';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerSettings, markupOverrides, products, quotes, suppliers } from '../src/db/schema';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import {
  copyOrderContents,
  createOrder,
  orderLinesOf,
  orderSummaries,
} from '../src/modules/order-contents/index';
import { orderLinesWithSummary } from '../src/modules/order-contents/order-lines.service';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';

let t: TestApp;

// ——— A small catalog whose prices make every rule visible ———

const roller = {
  key: 'roller',
  name: 'Roller Blind',
  brand: 'Fine',
  category: 'roller',
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  unit: 'mm',
  sizeLimits: { minWidth: 300, maxWidth: 1800, minHeight: 300, maxHeight: 2000 },
  // 1270 mm is 50 inches exactly.
  priceGrid: {
    widths: [600, 1270, 1800],
    drops: [1000, 2000],
    rows: [
      ['100.00', '150.00', '200.00'],
      ['120.00', '180.00', '240.00'],
    ],
  },
  optionGroups: [
    {
      key: 'control',
      name: 'Control',
      required: true,
      options: [
        { key: 'chain', name: 'Chain', type: 'BASE', price: '0.00' },
        { key: 'motor', name: 'Motorised', type: 'BASE', price: '385.50' },
      ],
    },
    {
      key: 'fabric',
      name: 'Fabric',
      required: true,
      options: [
        {
          key: 'chalk',
          name: 'Sanctuary — Chalk',
          type: 'FABRIC',
          price: '12.10',
          fabric: { width: 3000, repeat: 0, brand: 'Coastline', colour: 'Chalk' },
        },
        {
          key: 'slate',
          name: 'Sanctuary — Slate',
          type: 'FABRIC',
          price: '15.00',
          fabric: { width: 2800, repeat: 12.5, brand: 'Coastline', colour: 'Slate' },
        },
      ],
    },
    {
      key: 'extras',
      name: 'Extras',
      required: false,
      options: [
        { key: 'fascia', name: 'Fascia', type: 'BASE', price: '30.00' },
        { key: 'valance', name: 'Valance', type: 'BASE', price: '25.25' },
      ],
    },
  ],
  rules: { incompatible: [['motor', 'fascia']] },
};

const catalog = {
  suppliers: [
    {
      key: 'lines-supplier',
      name: 'Lines Supplier',
      shippingMethods: [{ name: 'Courier', address: null }],
      brands: [{ name: 'Fine' }, { name: 'Coarse', disableFineFractions: true }],
      products: [
        roller,
        {
          key: 'roman',
          name: 'Roman Blind',
          brand: 'Coarse',
          category: 'roman',
          hasWidth: true,
          hasHeight: true,
          hasQuantity: true,
          unit: 'in',
          sizeLimits: { minWidth: 12, maxWidth: 72, minHeight: 12, maxHeight: 72 },
          priceGrid: {
            widths: [24, 48, 72],
            drops: [36, 72],
            rows: [
              ['200.00', '250.00', '300.00'],
              ['220.00', '275.00', '330.00'],
            ],
          },
        },
        {
          key: 'remote',
          name: 'Remote',
          brand: 'Fine',
          category: 'accessories',
          hasWidth: false,
          hasHeight: false,
          hasQuantity: true,
          unit: 'mm',
          sizeLimits: {},
          priceGrid: { widths: [], drops: [], rows: [['45.00']] },
        },
        { ...roller, key: 'secret', name: 'Secret Roller', bundleOnly: true, optionGroups: [], rules: {} },
      ],
    },
    {
      key: 'lines-elsewhere',
      name: 'Elsewhere',
      shippingMethods: [],
      brands: [{ name: 'Elsewhere' }],
      products: [{ ...roller, brand: 'Elsewhere', name: 'Elsewhere Roller' }],
    },
  ],
};

const driftCatalog = (price: string) => ({
  suppliers: [
    {
      key: 'lines-drift',
      name: 'Drift',
      shippingMethods: [],
      brands: [{ name: 'Drift' }],
      products: [
        {
          key: 'roller',
          name: 'Drift Roller',
          brand: 'Drift',
          category: 'roller',
          hasWidth: true,
          hasHeight: true,
          hasQuantity: true,
          unit: 'mm',
          sizeLimits: { minWidth: 100, maxWidth: 1000, minHeight: 100, maxHeight: 1000 },
          priceGrid: { widths: [1000], drops: [1000], rows: [[price]] },
        },
      ],
    },
  ],
});

const ids = {} as Record<'roller' | 'roman' | 'remote' | 'secret' | 'elsewhere' | 'drift', number>;
async function productId(supplierKey: string, key: string): Promise<number> {
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
    .where(and(eq(products.key, key), eq(suppliers.key, supplierKey)));
  return row!.id;
}

type Dealer = Awaited<ReturnType<typeof createDealer>> & { client: TestClient };

async function dealer(country = 'AU'): Promise<Dealer> {
  const d = await createDealer(t.db, { country });
  await linkAccountToSupplier(t.db, d.accountId, 'lines-supplier');
  await linkAccountToSupplier(t.db, d.accountId, 'lines-drift');
  return { ...d, client: await signedInClient(t, d) };
}

let tuid = 0;
/** A deal quote's order (the quote row written directly; its routes are another module's). */
async function newQuote(d: Dealer) {
  const workflows = (await d.client.get('/api/workflows')).json();
  const deal = (
    await d.client.post('/api/deals', { workflowId: workflows[0].id, name: 'Quote deal' })
  ).json();
  const orderId = await createOrder(t.db, d.accountId, 'QUOTE');
  tuid += 1;
  const [quote] = await t.db
    .insert(quotes)
    .values({
      accountId: d.accountId,
      dealId: deal.id,
      orderId,
      tuid,
      taxMode: 'EXCLUSIVE',
      taxPercentage: '10',
      depositPercentage: '50',
    })
    .returning();
  return { orderId, quoteId: quote!.id, dealId: deal.id as number };
}

const base = (orderId: number) => `/api/old/quotes/${orderId}/windows`;

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

async function addWindow(
  d: Dealer,
  orderId: number,
  entry: Record<string, unknown> = {},
): Promise<OrderWindow> {
  const body = await ok(d.client.post(base(orderId), { order_windows: [{ order_id: orderId, ...entry }] }));
  return body.data[0];
}

async function addLine(
  d: Dealer,
  orderId: number,
  windowId: number,
  body: Record<string, unknown>,
): Promise<OrderLine> {
  const res = await ok(d.client.post(`${base(orderId)}/${windowId}/products`, body));
  expect(res.order_window_product_id).toBe(res.data.id);
  return res.data;
}

function expectField(res: LightMyRequestResponse, path: string, message?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const fields = res.json().error.fields as { path: string; message: string }[];
  expect(fields.map((f) => f.path)).toContain(path);
  if (message !== undefined) expect(fields.find((f) => f.path === path)!.message).toBe(message);
}

const options = (...keys: string[]) => ({ details: { options: keys } });
const fullSize = { width: 1000, height: 1000 };

let metric: Dealer;
let imperial: Dealer;
let foreign: Dealer;

beforeAll(async () => {
  t = await createTestApp();
  await importCatalog(t.db, catalog);
  await importCatalog(t.db, driftCatalog('100.00'));
  ids.roller = await productId('lines-supplier', 'roller');
  ids.roman = await productId('lines-supplier', 'roman');
  ids.remote = await productId('lines-supplier', 'remote');
  ids.secret = await productId('lines-supplier', 'secret');
  ids.elsewhere = await productId('lines-elsewhere', 'roller');
  ids.drift = await productId('lines-drift', 'roller');
  metric = await dealer('AU');
  imperial = await dealer('US');
  foreign = await dealer('AU');
});
afterAll(async () => {
  await t?.close();
});

describe('windows', () => {
  it('adds windows after the last one, lists them in order with their sizes shown as entered', async () => {
    const { orderId } = await newQuote(metric);
    expect(await ok(metric.client.get(base(orderId)))).toEqual({ data: [] });
    const added = await ok(
      metric.client.post(base(orderId), {
        order_windows: [
          { order_id: orderId, name: 'House/Lounge/Left', quantity: 2, width: 1200, height: '1 500' },
          { order_id: orderId, name: 'House/Lounge/Right' },
        ],
      }),
    );
    expect(added.data).toEqual([
      {
        id: expect.any(Number),
        order_id: orderId,
        name: 'House/Lounge/Left',
        quantity: 2,
        width: { value: '1200', unit: 'mm', display: '1200 mm' },
        height: { value: '1500', unit: 'mm', display: '1500 mm' },
        sort_order: 0,
        product_ids: [],
      },
      {
        id: expect.any(Number),
        order_id: orderId,
        name: 'House/Lounge/Right',
        quantity: 1,
        width: null,
        height: null,
        sort_order: 1,
        product_ids: [],
      },
    ]);
    const more = await addWindow(metric, orderId, { name: 'Garage' });
    expect(more.sort_order).toBe(2);
    const list = (await ok(metric.client.get(base(orderId)))).data as OrderWindow[];
    expect(list.map((w) => w.name)).toEqual(['House/Lounge/Left', 'House/Lounge/Right', 'Garage']);
  });

  it('takes an imperial company’s sizes in inches by default, and another unit when named', async () => {
    const { orderId } = await newQuote(imperial);
    const w = await addWindow(imperial, orderId, { width: '36 3/8', height: 48 });
    expect(w.width).toEqual({ value: '36.375', unit: 'in', display: '36 3/8"' });
    expect(w.height).toEqual({ value: '48', unit: 'in', display: '48"' });
    const mm = await addWindow(imperial, orderId, { width: 1200, height: 900, unit: 'mm' });
    expect(mm.width?.display).toBe('1200 mm');
  });

  it('answers 400 naming the entry and field: another order’s id, a size the unit cannot take', async () => {
    const { orderId } = await newQuote(metric);
    const other = await newQuote(metric);
    expectField(
      await metric.client.post(base(orderId), { order_windows: [{ order_id: other.orderId }] }),
      'order_windows[0].order_id',
    );
    expectField(
      await metric.client.post(base(orderId), {
        order_windows: [{ order_id: orderId }, { order_id: orderId, width: '12.5' }],
      }),
      'order_windows[1].width',
      measurementMessages.metricWhole,
    );
    expectField(
      await metric.client.post(base(orderId), {
        order_windows: [{ order_id: orderId, unit: 'in', height: '10 1/3' }],
      }),
      'order_windows[0].height',
      measurementMessages.imperialSixteenths,
    );
    expectField(await metric.client.post(base(orderId), { order_windows: [] }), 'order_windows');
    // Nothing was added by the refused calls.
    expect((await ok(metric.client.get(base(orderId)))).data).toEqual([]);
  });

  it('renames and resizes a window, keeping what the body leaves out', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, { name: 'Bed 1', quantity: 3, width: 900, height: 1200 });
    const res = await ok(
      metric.client.put(`${base(orderId)}/${w.id}`, { name: 'Upstairs/Bed 1', width: 950 }),
    );
    expect(res.data).toMatchObject({
      name: 'Upstairs/Bed 1',
      quantity: 3,
      width: { value: '950', unit: 'mm', display: '950 mm' },
      height: { value: '1200', unit: 'mm', display: '1200 mm' },
    });
    const cleared = await ok(metric.client.put(`${base(orderId)}/${w.id}`, { height: null }));
    expect(cleared.data.height).toBeNull();
    expectField(await metric.client.put(`${base(orderId)}/${w.id}`, { width: 'wide' }), 'width');
  });

  it('deletes a window with its products (`_method: DELETE`)', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const keep = await addWindow(metric, orderId, fullSize);
    await addLine(metric, orderId, w.id, { product_id: ids.roller });
    await addLine(metric, orderId, keep.id, { product_id: ids.roller });
    expect(await ok(metric.client.post(`${base(orderId)}/${w.id}`, { _method: 'DELETE' }))).toEqual({
      success: true,
    });
    const list = (await ok(metric.client.get(base(orderId)))).data as OrderWindow[];
    expect(list.map((x) => x.id)).toEqual([keep.id]);
    const lines = await orderLinesOf(t.db, metric.accountId, orderId);
    expect(lines.map((l) => l.orderWindowId)).toEqual([keep.id]);
    expectField(await metric.client.post(`${base(orderId)}/${keep.id}`, { _method: 'PUT' }), '_method');
  });
});

describe('adding and changing lines', () => {
  it('adds a metric line priced from the grid plus options, times quantity, with the account mark-up', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, { name: 'House/Lounge/Left' });
    const line = await addLine(metric, orderId, w.id, {
      order_id: orderId,
      order_window_id: w.id,
      product_id: ids.roller,
      brand_id: (await detail(metric, ids.roller)).brand_id,
      category_id: (await detail(metric, ids.roller)).category_id,
      width: 1200,
      height: 1000,
      quantity: 2,
      notes: 'Left of the fireplace',
      ...options('chain', 'chalk'),
    });
    // Grid 1200×1000 → 150.00; options 0.00 + 12.10; × 2 = 324.20; mark-up 40 % → 453.88.
    expect(line).toEqual({
      id: expect.any(Number),
      orderId,
      windowGroupName: 'House/Lounge/Left',
      orderWindowId: w.id,
      externalOrderLineId: null,
      quantity: 2,
      costPrice: '324.20',
      sellPrice: '453.88',
      notes: 'Left of the fireplace',
      siteMount: '',
      isTaxable: true,
      hasFreight: false,
      hasInstallation: false,
      manufacturerId: expect.any(Number),
      dimensions: {
        width: { value: '1200', unit: 'mm', display: '1200 mm' },
        height: { value: '1000', unit: 'mm', display: '1000 mm' },
      },
      context: {
        configuration: {
          width: '1200 mm',
          height: '1000 mm',
          optionGroups: [
            {
              name: 'Control',
              options: [{ value: 'chain', itemName: 'Chain', price: '0.00', quantity: 2, type: 'BASE' }],
            },
            {
              name: 'Fabric',
              options: [
                {
                  value: 'chalk',
                  itemName: 'Sanctuary — Chalk',
                  price: '12.10',
                  quantity: 2,
                  type: 'FABRIC',
                  itemFabricWidth: 3000,
                  itemFabricRepeat: 0,
                  brandName: 'Coastline',
                  color: 'Chalk',
                },
              ],
            },
          ],
        },
        errors: [],
        product: {
          id: ids.roller,
          name: 'Roller Blind',
          hasWidth: true,
          hasHeight: true,
          hasQuantity: true,
          categoryName: expect.any(String),
          brandName: 'Fine',
          disableFineFractions: false,
        },
        unitCostPrice: '162.10',
        markup: { type: 'PERCENT_MARK_UP', value: '40.00', source: 'ACCOUNT' },
        catalogVersion: { id: expect.any(Number), number: 1, isLatest: true },
      },
    });
    const [window] = (await ok(metric.client.get(base(orderId)))).data as OrderWindow[];
    expect(window!.product_ids).toEqual([line.id]);
    expect(await orderLinesOf(t.db, metric.accountId, orderId)).toEqual([line]);
  });

  it('prices the next breakpoint up, sums the options and multiplies by quantity', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId);
    const cost = async (body: Record<string, unknown>) =>
      (await addLine(metric, orderId, w.id, { product_id: ids.roller, ...body })).costPrice;
    expect(await cost({ width: 600, height: 1000, ...options('chain', 'chalk') })).toBe('112.10');
    expect(await cost({ width: 601, height: 1000, ...options('chain', 'chalk') })).toBe('162.10');
    expect(await cost({ width: 601, height: 1001, ...options('chain', 'chalk') })).toBe('192.10');
    expect(await cost({ ...fullSize, ...options('motor', 'slate', 'valance') })).toBe('575.75');
    expect(await cost({ ...fullSize, quantity: 3, ...options('chain', 'chalk', 'valance') })).toBe('562.05');
    const accessory = await addLine(metric, orderId, w.id, { product_id: ids.remote, quantity: 4 });
    expect(accessory).toMatchObject({
      costPrice: '180.00',
      sellPrice: '252.00',
      dimensions: { width: null, height: null },
      context: { configuration: { width: null, height: null }, unitCostPrice: '45.00', errors: [] },
    });
  });

  it('prices an inch size against a millimetre grid exactly: 50 in is the 1270 mm breakpoint', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId);
    const at = await addLine(metric, orderId, w.id, {
      product_id: ids.roller,
      unit: 'in',
      width: 50,
      height: 20,
      ...options('chain', 'chalk'),
    });
    expect(at.costPrice).toBe('162.10');
    expect(at.dimensions.width).toEqual({ value: '50', unit: 'in', display: '50"' });
    const above = await addLine(metric, orderId, w.id, {
      product_id: ids.roller,
      unit: 'in',
      width: '50 1/16',
      height: 20,
      ...options('chain', 'chalk'),
    });
    expect(above.costPrice).toBe('212.10');
  });

  it('keeps imperial 36 3/8 exactly as entered, and 1200 mm as 1200 mm', async () => {
    const { orderId } = await newQuote(imperial);
    const w = await addWindow(imperial, orderId);
    const line = await addLine(imperial, orderId, w.id, {
      product_id: ids.roller,
      width: '36 3/8',
      height: 40,
      ...options('chain', 'chalk'),
    });
    expect(line.dimensions.width).toEqual({ value: '36.375', unit: 'in', display: '36 3/8"' });
    expect(line.context.configuration).toMatchObject({ width: '36 3/8"', height: '40"' });
    // 36 3/8 in = 923.925 mm → 1270 column; 40 in = 1016 mm → 2000 row.
    expect(line.costPrice).toBe('192.10');
    const { rows } = await t.pool.query(
      'SELECT width_value, width_unit, height_value, height_unit FROM order_lines WHERE id = $1',
      [line.id],
    );
    expect(rows[0]).toEqual({
      width_value: '36.3750',
      width_unit: 'in',
      height_value: '40.0000',
      height_unit: 'in',
    });
    const asNumber = await addLine(imperial, orderId, w.id, {
      product_id: ids.roller,
      width: 36.375,
      height: 40,
    });
    expect(asNumber.context.configuration.width).toBe('36 3/8"');

    const metricQuote = await newQuote(metric);
    const mw = await addWindow(metric, metricQuote.orderId);
    const mm = await addLine(metric, metricQuote.orderId, mw.id, {
      product_id: ids.roller,
      width: 1200,
      height: '1 200',
    });
    expect(mm.context.configuration).toMatchObject({ width: '1200 mm', height: '1200 mm' });
  });

  it('answers 400 naming width or height for a size the unit or the brand cannot take', async () => {
    const { orderId } = await newQuote(imperial);
    const w = await addWindow(imperial, orderId);
    const url = `${base(orderId)}/${w.id}/products`;
    expectField(
      await imperial.client.post(url, { product_id: ids.roman, width: '36 3/8', height: 40 }),
      'width',
      measurementMessages.imperialQuarters,
    );
    expectField(
      await imperial.client.post(url, { product_id: ids.roller, width: 36, height: '40 1/3' }),
      'height',
      measurementMessages.imperialSixteenths,
    );
    expectField(
      await imperial.client.post(url, { product_id: ids.roller, width: 900.5, height: 900, unit: 'mm' }),
      'width',
      measurementMessages.metricWhole,
    );
    expectField(
      await imperial.client.post(url, { product_id: ids.roller, width: 'wide', height: 900 }),
      'width',
      measurementMessages.imperialSixteenths,
    );
    // The coarse brand takes quarters.
    const roman = await addLine(imperial, orderId, w.id, {
      product_id: ids.roman,
      width: '36 1/4',
      height: 40,
    });
    expect(roman.dimensions.width?.display).toBe('36 1/4"');
    expect(roman.costPrice).toBe('275.00');
    expect(roman.context.product.disableFineFractions).toBe(true);
  });

  it('takes the window’s size when the line has none, and requires one when neither has it', async () => {
    const { orderId } = await newQuote(metric);
    const sized = await addWindow(metric, orderId, { width: 1100, height: 900 });
    const bare = await addWindow(metric, orderId);
    const fromWindow = await addLine(metric, orderId, sized.id, { product_id: ids.roller, quantity: null });
    expect(fromWindow.dimensions).toMatchObject({
      width: { value: '1100', unit: 'mm' },
      height: { value: '900', unit: 'mm' },
    });
    expect(fromWindow.quantity).toBe(1);
    const url = `${base(orderId)}/${bare.id}/products`;
    expectField(
      await metric.client.post(url, { product_id: ids.roller, height: 900 }),
      'width',
      measurementMessages.required('Width'),
    );
    expectField(
      await metric.client.post(url, { product_id: ids.roller, width: 900 }),
      'height',
      measurementMessages.required('Height'),
    );
    expect(await orderLinesOf(t.db, metric.accountId, orderId)).toHaveLength(1);
  });

  it('answers 400 for a product the dealer may not quote, a brand or category not the product’s, ids not the path’s', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const other = await addWindow(metric, orderId, fullSize);
    const url = `${base(orderId)}/${w.id}/products`;
    for (const product_id of [999_999, ids.elsewhere, ids.secret])
      expectField(await metric.client.post(url, { product_id }), 'product_id');
    const roman = await detail(metric, ids.roman);
    expectField(
      await metric.client.post(url, { product_id: ids.roller, brand_id: roman.brand_id }),
      'brand_id',
    );
    expectField(
      await metric.client.post(url, { product_id: ids.roller, category_id: roman.category_id }),
      'category_id',
    );
    const otherQuote = await newQuote(metric);
    expectField(
      await metric.client.post(url, { product_id: ids.roller, order_id: otherQuote.orderId }),
      'order_id',
    );
    expectField(
      await metric.client.post(url, { product_id: ids.roller, order_window_id: other.id }),
      'order_window_id',
    );
    expectField(await metric.client.post(url, { product_id: ids.roller, quantity: 0 }), 'quantity');
    expectField(await metric.client.post(url, { product_id: 'x' }), 'product_id');
    expect(await orderLinesOf(t.db, metric.accountId, orderId)).toEqual([]);
  });

  it('returns each of the four line errors with its §8 message', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const errorsOf = async (body: Record<string, unknown>) =>
      (await addLine(metric, orderId, w.id, { product_id: ids.roller, ...body })).context.errors;
    expect(await errorsOf({})).toEqual([
      { code: 'OPTIONS_NOT_SELECTED', message: 'Options not selected yet.' },
    ]);
    expect(await errorsOf(options('chain'))).toEqual([
      { code: 'MISSING_REQUIRED_OPTIONS', message: 'Missing required options.' },
    ]);
    expect(await errorsOf(options('motor', 'chalk', 'fascia'))).toEqual([
      { code: 'INVALID_OPTIONS', message: 'Invalid options selected.' },
    ]);
    expect(await errorsOf(options('chain', 'chalk', 'slate'))).toEqual([
      { code: 'INVALID_OPTIONS', message: lineErrorMessages.INVALID_OPTIONS },
    ]);
    expect(await errorsOf(options('chain', 'chalk', 'no-such-option'))).toEqual([
      { code: 'INVALID_OPTIONS', message: lineErrorMessages.INVALID_OPTIONS },
    ]);
    const tooWide = await addLine(metric, orderId, w.id, {
      product_id: ids.roller,
      width: 2000,
      height: 1000,
      ...options('chain', 'chalk'),
    });
    expect(tooWide).toMatchObject({
      costPrice: null,
      sellPrice: null,
      context: {
        errors: [{ code: 'BAD_SIZE', message: 'Specified width/height is not allowed.' }],
        unitCostPrice: null,
      },
    });
    // Fixing the size clears the error and prices the line.
    const fixed = await ok(
      metric.client.put(`${base(orderId)}/${w.id}/products/${tooWide.id}`, { width: 1800 }),
    );
    expect(fixed.data).toMatchObject({ costPrice: '212.10', sellPrice: '296.94', context: { errors: [] } });
    const summary = (await orderSummaries(t.db, metric.accountId, [orderId])).get(orderId);
    expect(summary).toEqual({
      totalQuantity: 6,
      orderLineCount: 6,
      errorLineCount: 5,
      totalSellPrice: expect.any(String),
    });
    // The quote detail's summary comes from the lines it reads: the same figures.
    const read = await orderLinesWithSummary(t.db, metric.accountId, orderId);
    expect(read.summary).toEqual(summary);
    expect(read.orderLines).toEqual(await orderLinesOf(t.db, metric.accountId, orderId));
  });

  it('changes a line, keeping what the body leaves out, and reprices it', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const line = await addLine(metric, orderId, w.id, {
      product_id: ids.roller,
      notes: 'Keep me',
      ...options('chain', 'chalk'),
    });
    const url = `${base(orderId)}/${w.id}/products/${line.id}`;
    const changed = (
      await ok(
        metric.client.put(url, {
          type: 'quote',
          quantity: 3,
          site_mount: 'INSIDE',
          is_taxable: false,
          has_freight: true,
          has_installation: true,
          ...options('chain', 'slate'),
        }),
      )
    ).data as OrderLine;
    expect(changed).toMatchObject({
      quantity: 3,
      notes: 'Keep me',
      siteMount: 'INSIDE',
      isTaxable: false,
      hasFreight: true,
      hasInstallation: true,
      costPrice: '495.00',
      sellPrice: '693.00',
      dimensions: { width: { value: '1000' }, height: { value: '1000' } },
    });
    const nulled = (await ok(metric.client.put(url, { quantity: null }))).data as OrderLine;
    expect(nulled.quantity).toBe(1);
    expect(nulled.costPrice).toBe('165.00');
    expectField(await metric.client.put(url, { width: null }), 'width', 'Width is required');
    expectField(await metric.client.put(url, { type: 'order' }), 'type');
    expectField(await metric.client.put(url, { height: '10.5' }), 'height', measurementMessages.metricWhole);
    expect((await orderLinesOf(t.db, metric.accountId, orderId))[0]).toEqual(nulled);
  });

  it('takes a mount of inside, outside or not set, and answers 400 on site_mount for any other', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const line = await addLine(metric, orderId, w.id, { product_id: ids.roller });
    const url = `${base(orderId)}/${w.id}/products/${line.id}`;
    expect((await ok(metric.client.put(url, { site_mount: 'OUTSIDE' }))).data.siteMount).toBe('OUTSIDE');
    for (const bad of ['Face fit', 'inside', 'SIDEWAYS', 3]) {
      expectField(await metric.client.put(url, { site_mount: bad }), 'site_mount');
    }
    expect((await orderLinesOf(t.db, metric.accountId, orderId))[0]!.siteMount).toBe('OUTSIDE');
    expect((await ok(metric.client.put(url, { site_mount: '' }))).data.siteMount).toBe('');
  });

  it('removes one line, leaving its window', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const a = await addLine(metric, orderId, w.id, { product_id: ids.roller });
    const b = await addLine(metric, orderId, w.id, { product_id: ids.remote });
    expect(
      await ok(metric.client.post(`${base(orderId)}/${w.id}/products/${a.id}`, { _method: 'DELETE' })),
    ).toEqual({
      success: true,
    });
    const [window] = (await ok(metric.client.get(base(orderId)))).data as OrderWindow[];
    expect(window!.product_ids).toEqual([b.id]);
  });

  it('moves the quote’s lastUpdatedAt and the order’s updated_at on every write', async () => {
    const { orderId, quoteId } = await newQuote(metric);
    const stamps = async () =>
      (
        await t.pool.query(
          `SELECT o.updated_at AS o, q.last_updated_at AS q FROM orders o JOIN deal_quotes q ON q.order_id = o.id WHERE o.id = $1`,
          [orderId],
        )
      ).rows[0] as { o: Date; q: Date };
    await t.pool.query(`UPDATE orders SET updated_at = now() - interval '1 day' WHERE id = $1;`, [orderId]);
    await t.pool.query(`UPDATE deal_quotes SET last_updated_at = now() - interval '1 day' WHERE id = $1`, [
      quoteId,
    ]);
    const before = await stamps();
    await addWindow(metric, orderId, fullSize);
    const after = await stamps();
    expect(after.o.getTime()).toBeGreaterThan(before.o.getTime());
    expect(after.q.getTime()).toBeGreaterThan(before.q.getTime());
  });
});

async function detail(d: Dealer, id: number) {
  return ok(d.client.get(`/api/old/products/${id}/detail`));
}

describe('the options frame’s display', () => {
  it('shows the line, its product’s option groups in the line’s version with the selection, and the rules', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId, fullSize);
    const line = await addLine(metric, orderId, w.id, {
      product_id: ids.roller,
      ...options('motor', 'slate'),
    });
    const res = await ok(metric.client.get(`${base(orderId)}/${w.id}/products/${line.id}/options/display`));
    expect(res.data.line).toEqual(line);
    expect(res.data.isReadOnly).toBe(false);
    expect(res.data.unit).toBe('mm');
    expect(res.data.incompatibleOptions).toEqual([['motor', 'fascia']]);
    expect(res.data.optionGroups.map((g: { key: string }) => g.key)).toEqual(['control', 'fabric', 'extras']);
    const selected = res.data.optionGroups.flatMap((g: { options: { key: string; selected: boolean }[] }) =>
      g.options.filter((o) => o.selected).map((o) => o.key),
    );
    expect(selected).toEqual(['motor', 'slate']);
    expect(res.data.optionGroups[1].options[1]).toEqual({
      key: 'slate',
      name: 'Sanctuary — Slate',
      type: 'FABRIC',
      price: '15.00',
      fabric: { width: 2800, repeat: 12.5, brand: 'Coastline', colour: 'Slate' },
      selected: true,
    });
    // The line must be in the window of the path.
    const other = await addWindow(metric, orderId, fullSize);
    expect(
      (await metric.client.get(`${base(orderId)}/${other.id}/products/${line.id}/options/display`))
        .statusCode,
    ).toBe(404);
  });
});

describe('markup rules', () => {
  it('uses the product override over the category override over the account adjustment; a margin divides', async () => {
    const d = await dealer('AU');
    await t.db
      .insert(dealerSettings)
      .values({
        accountId: d.accountId,
        accountAdjustmentType: 'PERCENT_MARK_UP',
        accountAdjustmentValue: '50',
      })
      .onConflictDoUpdate({
        target: dealerSettings.accountId,
        set: { accountAdjustmentType: 'PERCENT_MARK_UP', accountAdjustmentValue: '50' },
      });
    const { orderId } = await newQuote(d);
    const w = await addWindow(d, orderId, fullSize);
    const price = () => addLine(d, orderId, w.id, { product_id: ids.roller, ...options('chain', 'chalk') });

    // cost 162.10: account mark-up 50 % → 243.15
    const account = await price();
    expect(account.sellPrice).toBe('243.15');
    expect(account.context.markup).toEqual({ type: 'PERCENT_MARK_UP', value: '50.00', source: 'ACCOUNT' });

    const roller = await detail(d, ids.roller);
    await t.db.insert(markupOverrides).values({
      accountId: d.accountId,
      overrideType: 'CATEGORY',
      categoryId: roller.category_id,
      adjustmentType: 'PERCENT_MARK_UP',
      adjustmentValue: '10',
    });
    const category = await price();
    expect(category.sellPrice).toBe('178.31');
    expect(category.context.markup.source).toBe('CATEGORY');

    await t.db.insert(markupOverrides).values({
      accountId: d.accountId,
      overrideType: 'PRODUCT',
      productId: ids.roller,
      adjustmentType: 'PERCENT_MARGIN',
      adjustmentValue: '20',
    });
    // 162.10 / 0.8 = 202.625 → 202.63 (half away from zero)
    const product = await price();
    expect(product.sellPrice).toBe('202.63');
    expect(product.context.markup).toEqual({ type: 'PERCENT_MARGIN', value: '20.00', source: 'PRODUCT' });

    // Another product of the account keeps the account rule.
    const remote = await addLine(d, orderId, w.id, { product_id: ids.remote });
    expect(remote.context.markup.source).toBe('ACCOUNT');

    // A line keeps the rule it was priced with when it changes; recalculate takes today's.
    const changed = (
      await ok(d.client.put(`${base(orderId)}/${w.id}/products/${account.id}`, { quantity: 2 }))
    ).data as OrderLine;
    expect(changed).toMatchObject({ sellPrice: '486.30', context: { markup: { source: 'ACCOUNT' } } });
    expect(
      await ok(d.client.post(`${base(orderId)}/recalculate`, { ids: [account.id], type: 'quote' })),
    ).toEqual({ data: { recalculated: 1 } });
    const [again] = (await orderLinesOf(t.db, d.accountId, orderId)).filter((l) => l.id === account.id);
    // 324.20 / 0.8 = 405.25
    expect(again).toMatchObject({ sellPrice: '405.25', context: { markup: { source: 'PRODUCT' } } });
  });
});

describe('catalog versions', () => {
  it('keeps an existing line’s price through a later import until it is recalculated', async () => {
    const { orderId } = await newQuote(metric);
    const w1 = await addWindow(metric, orderId, { width: 500, height: 500 });
    const w2 = await addWindow(metric, orderId, { width: 500, height: 500 });
    const a = await addLine(metric, orderId, w1.id, { product_id: ids.drift });
    const b = await addLine(metric, orderId, w2.id, { product_id: ids.drift });
    expect(a).toMatchObject({ costPrice: '100.00', sellPrice: '140.00' });
    expect(a.context.catalogVersion).toMatchObject({ number: 1, isLatest: true });

    await importCatalog(t.db, driftCatalog('130.00'));
    const [a1, b1] = await orderLinesOf(t.db, metric.accountId, orderId);
    expect(a1).toMatchObject({
      costPrice: '100.00',
      context: { catalogVersion: { number: 1, isLatest: false } },
    });
    expect(b1!.costPrice).toBe('100.00');

    // A change reprices in the line's own version.
    const changed = (
      await ok(metric.client.put(`${base(orderId)}/${w1.id}/products/${a.id}`, { quantity: 2 }))
    ).data as OrderLine;
    expect(changed).toMatchObject({ costPrice: '200.00', context: { catalogVersion: { number: 1 } } });
    // A new line takes the latest.
    const c = await addLine(metric, orderId, w2.id, { product_id: ids.drift });
    expect(c).toMatchObject({
      costPrice: '130.00',
      context: { catalogVersion: { number: 2, isLatest: true } },
    });

    // Recalculating one window's lines moves only those.
    expect(
      await ok(
        metric.client.post(`${base(orderId)}/recalculate`, {
          order_id: orderId,
          first_run: true,
          last_run: true,
          type: 'quote',
          order_window_ids: [w1.id],
        }),
      ),
    ).toEqual({ data: { recalculated: 1 } });
    const lines = await orderLinesOf(t.db, metric.accountId, orderId);
    expect(lines.map((l) => [l.id, l.costPrice, l.context.catalogVersion.number])).toEqual([
      [a.id, '260.00', 2],
      [b.id, '100.00', 1],
      [c.id, '130.00', 2],
    ]);
    // Then every line.
    expect(await ok(metric.client.post(`${base(orderId)}/recalculate`, {}))).toEqual({
      data: { recalculated: 3 },
    });
    expect((await orderLinesOf(t.db, metric.accountId, orderId)).map((l) => l.costPrice)).toEqual([
      '260.00',
      '130.00',
      '130.00',
    ]);
  });

  it('answers 400 for recalculate ids that are not the order’s, a wrong order_id or type', async () => {
    const { orderId } = await newQuote(metric);
    const other = await newQuote(metric);
    const w = await addWindow(metric, other.orderId, fullSize);
    const line = await addLine(metric, other.orderId, w.id, { product_id: ids.roller });
    const url = `${base(orderId)}/recalculate`;
    expectField(await metric.client.post(url, { order_window_ids: [w.id] }), 'order_window_ids');
    expectField(await metric.client.post(url, { ids: [line.id] }), 'ids');
    expectField(await metric.client.post(url, { order_id: other.orderId }), 'order_id');
    expectField(await metric.client.post(url, { type: 'order' }), 'type');
    expectField(await metric.client.post(url, { ids: ['x'] }), 'ids[0]');
  });
});

describe('copy and paste', () => {
  it('copies a window with its lines right after the original', async () => {
    const { orderId } = await newQuote(metric);
    const first = await addWindow(metric, orderId, { name: 'A', quantity: 2, width: 1000, height: 1000 });
    const second = await addWindow(metric, orderId, { name: 'B' });
    const l1 = await addLine(metric, orderId, first.id, {
      product_id: ids.roller,
      ...options('chain', 'chalk'),
    });
    const l2 = await addLine(metric, orderId, first.id, { product_id: ids.remote, quantity: 3 });
    const copy = (
      await ok(
        metric.client.post(`${base(orderId)}/copy-and-paste`, { order_window_id: first.id, type: 'quote' }),
      )
    ).data as OrderWindow;
    expect(copy).toMatchObject({
      name: 'A (copy)',
      quantity: 2,
      width: { display: '1000 mm' },
      height: { display: '1000 mm' },
      sort_order: 1,
    });
    expect(copy.product_ids).toHaveLength(2);
    const list = (await ok(metric.client.get(base(orderId)))).data as OrderWindow[];
    expect(list.map((w) => w.id)).toEqual([first.id, copy.id, second.id]);
    const lines = await orderLinesOf(t.db, metric.accountId, orderId);
    const copied = lines.filter((l) => l.orderWindowId === copy.id);
    const strip = (l: OrderLine) => ({ ...l, id: 0, orderWindowId: 0, windowGroupName: '' });
    expect(copied.map(strip)).toEqual([l1, l2].map(strip));
    expect(copied.map((l) => l.windowGroupName)).toEqual(['A (copy)', 'A (copy)']);
    expect(copied.map((l) => l.id)).toEqual(copy.product_ids);

    expectField(
      await metric.client.post(`${base(orderId)}/copy-and-paste`, {
        order_window_id: first.id,
        type: 'order',
      }),
      'type',
    );
    const elsewhere = await newQuote(metric);
    const foreignWindow = await addWindow(metric, elsewhere.orderId);
    expectField(
      await metric.client.post(`${base(orderId)}/copy-and-paste`, { order_window_id: foreignWindow.id }),
      'order_window_id',
    );
  });

  it('copies every window and line of one order into another (for quote clones)', async () => {
    const from = await newQuote(metric);
    const to = await newQuote(metric);
    const w1 = await addWindow(metric, from.orderId, { name: 'One', ...fullSize });
    const w2 = await addWindow(metric, from.orderId, { name: 'Two', ...fullSize });
    await addLine(metric, from.orderId, w1.id, { product_id: ids.roller, ...options('chain', 'chalk') });
    await addLine(metric, from.orderId, w2.id, { product_id: ids.roller, quantity: 2 });
    await addLine(metric, from.orderId, w2.id, { product_id: ids.remote });
    await copyOrderContents(t.db, metric.accountId, from.orderId, to.orderId);
    const strip = (l: OrderLine) => ({ ...l, id: 0, orderWindowId: 0, orderId: 0 });
    const source = await orderLinesOf(t.db, metric.accountId, from.orderId);
    const copied = await orderLinesOf(t.db, metric.accountId, to.orderId);
    expect(copied.map(strip)).toEqual(source.map(strip));
    expect(copied.every((l) => l.orderId === to.orderId)).toBe(true);
    const windows = (await ok(metric.client.get(base(to.orderId)))).data as OrderWindow[];
    expect(windows.map((w) => w.name)).toEqual(['One', 'Two']);
    const summaries = await orderSummaries(t.db, metric.accountId, [from.orderId, to.orderId, 999_999]);
    expect(summaries.get(to.orderId)).toEqual(summaries.get(from.orderId));
    expect(summaries.get(from.orderId)).toMatchObject({
      totalQuantity: 4,
      orderLineCount: 3,
      errorLineCount: 1,
    });
    expect(summaries.get(999_999)).toEqual({
      totalQuantity: 0,
      orderLineCount: 0,
      errorLineCount: 0,
      totalSellPrice: '0.00',
    });
    // Σ sell price exactly.
    const total = source.reduce((sum, l) => sum + BigInt(l.sellPrice!.replace('.', '')), 0n);
    expect(summaries.get(from.orderId)!.totalSellPrice).toBe(
      `${total / 100n}.${String(total % 100n).padStart(2, '0')}`,
    );
    // Another account's order cannot be copied from or to.
    const theirs = await newQuote(foreign);
    await expect(copyOrderContents(t.db, metric.accountId, theirs.orderId, to.orderId)).rejects.toThrow();
    await expect(copyOrderContents(t.db, metric.accountId, from.orderId, theirs.orderId)).rejects.toThrow();
  });
});

describe('purchase orders', () => {
  it('serves an order of kind PURCHASE_ORDER the same way, with type order', async () => {
    const orderId = await createOrder(t.db, metric.accountId, 'PURCHASE_ORDER');
    const w = await addWindow(metric, orderId, fullSize);
    const line = await addLine(metric, orderId, w.id, { product_id: ids.roller });
    const url = `${base(orderId)}/${w.id}/products/${line.id}`;
    expect((await ok(metric.client.put(url, { type: 'order', quantity: 2 }))).data.quantity).toBe(2);
    expectField(await metric.client.put(url, { type: 'quote' }), 'type');
    expect(await ok(metric.client.post(`${base(orderId)}/recalculate`, { type: 'order' }))).toEqual({
      data: { recalculated: 1 },
    });
  });
});

// ——— Every call: a read-only quote, another dealer's ids, no session, no CSRF token ———

type Ids = { orderId: number; windowId: number; lineId: number };
type Level = 'order' | 'window' | 'line';
type Call = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  write: boolean;
  level: Level;
};

function calls({ orderId, windowId, lineId }: Ids, productId: number): Call[] {
  const b = base(orderId);
  return [
    { name: 'listOrderWindows', level: 'order', method: 'GET', url: b, write: false },
    {
      name: 'addOrderWindows',
      level: 'order',
      method: 'POST',
      url: b,
      body: { order_windows: [{ order_id: orderId, width: 900, height: 900 }] },
      write: true,
    },
    {
      name: 'updateOrderWindow',
      level: 'window',
      method: 'PUT',
      url: `${b}/${windowId}`,
      body: { name: 'Changed' },
      write: true,
    },
    {
      name: 'addOrderLine',
      level: 'window',
      method: 'POST',
      url: `${b}/${windowId}/products`,
      body: { product_id: productId },
      write: true,
    },
    {
      name: 'updateOrderLine',
      level: 'line',
      method: 'PUT',
      url: `${b}/${windowId}/products/${lineId}`,
      body: { quantity: 5 },
      write: true,
    },
    {
      name: 'getOrderLineOptions',
      level: 'line',
      method: 'GET',
      url: `${b}/${windowId}/products/${lineId}/options/display`,
      write: false,
    },
    {
      name: 'copyOrderWindow',
      level: 'order',
      method: 'POST',
      url: `${b}/copy-and-paste`,
      body: { order_window_id: windowId },
      write: true,
    },
    {
      name: 'recalculateOrder',
      level: 'order',
      method: 'POST',
      url: `${b}/recalculate`,
      body: {},
      write: true,
    },
    {
      name: 'deleteOrderLine',
      level: 'line',
      method: 'POST',
      url: `${b}/${windowId}/products/${lineId}`,
      body: { _method: 'DELETE' },
      write: true,
    },
    {
      name: 'deleteOrderWindow',
      level: 'window',
      method: 'POST',
      url: `${b}/${windowId}`,
      body: { _method: 'DELETE' },
      write: true,
    },
  ];
}

async function quoteWithLine(d: Dealer) {
  const quote = await newQuote(d);
  const w = await addWindow(d, quote.orderId, fullSize);
  const line = await addLine(d, quote.orderId, w.id, {
    product_id: ids.roller,
    ...options('chain', 'chalk'),
  });
  return { ...quote, windowId: w.id, lineId: line.id };
}

/** Everything stored about the account's orders, as text. */
async function ordersFingerprint(accountId: number): Promise<string> {
  const { rows } = await t.pool.query(
    `SELECT (SELECT json_agg(o ORDER BY o.id) FROM orders o WHERE account_id = $1)::text AS o,
            (SELECT json_agg(q ORDER BY q.id) FROM deal_quotes q WHERE account_id = $1)::text AS q,
            (SELECT json_agg(w ORDER BY w.id) FROM order_windows w WHERE account_id = $1)::text AS w,
            (SELECT json_agg(l ORDER BY l.id) FROM order_lines l WHERE account_id = $1)::text AS l`,
    [accountId],
  );
  return JSON.stringify(rows[0]);
}

describe('every call', () => {
  it('answers 200 on a draft quote (the happy path of the table below)', async () => {
    const q = await quoteWithLine(metric);
    for (const call of calls(q, ids.roller)) {
      const res = await metric.client.request(call.method, call.url, call.body);
      expect(res.statusCode, `${call.name}: ${res.body}`).toBe(200);
    }
  });

  it.each([
    ['accepted', `UPDATE deal_quotes SET status = 'ACCEPTED', accepted_at = now() WHERE id = $1`],
    ['archived', 'UPDATE deal_quotes SET is_archived = true WHERE id = $1'],
    [
      'on an archived deal',
      'UPDATE deals SET is_archived = true WHERE id = (SELECT deal_id FROM deal_quotes WHERE id = $1)',
    ],
  ])('answers 409 to every write when the quote is %s, changing nothing', async (_, update) => {
    const d = await dealer('AU');
    const q = await quoteWithLine(d);
    await t.pool.query(update, [q.quoteId]);
    const before = await ordersFingerprint(d.accountId);
    for (const call of calls(q, ids.roller)) {
      const res = await d.client.request(call.method, call.url, call.body);
      if (call.write) {
        expect(res.statusCode, `${call.name}: ${res.body}`).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: quoteMessages.readOnly });
      } else expect(res.statusCode, call.name).toBe(200);
    }
    expect(await ordersFingerprint(d.accountId)).toBe(before);
    const display = await ok(
      d.client.get(`${base(q.orderId)}/${q.windowId}/products/${q.lineId}/options/display`),
    );
    expect(display.data.isReadOnly).toBe(true);
  });

  it('answers 404 to another dealer’s order, window or line, changing nothing of theirs', async () => {
    const mine = await quoteWithLine(metric);
    const theirs = await quoteWithLine(foreign);
    const before = await ordersFingerprint(foreign.accountId);
    const mineBefore = await ordersFingerprint(metric.accountId);
    // Each mix with the levels of call whose path holds a foreign id.
    const mixes: [Ids, Level[]][] = [
      [theirs, ['order', 'window', 'line']],
      [{ ...mine, windowId: theirs.windowId }, ['window', 'line']],
      [{ ...mine, lineId: theirs.lineId }, ['line']],
      [{ ...theirs, windowId: mine.windowId, lineId: mine.lineId }, ['order', 'window', 'line']],
    ];
    for (const [mix, levels] of mixes)
      for (const call of calls(mix, ids.roller).filter((c) => levels.includes(c.level))) {
        const res = await metric.client.request(call.method, call.url, call.body);
        expect(res.statusCode, `${call.name} ${call.url}: ${res.body}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    expect(await ordersFingerprint(foreign.accountId)).toBe(before);
    expect(await ordersFingerprint(metric.accountId)).toBe(mineBefore);
  });

  it('answers 404 to a window of another order of the same account, and a line of another window', async () => {
    const one = await quoteWithLine(metric);
    const two = await quoteWithLine(metric);
    const before = await ordersFingerprint(metric.accountId);
    const mixes: [Ids, Level[]][] = [
      [{ ...one, windowId: two.windowId, lineId: two.lineId }, ['window', 'line']],
      [{ ...one, lineId: two.lineId }, ['line']],
    ];
    for (const [mix, levels] of mixes)
      for (const call of calls(mix, ids.roller).filter((c) => levels.includes(c.level))) {
        const res = await metric.client.request(call.method, call.url, call.body);
        expect(res.statusCode, `${call.name} ${call.url}`).toBe(404);
      }
    expect(await ordersFingerprint(metric.accountId)).toBe(before);
    expect((await metric.client.get(base(999_999))).statusCode).toBe(404);
  });

  it('answers 401 without a session and 419 without the CSRF token', async () => {
    const q = await quoteWithLine(metric);
    const before = await ordersFingerprint(metric.accountId);
    const anonymous = new TestClient(t.app);
    const noToken = await signedInClient(t, metric);
    noToken.token = undefined;
    for (const call of [
      ...calls(q, ids.roller),
      {
        name: 'listSalesReps',
        level: 'order' as const,
        method: 'GET' as const,
        url: '/api/quotes/sales-reps',
        write: false,
      },
    ]) {
      const res = await anonymous.request(call.method, call.url, call.body);
      expect(res.statusCode, call.name).toBe(401);
      if (call.write) {
        const refused = await noToken.request(call.method, call.url, call.body);
        expect(refused.statusCode, call.name).toBe(419);
      }
    }
    expect(await ordersFingerprint(metric.accountId)).toBe(before);
  });
});

describe('concurrency and odd input', () => {
  it('waits for an accept that holds the order’s row, then answers 409', async () => {
    const d = await dealer('AU');
    const q = await quoteWithLine(d);
    const other = await t.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [q.orderId]);
      await other.query(`UPDATE deal_quotes SET status = 'ACCEPTED' WHERE id = $1`, [q.quoteId]);
      let settled = false;
      const write = d.client
        .put(`${base(q.orderId)}/${q.windowId}/products/${q.lineId}`, { quantity: 7 })
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled, 'the write waits for the lock').toBe(false);
      await other.query('COMMIT');
      const res = await write;
      expect(res.statusCode, res.body).toBe(409);
    } finally {
      other.release();
    }
    expect((await orderLinesOf(t.db, d.accountId, q.orderId))[0]!.quantity).toBe(1);
  });

  it('answers any width, height and unit with a priced line or a 400 naming the field, never a 5xx', async () => {
    const { orderId } = await newQuote(metric);
    const w = await addWindow(metric, orderId);
    const size = fc.oneof(
      fc.double({ min: 1e-9, max: 1_000_000, noNaN: true }),
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.string({ maxLength: 20 }).filter((x) => x.trim().length > 0 && !x.includes('\u0000')),
      fc.constantFrom(
        '36 3/8',
        '36-3/8',
        '3/8',
        '1 200',
        '1200 mm',
        '0',
        '00012',
        '1/0',
        '36 16/16',
        '9999999',
      ),
    );
    await fc.assert(
      fc.asyncProperty(size, size, fc.constantFrom('mm', 'in', undefined), async (width, height, unit) => {
        const res = await metric.client.post(`${base(orderId)}/${w.id}/products`, {
          product_id: ids.roller,
          width,
          height,
          ...(unit ? { unit } : {}),
        });
        if (res.statusCode === 200) {
          const line = res.json().data as OrderLine;
          expect(line.dimensions.width?.unit).toBe(unit ?? 'mm');
        } else {
          expect(res.statusCode, res.body).toBe(400);
          const paths = (res.json().error.fields as { path: string }[]).map((f) => f.path);
          expect(paths.some((p) => p === 'width' || p === 'height')).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('sales reps', () => {
  it('lists the names of the account’s users, sorted, and no one else’s', async () => {
    const d = await dealer('AU');
    const { rows } = await t.pool.query('SELECT company_id FROM users WHERE account_id = $1', [d.accountId]);
    await t.pool.query(
      `INSERT INTO users (account_id, company_id, username, email, first_name, last_name, password_hash)
       VALUES ($1, $2, $3, $4, 'Aaron', 'Zed', 'x'), ($1, $2, $5, $6, '', '', 'x')`,
      [d.accountId, rows[0].company_id, `a-${d.username}`, `a-${d.email}`, `b-${d.username}`, `b-${d.email}`],
    );
    const names = await ok(d.client.get('/api/quotes/sales-reps'));
    expect(names).toEqual(
      ['Aaron Zed', `Alex ${d.lastName}`, `b-${d.username}`].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(await ok(foreign.client.get('/api/quotes/sales-reps'))).toEqual([`Alex ${foreign.lastName}`]);
  });
});

describe('top-selling products', () => {
  it('ranks the dealer’s products by lines, then quantity, leaving out archived quotes, and fills Top Products', async () => {
    const d = await dealer('AU');
    expect(await ok(d.client.get('/api/products/top-selling'))).toEqual([]);
    const live = await newQuote(d);
    const w = await addWindow(d, live.orderId, fullSize);
    for (let i = 0; i < 3; i++) await addLine(d, live.orderId, w.id, { product_id: ids.roller });
    await addLine(d, live.orderId, w.id, { product_id: ids.remote, quantity: 5 });
    await addLine(d, live.orderId, w.id, { product_id: ids.drift });
    const archived = await newQuote(d);
    const aw = await addWindow(d, archived.orderId, { width: 36, height: 40, unit: 'in' });
    for (let i = 0; i < 5; i++) await addLine(d, archived.orderId, aw.id, { product_id: ids.roman });
    await t.db.update(quotes).set({ isArchived: true }).where(eq(quotes.id, archived.quoteId));

    expect(await ok(d.client.get('/api/products/top-selling'))).toEqual([ids.roller, ids.remote, ids.drift]);
    const tree = await ok(d.client.get('/api/products'));
    expect(tree.groups[0]).toMatchObject({ key: 'top-products', name: 'Top Products' });
    expect(tree.groups[0].products.map((p: { id: number }) => p.id)).toEqual([
      ids.roller,
      ids.remote,
      ids.drift,
    ]);
    // Another dealer's lines are not theirs.
    expect(await ok(foreign.client.get('/api/products/top-selling'))).not.toContain(ids.drift);
  });
});
