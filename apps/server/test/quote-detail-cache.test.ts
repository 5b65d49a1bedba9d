import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/modules/catalog/index';
import { dealQuoteCache, getDealQuote } from '../src/modules/quotes/quotes.service';
import { createTestApp, type TestApp } from './harness';
import {
  dataUrl,
  ok,
  type QuoteDealer,
  quoteDealer,
  quoteWithLines,
  rollerSupplier,
  signaturePng,
} from './quote-fixtures';

// The quote detail's answer cache (decision 014): a GET answers kept bytes only while the quote's
// stamp (its header row with its order's version) is the one they were read under. Every API and
// browser test runs the server with SLAT_QUOTE_CACHE=verify, which reads every hit afresh too.

let t: TestApp;
let d: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'Cache');
});
afterAll(async () => {
  await t?.close();
});

const TWO_LINES = [
  { window: 'Home/Lounge/Left', width: 900, height: 1000 },
  { window: 'Home/Bedroom', width: '36 3/8', height: 40, unit: 'in' as const },
];

const read = (cache: ReturnType<typeof dealQuoteCache>, quoteId: number) =>
  getDealQuote(t.db, cache, d.dealer.accountId, quoteId, d.dealer.userId);
const version = async (orderId: number) =>
  Number((await t.pool.query('SELECT version FROM orders WHERE id = $1', [orderId])).rows[0].version);

describe('the quote detail cache', () => {
  it('answers a repeated GET from the cache: one statement, the same bytes as a fresh read', async () => {
    const q = await quoteWithLines(d, TWO_LINES);
    const cache = dealQuoteCache('on');
    const first = await read(cache, q.quoteId);
    const second = await read(cache, q.quoteId);
    expect([cache.misses, cache.hits]).toEqual([1, 1]);
    expect(second).toBe(first);
    const fresh = await read(dealQuoteCache('off'), q.quoteId);
    expect(second.json.equals(fresh.json)).toBe(true);
    expect(JSON.parse(second.json.toString()).context.orderLines).toHaveLength(2);
  });

  it('sends the kept answer in brotli, gzip or plain, the same JSON each way', async () => {
    const q = await quoteWithLines(d, TWO_LINES);
    const url = `/api/deal-quotes/${q.quoteId}`;
    const plain = await d.client.get(url, { 'accept-encoding': 'identity' });
    const br = await d.client.get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await d.client.get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect([plain.statusCode, br.statusCode, gzip.statusCode]).toEqual([200, 200, 200]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = plain.rawPayload.toString();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(json);
    expect(JSON.parse(json).id).toBe(q.quoteId);
  });

  it('moves the stamp with every change the detail shows, so the next GET reads afresh', async () => {
    const q = await quoteWithLines(d, TWO_LINES);
    const other = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const cache = dealQuoteCache('on');
    const line = q.lineIds[0]!;
    const lineUrl = `/api/old/quotes/${q.orderId}/windows/${line.windowId}/products/${line.lineId}`;
    const lastUpdatedAt = async () => ok(await d.client.get(`/api/deal-quotes/${q.quoteId}`)).lastUpdatedAt;
    const { rows: workflow } = await t.pool.query('SELECT workflow_id FROM deals WHERE id = $1', [q.dealId]);
    const changes: [string, () => Promise<unknown>][] = [
      [
        'the quote’s words',
        () => d.client.post(`/api/deal-quotes/${q.quoteId}/update`, { description: 'Rear' }),
      ],
      [
        'a window added',
        () =>
          d.client.post(`/api/old/quotes/${q.orderId}/windows`, {
            order_windows: [{ order_id: q.orderId, name: 'Shed' }],
          }),
      ],
      [
        'a line added',
        () =>
          d.client.post(`/api/old/quotes/${q.orderId}/windows/${line.windowId}/products`, {
            product_id: d.productId,
            width: 700,
            height: 700,
            unit: 'mm',
          }),
      ],
      ['a line’s notes', () => d.client.put(lineUrl, { notes: 'Chain left' })],
      ['a line’s size', () => d.client.put(lineUrl, { width: 1100, unit: 'mm' })],
      [
        'a window copied',
        () =>
          d.client.post(`/api/old/quotes/${q.orderId}/windows/copy-and-paste`, {
            order_window_id: line.windowId,
            type: 'quote',
          }),
      ],
      [
        'recalculated',
        () => d.client.post(`/api/old/quotes/${q.orderId}/windows/recalculate`, { type: 'quote' }),
      ],
      [
        'an adjustment',
        async () =>
          d.client.put(`/api/deal-quotes/${q.quoteId}/pricing`, {
            lastUpdatedAt: await lastUpdatedAt(),
            adjustments: [{ label: 'Delivery', amountIncTax: '55.00', taxType: 'STANDARD' }],
          }),
      ],
      [
        'an override total',
        () =>
          d.client.post(`/api/old/quotes/${q.orderId}/manage-prices/apply-override-total`, {
            override_total: '2000.00',
          }),
      ],
      [
        'a window removed',
        () =>
          d.client.post(`/api/old/quotes/${q.orderId}/windows/${q.lineIds[1]!.windowId}`, {
            _method: 'DELETE',
          }),
      ],
      [
        'the deal renamed',
        () => t.pool.query('UPDATE deals SET name = $2 WHERE id = $1', [q.dealId, 'Renamed']),
      ],
      [
        'the workflow renamed',
        () =>
          t.pool.query(`UPDATE workflows SET name = name || ' (2)' WHERE id = $1`, [workflow[0].workflow_id]),
      ],
      [
        'the user’s tax-override permission',
        () =>
          t.pool.query('UPDATE users SET can_override_tax = NOT can_override_tax WHERE id = $1', [
            d.dealer.userId,
          ]),
      ],
      [
        'a newer catalog of the line’s supplier',
        async () => {
          const { rows } = await t.pool.query(
            `SELECT s.key FROM manufacturers s JOIN products p ON p.manufacturer_id = s.id WHERE p.id = $1`,
            [d.productId],
          );
          await importCatalog(t.db, {
            suppliers: [
              rollerSupplier(rows[0].key, 'Cache', [
                ['110.00', '210.00'],
                ['310.00', '410.00'],
              ]),
            ],
          });
        },
      ],
      [
        'accepted',
        async () => {
          await d.client.post(`/api/old/quotes/${q.orderId}/manage-prices/apply-override-total`, {
            override_total: null,
          });
          await d.client.post(`/api/old/quotes/${q.orderId}/windows/recalculate`, { type: 'quote' });
          return d.client.post(`/api/deal-quotes/${q.quoteId}/accept`, {
            signature: dataUrl(signaturePng()),
            signerName: 'Casey Customer',
          });
        },
      ],
      [
        'revised (the accepted quote names its revision)',
        () => d.client.post(`/api/deal-quotes/${q.quoteId}/revise`),
      ],
      ['archived', () => d.client.post(`/api/deal-quotes/${q.quoteId}/archive`)],
    ];
    await read(cache, q.quoteId);
    await read(cache, other.quoteId);
    for (const [name, change] of changes) {
      const before = await read(cache, q.quoteId);
      const res = (await change()) as { statusCode?: number; body?: string } | undefined;
      if (res?.statusCode !== undefined) expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      const misses = cache.misses;
      const after = await read(cache, q.quoteId);
      expect(cache.misses, name).toBe(misses + 1);
      expect(after.json.equals(before.json), name).toBe(false);
      expect(after.json.equals((await read(dealQuoteCache('off'), q.quoteId)).json), name).toBe(true);
    }
    // The other quote of the same dealer was not touched by any of it but the catalog and the permission.
    expect(JSON.parse((await read(cache, other.quoteId)).json.toString()).id).toBe(other.quoteId);
  });

  it('moves the stamp when the dealer is linked to a supplier or unlinked (pending updates follow the links)', async () => {
    const q = await quoteWithLines(d, TWO_LINES);
    const cache = dealQuoteCache('on');
    await read(cache, q.quoteId);
    const { rows } = await t.pool.query(
      'SELECT manufacturer_id FROM manufacturer_customers WHERE account_id = $1 LIMIT 1',
      [d.dealer.accountId],
    );
    await t.pool.query('DELETE FROM manufacturer_customers WHERE account_id = $1 AND manufacturer_id = $2', [
      d.dealer.accountId,
      rows[0].manufacturer_id,
    ]);
    try {
      const misses = cache.misses;
      const after = await read(cache, q.quoteId);
      expect(cache.misses).toBe(misses + 1);
      expect(after.json.equals((await read(dealQuoteCache('off'), q.quoteId)).json)).toBe(true);
    } finally {
      await t.pool.query('INSERT INTO manufacturer_customers (account_id, manufacturer_id) VALUES ($1, $2)', [
        d.dealer.accountId,
        rows[0].manufacturer_id,
      ]);
    }
  });

  it('moves the order’s version once per statement, however many lines it changes', async () => {
    const q = await quoteWithLines(d, [...TWO_LINES, ...TWO_LINES, ...TWO_LINES]);
    const v = await version(q.orderId);
    const { rowCount } = await t.pool.query(`UPDATE order_lines SET notes = 'x' WHERE order_id = $1`, [
      q.orderId,
    ]);
    expect(rowCount).toBe(6);
    expect(await version(q.orderId)).toBe(v + 1);
    await t.pool.query('DELETE FROM order_lines WHERE order_id = $1', [q.orderId]);
    expect(await version(q.orderId)).toBe(v + 2);
  });

  it('in verify mode, fails a hit whose fresh read differs under the same stamp', async () => {
    const q = await quoteWithLines(d, TWO_LINES);
    const cache = dealQuoteCache('verify');
    await read(cache, q.quoteId);
    await read(cache, q.quoteId);
    expect(cache.hits).toBe(1);
    // A change the stamp does not see (the trigger off for a moment): the kept answer is stale.
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE order_lines DISABLE TRIGGER order_lines_version_upd');
      await client.query(`UPDATE order_lines SET notes = 'unseen' WHERE order_id = $1`, [q.orderId]);
      await client.query('ALTER TABLE order_lines ENABLE TRIGGER order_lines_version_upd');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await expect(read(cache, q.quoteId)).rejects.toThrow(/stale quote/);
    // The stale entry is gone: the next read is fresh and shows the change.
    const again = JSON.parse((await read(cache, q.quoteId)).json.toString());
    expect(again.context.orderLines[0].notes).toBe('unseen');
  });
});
