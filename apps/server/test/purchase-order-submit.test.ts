import { purchaseOrderMessages } from '@slat/contracts';
import { format } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/modules/catalog/index';
import { createTestApp, type TestApp, TestClient } from './harness';
import { startMailCatcher } from './mail-catcher';
import {
  fieldsOf,
  kindSupplier,
  orderWithLines,
  plusDays,
  readOrder,
  reviewBody,
  type SubmitDealer,
  shown,
  submit,
  submitDealer,
  withoutToken,
} from './purchase-order-submit-fixtures';
import { eventually, ok, quoteDealer, quoteWithLines } from './quote-fixtures';

// Submitting a purchase order (POST /old/quotes/{id}/convert): the review's rules, the supplier
// order, the one mail with the PDF, and the freight estimate.

let t: TestApp;
let d: SubmitDealer;
let other: SubmitDealer;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await createTestApp({ smtpUrl: smtp.url });
  d = await submitDealer(t, 'Submit');
  other = await submitDealer(t, 'Elsewhere');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const TWO_LINES = [
  { window: 'Home/Lounge', width: 500, height: 500, quantity: 2 },
  { window: 'Home/Bedroom', width: 900, height: 900 },
];
const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.pool.query<{ n: string }>(sql, params)).rows[0]!.n);
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
const errorOf = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

describe('POST /old/quotes/{id}/convert', () => {
  it('submits an open order: the supplier order, the freight, and one mail with the PDF to the supplier', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    const answer = ok(await submit(d.client, o.id, body));
    expect(answer).toMatchObject({
      id: o.id,
      tuid: o.tuid,
      status: 'SUBMITTED',
      isReadOnly: true,
      requiredDate: body.required_date,
      shippingMethodId: s.courierId,
      shippingAddress: body.shipping_address,
      shippingInstructions: 'Call on arrival',
    });
    expect(answer.submittedAt).not.toBeNull();
    // 3 units by courier: 25.00 + 3 × 4.50.
    const { rows } = await t.pool.query(
      `SELECT p.freight_estimate, p.submitted_by, so.is_offline, so.freight, so.core_status, so.required_date::text,
              so.shipping_method_id, so.shipping_address
         FROM purchase_orders p JOIN supplier_orders so ON so.order_id = p.order_id WHERE p.order_id = $1`,
      [o.id],
    );
    expect(rows).toEqual([
      {
        freight_estimate: '38.50',
        submitted_by: d.dealer.userId,
        is_offline: false,
        freight: '38.50',
        core_status: 'UNSTARTED',
        required_date: body.required_date,
        shipping_method_id: s.courierId,
        shipping_address: body.shipping_address,
      },
    ]);
    expect(answer.context.manufacturerOrders).toHaveLength(1);
    const mail = await smtp.waitFor(s.email);
    expect(mail.raw).toContain(`Subject: Purchase order ${o.tuid} from Submit Blinds Pty Ltd`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf;?\s*name="?Purchase order \d+\.pdf/);
    expect(mail.raw).toContain(`Required date: ${shown(body.required_date)}`);
    // The submitted PDF is stored once and shown on the order.
    const doc = await eventually(async () => (await readOrder(d.client, o.id)).context.orderDocument);
    expect(doc.url).toBe(`/api/purchaseorder/${o.id}/files/${doc.id}`);
    const file = await d.client.get(doc.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('checks the required date: missing, blank, not a real date, earlier than allowed', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    const min = body.required_date;
    const { required_date: _omitted, ...withoutDate } = body;
    expect(fieldsOf(await submit(d.client, o.id, withoutDate))).toEqual({
      required_date: purchaseOrderMessages.requiredDateRequired,
    });
    expect(fieldsOf(await submit(d.client, o.id, { ...body, required_date: '  ' }))).toEqual({
      required_date: 'Please specify the required date',
    });
    for (const bad of ['next week', '2026-02-30', '2026-13-01', '31/12/2030'])
      expect(fieldsOf(await submit(d.client, o.id, { ...body, required_date: bad })), bad).toEqual({
        required_date: 'Invalid date',
      });
    expect(fieldsOf(await submit(d.client, o.id, { ...body, required_date: plusDays(min, -1) }))).toEqual({
      required_date: `Earliest allowed date is ${shown(min)}`,
    });
    expect((await readOrder(d.client, o.id)).status).toBe('OPEN');
    ok(await submit(d.client, o.id, { ...body, required_date: plusDays(min, 30) }));
  });

  it('writes the earliest allowed date as the review step shows dates (date-fns P in en-AU)', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    const [y, m, day] = body.required_date.split('-').map(Number) as [number, number, number];
    // The web's formatDate(localDay(earliest)), the words its review step shows before sending.
    const shownByWeb = format(new Date(y, m - 1, day), 'P', { locale: enAU });
    expect(
      fieldsOf(await submit(d.client, o.id, { ...body, required_date: plusDays(body.required_date, -1) })),
    ).toEqual({
      required_date: `Earliest allowed date is ${shownByWeb}`,
    });
  });

  it('needs a shipping method of the supplier and an address, naming each field', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    expect(
      fieldsOf(await submit(d.client, o.id, { ...body, shipping_method_id: null, shipping_address: ' ' })),
    ).toEqual({
      shipping_method_id: purchaseOrderMessages.shippingMethodRequired,
      shipping_address: purchaseOrderMessages.shippingAddressRequired,
    });
    const foreignMethod = await submit(d.client, o.id, {
      ...body,
      shipping_method_id: d.suppliers.offline.courierId,
    });
    expect(Object.keys(fieldsOf(foreignMethod))).toEqual(['shipping_method_id']);
    expect(Object.keys(fieldsOf(await submit(d.client, o.id, { ...body, shipping_method_id: 'x' })))).toEqual(
      ['shipping_method_id'],
    );
    expect(fieldsOf(await submit(d.client, o.id, { ...body, surprise: 1 }))).toHaveProperty('surprise');
    expect(await count('SELECT count(*) AS n FROM supplier_orders WHERE order_id = $1', [o.id])).toBe(0);
  });

  it('lets an internal workroom skip shipping: no method, address or freight stored', async () => {
    const s = d.suppliers.internal;
    const o = await orderWithLines(d, s, TWO_LINES);
    const order = await readOrder(d.client, o.id);
    const answer = ok(
      await submit(d.client, o.id, {
        required_date: order.context.minRequiredDate,
        shipping_method_id: s.courierId,
        shipping_address: 'ignored',
        shipping_instructions: 'Rush job',
      }),
    );
    expect(answer).toMatchObject({ status: 'SUBMITTED', shippingMethodId: null, shippingAddress: '' });
    const { rows } = await t.pool.query(
      `SELECT p.freight_estimate, so.freight, so.shipping_address FROM purchase_orders p
         JOIN supplier_orders so ON so.order_id = p.order_id WHERE p.order_id = $1`,
      [o.id],
    );
    expect(rows).toEqual([{ freight_estimate: null, freight: null, shipping_address: '' }]);
    // The workroom has an address: it gets the order sheet by mail too.
    const mail = await smtp.waitFor(s.email);
    expect(mail.raw).toContain(`Purchase order ${o.tuid}`);
  });

  it("records a manual supplier's order as entered at 'Mark as Submitted'", async () => {
    const s = d.suppliers.offline;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    ok(
      await submit(d.client, o.id, {
        ...body,
        offline_supplier_order: {
          reference: 'SV-1042',
          orderStatus: 'Faxed',
          eta: '2031-01-15',
          notes: 'Per phone',
        },
      }),
    );
    const { rows } = await t.pool.query(
      `SELECT is_offline, reference, order_status_text, eta::text, customer_notes FROM supplier_orders WHERE order_id = $1`,
      [o.id],
    );
    expect(rows).toEqual([
      {
        is_offline: true,
        reference: 'SV-1042',
        order_status_text: 'Faxed',
        eta: '2031-01-15',
        customer_notes: 'Per phone',
      },
    ]);
  });

  it('refuses an order with product errors or nothing to order (400)', async () => {
    const s = d.suppliers.online;
    // 2000 mm is wider than the blind is made: the line is kept with its error.
    const bad = await orderWithLines(d, s, [{ window: 'Shed', width: 2000, height: 900 }]);
    expect((await readOrder(d.client, bad.id)).context.errorLineCount).toBe(1);
    const res = await submit(d.client, bad.id, await reviewBody(d, bad.id, s));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('One or more products have errors.');
    const empty = await orderWithLines(d, s, []);
    const none = await submit(d.client, empty.id, await reviewBody(d, empty.id, s));
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toBe(purchaseOrderMessages.zeroQuantity);
  });

  it('answers 409 when submitted twice, and a submitted order’s lines cannot be edited', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    ok(await submit(d.client, o.id, body));
    const again = await submit(d.client, o.id, body);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(purchaseOrderMessages.alreadySubmitted);
    const { windowId, lineId } = o.lineIds[0]!;
    const edit = await d.client.put(`/api/old/quotes/${o.id}/windows/${windowId}/products/${lineId}`, {
      quantity: 5,
    });
    expect(edit.statusCode).toBe(409);
    const add = await d.client.post(`/api/old/quotes/${o.id}/windows`, {
      order_windows: [{ order_id: o.id, name: 'More' }],
    });
    expect(add.statusCode).toBe(409);
  });

  it('answers 409 for an archived order', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    ok(await d.client.post('/api/old/orders/archive/1', { ids: [o.id] }));
    const res = await submit(d.client, o.id, await reviewBody(d, o.id, s));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(purchaseOrderMessages.readOnly);
  });

  it('answers 409 while supplier updates are pending', async () => {
    // A dealer of their own: the supplier's new catalog must not touch the other tests' orders.
    const e = await submitDealer(t, 'Pending');
    const s = e.suppliers.online;
    const o = await orderWithLines(e, s, TWO_LINES);
    const body = await reviewBody(e, o.id, s);
    await importCatalog(t.db, {
      suppliers: [
        kindSupplier(s.key, 'Pending online', 'online', [
          ['110.00', '210.00'],
          ['310.00', '410.00'],
        ]),
      ],
    });
    expect((await readOrder(e.client, o.id)).context.pendingUpdates.hasPendingUpdates).toBe(true);
    const res = await submit(e.client, o.id, body);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(purchaseOrderMessages.pendingUpdates);
    expect((await readOrder(e.client, o.id)).status).toBe('OPEN');
  });

  it("answers 404 for another dealer's order, 401 signed out, 419 without the CSRF token", async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    const body = await reviewBody(d, o.id, s);
    expect((await submit(other.client, o.id, body)).statusCode).toBe(404);
    expect((await submit(d.client, 999_999_999, body)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await submit(anonymous, o.id, body)).statusCode).toBe(401);
    expect((await submit(withoutToken(t, d.client), o.id, body)).statusCode).toBe(419);
    expect((await readOrder(d.client, o.id)).status).toBe('OPEN');
  });

  it("tells the deal's board when an order converted from its quote is submitted", async () => {
    const q = await quoteDealer(t, 'Board');
    const { quoteId, dealId } = await quoteWithLines(q, [{ window: 'Lounge', width: 900, height: 900 }]);
    ok(await q.client.post(`/api/deal-quotes/${quoteId}/accept`, { acceptWithoutSignature: true }));
    const supplier = (
      await t.pool.query<{ manufacturer_id: number }>('SELECT manufacturer_id FROM products WHERE id = $1', [
        q.productId,
      ])
    ).rows[0]!.manufacturer_id;
    const { id } = ok(await q.client.post('/api/deal-quotes/convert', { quoteId, manufacturerId: supplier }));
    const order = await readOrder(q.client, id);
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN slat_deals');
    try {
      ok(
        await submit(q.client, id, {
          required_date: order.context.minRequiredDate,
          shipping_method_id: order.context.supplier.shippingMethods[0].id,
          shipping_address: '1 Site Street',
        }),
      );
      await eventually(async () => heard.some((p) => p.endsWith(`:${dealId}`)));
    } finally {
      await listener.end();
    }
    const quote = ok(await q.client.get(`/api/deal-quotes/${quoteId}`));
    expect(quote.context.purchaseOrders).toEqual([expect.objectContaining({ id, status: 'SUBMITTED' })]);
  });

  it('makes one submission, one supplier order and one mail of 20 concurrent submits', async () => {
    const e = await submitDealer(t, 'Twenty');
    const s = e.suppliers.online;
    const o = await orderWithLines(e, s, TWO_LINES);
    const body = await reviewBody(e, o.id, s);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(e.client, o.id, body)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(errorOf(r)).toBe(purchaseOrderMessages.alreadySubmitted);
    expect(await count('SELECT count(*) AS n FROM supplier_orders WHERE order_id = $1', [o.id])).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = 'purchase-order-submitted' AND data->>'orderId' = $1`,
        [String(o.id)],
      ),
    ).toBe(1);
    await smtp.waitFor(s.email);
    // Time for a second mail to arrive, were there one.
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailsTo(s.email)).toHaveLength(1);
  });
});

describe('POST /order/{orderId}/manufacturer/{manufacturerId}/freight', () => {
  const estimate = (client: TestClient, orderId: number, manufacturerId: number, body: unknown) =>
    client.post(`/api/order/${orderId}/manufacturer/${manufacturerId}/freight`, body);

  it('estimates $25.00 plus $4.50 a unit by courier; pick-up and the internal workroom are free', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, [
      ...TWO_LINES,
      { window: 'Office', width: 500, height: 500, quantity: 4 },
    ]);
    expect(ok(await estimate(d.client, o.id, s.id, { shippingMethodId: s.courierId }))).toEqual({
      estimate: 56.5,
    });
    expect(ok(await estimate(d.client, o.id, s.id, { shippingMethodId: s.pickupId }))).toEqual({
      estimate: 0,
    });
    const w = d.suppliers.internal;
    const internal = await orderWithLines(d, w, TWO_LINES);
    expect(ok(await estimate(d.client, internal.id, w.id, { shippingMethodId: w.courierId }))).toEqual({
      estimate: 0,
    });
    expect(ok(await estimate(d.client, internal.id, w.id, {}))).toEqual({ estimate: 0 });
  });

  it('answers 400 for another of its suppliers or methods, 404 for another dealer’s order or supplier, 401 signed out', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, TWO_LINES);
    expect(
      Object.keys(
        fieldsOf(await estimate(d.client, o.id, d.suppliers.offline.id, { shippingMethodId: s.courierId })),
      ),
    ).toEqual(['manufacturerId']);
    expect(
      Object.keys(
        fieldsOf(await estimate(d.client, o.id, s.id, { shippingMethodId: d.suppliers.offline.courierId })),
      ),
    ).toEqual(['shippingMethodId']);
    expect(Object.keys(fieldsOf(await estimate(d.client, o.id, s.id, {})))).toEqual(['shippingMethodId']);
    expect((await estimate(other.client, o.id, s.id, { shippingMethodId: s.courierId })).statusCode).toBe(
      404,
    );
    // A supplier the dealer does not deal with is unknown, like a missing one.
    const theirs = other.suppliers.online;
    expect(
      (await estimate(d.client, o.id, theirs.id, { shippingMethodId: theirs.courierId })).statusCode,
    ).toBe(404);
    expect(
      (await estimate(new TestClient(t.app), o.id, s.id, { shippingMethodId: s.courierId })).statusCode,
    ).toBe(401);
  });
});
