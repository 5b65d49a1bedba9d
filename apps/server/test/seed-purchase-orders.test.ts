import path from 'node:path';
import type { PurchaseOrder, PurchaseOrderListItem } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// The demo seed's purchase orders: seeded into a fresh database, read back through the API.

let t: TestApp;
let client: TestClient;
let listed: PurchaseOrderListItem[];
let archived: PurchaseOrderListItem[];
let details: PurchaseOrder[];
let suppliers: { id: number; name: string; offlineOnly: boolean; isInternal: boolean }[];

const list = async (filters: Record<string, unknown>) =>
  (
    await client.post('/api/purchaseorder', {
      filters: { dateFrom: '2000-01-01', dateTo: '2050-01-01', ...filters },
      pagination: { limit: 500, offset: 0 },
    })
  ).json<{ data: PurchaseOrderListItem[]; total: number }>().data;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(true);
  client = await signedInClient(t, DEMO_LOGIN);
  suppliers = (await client.get('/api/purchaseorder/suppliers')).json<{ data: typeof suppliers }>().data;
  listed = await list({ isArchived: false });
  archived = await list({ isArchived: true });
  details = [];
  for (const o of [...listed, ...archived]) {
    const res = await client.get(`/api/purchaseorder/${o.id}`);
    expect(res.statusCode).toBe(200);
    details.push(res.json<PurchaseOrder>());
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo seed: purchase orders', () => {
  it('has an open, a submitted and an archived order for each of the three suppliers', () => {
    expect(suppliers.map((s) => [s.offlineOnly, s.isInternal]).sort()).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
    for (const s of suppliers) {
      const mine = listed.filter((o) => o.manufacturerId === s.id);
      expect(
        mine.some((o) => o.status === 'OPEN'),
        s.name,
      ).toBe(true);
      expect(
        mine.some((o) => o.status === 'SUBMITTED' || o.revisionNumber > 1),
        s.name,
      ).toBe(true);
      expect(
        archived.some((o) => o.manufacturerId === s.id),
        s.name,
      ).toBe(true);
      for (const o of mine) expect(o.totalQuantity, `#${o.tuid}`).toBeGreaterThan(0);
    }
  });

  it('gives every submitted order a supplier order, the offline one as the dealer entered it', () => {
    for (const o of listed.filter((x) => x.status === 'SUBMITTED')) {
      const supplier = suppliers.find((s) => s.id === o.manufacturerId)!;
      const orders = supplier.offlineOnly
        ? o.context.offlineManufacturerOrders
        : o.context.manufacturerOrders;
      expect(orders, `#${o.tuid}`).toHaveLength(1);
      // The supplier-orders seed's hand-entered order has been moved on to 'Dispatched'.
      if (supplier.offlineOnly) expect(['In production', 'Dispatched']).toContain(orders[0]!.status);
    }
  });

  it("has the offline supplier's order reopened as revision 2, with the added window as its difference", () => {
    const revision = details.find((d) => d.revisionNumber === 2);
    expect(revision).toBeDefined();
    expect(suppliers.find((s) => s.id === revision!.manufacturerId)!.offlineOnly).toBe(true);
    expect(revision!.status).toBe('OPEN');
    expect(revision!.context.parentOrder).toMatchObject({ isQuote: false, tuid: revision!.tuid });
    expect(revision!.context.revisionChanges.length).toBeGreaterThan(0);
    expect(revision!.context.revisionChanges.every((c) => c.kind === 'ADDED')).toBe(true);
  });

  it("has one open order with a pending supplier update (the internal supplier's), which blocks its submission", () => {
    const pending = details.filter((d) => d.context.pendingUpdates.hasPendingUpdates);
    expect(pending).toHaveLength(1);
    expect(suppliers.find((s) => s.id === pending[0]!.manufacturerId)!.isInternal).toBe(true);
    expect(pending[0]!.status).toBe('OPEN');
  });

  it('converted the accepted quote for one supplier, which its Ready to Order list links', async () => {
    const converted = details.filter((d) => d.sourceQuote !== null);
    expect(converted.length).toBeGreaterThanOrEqual(1);
    const quote = (await client.get(`/api/deal-quotes/${converted[0]!.sourceQuote!.id}`)).json<{
      context: { readyToOrder: { manufacturerId: number; orderId: number | null }[] };
    }>();
    const entry = quote.context.readyToOrder.find((r) => r.manufacturerId === converted[0]!.manufacturerId);
    expect(entry?.orderId).toBe(converted[0]!.id);
  });
});
