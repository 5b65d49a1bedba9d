import { supplierOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { fieldsOf, type SubmitDealer } from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';
import { createSupplier } from './supplier-fixtures';
import { asSupplier, dealerOf, historyCount, submittedOrder, tokenFor } from './supplier-orders-fixtures';

// The dealer's side of supplier orders: what the supplier did (lines, status, history shown as
// text), offline-only suppliers' orders entered by hand, the supplier's page link, and tenancy.

let t: TestApp;
let d: SubmitDealer;
let other: SubmitDealer;
beforeAll(async () => {
  t = await createTestApp();
  d = await dealerOf(t, 'Dealer');
  other = await dealerOf(t, 'Other');
});
afterAll(async () => {
  await t?.close();
});

const staffName = () => `${d.dealer.firstName} ${d.dealer.lastName}`;
const offlineUrl = (orderId: number) => `/api/purchaseorder/${orderId}/offline-manufacturer-orders`;

describe("a purchase order's supplier orders", () => {
  it('lists the online supplier order with its lines as entered, and the supplier’s statuses', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const list = ok(await d.client.get(`/api/purchaseorder/${o.orderId}/manufacturerorders`));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: o.supplierOrderId,
      orderId: o.orderId,
      manufacturerId: d.suppliers.online.id,
      acknowledgement: '',
      // The freight rule's estimate at submission, until the supplier states its own.
      freight: '38.50',
      context: { orderStatus: { id: null, coreStatus: 'UNSTARTED' }, shippingMethod: { name: 'Courier' } },
    });
    expect(list[0].context.orderLines.map((l: { windowGroupName: string }) => l.windowGroupName)).toEqual([
      'Home/Lounge',
      'Home/Bedroom',
    ]);
    expect(list[0].context.orderLines[0].configuration).toMatchObject({ width: '500 mm', height: '500 mm' });
    const statuses = ok(await d.client.get(`/api/manufacturer/${d.suppliers.online.id}/order-statuses`));
    expect(statuses.map((s: { name: string; coreStatus: string }) => `${s.name}:${s.coreStatus}`)).toEqual([
      'Received:UNSTARTED',
      'In production:IN_PROGRESS',
      'Awaiting materials:ON_HOLD',
      'Shipped:COMPLETED',
      'Cancelled:CANCELLED',
    ]);
  });

  it("answers a supplier's own statuses instead of the defaults, and 404 for a supplier the dealer does not use", async () => {
    const own = await createSupplier(t.db, [d.dealer.accountId]);
    await t.pool.query(
      `INSERT INTO supplier_order_statuses (manufacturer_id, name, core_status, sort_order)
       VALUES ($1, 'Cutting', 'IN_PROGRESS', 1), ($1, 'Dispatched', 'COMPLETED', 2)`,
      [own.manufacturer.id],
    );
    const statuses = ok(await d.client.get(`/api/manufacturer/${own.manufacturer.id}/order-statuses`));
    expect(statuses.map((s: { name: string }) => s.name)).toEqual(['Cutting', 'Dispatched']);
    expect(
      (await other.client.get(`/api/manufacturer/${own.manufacturer.id}/order-statuses`)).statusCode,
    ).toBe(404);
  });

  it('shows each supplier change as one history entry, old and new as text; a change that changes nothing makes none', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const supplier = d.suppliers.online;
    const api = asSupplier(t, await tokenFor(t, supplier));
    const statuses = ok(await api.get('/order-statuses')) as { id: number; name: string }[];
    const inProduction = statuses.find((s) => s.name === 'In production')!.id;
    const shipped = statuses.find((s) => s.name === 'Shipped')!.id;
    ok(
      await api.post(`/orders/${o.supplierOrderId}/update`, {
        orderStatusId: inProduction,
        eta: '2030-03-04',
        freight: '12.5',
      }),
    );
    ok(
      await api.post(`/orders/${o.supplierOrderId}/update`, {
        tracking: { carrier: 'StarTrack', number: 'ST123', url: 'https://track.example/ST123' },
        freight: '12.50',
      }),
    );
    expect(await historyCount(t, o.supplierOrderId)).toBe(2);
    ok(await api.post(`/orders/${o.supplierOrderId}/update`, { eta: '2030-03-04', freight: '12.50' }));
    expect(await historyCount(t, o.supplierOrderId)).toBe(2);
    ok(await api.post(`/orders/${o.supplierOrderId}/update`, { orderStatusId: shipped }));

    const page = ok(await d.client.get(`/api/old/trackers?model=ManufacturerOrder&id=${o.supplierOrderId}`));
    expect(page.total).toBe(3);
    const [third, second, first] = page.data;
    expect(first.employee.fullName).toBe(`${supplier.name} (supplier)`);
    expect(first.source).toBe('SUPPLIER_API');
    expect(first.changes.map((c: { field: string; label: string; old: string; new: string }) => c)).toEqual([
      { field: 'eta', label: 'ETA', old: '', new: '2030-03-04' },
      { field: 'order_status_id', label: 'Status', old: 'Not started', new: 'In production' },
      { field: 'total_freight_override', label: 'Freight', old: '38.50', new: '12.50' },
    ]);
    expect(second.changes).toEqual([
      {
        field: 'tracking_information',
        label: 'Tracking',
        old: '',
        new: 'StarTrack · ST123 · https://track.example/ST123',
      },
    ]);
    expect(third.changes).toEqual([
      { field: 'order_status_id', label: 'Status', old: 'In production', new: 'Shipped' },
    ]);
    const [detail] = ok(await d.client.get(`/api/purchaseorder/${o.orderId}/manufacturerorders`));
    expect(detail).toMatchObject({
      eta: '2030-03-04',
      freight: '12.50',
      orderStatusId: shipped,
      trackingInformation: 'StarTrack · ST123 · https://track.example/ST123',
      context: { orderStatus: { name: 'Shipped', coreStatus: 'COMPLETED' } },
    });

    const closed = await api.post(`/orders/${o.supplierOrderId}/update`, { orderStatusId: inProduction });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(supplierOrderMessages.cancelledOrCompleted);
    expect(
      fieldsOf(await api.post(`/orders/${o.supplierOrderId}/update`, { eta: '04/03/2030', freight: '-1' })),
    ).toHaveProperty('freight');
    expect(
      fieldsOf(await api.post(`/orders/${o.supplierOrderId}/update`, { eta: '2030-13-45' })),
    ).toHaveProperty('eta');
    const picked = ok(
      await d.client.get(`/api/old/trackers?id=${o.supplierOrderId}&type=order-update&limit=1&offset=1`),
    );
    expect(picked.data.map((e: { id: number }) => e.id)).toEqual([second.id]);
  });
});

describe("an offline-only supplier's order entered by hand", () => {
  it('records one entry per change listing only what changed, by the staff member; no change, no entry', async () => {
    const o = await submittedOrder(t, d, d.suppliers.offline);
    const [offline] = ok(await d.client.get(offlineUrl(o.orderId)));
    expect(offline).toMatchObject({ id: String(o.supplierOrderId), isOffline: true });
    const body = { id: offline.id, manufacturerId: d.suppliers.offline.id };
    const changed = ok(
      await d.client.post(`${offlineUrl(o.orderId)}/upsert`, {
        ...body,
        reference: 'WR-9',
        orderStatus: 'Cutting',
        freight: '40',
        eta: '2030-05-06',
      }),
    );
    expect(changed).toMatchObject({
      reference: 'WR-9',
      orderStatus: 'Cutting',
      freight: '40.00',
      eta: '2030-05-06',
    });
    ok(
      await d.client.post(`${offlineUrl(o.orderId)}/upsert`, {
        ...body,
        reference: 'WR-9',
        freight: '40.00',
      }),
    );
    ok(await d.client.post(`${offlineUrl(o.orderId)}/upsert`, { ...body, eta: null, notes: 'Call first' }));
    const history = ok(await d.client.get(`${offlineUrl(o.orderId)}/${o.supplierOrderId}/history`));
    expect(history.total).toBe(2);
    expect(history.data[0]).toMatchObject({
      source: 'DEALER',
      employee: { fullName: staffName() },
      changes: [
        { field: 'customer_notes', label: 'Notes', old: '', new: 'Call first' },
        { field: 'eta', old: '2030-05-06', new: '' },
      ],
    });
    expect(history.data[1].changes.map((c: { field: string }) => c.field)).toEqual([
      'eta',
      'total_freight_override',
      'reference',
      'order_status',
    ]);
  });

  it('20 identical entries sent at once make one change and one history entry', async () => {
    const o = await submittedOrder(t, d, d.suppliers.offline);
    const body = { manufacturerId: d.suppliers.offline.id, reference: 'ONCE-1', eta: '2030-07-08' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => d.client.post(`${offlineUrl(o.orderId)}/upsert`, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().id))).toEqual(new Set([String(o.supplierOrderId)]));
    expect(await historyCount(t, o.supplierOrderId)).toBe(1);
  });

  it('pages the history 40 at a time: 45 changes are 40 and then 5, 45 in all', async () => {
    const o = await submittedOrder(t, d, d.suppliers.offline);
    const body = { id: o.supplierOrderId, manufacturerId: d.suppliers.offline.id };
    for (let i = 1; i <= 45; i++)
      ok(await d.client.post(`${offlineUrl(o.orderId)}/upsert`, { ...body, notes: `Note ${i}` }));
    const one = ok(await d.client.get(`${offlineUrl(o.orderId)}/${o.supplierOrderId}/history?page=1`));
    const two = ok(await d.client.get(`${offlineUrl(o.orderId)}/${o.supplierOrderId}/history?page=2`));
    expect([one.data.length, two.data.length, one.total, two.total]).toEqual([40, 5, 45, 45]);
    expect(one.data[0].changes[0].new).toBe('Note 45');
    expect(two.data[4].changes[0].new).toBe('Note 1');
  });

  it("refuses an online supplier's order, a method not the supplier's and bad values, naming the field", async () => {
    const online = await submittedOrder(t, d, d.suppliers.online);
    const refused = await d.client.post(`${offlineUrl(online.orderId)}/upsert`, {
      manufacturerId: d.suppliers.online.id,
      notes: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(supplierOrderMessages.offlineOnly);
    const o = await submittedOrder(t, d, d.suppliers.offline);
    const url = `${offlineUrl(o.orderId)}/upsert`;
    const manufacturerId = d.suppliers.offline.id;
    expect(
      fieldsOf(await d.client.post(url, { manufacturerId, shippingMethodId: d.suppliers.online.courierId })),
    ).toEqual({
      shippingMethodId: "Choose one of the supplier's shipping methods",
    });
    expect(
      Object.keys(fieldsOf(await d.client.post(url, { manufacturerId, freight: 'ten', eta: 'soon' }))),
    ).toEqual(expect.arrayContaining(['freight', 'eta']));
    expect(fieldsOf(await d.client.post(url, { manufacturerId: d.suppliers.online.id }))).toHaveProperty(
      'manufacturerId',
    );
    expect(await historyCount(t, o.supplierOrderId)).toBe(0);
  });
});

describe("the supplier's page link", () => {
  it('answers for its one order only; revoked it is refused at once, renewed the new one works', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const sibling = await submittedOrder(t, d, d.suppliers.online);
    const linkUrl = `/api/purchaseorder/${o.orderId}/manufacturerorders/${o.supplierOrderId}/link`;
    // Submitting makes the link; an order from before links had none until the dealer made one.
    if (ok(await d.client.get(linkUrl)).url === null) ok(await d.client.post(`${linkUrl}/renew`, {}));
    const link = ok(await d.client.get(linkUrl));
    expect(link.url).toMatch(/^http:\/\/slat\.test\/supplier-order\/[A-Za-z0-9_-]{43}$/);
    expect(ok(await d.client.get(linkUrl)).url).toBe(link.url);
    const publicId = link.url.split('/').pop() as string;
    const page = asSupplier(t, publicId);
    expect(ok(await page.get('/me'))).toMatchObject({ kind: 'LINK', supplierOrderId: o.supplierOrderId });
    expect(ok(await page.get('/orders')).data.map((x: { id: number }) => x.id)).toEqual([o.supplierOrderId]);
    expect((await page.get(`/orders/${sibling.supplierOrderId}`)).statusCode).toBe(404);
    expect((await page.post('/token/rotate')).statusCode).toBe(403);
    ok(await page.post(`/orders/${o.supplierOrderId}/acknowledge`, { response: 'RECEIVED' }));
    const [entry] = ok(await d.client.get(`/api/old/trackers?id=${o.supplierOrderId}`)).data;
    expect(entry).toMatchObject({
      source: 'SUPPLIER_LINK',
      employee: { fullName: `${d.suppliers.online.name} (supplier, order link)` },
      changes: [{ field: 'acknowledgement', old: '', new: 'Received' }],
    });

    const revoked = ok(await d.client.post(`${linkUrl}/revoke`, {}));
    expect(revoked.url).toBeNull();
    expect(revoked.revokedAt).not.toBeNull();
    const refused = await page.get('/orders');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(supplierOrderMessages.linkRevoked);
    expect(ok(await d.client.get(linkUrl)).url).toBeNull();

    const renewed = ok(await d.client.post(`${linkUrl}/renew`, {}));
    expect(renewed.url).not.toBe(link.url);
    expect(renewed.revokedAt).toBeNull();
    expect(ok(await asSupplier(t, renewed.url.split('/').pop()).get('/me')).supplierOrderId).toBe(
      o.supplierOrderId,
    );
    expect((await page.get('/me')).statusCode).toBe(401);
  });
});

describe("another dealer's supplier order", () => {
  it('is not found on every dealer call', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const off = await submittedOrder(t, d, d.suppliers.offline);
    const c = other.client;
    const linksOf = async () =>
      (
        await t.pool.query(
          'SELECT public_id, revoked_at FROM supplier_order_links WHERE supplier_order_id = $1 ORDER BY id',
          [o.supplierOrderId],
        )
      ).rows;
    const linksBefore = await linksOf();
    const calls = [
      c.get(`/api/purchaseorder/${o.orderId}/manufacturerorders`),
      c.get(`/api/manufacturer/${d.suppliers.online.id}/order-statuses`),
      c.get(`/api/old/trackers?id=${o.supplierOrderId}`),
      c.get(offlineUrl(off.orderId)),
      c.post(`${offlineUrl(off.orderId)}/upsert`, { manufacturerId: d.suppliers.offline.id, notes: 'x' }),
      c.post(`${offlineUrl(off.orderId)}/upsert`, {
        id: off.supplierOrderId,
        manufacturerId: d.suppliers.offline.id,
        notes: 'x',
      }),
      c.get(`${offlineUrl(off.orderId)}/${off.supplierOrderId}/history`),
      c.get(`/api/purchaseorder/${o.orderId}/manufacturerorders/${o.supplierOrderId}/link`),
      c.post(`/api/purchaseorder/${o.orderId}/manufacturerorders/${o.supplierOrderId}/link/revoke`, {}),
      c.post(`/api/purchaseorder/${o.orderId}/manufacturerorders/${o.supplierOrderId}/link/renew`, {}),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(calls.length).fill(404));
    // The other dealer's own order with this dealer's supplier order id is not found either.
    const mine = await submittedOrder(t, other, other.suppliers.offline);
    const crossed = await c.post(`${offlineUrl(mine.orderId)}/upsert`, {
      id: off.supplierOrderId,
      manufacturerId: other.suppliers.offline.id,
      notes: 'x',
    });
    expect(crossed.statusCode).toBe(404);
    expect(await historyCount(t, off.supplierOrderId)).toBe(0);
    expect(await linksOf()).toEqual(linksBefore);
  });
});
