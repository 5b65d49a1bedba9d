import type { PurchaseOrder, PurchaseOrderListItem } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { startMailCatcher } from './mail-catcher';
import {
  orderWithLines,
  readOrder,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
} from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';

// What submitting tells the supplier: an online supplier's order gets its page link (in the mail),
// and a submitted order's freight is what its supplier orders say.

let t: TestApp;
let d: SubmitDealer;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await createTestApp({ smtpUrl: smtp.url });
  d = await submitDealer(t, 'Linked');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ONE_LINE = [{ window: 'Home/Lounge', width: 500, height: 500, quantity: 2 }];

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function submitted(kind: 'online' | 'offline' | 'internal', extra: Record<string, unknown> = {}) {
  const s = d.suppliers[kind];
  const o = await orderWithLines(d, s, ONE_LINE);
  const body = await reviewBody(d, o.id, s);
  ok(await submit(d.client, o.id, { ...body, ...extra }));
  return o;
}

const links = async (orderId: number) =>
  (
    await t.pool.query<{ public_id: string; revoked_at: Date | null; order_status_id: number | null }>(
      `SELECT l.public_id, l.revoked_at, s.order_status_id FROM supplier_order_links l
         JOIN supplier_orders s ON s.id = l.supplier_order_id WHERE s.order_id = $1`,
      [orderId],
    )
  ).rows;

describe("the supplier's page link of a submitted order", () => {
  it('gives an online supplier one live link and mails it, with a random id of at least 128 bits', async () => {
    const o = await submitted('online');
    const rows = await links(o.id);
    expect(rows).toHaveLength(1);
    const [link] = rows;
    expect(link!.revoked_at).toBeNull();
    // Shown as its core status until the supplier names one.
    expect(link!.order_status_id).toBeNull();
    // 32 random bytes in base64url: 43 characters (≥ 128 bits).
    expect(link!.public_id).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const mail = await smtp.waitFor(d.suppliers.online.email);
    const text = decoded(mail.raw);
    expect(text).toContain(`http://slat.test/supplier-order/${link!.public_id}`);
    expect(text).toContain('You can acknowledge and update this order');
    expect(text).toContain('without an account');
    const inMail = /\/supplier-order\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    expect(inMail.length).toBeGreaterThanOrEqual(43);
  });

  it('makes a different link for every order', async () => {
    const a = await submitted('online');
    const b = await submitted('online');
    const [la] = await links(a.id);
    const [lb] = await links(b.id);
    expect(la!.public_id).not.toBe(lb!.public_id);
  });

  it("gives an offline-only supplier's order no link, and its mail none", async () => {
    smtp.mails.length = 0;
    const o = await submitted('offline', {
      offline_supplier_order: { reference: 'FAX-1', orderStatus: 'Faxed' },
    });
    expect(await links(o.id)).toEqual([]);
    const mail = await smtp.waitFor(d.suppliers.offline.email);
    expect(decoded(mail.raw)).toContain(`Purchase order ${o.tuid}`);
    expect(decoded(mail.raw)).not.toContain('/supplier-order/');
  });
});

describe("a submitted order's freight", () => {
  const listed = async (id: number) => {
    const res = await d.client.post('/api/purchaseorder', {
      filters: {},
      pagination: { limit: 100, offset: 0 },
    });
    const page = ok(res) as { data: PurchaseOrderListItem[] };
    return page.data.find((o) => o.id === id);
  };
  const detail = async (id: number): Promise<PurchaseOrder> => readOrder(d.client, id);

  it('is none while the order is open', async () => {
    const o = await orderWithLines(d, d.suppliers.online, ONE_LINE);
    expect((await detail(o.id)).freight).toBeNull();
    expect((await listed(o.id))?.freight).toBeNull();
  });

  it("is the sum of its supplier orders' freight, on the detail and the list", async () => {
    const o = await submitted('online');
    // At submission the supplier order holds the estimate: 25.00 + 2 × 4.50.
    expect((await detail(o.id)).freight).toBe('34.00');
    // The supplier states its own freight; a second supplier order adds its own.
    await t.pool.query(`UPDATE supplier_orders SET freight = '40.10' WHERE order_id = $1`, [o.id]);
    await t.pool.query(
      `INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, is_offline, freight)
       VALUES ($1, $2, $3, true, '0.25')`,
      [d.dealer.accountId, o.id, d.suppliers.offline.id],
    );
    expect((await detail(o.id)).freight).toBe('40.35');
    expect((await listed(o.id))?.freight).toBe('40.35');
  });

  it('is none when no supplier order has freight (an internal workroom)', async () => {
    const o = await submitted('internal');
    expect((await detail(o.id)).freight).toBeNull();
    expect((await listed(o.id))?.freight).toBeNull();
  });
});
