import path from 'node:path';
import { listPurchaseOrders, type PurchaseOrder, type PurchaseOrderListItem } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { jsonWriter } from '../src/plugins/serialized-json';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// The demo seed's purchase orders: seeded into a fresh database, read back through the API.

let t: TestApp;
let client: TestClient;
let listed: PurchaseOrderListItem[];
let archived: PurchaseOrderListItem[];
let details: PurchaseOrder[];
let suppliers: { id: number; name: string; offlineOnly: boolean; isInternal: boolean }[];

const writeListAnswer = jsonWriter(listPurchaseOrders.response);
/** The list's orders; its answer must be what the contract's serializer writes of it, byte for byte. */
const list = async (filters: Record<string, unknown>) => {
  const res = await client.post('/api/purchaseorder', {
    filters: { dateFrom: '2000-01-01', dateTo: '2050-01-01', ...filters },
    pagination: { limit: 500, offset: 0 },
  });
  expect(res.statusCode).toBe(200);
  const answer = res.json<{ data: PurchaseOrderListItem[]; total: number }>();
  expect(res.body).toBe(writeListAnswer(answer).json.toString('utf8'));
  return answer.data;
};

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

describe('the list against the detail', () => {
  // The list's items are built by PostgreSQL and the detail's fields by the service (decision 042):
  // both must say the same of every order, freight sums and typed offline statuses included.
  it('shows every order, archived too, as its detail does, field for field', async () => {
    const submitted = listed.filter((o) => o.status === 'SUBMITTED');
    expect(submitted.length).toBeGreaterThanOrEqual(2);
    const [withEvery, withBlank] = submitted;
    const upsert = (
      orderId: number,
      supplier: number,
      offline: boolean,
      text: string,
      freight: string | null,
    ) =>
      t.pool.query(
        `INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, is_offline, core_status, order_status_text, freight, eta)
         SELECT account_id, order_id, $2, $3, 'ON_HOLD', $4, $5, '2026-12-24' FROM purchase_orders WHERE order_id = $1
         ON CONFLICT (order_id, manufacturer_id)
         DO UPDATE SET is_offline = $3, core_status = 'ON_HOLD', order_status_text = $4, freight = $5`,
        [orderId, supplier, offline, text, freight],
      );
    const [a, b, c] = suppliers.map((s) => s.id);
    // Two online supplier orders (freight and none) and an offline one whose text has JavaScript's
    // whitespace around it; on another order, an offline text of nothing but such whitespace.
    await upsert(withEvery!.id, a!, false, '', '12.50');
    await upsert(withEvery!.id, b!, false, '', null);
    const jsSpace = '\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    await upsert(
      withEvery!.id,
      c!,
      true,
      `${jsSpace}Awaiting\u00a0fabric\t"A\\B"\u0001\u0085${jsSpace}`,
      '7.25',
    );
    await upsert(withBlank!.id, a!, true, jsSpace, null);
    // An open order has no freight yet, whatever a supplier order says.
    const open = listed.find((o) => o.status === 'OPEN')!;
    await upsert(open.id, a!, false, '', '3.00');
    const all = [...(await list({ isArchived: false })), ...(await list({ isArchived: true }))];
    expect(all.length).toBe(listed.length + archived.length);
    const fieldsOf = (o: PurchaseOrderListItem | PurchaseOrder) => {
      const { context, shippingMethodId, shippingAddress, shippingInstructions, ...fields } =
        o as PurchaseOrder;
      return {
        ...fields,
        manufacturerOrders: context.manufacturerOrders,
        offlineManufacturerOrders: context.offlineManufacturerOrders,
      };
    };
    for (const item of all) {
      const detail = (await client.get(`/api/purchaseorder/${item.id}`)).json<PurchaseOrder>();
      expect(fieldsOf(item), `order ${item.id}`).toEqual(fieldsOf(detail));
    }
    const every = all.find((o) => o.id === withEvery!.id)!;
    expect(every.freight).toBe('19.75');
    expect(every.context.offlineManufacturerOrders.map((s) => s.status)).toEqual([
      'Awaiting\u00a0fabric\t"A\\B"\u0001\u0085',
    ]);
    const blank = all.find((o) => o.id === withBlank!.id)!;
    expect(blank.context.offlineManufacturerOrders.find((s) => s.coreStatus === 'ON_HOLD')?.status).toBe(
      'ON_HOLD',
    );
    expect(all.find((o) => o.id === open.id)?.freight).toBeNull();
    expect(all.some((o) => o.sourceQuote !== null)).toBe(true);
    expect(all.some((o) => o.isReadOnly) && all.some((o) => !o.isReadOnly)).toBe(true);
  });
});
