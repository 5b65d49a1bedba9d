import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deal, DealQuote, OrderLine, OrderWindow } from '@slat/contracts';
import type { ProductDefinition } from '@slat/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, suppliers } from '../src/db/schema';
import { DEMO_LOGIN, demoCatalogPath, seedDemoIfEmpty } from '../src/db/seed/demo';
import { importCatalog } from '../src/modules/catalog/index';
import { definitionChanges } from '../src/modules/order-contents/pending-updates.service';
import { createTestApp, signedInClient, type TestApp, TestClient } from './harness';

// Supplier price changes: a re-import of the demo catalog that changes some
// products marks the open quotes' lines using them; GET /deal-quotes/{id}/pending-updates says
// what 'Update now' (recalculate) would change, and after it nothing is pending.

let t: TestApp;
let demo: TestClient;

type CatalogProduct = ProductDefinition & { key: string; name: string };
type Catalog = { suppliers: { key: string; products: CatalogProduct[] }[] };
let catalog: Catalog;

const product = (c: Catalog, supplier: string, key: string) =>
  c.suppliers.find((s) => s.key === supplier)!.products.find((p) => p.key === key)!;
/** The first option of every required group: a valid selection. */
const firstOptions = (p: CatalogProduct) =>
  p.optionGroups.filter((g) => g.required).map((g) => g.options[0]!.key);

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

async function productId(supplierKey: string, key: string): Promise<number> {
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
    .where(and(eq(products.key, key), eq(suppliers.key, supplierKey)));
  return row!.id;
}

let dealId: number;

/** A new quote on a demo deal with one line per entry, each in its own window. */
async function quoteWith(
  entries: { supplier: string; key: string; width?: number; height?: number; quantity?: number }[],
) {
  const { id } = await ok(demo.post(`/api/deals/${dealId}/quotes/legacy/add`, { description: 'Updates' }));
  const quote: DealQuote = await ok(demo.get(`/api/deal-quotes/${id}`));
  const orderId = quote.externalId;
  const lines: OrderLine[] = [];
  for (const e of entries) {
    const [w] = (
      await ok(demo.post(`/api/old/quotes/${orderId}/windows`, { order_windows: [{ order_id: orderId }] }))
    ).data as OrderWindow[];
    const res = await ok(
      demo.post(`/api/old/quotes/${orderId}/windows/${w!.id}/products`, {
        product_id: await productId(e.supplier, e.key),
        width: e.width ?? 1000,
        height: e.height ?? 1000,
        quantity: e.quantity ?? 1,
        details: { options: firstOptions(product(catalog, e.supplier, e.key)) },
      }),
    );
    lines.push(res.data);
  }
  return { id: id as number, orderId, lines };
}

const detail = async (id: number): Promise<DealQuote> => ok(demo.get(`/api/deal-quotes/${id}`));
const updates = async (id: number) => ok(demo.get(`/api/deal-quotes/${id}/pending-updates`));

const NONE = {
  hasPendingUpdates: false,
  orderUpdates: { hasSurchargesUpdates: false, hasFreightUpdates: false, hasInstallationUpdates: false },
  products: [],
};
const flags = (f: Partial<Record<'pricing' | 'fabric' | 'rule', boolean>>) => ({
  costPadding: false,
  freight: false,
  installation: false,
  surcharges: false,
  pricing: false,
  fabric: false,
  rule: false,
  ...f,
});

let main: Awaited<ReturnType<typeof quoteWith>>;
let toAccept: Awaited<ReturnType<typeof quoteWith>>;
let toArchive: Awaited<ReturnType<typeof quoteWith>>;
let before: DealQuote;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(true);
  demo = await signedInClient(t, DEMO_LOGIN);
  catalog = JSON.parse(await readFile(demoCatalogPath(), 'utf8'));
  const workflows = (await demo.get('/api/workflows')).json<{ id: number }[]>();
  const deals = (await demo.get(`/api/deals?workflowId=${workflows[0]!.id}`)).json<{ data: Deal[] }>().data;
  dealId = deals[0]!.id;

  main = await quoteWith([
    { supplier: 'coastline', key: 'roller-blockout', quantity: 2 },
    { supplier: 'coastline', key: 'roman-classic' },
    { supplier: 'coastline', key: 'vertical-pvc' },
    { supplier: 'coastline', key: 'vertical-fabric' },
    { supplier: 'sunview', key: 'shutter-pvc', width: 800, height: 2000 },
  ]);
  toAccept = await quoteWith([{ supplier: 'coastline', key: 'roller-blockout' }]);
  toArchive = await quoteWith([{ supplier: 'coastline', key: 'roller-blockout' }]);
  before = await detail(main.id);

  // The supplier's next catalog: Roller Blockout's prices, a Roman Classic fabric, a Vertical PVC
  // rule change; Vertical Fabric unchanged (a new version, nothing to update).
  const next: Catalog = structuredClone(catalog);
  const roller = product(next, 'coastline', 'roller-blockout');
  roller.priceGrid.rows = roller.priceGrid.rows.map((row) => row.map(() => '500.00'));
  for (const o of roller.optionGroups.flatMap((g) => g.options)) o.price = '0.00';
  const roman = product(next, 'coastline', 'roman-classic');
  const fabric = roman.optionGroups.find((g) => g.key === 'fabric')!.options[0]!;
  fabric.fabric = { ...fabric.fabric!, colour: 'Natural Flax' };
  product(next, 'coastline', 'vertical-pvc').optionGroups.find((g) => g.key === 'colour')!.required = false;
  const [summary] = (await importCatalog(t.db, next)).suppliers.filter((s) => s.key === 'coastline');
  expect(summary).toMatchObject({ status: 'new version', version: 2 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('pending supplier updates', () => {
  it('are none while every line is on its supplier’s latest catalog version', () => {
    expect(before.context.pendingUpdates).toEqual(NONE);
  });

  it('mark a draft quote’s products by what changed in the supplier’s new catalog version', async () => {
    const q = await detail(main.id);
    expect(q.context.orderLines.map((l) => l.context.catalogVersion.isLatest)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    const [roller, roman, pvc] = main.lines.map((l) => l.context.product.id);
    expect(q.context.pendingUpdates).toEqual({
      ...NONE,
      hasPendingUpdates: true,
      products: [
        { productId: roller, productName: 'Roller Blind — Blockout', ...flags({ pricing: true }) },
        { productId: roman, productName: 'Roman Blind — Classic Fold', ...flags({ fabric: true }) },
        { productId: pvc, productName: 'Vertical Blind — PVC 127 mm', ...flags({ rule: true }) },
      ],
    });
    // Nothing is repriced by the import: the stored prices stay until 'Update now'.
    expect(q.context.orderLines.map((l) => [l.costPrice, l.sellPrice])).toEqual(
      before.context.orderLines.map((l) => [l.costPrice, l.sellPrice]),
    );
  });

  it('say per line the cost and sell price now and after, and the grand total now and after', async () => {
    const answer = await updates(main.id);
    const q = await detail(main.id);
    expect(answer.pendingUpdates).toEqual(q.context.pendingUpdates);
    const [roller, roman, pvc] = before.context.orderLines;
    expect(answer.lines).toEqual([
      {
        lineId: roller!.id,
        productId: roller!.context.product.id,
        productName: 'Roller Blind — Blockout',
        windowGroupName: roller!.windowGroupName,
        costNow: roller!.costPrice,
        // 500.00 a blind, options now free, 2 blinds.
        costAfter: '1000.00',
        sellNow: roller!.sellPrice,
        sellAfter: expect.any(String),
      },
      ...[roman!, pvc!].map((l) => ({
        lineId: l.id,
        productId: l.context.product.id,
        productName: l.context.product.name,
        windowGroupName: l.windowGroupName,
        costNow: l.costPrice,
        costAfter: l.costPrice,
        sellNow: l.sellPrice,
        sellAfter: l.sellPrice,
      })),
    ]);
    expect(roller!.costPrice).not.toBe('1000.00');
    expect(answer.sellGrandTotalIncTaxNow).not.toBe(answer.sellGrandTotalIncTaxAfter);
    expect(Number(answer.sellGrandTotalIncTaxNow)).toBeGreaterThan(0);
  });

  it('are gone after Update now (recalculate), which prices exactly as announced', async () => {
    const announced = await updates(main.id);
    expect(
      await ok(demo.post(`/api/old/quotes/${main.orderId}/windows/recalculate`, { type: 'quote' })),
    ).toEqual({ data: { recalculated: 5 } });
    const q = await detail(main.id);
    expect(q.context.pendingUpdates).toEqual(NONE);
    expect(q.context.orderLines.every((l) => l.context.catalogVersion.isLatest)).toBe(true);
    const roller = q.context.orderLines[0]!;
    expect([roller.costPrice, roller.sellPrice]).toEqual([
      announced.lines[0].costAfter,
      announced.lines[0].sellAfter,
    ]);
    expect(await updates(main.id)).toEqual({
      pendingUpdates: NONE,
      lines: [],
      sellGrandTotalIncTaxNow: announced.sellGrandTotalIncTaxAfter,
      sellGrandTotalIncTaxAfter: announced.sellGrandTotalIncTaxAfter,
    });
  });

  it('never show on an accepted or an archived quote', async () => {
    const stale = await updates(toAccept.id);
    expect(stale.pendingUpdates.hasPendingUpdates).toBe(true);
    await ok(demo.post(`/api/deal-quotes/${toAccept.id}/accept`, { acceptWithoutSignature: true }));
    await ok(demo.post(`/api/deal-quotes/${toArchive.id}/archive`));
    for (const id of [toAccept.id, toArchive.id]) {
      const q = await detail(id);
      expect(q.isReadOnly).toBe(true);
      expect(q.context.pendingUpdates).toEqual(NONE);
      const answer = await updates(id);
      expect(answer).toMatchObject({ pendingUpdates: NONE, lines: [] });
      expect(answer.sellGrandTotalIncTaxAfter).toBe(answer.sellGrandTotalIncTaxNow);
    }
  });

  it('answer 404 for another dealer’s quote exactly as for a missing one, and 401 signed out', async () => {
    const other = await signedInClient(t);
    const foreign = await other.get(`/api/deal-quotes/${main.id}/pending-updates`);
    const missing = await other.get('/api/deal-quotes/999999/pending-updates');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await new TestClient(t.app).get(`/api/deal-quotes/${main.id}/pending-updates`)).statusCode).toBe(
      401,
    );
  });
});

describe('definitionChanges', () => {
  const def = (): ProductDefinition => ({
    unit: 'mm',
    sizeLimits: { minWidth: 100 },
    priceGrid: { widths: [1000], drops: [1000], rows: [['10.00']] },
    optionGroups: [
      {
        key: 'fabric',
        name: 'Fabric',
        required: true,
        options: [
          {
            key: 'f1',
            name: 'Linen',
            type: 'FABRIC',
            price: '1.00',
            fabric: { width: 1, repeat: 0, brand: 'B', colour: 'C' },
          },
        ],
      },
      {
        key: 'ctl',
        name: 'Control',
        required: true,
        options: [{ key: 'c', name: 'C', type: 'BASE', price: '2' }],
      },
    ],
    rules: { incompatible: [] },
  });
  const change = (edit: (d: ProductDefinition) => void) => {
    const after = def();
    edit(after);
    return definitionChanges(def(), after);
  };

  it('tells pricing, fabric and rule changes apart; equal prices written differently are no change', () => {
    expect(change(() => {})).toEqual({ pricing: false, fabric: false, rule: false });
    expect(change((d) => (d.optionGroups[1]!.options[0]!.price = '2.00'))).toEqual({
      pricing: false,
      fabric: false,
      rule: false,
    });
    expect(change((d) => (d.priceGrid.rows[0]![0] = '11.00'))).toMatchObject({ pricing: true, rule: false });
    // A fabric's price is a price change, not a fabric change.
    expect(change((d) => (d.optionGroups[0]!.options[0]!.price = '3.00'))).toEqual({
      pricing: true,
      fabric: false,
      rule: false,
    });
    expect(change((d) => (d.optionGroups[0]!.options[0]!.name = 'Silk'))).toEqual({
      pricing: false,
      fabric: true,
      rule: false,
    });
    expect(change((d) => (d.optionGroups[1]!.required = false))).toEqual({
      pricing: false,
      fabric: false,
      rule: true,
    });
    expect(change((d) => d.rules.incompatible.push(['f1', 'c']))).toMatchObject({ rule: true });
    expect(change((d) => (d.sizeLimits.maxWidth = 900))).toMatchObject({ rule: true });
    expect(
      change((d) => d.optionGroups[1]!.options.push({ key: 'm', name: 'Motor', type: 'BASE', price: '9' })),
    ).toEqual({ pricing: false, fabric: false, rule: true });
  });
});
