import { pricingMessages, purchaseOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from './harness';
import {
  fieldsOf,
  orderWithLines,
  plusDays,
  readOrder,
  reviewBody,
  type SubmitDealer,
  shown,
  submit,
  submitDealer,
} from './purchase-order-submit-fixtures';
import { enableTemplates, eventually, ok, readPdf } from './quote-fixtures';

// The purchase-order PDF: the review's preview (POST /purchaseorder/{id}/pdf), its 501 when the
// company has no template and the legacy generator it falls back to, the stored files, and the
// PDF as submitted. Tests read the PDF's own text.

let t: TestApp;
/** With a PURCHASE_ORDER template. */
let d: SubmitDealer;
/** Without one: 501 and the legacy fallback. */
let plain: SubmitDealer;
let other: SubmitDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await submitDealer(t, 'Templated');
  plain = await submitDealer(t, 'Plain');
  other = await submitDealer(t, 'Elsewhere');
  await enableTemplates(t, d.dealer.accountId, ['PURCHASE_ORDER']);
  // The quote templates alone do not make a purchase-order one.
  await enableTemplates(t, plain.dealer.accountId, ['QUOTE', 'MEASURE', 'INSTALL']);
});
afterAll(async () => {
  await t?.close();
});

const LINES = [
  { window: 'Home/Lounge', width: 500, height: 500, quantity: 2 },
  { window: 'Home/Bedroom', width: 900, height: 900 },
];
const preview = (client: TestClient, id: number, body: unknown = {}) =>
  client.post(`/api/purchaseorder/${id}/pdf`, body);
const pdfText = async (client: TestClient, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return (await readPdf(res.rawPayload)).text;
};

describe('POST /purchaseorder/{id}/pdf', () => {
  it('prints the dealer, supplier, order, delivery as reviewed, lines by window with sizes, costs and totals', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, LINES);
    const min = (await readOrder(d.client, o.id)).context.minRequiredDate as string;
    const review = {
      requiredDate: plusDays(min, 7),
      shippingMethodId: s.courierId,
      shippingAddress: '7 Delivery Lane, Newtown NSW 2042',
      shippingInstructions: 'Leave at the side gate',
    };
    const { url } = ok(await preview(d.client, o.id, review));
    expect(url).toMatch(new RegExp(`^/api/purchaseorder/${o.id}/files/\\d+$`));
    const text = await pdfText(d.client, url);
    for (const words of [
      'Templated Blinds Pty Ltd',
      '1 Test Street, Sydney NSW 2000',
      'Purchase order',
      `Order ${o.tuid}`,
      s.name,
      s.email,
      'Templated sidemark',
      shown(review.requiredDate),
      'Courier',
      '7 Delivery Lane, Newtown NSW 2042',
      'Leave at the side gate',
      'Home › Lounge',
      'Home › Bedroom',
      '500 mm × 500 mm',
      '900 mm × 900 mm',
      // 2 × 100.00 (up to 600 × 600) and 1 × 400.00 (up to 1200 × 1200) at cost; courier freight 25.00 + 3 × 4.50.
      '$200.00',
      '$400.00',
      'Products   $600.00',
      'Freight (estimate)   $38.50',
      'Total (ex tax)   $638.50',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Revision');
    // The same review again answers the same stored file.
    expect(ok(await preview(d.client, o.id, review)).url).toBe(url);
    // Another review is another file.
    expect(ok(await preview(d.client, o.id, { ...review, shippingMethodId: s.pickupId })).url).not.toBe(url);
  });

  it('answers 400 naming the field for a date that is not one and a method not of the supplier', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, LINES);
    expect(fieldsOf(await preview(d.client, o.id, { requiredDate: '2026-02-30' }))).toEqual({
      requiredDate: purchaseOrderMessages.invalidDate,
    });
    expect(
      Object.keys(
        fieldsOf(await preview(d.client, o.id, { shippingMethodId: d.suppliers.offline.courierId })),
      ),
    ).toEqual(['shippingMethodId']);
    expect(fieldsOf(await preview(d.client, o.id, { surprise: true }))).toHaveProperty('surprise');
  });

  it('prints a submitted order as submitted, whatever the preview asks, and stores it once', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, LINES);
    const body = await reviewBody(d, o.id, s);
    ok(await submit(d.client, o.id, body));
    const doc = await eventually(async () => (await readOrder(d.client, o.id)).context.orderDocument);
    const { url } = ok(await preview(d.client, o.id, { shippingAddress: 'Somewhere else' }));
    expect(url).toBe(doc.url);
    const text = await pdfText(d.client, url);
    expect(text).toContain(body.shipping_address);
    expect(text).toContain(shown(body.required_date));
    expect(text).not.toContain('Somewhere else');
    const res = await d.client.get(url);
    expect(res.headers['content-disposition']).toContain(`Purchase order ${o.tuid}.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 501 without a purchase-order template; the legacy generator prints the built-in layout', async () => {
    const s = plain.suppliers.online;
    const o = await orderWithLines(plain, s, LINES);
    const res = await preview(plain.client, o.id, {});
    expect(res.statusCode).toBe(501);
    expect(res.json().error.message).toBe(pricingMessages.templateNotConfigured);
    const min = (await readOrder(plain.client, o.id)).context.minRequiredDate as string;
    const query = new URLSearchParams({
      type: 'order',
      manufacturer_id: String(s.id),
      order_id: String(o.id),
      required_date: min,
      shipping_method_id: String(s.pickupId),
      shipping_address: '2 Depot Road, Alexandria NSW 2015',
      shipping_instructions: 'Collect Friday',
    });
    const legacy = await plain.client.get(`/api/old/orders/generate-pdf?${query}`);
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(legacy.rawPayload);
    for (const words of [
      'Plain Blinds Pty Ltd',
      `Order ${o.tuid}`,
      shown(min),
      'Pick up',
      'Collect Friday',
      '900 mm × 900 mm',
    ])
      expect(text).toContain(words);
    // A pick-up costs no freight.
    expect(text).toContain('Freight (estimate)   $0.00');
    const wrongSupplier = await plain.client.get(
      `/api/old/orders/generate-pdf?order_id=${o.id}&manufacturer_id=${plain.suppliers.offline.id}`,
    );
    expect(Object.keys(fieldsOf(wrongSupplier))).toEqual(['manufacturer_id']);
    expect((await other.client.get(`/api/old/orders/generate-pdf?order_id=${o.id}`)).statusCode).toBe(404);
  });

  it("keeps each order's files to its own account and order; 404 for another dealer, 401 signed out", async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, LINES);
    const second = await orderWithLines(d, s, LINES);
    const { url } = ok(await preview(d.client, o.id));
    const fileId = url.split('/').pop();
    expect((await d.client.get(`/api/purchaseorder/${second.id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await preview(other.client, o.id)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    expect((await new TestClient(t.app).post(`/api/purchaseorder/${o.id}/pdf`, {})).statusCode).toBe(401);
    // A file of the account that is not one of the order's PDFs.
    const notes = await t.pool.query<{ id: number }>(
      `INSERT INTO files (account_id, public_id, filename, mime_type, size, storage_path)
       VALUES ($1, md5(random()::text), 'notes.pdf', 'application/pdf', 1, 'nowhere/notes.pdf') RETURNING id`,
      [d.dealer.accountId],
    );
    expect((await d.client.get(`/api/purchaseorder/${o.id}/files/${notes.rows[0]!.id}`)).statusCode).toBe(
      404,
    );
  });
});
