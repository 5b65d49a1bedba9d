import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getPurchaseOrderAnswer,
  purchaseOrderCache,
} from '../src/modules/purchase-orders/purchase-orders.service';
import { createTestApp, type TestApp } from './harness';
import {
  orderWithLines,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
} from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';

// The purchase-order detail's answer cache (decision 014, as the quote detail's): a GET answers
// kept bytes only while the order's stamp holds. Every API and browser test runs the server with
// SLAT_QUOTE_CACHE=verify, which reads every hit afresh too; here each change the detail shows
// must move the stamp.

let t: TestApp;
let d: SubmitDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await submitDealer(t, 'OrderCache');
});
afterAll(async () => {
  await t?.close();
});

const LINES = [
  { window: 'Home/Lounge', width: 500, height: 500 },
  { window: 'Home/Bedroom', width: 900, height: 900 },
];

const read = (cache: ReturnType<typeof purchaseOrderCache>, orderId: number) =>
  getPurchaseOrderAnswer(t.db, cache, d.dealer.accountId, orderId);

type Change = [string, () => Promise<unknown>];

/**
 * A read repeated with nothing changed in between is a hit: the same kept answer. A submit's jobs
 * (the PO PDF, the mail) may still change the order between two reads on a busy machine, so the
 * pair is read again until the order holds still; a cache that never hits fails after 50 pairs.
 */
async function repeatIsHit(cache: ReturnType<typeof purchaseOrderCache>, orderId: number, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await read(cache, orderId);
    if ((await read(cache, orderId)) === first) return first;
  }
  throw new Error(`${name}: a repeat was never a hit in 50 pairs of reads`);
}

async function expectEachChangeSeen(orderId: number, changes: Change[]) {
  const cache = purchaseOrderCache('on');
  for (const [name, change] of changes) {
    const before = await repeatIsHit(cache, orderId, name);
    const res = (await change()) as { statusCode?: number; body?: string } | undefined;
    if (res?.statusCode !== undefined) expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    const misses = cache.misses;
    const after = await read(cache, orderId);
    expect(cache.misses, name).toBe(misses + 1);
    expect(after.json.equals(before.json), name).toBe(false);
    await expectCacheMatchesFreshRead(cache, orderId, name);
  }
}

/**
 * The cached answer equals a fresh read. A submit's jobs (the PO PDF, the mail) may still change the
 * order between two reads, so the comparison is made when two fresh reads around the cached one agree.
 */
async function expectCacheMatchesFreshRead(
  cache: ReturnType<typeof purchaseOrderCache>,
  orderId: number,
  name: string,
) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const fresh = await read(purchaseOrderCache('off'), orderId);
    const cached = await read(cache, orderId);
    const freshAgain = await read(purchaseOrderCache('off'), orderId);
    if (fresh.json.equals(freshAgain.json)) {
      expect(cached.json.equals(fresh.json), name).toBe(true);
      return;
    }
  }
  throw new Error(`${name}: the order kept changing over 50 reads`);
}

describe('the purchase-order detail cache', () => {
  it('answers a repeated GET from the cache with the same bytes as a fresh read', async () => {
    const o = await orderWithLines(d, d.suppliers.online, LINES);
    const cache = purchaseOrderCache('on');
    const first = await read(cache, o.id);
    expect(await read(cache, o.id)).toBe(first);
    expect([cache.misses, cache.hits]).toEqual([1, 1]);
    expect(first.json.equals((await read(purchaseOrderCache('off'), o.id)).json)).toBe(true);
    expect(JSON.parse(first.json.toString()).context.orderLines).toHaveLength(2);
  });

  it('moves the stamp with every change an open order’s detail shows', async () => {
    const o = await orderWithLines(d, d.suppliers.online, LINES);
    const line = o.lineIds[0]!;
    const lineUrl = `/api/old/quotes/${o.id}/windows/${line.windowId}/products/${line.lineId}`;
    const supplierId = d.suppliers.online.id;
    await expectEachChangeSeen(o.id, [
      ['the sidemark', () => d.client.post(`/api/old/quotes/${o.id}/update-details`, { sidemark: 'Rear' })],
      ['a line’s notes', () => d.client.put(lineUrl, { notes: 'Chain left' })],
      [
        'a line added',
        () =>
          d.client.post(`/api/old/quotes/${o.id}/windows/${line.windowId}/products`, {
            product_id: d.suppliers.online.productId,
            width: 700,
            height: 700,
            unit: 'mm',
          }),
      ],
      [
        'the creator renamed (the sales rep shown)',
        () => t.pool.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [d.dealer.userId]),
      ],
      [
        'a shipping method of the supplier added',
        () =>
          t.pool.query(`INSERT INTO shipping_methods (manufacturer_id, name) VALUES ($1, 'Overnight')`, [
            supplierId,
          ]),
      ],
      [
        'the dealer’s default shipping method for the supplier',
        () =>
          t.pool.query(
            `UPDATE manufacturer_customers SET default_shipping_method_id = $3
              WHERE account_id = $1 AND manufacturer_id = $2`,
            [d.dealer.accountId, supplierId, d.suppliers.online.pickupId],
          ),
      ],
      [
        'the delivery address default in Orders settings',
        () =>
          t.pool.query(
            `INSERT INTO dealer_settings (account_id, company_delivery_address) VALUES ($1, '9 New Street')
              ON CONFLICT (account_id) DO UPDATE SET company_delivery_address = EXCLUDED.company_delivery_address`,
            [d.dealer.accountId],
          ),
      ],
      ['archived', () => d.client.post('/api/old/orders/archive/1', { ids: [o.id] })],
    ]);
  });

  it('moves the stamp when the order is submitted, its supplier order changes, and a later revision names it', async () => {
    const s = d.suppliers.offline;
    const o = await orderWithLines(d, s, LINES);
    const revisions: number[] = [];
    await expectEachChangeSeen(o.id, [
      ['submitted', async () => submit(d.client, o.id, await reviewBody(d, o.id, s))],
      [
        'its supplier order’s ETA',
        () => t.pool.query(`UPDATE supplier_orders SET eta = '2031-01-02' WHERE order_id = $1`, [o.id]),
      ],
      [
        'reopened (it names its revision)',
        async () => {
          const res = await d.client.post(`/api/purchaseorder/${o.id}/reopen`);
          revisions.push(ok(res).id);
          return res;
        },
      ],
      [
        'the revision submitted and reopened again (it names the newest)',
        async () => {
          const r2 = revisions[0]!;
          ok(await submit(d.client, r2, await reviewBody(d, r2, s)));
          return d.client.post(`/api/purchaseorder/${r2}/reopen`);
        },
      ],
    ]);
    // Three deep: the first order's own version did not move with the third revision, its stamp did.
    expect(
      JSON.parse((await read(purchaseOrderCache('off'), o.id)).json.toString()).context.latestRevision.id,
    ).not.toBe(revisions[0]);
  });
});
