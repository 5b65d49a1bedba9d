import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import type { SubmitDealer } from './purchase-order-submit-fixtures';
import { eventually, ok } from './quote-fixtures';
import { asSupplier, dealerOf, submittedOrder, tokenFor } from './supplier-orders-fixtures';

// The supplier API beyond answering: the purchase-order PDF as sent, the revision an order
// replaces, the history a supplier reads, when a token was last used, and live pages.

let t: TestApp;
let d: SubmitDealer;
let other: SubmitDealer;
beforeAll(async () => {
  t = await createTestApp();
  d = await dealerOf(t, 'Detail');
  other = await dealerOf(t, 'Elsewhere');
});
afterAll(async () => {
  await t?.close();
});

describe('the supplier reads', () => {
  it('the purchase-order PDF as it was sent, and no other supplier can', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    const order = await eventually(async () => {
      const view = ok(await api.get(`/orders/${o.supplierOrderId}`));
      return view.pdfUrl ? view : undefined;
    });
    expect(order.pdfUrl).toBe(`/api/supplier/v1/orders/${o.supplierOrderId}/pdf`);
    const pdf = await api.get(`/orders/${o.supplierOrderId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(`Purchase order ${o.tuid}.pdf`);
    const stranger = asSupplier(t, await tokenFor(t, other.suppliers.online));
    expect((await stranger.get(`/orders/${o.supplierOrderId}/pdf`)).statusCode).toBe(404);
  });

  it('which order a revision replaces and what it changes', async () => {
    const first = await submittedOrder(t, d, d.suppliers.online);
    const second = await submittedOrder(t, d, d.suppliers.online);
    // The second order stands in for a revision of the first (no line descends from the first's).
    await t.pool.query(
      'UPDATE purchase_orders SET parent_order_id = $1, revision_number = 2 WHERE order_id = $2',
      [first.orderId, second.orderId],
    );
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    const view = ok(await api.get(`/orders/${second.supplierOrderId}`));
    expect(view.revisionNumber).toBe(2);
    expect(view.revises.supplierOrderId).toBe(first.supplierOrderId);
    expect(view.revises.revisionNumber).toBe(1);
    expect(view.revises.changes.map((c: { kind: string }) => c.kind)).toEqual([
      'ADDED',
      'ADDED',
      'REMOVED',
      'REMOVED',
    ]);
    expect(view.revises.changes[0].description).toMatch(/^Added Home\/Lounge · /);
    expect(ok(await api.get(`/orders/${first.supplierOrderId}`)).revises).toBeNull();
  });

  it('its history of an order, newest first, with the field values as text', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    ok(await api.post(`/orders/${o.supplierOrderId}/acknowledge`, { response: 'RECEIVED' }));
    ok(await api.post(`/orders/${o.supplierOrderId}/update`, { notes: 'Fabric on order', reference: 'S-1' }));
    const history = ok(await api.get(`/orders/${o.supplierOrderId}/history`));
    expect(history.total).toBe(2);
    expect(history.data[0].changes).toEqual([
      { field: 'customer_notes', label: 'Notes', old: '', new: 'Fabric on order' },
      { field: 'reference', label: 'Reference', old: '', new: 'S-1' },
    ]);
    expect(history.data[1].changes).toEqual([
      { field: 'acknowledgement', label: 'Acknowledgement', old: '', new: 'Received' },
    ]);
    expect(ok(await api.get(`/orders/${o.supplierOrderId}/history?page=2`)).data).toEqual([]);
  });
});

describe('a token', () => {
  it('records its last use at most once a minute', async () => {
    const token = await tokenFor(t, d.suppliers.online);
    const lastUsed = async () =>
      (
        await t.pool.query<{ at: string | null }>(
          `SELECT last_used_at::text AS at FROM supplier_tokens WHERE manufacturer_id = $1 AND revoked_at IS NULL`,
          [d.suppliers.online.id],
        )
      ).rows[0]!.at;
    expect(await lastUsed()).toBeNull();
    ok(await asSupplier(t, token).get('/me'));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    ok(await asSupplier(t, token).get('/me'));
    expect(await lastUsed()).toBe(first);
    await t.pool.query(
      `UPDATE supplier_tokens SET last_used_at = now() - interval '2 minutes' WHERE manufacturer_id = $1 AND revoked_at IS NULL`,
      [d.suppliers.online.id],
    );
    const aged = await lastUsed();
    ok(await asSupplier(t, token).get('/me'));
    expect(await lastUsed()).not.toBe(aged);
  });

  it('keeps one live token however many rotations run at once', async () => {
    const token = await tokenFor(t, d.suppliers.online);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => asSupplier(t, token).post('/token/rotate')),
    );
    const live = await t.pool.query(
      'SELECT 1 FROM supplier_tokens WHERE manufacturer_id = $1 AND revoked_at IS NULL',
      [d.suppliers.online.id],
    );
    expect(live.rowCount).toBe(1);
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
  });
});

describe('live supplier orders', () => {
  it("pushes a supplier's change to the dealer's open stream, and not to another dealer's", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const o = await submittedOrder(t, d, d.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    const listen = (cookie: string | undefined, ms: number) =>
      new Promise<string>((resolve, reject) => {
        let buffer = '';
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/orders/stream',
            headers: { cookie: `slat_session=${cookie}` },
          },
          (res) => {
            expect(res.headers['content-type']).toContain('text/event-stream');
            res.on('data', (chunk: Buffer) => {
              buffer += chunk.toString();
              if (buffer.includes('event: supplier-order')) {
                resolve(buffer);
                req.destroy();
              }
            });
          },
        );
        req.on('error', (e) => (String(e).includes('socket hang up') ? undefined : reject(e)));
        setTimeout(() => {
          req.destroy();
          resolve(buffer);
        }, ms).unref();
      });
    const mine = listen(d.client.cookie, 3000);
    const theirs = listen(other.client.cookie, 1500);
    setTimeout(() => void api.post(`/orders/${o.supplierOrderId}/update`, { eta: '2031-01-02' }), 300);
    expect(await mine).toContain(`data: {"orderId":${o.orderId},"supplierOrderId":${o.supplierOrderId}}`);
    expect(await theirs).not.toContain('event: supplier-order');
  });
});
