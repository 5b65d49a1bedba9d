import { purchaseOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import {
  addWindowWithLine,
  listOrders,
  type OrderDealer,
  orderDealer,
  readOrder,
} from './purchase-order-fixtures';
import { ok, quoteWithLines } from './quote-fixtures';

// Converting an accepted deal quote into purchase orders (POST /deal-quotes/convert): one open
// order per supplier with that supplier's lines, the same order however often it is asked, a
// revision when a revised quote's earlier order was submitted, and the deal's order count.

let t: TestApp;
let d: OrderDealer;
let other: OrderDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await orderDealer(t, 'Convert');
  other = await orderDealer(t, 'Elsewhere');
});
afterAll(async () => {
  await t?.close();
});

const sql = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.pool.query<R>(text, params)).rows;
const convert = (quoteId: number, manufacturerId: number, client = d.client) =>
  client.post('/api/deal-quotes/convert', { quoteId, manufacturerId });
const accept = async (quoteId: number) =>
  ok(await d.client.post(`/api/deal-quotes/${quoteId}/accept`, { acceptWithoutSignature: true }));
const markSubmitted = (id: number) =>
  sql(`UPDATE purchase_orders SET status = 'SUBMITTED', submitted_at = now() WHERE order_id = $1`, [id]);

/**
 * A deal with a quote whose Lounge and Bed windows hold the first supplier's lines, a Study
 * window the second supplier's, and a Hall window one of each.
 */
async function mixedQuote(opts: { accepted?: boolean } = {}) {
  const q = await quoteWithLines(d, [
    { window: 'Home/Lounge', width: 600, height: 600 },
    { window: 'Home/Bed', width: 1200, height: 1200 },
  ]);
  const study = await addWindowWithLine(d.client, q.orderId, 'Home/Study', d.second.productId);
  const hall = await addWindowWithLine(d.client, q.orderId, 'Home/Hall', d.first.productId);
  const hallSecond = ok(
    await d.client.post(`/api/old/quotes/${q.orderId}/windows/${hall.windowId}/products`, {
      product_id: d.second.productId,
      width: 600,
      height: 600,
      unit: 'mm',
    }),
  ).order_window_product_id as number;
  if (opts.accepted !== false) await accept(q.quoteId);
  return {
    ...q,
    firstLines: [...q.lineIds.map((l) => l.lineId), hall.lineId],
    secondLines: [study.lineId, hallSecond],
  };
}

describe('POST /deal-quotes/convert', () => {
  it('makes one open order per supplier holding only that supplier’s lines, each linked to its quote line', async () => {
    const q = await mixedQuote();
    const made = ok(await convert(q.quoteId, d.first.id));
    expect(made).toMatchObject({ id: expect.any(Number), tuid: expect.any(Number), created: true });
    const order = await readOrder(d.client, made.id);
    const quote = ok(await d.client.get(`/api/deal-quotes/${q.quoteId}`));
    const [creator] = await sql<{ name: string }>(
      `SELECT COALESCE(NULLIF(btrim(u.first_name || ' ' || u.last_name), ''), u.username) AS name
         FROM deal_quotes q JOIN users u ON u.id = q.created_by WHERE q.id = $1`,
      [q.quoteId],
    );
    expect(order).toMatchObject({
      status: 'OPEN',
      manufacturerId: d.first.id,
      sidemark: `Job for ${q.contactName}`,
      salesRep: creator!.name,
      orderLineCount: 3,
      sourceQuote: { id: q.quoteId, tuid: quote.tuid, dealId: q.dealId },
    });
    expect(order.context.parentOrder).toEqual({ id: q.quoteId, tuid: quote.tuid, isQuote: true });
    // The customer details: the deal's contact (name, phone) and its site address.
    expect(order.customerDetails).toBe(`${q.contactName}\n0400 000 000`);
    expect(order.context.orderLines.map((l: { windowGroupName: string }) => l.windowGroupName)).toEqual([
      'Home/Lounge',
      'Home/Bed',
      'Home/Hall',
    ]);
    const links = await sql<{ copied_from_line_id: number }>(
      'SELECT copied_from_line_id FROM order_lines WHERE order_id = $1 ORDER BY copied_from_line_id',
      [made.id],
    );
    expect(links.map((l) => l.copied_from_line_id)).toEqual([...q.firstLines].sort((a, b) => a - b));

    const second = ok(await convert(q.quoteId, d.second.id));
    expect(second.id).not.toBe(made.id);
    const secondOrder = await readOrder(d.client, second.id);
    expect(secondOrder.context.orderLines.map((l: { windowGroupName: string }) => l.windowGroupName)).toEqual(
      ['Home/Study', 'Home/Hall'],
    );
    const secondLinks = await sql<{ copied_from_line_id: number }>(
      'SELECT copied_from_line_id FROM order_lines WHERE order_id = $1 ORDER BY copied_from_line_id',
      [second.id],
    );
    expect(secondLinks.map((l) => l.copied_from_line_id)).toEqual([...q.secondLines].sort((a, b) => a - b));
    // The quote keeps its lines.
    expect((await readQuoteLines(q.quoteId)).length).toBe(5);
  });

  it('answers the same order when asked again, and makes one under 20 concurrent converts', async () => {
    const q = await mixedQuote();
    const answers = await Promise.all(Array.from({ length: 20 }, () => convert(q.quoteId, d.first.id)));
    const bodies = answers.map((r) => ok(r));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
    const again = ok(await convert(q.quoteId, d.first.id));
    expect(again).toEqual({ id: bodies[0].id, tuid: bodies[0].tuid, created: false });
    const rows = await sql<{ n: string }>(
      'SELECT count(*) AS n FROM purchase_orders WHERE source_quote_id = $1 AND manufacturer_id = $2',
      [q.quoteId, d.first.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const lines = await sql<{ n: string }>('SELECT count(*) AS n FROM order_lines WHERE order_id = $1', [
      bodies[0].id,
    ]);
    expect(Number(lines[0]!.n)).toBe(3);
  });

  it('shows the orders on the quote detail: its Orders table and Ready to Order list', async () => {
    const q = await mixedQuote();
    const before = ok(await d.client.get(`/api/deal-quotes/${q.quoteId}`));
    expect(before.context.purchaseOrders).toEqual([]);
    expect(before.context.readyToOrder.map((r: { orderId: number | null }) => r.orderId)).toEqual([
      null,
      null,
    ]);
    const made = ok(await convert(q.quoteId, d.second.id));
    const after = ok(await d.client.get(`/api/deal-quotes/${q.quoteId}`));
    expect(after.context.purchaseOrders).toEqual([
      expect.objectContaining({ id: made.id, tuid: made.tuid, manufacturerId: d.second.id, status: 'OPEN' }),
    ]);
    const ready = Object.fromEntries(
      after.context.readyToOrder.map((r: { manufacturerId: number; orderId: number | null }) => [
        r.manufacturerId,
        r.orderId,
      ]),
    );
    expect(ready).toEqual({ [d.first.id]: null, [d.second.id]: made.id });
  });

  it('refuses another dealer’s quote (404), a draft (409), a supplier not linked or without lines (400)', async () => {
    const theirs = await quoteWithLines(other, [{ window: 'Den', width: 600, height: 600 }]);
    await other.client.post(`/api/deal-quotes/${theirs.quoteId}/accept`, { acceptWithoutSignature: true });
    const foreign = await convert(theirs.quoteId, d.first.id);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await convert(999_999, d.first.id)).statusCode).toBe(404);

    const draft = await mixedQuote({ accepted: false });
    const refused = await convert(draft.quoteId, d.first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(purchaseOrderMessages.quoteNotAccepted);

    const onlyFirst = await quoteWithLines(d, [{ window: 'Porch', width: 600, height: 600 }]);
    await accept(onlyFirst.quoteId);
    const noLines = await convert(onlyFirst.quoteId, d.second.id);
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().error).toMatchObject({
      message: purchaseOrderMessages.noLinesForSupplier,
      fields: [{ path: 'manufacturerId', message: purchaseOrderMessages.noLinesForSupplier }],
    });
    const unlinked = await convert(onlyFirst.quoteId, other.first.id);
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().error.fields[0]).toMatchObject({ path: 'manufacturerId' });
    for (const body of [{ quoteId: onlyFirst.quoteId }, { quoteId: 'x', manufacturerId: d.first.id }, {}]) {
      const res = await d.client.post('/api/deal-quotes/convert', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const strict = await d.client.post('/api/deal-quotes/convert', {
      quoteId: onlyFirst.quoteId,
      manufacturerId: d.first.id,
      all: true,
    });
    expect(strict.statusCode).toBe(400);
    // None of the refusals made an order.
    const rows = await sql<{ n: string }>(
      'SELECT count(*) AS n FROM purchase_orders WHERE source_quote_id = ANY($1::int[])',
      [[theirs.quoteId, draft.quoteId, onlyFirst.quoteId]],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('refuses a quote of an archived deal (409) and makes nothing, until the deal is unarchived', async () => {
    const q = await mixedQuote();
    const first = ok(await convert(q.quoteId, d.first.id));
    ok(await d.client.post(`/api/deals/${q.dealId}/archive`, {}));
    const ordersOf = async () =>
      (
        await sql<{ id: number }>(
          'SELECT order_id AS id FROM purchase_orders WHERE source_quote_id = $1 ORDER BY order_id',
          [q.quoteId],
        )
      ).map((r) => r.id);
    for (const supplier of [d.second.id, d.first.id]) {
      const refused = await convert(q.quoteId, supplier);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toBe(purchaseOrderMessages.dealArchived);
    }
    expect(await ordersOf()).toEqual([first.id]);
    ok(await d.client.post(`/api/deals/${q.dealId}/unarchive`, {}));
    const second = ok(await convert(q.quoteId, d.second.id));
    expect(await ordersOf()).toEqual([first.id, second.id]);
  });
});

async function readQuoteLines(quoteId: number) {
  return ok(await d.client.get(`/api/deal-quotes/${quoteId}`)).context.orderLines as unknown[];
}

describe('the deal’s order count and its InProgress alert', () => {
  it('counts the non-archived orders converted from the deal’s quotes and warns while there are none', async () => {
    const workflow = ok(await d.client.get('/api/workflows')).find(
      (w: { id: number }) => w.id === d.workflowId,
    ) as { statuses: { id: number; slug: string; phase: string }[] };
    const signed = workflow.statuses.find((s) => s.slug === 'signed')!;
    const q = await mixedQuote();
    const deal = ok(await d.client.get(`/api/deals/${q.dealId}`));
    ok(
      await d.client.post(`/api/deals/${q.dealId}/status`, {
        currentStatusId: deal.statusId,
        statusId: signed.id,
      }),
    );
    const keys = async () => {
      const now = ok(await d.client.get(`/api/deals/${q.dealId}`));
      return {
        orderCount: now.context.orderCount,
        noOrders: now.context.alerts.some((a: { key: string }) => a.key === 'no-orders'),
      };
    };
    const stored = async () =>
      (await sql<{ w: number }>('SELECT alert_warnings AS w FROM deals WHERE id = $1', [q.dealId]))[0]!.w;
    expect(await keys()).toEqual({ orderCount: 0, noOrders: true });
    const warningsBefore = await stored();

    const made = ok(await convert(q.quoteId, d.first.id));
    expect(await keys()).toEqual({ orderCount: 1, noOrders: false });
    expect(await stored()).toBe(warningsBefore - 1);
    ok(await convert(q.quoteId, d.second.id));
    expect((await keys()).orderCount).toBe(2);

    ok(await d.client.post('/api/old/orders/archive/1', { ids: [made.id] }));
    expect((await keys()).orderCount).toBe(1);
    const second = (await listOrders(d.client, { manufacturerId: d.second.id })).data[0]!;
    ok(await d.client.post('/api/old/orders/archive/1', { ids: [second.id] }));
    expect(await keys()).toEqual({ orderCount: 0, noOrders: true });
    expect(await stored()).toBe(warningsBefore);
    ok(await d.client.post('/api/old/orders/archive/0', { ids: [made.id] }));
    expect(await keys()).toEqual({ orderCount: 1, noOrders: false });
  });
});

describe('converting a revised quote', () => {
  it('makes a revision of the submitted order (same number, next revision), which replaces it', async () => {
    const q = await mixedQuote();
    const original = ok(await convert(q.quoteId, d.first.id));
    ok(
      await d.client.post(`/api/old/quotes/${original.id}/update-details`, {
        sidemark: 'Beach house, side gate',
        details: 'Leave with the neighbour',
        sales_rep_override: 'Robin Rep',
      }),
    );
    await markSubmitted(original.id);
    const openSecond = ok(await convert(q.quoteId, d.second.id));

    const revisedQuoteId = ok(await d.client.post(`/api/deal-quotes/${q.quoteId}/revise`)).id as number;
    await accept(revisedQuoteId);
    const revision = ok(await convert(revisedQuoteId, d.first.id));
    expect(revision).toMatchObject({ tuid: original.tuid, created: true });
    expect(revision.id).not.toBe(original.id);

    const newest = await readOrder(d.client, revision.id);
    expect(newest).toMatchObject({
      tuid: original.tuid,
      revisionNumber: 2,
      status: 'OPEN',
      isReadOnly: false,
      sidemark: 'Beach house, side gate',
      customerDetails: 'Leave with the neighbour',
      salesRep: 'Robin Rep',
      sourceQuote: { id: revisedQuoteId },
    });
    expect(newest.context.parentOrder).toEqual({ id: original.id, tuid: original.tuid, isQuote: false });
    expect(newest.context.latestRevision).toBeNull();
    const replaced = await readOrder(d.client, original.id);
    expect(replaced).toMatchObject({ isReadOnly: true });
    // The replaced order is history: even reopened in SQL, only its newest revision takes edits.
    await sql(`UPDATE purchase_orders SET status = 'OPEN', submitted_at = NULL WHERE order_id = $1`, [
      original.id,
    ]);
    const edit = await d.client.post(`/api/old/quotes/${original.id}/update-details`, { sidemark: 'Old' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(purchaseOrderMessages.readOnly);
    await markSubmitted(original.id);
    expect(replaced.context.latestRevision).toEqual({ id: revision.id, tuid: original.tuid });

    // The list shows the newest revision only.
    const listed = (await listOrders(d.client, { search: `#${original.tuid}` })).data.map((o) => o.id);
    expect(listed).toEqual([revision.id]);
    // Asked again: the same revision.
    expect(ok(await convert(revisedQuoteId, d.first.id))).toEqual({
      id: revision.id,
      tuid: original.tuid,
      created: false,
    });
    // The second supplier's earlier order was never submitted: the revised quote gets a new order of its own.
    const fresh = ok(await convert(revisedQuoteId, d.second.id));
    expect(fresh.tuid).not.toBe(openSecond.tuid);
    expect((await readOrder(d.client, fresh.id)).revisionNumber).toBe(1);

    // A revision of the revision, once that one is submitted too.
    await markSubmitted(revision.id);
    const thirdQuoteId = ok(await d.client.post(`/api/deal-quotes/${revisedQuoteId}/revise`)).id as number;
    await accept(thirdQuoteId);
    const third = ok(await convert(thirdQuoteId, d.first.id));
    const thirdOrder = await readOrder(d.client, third.id);
    expect(thirdOrder).toMatchObject({ tuid: original.tuid, revisionNumber: 3 });
    expect(thirdOrder.context.parentOrder).toMatchObject({ id: revision.id, isQuote: false });
    expect((await readOrder(d.client, original.id)).context.latestRevision).toEqual({
      id: third.id,
      tuid: original.tuid,
    });
  });
});
