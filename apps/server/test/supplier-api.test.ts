import { supplierOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { fieldsOf, type SubmitDealer } from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';
import { asSupplier, dealerOf, historyCount, submittedOrder, tokenFor } from './supplier-orders-fixtures';

// The supplier API: a supplier's token sees and changes only its own orders, across dealers; an
// order link only its one order; every change is one history entry; answers have one effect.

let t: TestApp;
let d: SubmitDealer;
let other: SubmitDealer;
beforeAll(async () => {
  t = await createTestApp();
  d = await dealerOf(t, 'Answer');
  other = await dealerOf(t, 'Second', d.suppliers.online);
});
afterAll(async () => {
  await t?.close();
});

describe('a supplier token', () => {
  it("lists the supplier's submitted orders from every dealer, and none of another supplier's", async () => {
    const supplier = d.suppliers.online;
    const mine = await submittedOrder(t, d, supplier);
    const fromOther = await submittedOrder(t, other, supplier);
    const elsewhere = await submittedOrder(t, other, other.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, supplier));
    const list = ok(await api.get('/orders'));
    const ids = list.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([mine.supplierOrderId, fromOther.supplierOrderId]));
    expect(ids).not.toContain(elsewhere.supplierOrderId);
    expect(list.total).toBe(ids.length);
    const mineShown = list.data.find((o: { id: number }) => o.id === mine.supplierOrderId);
    expect(mineShown).toMatchObject({
      dealerName: 'Answer Blinds Pty Ltd',
      purchaseOrderNumber: mine.tuid,
      revisionNumber: 1,
      coreStatus: 'UNSTARTED',
      acknowledgement: '',
      lineCount: 2,
    });
    const detail = ok(await api.get(`/orders/${mine.supplierOrderId}`));
    expect(detail.context.orderLines).toHaveLength(2);
    expect(detail.context.orderLines[0]).toMatchObject({ windowGroupName: 'Home/Lounge', quantity: 2 });
    expect(detail.statuses.map((s: { name: string }) => s.name)).toContain('In production');
    expect((await api.get(`/orders/${elsewhere.supplierOrderId}`)).statusCode).toBe(404);
    expect(
      (await api.post(`/orders/${elsewhere.supplierOrderId}/update`, { eta: '2030-01-01' })).statusCode,
    ).toBe(404);
    expect(ok(await api.get('/me'))).toMatchObject({
      manufacturerId: supplier.id,
      kind: 'TOKEN',
      supplierOrderId: null,
    });
  });

  it('answers 401 without a credential, with a dealer session cookie, and with a revoked token', async () => {
    const supplier = d.suppliers.online;
    expect((await asSupplier(t, undefined).get('/orders')).statusCode).toBe(401);
    expect((await d.client.get('/api/supplier/v1/orders')).statusCode).toBe(401);
    const old = await tokenFor(t, supplier);
    const rotated = ok(await asSupplier(t, old).post('/token/rotate'));
    expect(rotated.token).toMatch(/^slat_sup_/);
    expect((await asSupplier(t, old).get('/orders')).statusCode).toBe(401);
    expect((await asSupplier(t, rotated.token).get('/orders')).statusCode).toBe(200);
  });

  it('refuses an address for the minute after 20 wrong credentials (429), its right token too, counted exactly under a burst', async () => {
    const token = await tokenFor(t, d.suppliers.online);
    const from = (remoteAddress: string, credential: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/supplier/v1/orders',
        remoteAddress,
        headers: { authorization: `Bearer ${credential}` },
      });
    const guesser = '203.0.113.77';
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        // tokens and order links alike: both are guesses
        from(guesser, i % 2 ? `slat_sup_${'A'.repeat(40)}${i}` : `${'b'.repeat(30)}${i}`),
      ),
    );
    const counts: Record<number, number> = {};
    for (const r of guesses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 20, 429: 10 });
    const refused = await from(guesser, token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address, and a call without a credential (no guess), are not held back
    expect((await from('203.0.113.78', token)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/supplier/v1/orders', remoteAddress: '203.0.113.79' }))
        .statusCode,
    ).toBe(401);
  });

  it('opens no dealer call', async () => {
    const token = await tokenFor(t, d.suppliers.online);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/purchaseorder/1/manufacturerorders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('acknowledging an order', () => {
  it('received, then one final answer; the same answer again changes nothing; another is 409', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    const url = `/orders/${o.supplierOrderId}/acknowledge`;
    expect(ok(await api.post(url, { response: 'RECEIVED' })).acknowledgement).toBe('RECEIVED');
    expect(await historyCount(t, o.supplierOrderId)).toBe(1);
    expect(ok(await api.post(url, { response: 'ACCEPTED', reference: 'SUP-77' }))).toMatchObject({
      acknowledgement: 'ACCEPTED',
      reference: 'SUP-77',
    });
    expect(await historyCount(t, o.supplierOrderId)).toBe(2);
    ok(await api.post(url, { response: 'ACCEPTED' }));
    expect(await historyCount(t, o.supplierOrderId)).toBe(2);
    const again = await api.post(url, { response: 'REJECTED', reason: 'No stock' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(supplierOrderMessages.alreadyAnswered);
  });

  it('needs a reason to reject and named lines of the order to accept with changes', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    const url = `/orders/${o.supplierOrderId}/acknowledge`;
    expect(fieldsOf(await api.post(url, { response: 'REJECTED', reason: '  ' }))).toEqual({
      reason: supplierOrderMessages.rejectedNeedsReason,
    });
    expect(fieldsOf(await api.post(url, { response: 'ACCEPTED_WITH_CHANGES' }))).toEqual({
      lineChanges: supplierOrderMessages.changesNeedLines,
    });
    const foreign = await submittedOrder(t, d, d.suppliers.online);
    expect(
      fieldsOf(
        await api.post(url, {
          response: 'ACCEPTED_WITH_CHANGES',
          lineChanges: [{ orderLineId: o.lineIds[0], quantity: 1 }, { orderLineId: foreign.lineIds[0] }],
        }),
      ),
    ).toEqual({ 'lineChanges.1.orderLineId': supplierOrderMessages.lineNotInOrder });
    expect(fieldsOf(await api.post(url, { response: 'MAYBE' }))).toHaveProperty('response');
    expect(await historyCount(t, o.supplierOrderId)).toBe(0);
    const accepted = ok(
      await api.post(url, {
        response: 'ACCEPTED_WITH_CHANGES',
        lineChanges: [{ orderLineId: o.lineIds[1], size: '890 x 900 mm', date: '2030-02-01' }],
      }),
    );
    expect(accepted.lineChanges).toEqual([
      { orderLineId: o.lineIds[1], size: '890 x 900 mm', date: '2030-02-01' },
    ]);
  });

  it('20 acknowledgements at once make one history entry and one answer', async () => {
    const o = await submittedOrder(t, d, d.suppliers.online);
    const api = asSupplier(t, await tokenFor(t, d.suppliers.online));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(`/orders/${o.supplierOrderId}/acknowledge`, {
          response: 'REJECTED',
          reason: 'Discontinued',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await historyCount(t, o.supplierOrderId)).toBe(1);
    const { rows } = await t.pool.query(
      'SELECT acknowledgement, rejection_reason FROM supplier_orders WHERE id = $1',
      [o.supplierOrderId],
    );
    expect(rows[0]).toEqual({ acknowledgement: 'REJECTED', rejection_reason: 'Discontinued' });
    const jobs = await t.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'supplier-order-changed' AND data->>'supplierOrderId' = $1",
      [String(o.supplierOrderId)],
    );
    expect(jobs.rows[0]!.n).toBe(1);
  });
});
