import path from 'node:path';
import type {
  Deal,
  OfflineSupplierOrder,
  PurchaseOrderListItem,
  SupplierOrder,
  SupplierOrderHistoryEntry,
} from '@slat/contracts';
import { supplierOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { seedDemoSupplierOrders } from '../src/db/seed/supplier-orders';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// The demo seed's supplier orders: seeded into a fresh database, read back through the API.

let t: TestApp;
let client: TestClient;
let suppliers: { id: number; name: string; offlineOnly: boolean; isInternal: boolean }[];
let submitted: PurchaseOrderListItem[];
let online: SupplierOrder[];

const get = async <T>(url: string): Promise<T> => {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const historyOf = async (supplierOrderId: number) =>
  get<{ data: SupplierOrderHistoryEntry[]; total: number }>(`/api/old/trackers?id=${supplierOrderId}`);

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(true);
  client = await signedInClient(t, DEMO_LOGIN);
  suppliers = (await get<{ data: typeof suppliers }>('/api/purchaseorder/suppliers')).data;
  const res = await client.post('/api/purchaseorder', {
    filters: { status: 'SUBMITTED' },
    pagination: { limit: 500, offset: 0 },
  });
  submitted = res.json<{ data: PurchaseOrderListItem[] }>().data;
  online = [];
  for (const o of submitted.filter((x) => x.context.manufacturerOrders.length > 0))
    online.push(...(await get<SupplierOrder[]>(`/api/purchaseorder/${o.id}/manufacturerorders`)));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const onlineSupplier = () => suppliers.find((s) => !s.offlineOnly && !s.isInternal)!;

describe('the demo seed: supplier orders', () => {
  it('has every submitted order made before it was sent', async () => {
    expect(submitted.length).toBeGreaterThan(0);
    for (const o of submitted) expect(o.createdAt <= o.submittedAt!, `order ${o.id}`).toBe(true);
  });

  it("has the online supplier's orders in every core status, each with its history", async () => {
    const mine = online.filter((o) => o.manufacturerId === onlineSupplier().id);
    expect(new Set(mine.map((o) => o.context.orderStatus.coreStatus))).toEqual(
      new Set(['UNSTARTED', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED']),
    );
    for (const o of mine.filter((x) => x.acknowledgement !== '')) {
      const history = await historyOf(o.id);
      expect(history.total, `supplier order ${o.id}`).toBeGreaterThan(0);
      expect(history.data[0]!.employee.fullName).toBe(`${onlineSupplier().name} (supplier)`);
      // Answered over the days since the order was submitted, newest first.
      const submittedAt = submitted.find((x) => x.id === o.orderId)!.submittedAt!;
      const times = history.data.map((e) => e.createdAt);
      expect(times.every((at) => at > submittedAt && at <= new Date().toISOString())).toBe(true);
      expect([...times].sort().reverse()).toEqual(times);
    }
    const shipped = mine.find((o) => o.context.orderStatus.coreStatus === 'COMPLETED')!;
    expect(shipped.tracking.number).not.toBe('');
    expect(shipped.freight).toBe('38.00');
    const rejected = mine.find((o) => o.acknowledgement === 'REJECTED')!;
    expect(rejected.rejectionReason).not.toBe('');
  });

  it('has one order accepted with a changed line', () => {
    const changed = online.filter((o) => o.acknowledgement === 'ACCEPTED_WITH_CHANGES');
    expect(changed).toHaveLength(1);
    const [change] = changed[0]!.lineChanges;
    expect(changed[0]!.context.orderLines.map((l) => l.id)).toContain(change!.orderLineId);
    expect(change!.size).toBe('1190 x 1500 mm');
  });

  it('has one order awaiting acknowledgement for 3 working days, whose deal shows the alert', async () => {
    // The other unanswered orders were submitted just now; this one long enough ago to alert.
    const onDeals = new Set(submitted.filter((o) => o.sourceQuote !== null).map((o) => o.id));
    const waiting = online.filter((o) => o.acknowledgement === '' && onDeals.has(o.orderId));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.manufacturerId).toBe(onlineSupplier().id);
    expect((await historyOf(waiting[0]!.id)).total).toBe(0);
    const order = submitted.find((o) => o.id === waiting[0]!.orderId)!;
    expect(order.sourceQuote).not.toBeNull();
    const deal = await get<Deal>(`/api/deals/${order.sourceQuote!.dealId}`);
    expect(deal.context.alerts.map((a) => a.content)).toContain(supplierOrderMessages.notAcknowledgedAlert);
    expect(deal.context.supplierOrders).toContainEqual(
      expect.objectContaining({ orderId: order.id, coreStatus: 'UNSTARTED', acknowledgement: '' }),
    );
    // The board's stored count holds it too (the seed's writes refresh the deal's counts).
    const { rows } = await t.pool.query<{ w: number }>(
      'SELECT alert_warnings AS w FROM deals WHERE id = $1',
      [deal.id],
    );
    expect(rows[0]!.w).toBeGreaterThan(0);
  });

  it("has the offline-only supplier's order as the dealer entered it, with its history", async () => {
    const offline = suppliers.find((s) => s.offlineOnly)!;
    let found: { order: OfflineSupplierOrder; orderId: number } | undefined;
    for (const o of submitted.filter((x) => x.manufacturerId === offline.id)) {
      for (const so of await get<OfflineSupplierOrder[]>(
        `/api/purchaseorder/${o.id}/offline-manufacturer-orders`,
      ))
        if (so.reference === 'SV-30412') found = { order: so, orderId: o.id };
    }
    expect(found).toBeDefined();
    expect(found!.order).toMatchObject({ orderStatus: 'Dispatched', freight: '55.00', isOffline: true });
    expect(found!.order.eta).not.toBeNull();
    expect(found!.order.trackingInformation).toContain('TNT');
    const history = await get<{ data: SupplierOrderHistoryEntry[]; total: number }>(
      `/api/purchaseorder/${found!.orderId}/offline-manufacturer-orders/${found!.order.id}/history`,
    );
    expect(history.total).toBe(3);
    expect(history.data.every((e) => e.source === 'DEALER')).toBe(true);
    expect(history.data.at(-1)!.changes.map((c) => c.field)).toContain('order_status');
  });

  it('seeds once: a second run changes nothing', async () => {
    const count = async () =>
      Number(
        (await t.pool.query<{ n: string }>('SELECT count(*) AS n FROM supplier_order_history')).rows[0]!.n,
      );
    const orders = async () =>
      Number((await t.pool.query<{ n: string }>('SELECT count(*) AS n FROM supplier_orders')).rows[0]!.n);
    const before = [await count(), await orders()];
    const { rows } = await t.pool.query<{ account_id: number; id: number }>(
      `SELECT account_id, id FROM users WHERE username = $1`,
      [DEMO_LOGIN.username],
    );
    await seedDemoSupplierOrders(t.db, rows[0]!.account_id, rows[0]!.id);
    expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(false);
    expect([await count(), await orders()]).toEqual(before);
  });
});
