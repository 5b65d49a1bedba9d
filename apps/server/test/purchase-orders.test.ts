import { purchaseOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/modules/catalog/index';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import {
  addWindowWithLine,
  listOrders,
  newOrder,
  type OrderDealer,
  orderDealer,
  readOrder,
} from './purchase-order-fixtures';
import { ok, quoteDealer, quoteWithLines, rollerSupplier } from './quote-fixtures';

// Purchase orders (§2 Orders list, Create order, Order detail; §3; §7): the list and its
// filters, the detail, creating, editing, cloning, archiving, the suppliers and the dashboard.

let t: TestApp;
let d: OrderDealer;
let other: OrderDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await orderDealer(t, 'Orders');
  other = await orderDealer(t, 'Rival');
});
afterAll(async () => {
  await t?.close();
});

const sql = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.pool.query<R>(text, params)).rows;
/** Marks an order submitted in SQL (the submit call is another module's). */
const markSubmitted = (id: number) =>
  sql(`UPDATE purchase_orders SET status = 'SUBMITTED', submitted_at = now() WHERE order_id = $1`, [id]);
const fieldPaths = (body: { error: { fields: { path: string }[] } }) => body.error.fields.map((f) => f.path);
const userName = async (accountId: number) =>
  (
    await sql<{ name: string }>(
      `SELECT COALESCE(NULLIF(btrim(first_name || ' ' || last_name), ''), username) AS name
         FROM users WHERE account_id = $1 ORDER BY id LIMIT 1`,
      [accountId],
    )
  )[0]!.name;
/** Tomorrow in the dealer's time zone (yyyy-MM-dd). */
const tomorrowIn = async (accountId: number) =>
  (
    await sql<{ d: string }>(
      `SELECT ((now() AT TIME ZONE COALESCE((SELECT timezone FROM companies WHERE account_id = $1), 'UTC'))::date + 1)::text AS d`,
      [accountId],
    )
  )[0]!.d;

describe('POST /old/quotes (create a purchase order)', () => {
  it('makes an open order for one of the dealer’s suppliers, numbered in turn, with the creator as rep', async () => {
    const a = await newOrder(d.client, d.first.id, { sidemark: 'Smith job', details: '1 Beach Rd' });
    const b = await newOrder(d.client, d.second.id);
    expect(b.tuid).toBe(a.tuid + 1);
    const order = await readOrder(d.client, a.id);
    expect(order).toMatchObject({
      id: a.id,
      tuid: a.tuid,
      revisionNumber: 1,
      manufacturerId: d.first.id,
      manufacturerName: d.first.name,
      sidemark: 'Smith job',
      customerDetails: '1 Beach Rd',
      notes: '',
      status: 'OPEN',
      isArchived: false,
      isReadOnly: false,
      salesRep: await userName(d.dealer.accountId),
      salesRepOverride: null,
      totalCost: '0.00',
      totalQuantity: 0,
      orderLineCount: 0,
      submittedAt: null,
      sourceQuote: null,
      shippingMethodId: null,
    });
    expect(order.context).toMatchObject({
      minRequiredDate: await tomorrowIn(d.dealer.accountId),
      orderDocument: null,
      parentOrder: null,
      latestRevision: null,
      orderLines: [],
      errorLineCount: 0,
      revisionChanges: [],
      manufacturerOrders: [],
      offlineManufacturerOrders: [],
      measureSystem: expect.stringMatching(/^(METRIC|IMPERIAL)$/),
      defaults: { deliveryAddress: expect.any(String), shippingInstructions: expect.any(String) },
      pendingUpdates: { hasPendingUpdates: false },
    });
    expect(order.context.supplier).toMatchObject({
      id: d.first.id,
      name: d.first.name,
      offlineOnly: false,
      isInternal: false,
      shippingMethods: [{ name: 'Courier', address: null }],
    });
  });

  it('numbers 20 orders made at once 20 different, consecutive numbers', async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => newOrder(d.client, d.first.id)));
    const tuids = made.map((o) => o.tuid).sort((a, b) => a - b);
    expect(new Set(made.map((o) => o.id)).size).toBe(20);
    expect(tuids).toEqual(Array.from({ length: 20 }, (_, i) => tuids[0]! + i));
  });

  it('numbers past an order written without the counter (an import or a seed)', async () => {
    const { id, tuid } = await newOrder(d.client, d.first.id);
    await sql('UPDATE purchase_orders SET tuid = $2 WHERE order_id = $1', [id, tuid + 500]);
    expect((await newOrder(d.client, d.first.id)).tuid).toBe(tuid + 501);
  });

  it('takes a named rep and another staff member of the account', async () => {
    const colleague = await createDealer(t.db, {});
    // A staff member of another account is not the dealer's.
    const res = await d.client.post('/api/old/quotes', {
      manufacturer_id: d.first.id,
      employee_id: colleague.userId,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldPaths(res.json())).toEqual(['employee_id']);
    const { id } = await newOrder(d.client, d.first.id, { sales_rep_override: 'Pat Rep' });
    expect(await readOrder(d.client, id)).toMatchObject({ salesRep: 'Pat Rep', salesRepOverride: 'Pat Rep' });
  });

  it('answers 400 naming the field for a supplier not linked, a foreign company, bad ids and unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ manufacturer_id: other.first.id }, 'manufacturer_id'],
      [{ manufacturer_id: 999_999 }, 'manufacturer_id'],
      [{ manufacturer_id: 'one' }, 'manufacturer_id'],
      [{}, 'manufacturer_id'],
      [{ manufacturer_id: d.first.id, company_id: d.dealer.companyId + 100_000 }, 'company_id'],
      [{ manufacturer_id: d.first.id, sidemark: 'x'.repeat(201) }, 'sidemark'],
    ];
    for (const [body, path] of cases) {
      const res = await d.client.post('/api/old/quotes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldPaths(res.json()), JSON.stringify(body)).toContain(path);
    }
    const strict = await d.client.post('/api/old/quotes', { manufacturer_id: d.first.id, colour: 'red' });
    expect(strict.statusCode).toBe(400);
    const linked = await d.client.post('/api/old/quotes', { manufacturer_id: other.first.id });
    expect(linked.json().error.message).toBe(purchaseOrderMessages.supplierNotLinked);
    // The dealer's own company is accepted.
    ok(
      await d.client.post('/api/old/quotes', { manufacturer_id: d.first.id, company_id: d.dealer.companyId }),
    );
  });
});

describe('GET /purchaseorder/{id}', () => {
  it('shows the lines added through the shared window calls, their totals and errors', async () => {
    const { id } = await newOrder(d.client, d.first.id);
    await addWindowWithLine(d.client, id, 'Home/Lounge', d.first.productId, { width: 600, height: 600 });
    await addWindowWithLine(d.client, id, 'Home/Bed', d.first.productId, {
      width: 1200,
      height: 1200,
      quantity: 2,
    });
    const order = await readOrder(d.client, id);
    const costs = order.context.orderLines.map((l: { costPrice: string }) => l.costPrice);
    expect(costs).toEqual(['100.00', '800.00']);
    expect(order).toMatchObject({ totalCost: '900.00', totalQuantity: 3, orderLineCount: 2 });
    expect(order.context.errorLineCount).toBe(0);
    expect(order.context.orderLines.map((l: { windowGroupName: string }) => l.windowGroupName)).toEqual([
      'Home/Lounge',
      'Home/Bed',
    ]);
  });

  it('shows pending supplier updates while open, and none once submitted', async () => {
    const g = await orderDealer(t, 'Pending');
    const { id } = await newOrder(g.client, g.first.id);
    await addWindowWithLine(g.client, id, 'Lounge', g.first.productId, { width: 600, height: 600 });
    expect((await readOrder(g.client, id)).context.pendingUpdates.hasPendingUpdates).toBe(false);
    // The supplier publishes new prices: a newer catalog of the same supplier.
    const [{ key }] = (await sql<{ key: string }>('SELECT key FROM manufacturers WHERE id = $1', [
      g.first.id,
    ])) as [{ key: string }];
    await importCatalog(t.db, {
      suppliers: [
        rollerSupplier(key, g.label, [
          ['110.00', '210.00'],
          ['310.00', '410.00'],
        ]),
      ],
    });
    const open = await readOrder(g.client, id);
    expect(open.context.pendingUpdates.hasPendingUpdates).toBe(true);
    await markSubmitted(id);
    expect((await readOrder(g.client, id)).context.pendingUpdates.hasPendingUpdates).toBe(false);
  });

  it('answers 404 for another dealer’s order, a quote’s order and a missing one; 400 for a bad id', async () => {
    const theirs = await newOrder(other.client, other.first.id);
    expect((await d.client.get(`/api/purchaseorder/${theirs.id}`)).statusCode).toBe(404);
    expect((await d.client.get('/api/purchaseorder/999999')).statusCode).toBe(404);
    const quoteOrder = await sql<{ id: number }>(
      `INSERT INTO orders (account_id, kind) VALUES ($1, 'QUOTE') RETURNING id`,
      [d.dealer.accountId],
    );
    expect((await d.client.get(`/api/purchaseorder/${quoteOrder[0]!.id}`)).statusCode).toBe(404);
    const bad = await d.client.get('/api/purchaseorder/abc');
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /old/quotes/{id}/update-details', () => {
  it('changes the details of an open order and answers the order', async () => {
    const { id } = await newOrder(d.client, d.first.id, {
      sidemark: 'Before',
      sales_rep_override: 'Old Rep',
    });
    const answer = ok(
      await d.client.post(`/api/old/quotes/${id}/update-details`, {
        company_id: d.dealer.companyId,
        sidemark: 'After',
        details: 'Unit 4, 9 Pier St',
        notes: 'Call before delivery',
        sales_rep_override: null,
        employee_id: d.dealer.userId,
      }),
    );
    expect(answer).toMatchObject({
      id,
      sidemark: 'After',
      customerDetails: 'Unit 4, 9 Pier St',
      notes: 'Call before delivery',
      salesRepOverride: null,
      salesRep: await userName(d.dealer.accountId),
    });
    expect(await readOrder(d.client, id)).toMatchObject({ sidemark: 'After', notes: 'Call before delivery' });
  });

  it('answers 409 for a submitted or archived order, and for windows and lines added to it', async () => {
    const submitted = await newOrder(d.client, d.first.id, { sidemark: 'Sent' });
    const { windowId } = await addWindowWithLine(d.client, submitted.id, 'Hall', d.first.productId);
    await markSubmitted(submitted.id);
    const archived = await newOrder(d.client, d.first.id, { sidemark: 'Shelved' });
    ok(await d.client.post('/api/old/orders/archive/1', { ids: [archived.id] }));
    for (const { id } of [submitted, archived]) {
      const res = await d.client.post(`/api/old/quotes/${id}/update-details`, { sidemark: 'Changed' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(purchaseOrderMessages.readOnly);
      const win = await d.client.post(`/api/old/quotes/${id}/windows`, {
        order_windows: [{ order_id: id, name: 'More' }],
      });
      expect(win.statusCode, win.body).toBe(409);
    }
    const line = await d.client.post(`/api/old/quotes/${submitted.id}/windows/${windowId}/products`, {
      product_id: d.first.productId,
      width: 600,
      height: 600,
      unit: 'mm',
    });
    expect(line.statusCode, line.body).toBe(409);
    expect((await readOrder(d.client, submitted.id)).sidemark).toBe('Sent');
    expect((await readOrder(d.client, archived.id)).sidemark).toBe('Shelved');
  });

  it('answers 404 for another dealer’s order and 400 for a foreign staff member or company', async () => {
    const theirs = await newOrder(other.client, other.first.id, { sidemark: 'Theirs' });
    const res = await d.client.post(`/api/old/quotes/${theirs.id}/update-details`, { sidemark: 'Mine' });
    expect(res.statusCode).toBe(404);
    expect((await readOrder(other.client, theirs.id)).sidemark).toBe('Theirs');
    const mine = await newOrder(d.client, d.first.id);
    const staff = await d.client.post(`/api/old/quotes/${mine.id}/update-details`, {
      employee_id: other.dealer.userId,
    });
    expect(staff.statusCode).toBe(400);
    expect(fieldPaths(staff.json())).toEqual(['employee_id']);
    const company = await d.client.post(`/api/old/quotes/${mine.id}/update-details`, {
      company_id: other.dealer.companyId,
    });
    expect(fieldPaths(company.json())).toEqual(['company_id']);
    const strict = await d.client.post(`/api/old/quotes/${mine.id}/update-details`, { status: 'SUBMITTED' });
    expect(strict.statusCode).toBe(400);
  });
});

describe('POST /old/quotes/{id}/clone', () => {
  it('copies every window into a new open order, and only the chosen ones when named; a submitted order too', async () => {
    const source = await newOrder(d.client, d.first.id, { sidemark: 'Original', sales_rep_override: 'Sam' });
    const lounge = await addWindowWithLine(d.client, source.id, 'Lounge', d.first.productId);
    await addWindowWithLine(d.client, source.id, 'Bed', d.first.productId, { width: 600, height: 600 });
    await markSubmitted(source.id);

    const all = ok(await d.client.post(`/api/old/quotes/${source.id}/clone`, {})).cloned_order;
    expect(all.id).not.toBe(source.id);
    expect(all.tuid).toBeGreaterThan(source.tuid);
    const copy = await readOrder(d.client, all.id);
    expect(copy).toMatchObject({
      status: 'OPEN',
      isReadOnly: false,
      manufacturerId: d.first.id,
      sidemark: 'Original',
      salesRep: 'Sam',
      orderLineCount: 2,
      totalCost: (await readOrder(d.client, source.id)).totalCost,
    });
    const chosen = ok(
      await d.client.post(`/api/old/quotes/${source.id}/clone`, {
        order_window_ids: [lounge.windowId],
        sidemark: 'Just the lounge',
      }),
    ).cloned_order;
    const part = await readOrder(d.client, chosen.id);
    expect(part.sidemark).toBe('Just the lounge');
    expect(part.context.orderLines.map((l: { windowGroupName: string }) => l.windowGroupName)).toEqual([
      'Lounge',
    ]);
    // The source is untouched.
    expect((await readOrder(d.client, source.id)).orderLineCount).toBe(2);
  });

  it('carries the customer details unless with_contact is false, and takes details, sidemark and rep given', async () => {
    const source = await newOrder(d.client, d.first.id, {
      sidemark: 'Beach house',
      details: 'Jo Customer, 1 Shore Rd',
      sales_rep_override: 'Sam',
    });
    await addWindowWithLine(d.client, source.id, 'Lounge', d.first.productId);
    const cloneOf = async (body: Record<string, unknown>) =>
      readOrder(
        d.client,
        ok(await d.client.post(`/api/old/quotes/${source.id}/clone`, body)).cloned_order.id,
      );
    expect((await cloneOf({})).customerDetails).toBe('Jo Customer, 1 Shore Rd');
    expect((await cloneOf({ with_contact: true })).customerDetails).toBe('Jo Customer, 1 Shore Rd');
    const bare = await cloneOf({ with_contact: false });
    expect(bare).toMatchObject({
      customerDetails: '',
      sidemark: 'Beach house',
      salesRep: 'Sam',
      orderLineCount: 1,
    });
    // Details typed for the copy are its details, with or without the original's.
    expect((await cloneOf({ with_contact: false, details: 'New Customer' })).customerDetails).toBe(
      'New Customer',
    );
    expect(
      await cloneOf({ details: 'Other Customer', sidemark: 'Beach house 2', sales_rep_override: 'Alex' }),
    ).toMatchObject({ customerDetails: 'Other Customer', sidemark: 'Beach house 2', salesRep: 'Alex' });
    // No override: the rep is the staff member again.
    const creator = await cloneOf({ sales_rep_override: '' });
    expect([creator.salesRepOverride, creator.salesRep]).toEqual([null, await userName(d.dealer.accountId)]);
  });

  it('clones as an order (type order, the default), is open whatever is_draft says, in one call whatever the runs', async () => {
    const source = await newOrder(d.client, d.first.id, { sidemark: 'Runs' });
    await addWindowWithLine(d.client, source.id, 'Lounge', d.first.productId);
    await markSubmitted(source.id);
    for (const body of [
      { type: 'order' },
      { is_draft: true },
      { is_draft: false },
      { first_run: true, last_run: false },
      { first_run: false, last_run: true },
    ]) {
      const res = await d.client.post(`/api/old/quotes/${source.id}/clone`, body);
      const copy = await readOrder(d.client, ok(res).cloned_order.id);
      expect(copy, JSON.stringify(body)).toMatchObject({
        status: 'OPEN',
        isReadOnly: false,
        sidemark: 'Runs',
        orderLineCount: 1,
      });
    }
  });

  it('refuses type quote and unknown types with a 400 naming type, and makes nothing', async () => {
    const source = await newOrder(d.client, d.first.id);
    const before = Number((await sql<{ n: string }>('SELECT count(*) AS n FROM purchase_orders'))[0]!.n);
    const asQuote = await d.client.post(`/api/old/quotes/${source.id}/clone`, { type: 'quote' });
    expect(asQuote.statusCode, asQuote.body).toBe(400);
    expect(asQuote.json().error.fields).toEqual([
      { path: 'type', message: purchaseOrderMessages.cloneOnlyAsOrder },
    ]);
    for (const type of ['invoice', '', 1, null]) {
      const res = await d.client.post(`/api/old/quotes/${source.id}/clone`, { type });
      expect(res.statusCode, JSON.stringify(type)).toBe(400);
      expect(fieldPaths(res.json())).toEqual(['type']);
    }
    expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM purchase_orders'))[0]!.n)).toBe(
      before,
    );
  });

  it('makes 20 distinct copies from 20 concurrent clones, each with every line', async () => {
    const source = await newOrder(d.client, d.first.id);
    await addWindowWithLine(d.client, source.id, 'Lounge', d.first.productId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => d.client.post(`/api/old/quotes/${source.id}/clone`, {})),
    );
    const copies = answers.map((r) => ok(r).cloned_order as { id: number; tuid: number });
    expect(new Set(copies.map((c) => c.tuid)).size).toBe(20);
    const lines = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_lines WHERE order_id = ANY($1::int[])',
      [copies.map((c) => c.id)],
    );
    expect(lines[0]!.n).toBe(20);
  });

  it('answers 400 for a window of another order and 404 for another dealer’s order', async () => {
    const source = await newOrder(d.client, d.first.id);
    const elsewhere = await newOrder(d.client, d.first.id);
    const { windowId } = await addWindowWithLine(d.client, elsewhere.id, 'Other', d.first.productId);
    const theirs = await newOrder(other.client, other.first.id);
    const before = Number((await sql<{ n: string }>('SELECT count(*) AS n FROM purchase_orders'))[0]!.n);
    const res = await d.client.post(`/api/old/quotes/${source.id}/clone`, { order_window_ids: [windowId] });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldPaths(res.json())).toEqual(['order_window_ids']);
    expect((await d.client.post(`/api/old/quotes/${theirs.id}/clone`, {})).statusCode).toBe(404);
    // Neither refusal left an order behind.
    expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM purchase_orders'))[0]!.n)).toBe(
      before,
    );
  });
});

describe('POST /old/orders/archive/1 and /0', () => {
  it('archives and unarchives the dealer’s orders, ignores others’, and answers the ids changed', async () => {
    const a = await newOrder(d.client, d.first.id);
    const b = await newOrder(d.client, d.first.id);
    await markSubmitted(b.id);
    const theirs = await newOrder(other.client, other.first.id);
    const archived = ok(await d.client.post('/api/old/orders/archive/1', { ids: [a.id, b.id, theirs.id] }));
    expect(archived.ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect((await readOrder(d.client, b.id)).isArchived).toBe(true);
    expect((await readOrder(other.client, theirs.id)).isArchived).toBe(false);
    // Again: nothing changes.
    expect(ok(await d.client.post('/api/old/orders/archive/1', { ids: [a.id] })).ids).toEqual([]);
    expect(ok(await d.client.post('/api/old/orders/archive/0', { ids: [a.id, theirs.id] })).ids).toEqual([
      a.id,
    ]);
    expect(await readOrder(d.client, a.id)).toMatchObject({ isArchived: false, isReadOnly: false });
  });

  it('archives once under 20 concurrent calls', async () => {
    const { id } = await newOrder(d.client, d.first.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => d.client.post('/api/old/orders/archive/1', { ids: [id] })),
    );
    const changed = answers.map((r) => ok(r).ids as number[]);
    expect(changed.filter((ids) => ids.includes(id))).toHaveLength(1);
    expect((await readOrder(d.client, id)).isArchived).toBe(true);
  });

  it('answers 400 for an empty or bad list of ids', async () => {
    for (const body of [{ ids: [] }, { ids: ['x'] }, {}, { ids: [1], all: true }]) {
      const res = await d.client.post('/api/old/orders/archive/1', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /purchaseorder (the list)', () => {
  let f: OrderDealer;
  const ids: Record<string, number> = {};
  const tuids: Record<string, number> = {};
  const listed = async (filters: Record<string, unknown>) =>
    (await listOrders(f.client, filters)).data.map((o) => o.id);

  beforeAll(async () => {
    f = await orderDealer(t, 'Lister');
    const make = async (name: string, supplier: number, body: Record<string, unknown>, createdAt: string) => {
      const o = await newOrder(f.client, supplier, body);
      ids[name] = o.id;
      tuids[name] = o.tuid;
      await sql('UPDATE purchase_orders SET created_at = $2 WHERE order_id = $1', [o.id, createdAt]);
    };
    await make('oldest', f.first.id, { sidemark: 'Harbour view' }, '2026-01-10T03:00:00Z');
    await make(
      'second',
      f.second.id,
      { sidemark: 'Hill house', sales_rep_override: 'Alex Rep' },
      '2026-02-10T03:00:00Z',
    );
    await make(
      'third',
      f.first.id,
      { details: 'Ring Jo on arrival', notes: 'Fragile' },
      '2026-03-10T03:00:00Z',
    );
    await make('newest', f.second.id, { sidemark: 'Dune shack' }, '2026-04-10T03:00:00Z');
    await make('archived', f.first.id, { sidemark: 'Harbour archived' }, '2026-03-15T03:00:00Z');
    ok(await f.client.post('/api/old/orders/archive/1', { ids: [ids.archived] }));
    await markSubmitted(ids.third!);
    // An order without a rep: no override and no staff member any more.
    await sql('UPDATE purchase_orders SET created_by = NULL WHERE order_id = $1', [ids.newest]);
    await addWindowWithLine(f.client, ids.oldest!, 'Lounge', f.first.productId, {
      width: 1200,
      height: 1200,
      quantity: 3,
    });
  });

  it('lists the dealer’s non-archived newest revisions, newest first, with totals and the supplier orders', async () => {
    const page = await listOrders(f.client);
    expect(page.data.map((o) => o.id)).toEqual([ids.newest, ids.third, ids.second, ids.oldest]);
    expect(page.total).toBe(4);
    const oldest = page.data.find((o) => o.id === ids.oldest)!;
    expect(oldest).toMatchObject({
      tuid: tuids.oldest,
      totalCost: '1200.00',
      totalQuantity: 3,
      orderLineCount: 1,
      manufacturerName: f.first.name,
      context: { manufacturerOrders: [], offlineManufacturerOrders: [] },
    });
    const so = await sql<{ id: number }>(
      `INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, core_status, eta)
       VALUES ($1, $2, $3, 'IN_PROGRESS', '2026-05-01') RETURNING id`,
      [f.dealer.accountId, ids.third, f.first.id],
    );
    const third = (await listOrders(f.client, { status: 'SUBMITTED' })).data[0]!;
    expect(third.context).toEqual({
      manufacturerOrders: [
        { id: so[0]!.id, eta: '2026-05-01', status: 'IN_PROGRESS', coreStatus: 'IN_PROGRESS' },
      ],
      offlineManufacturerOrders: [],
    });
    // Another dealer sees none of them.
    const theirs = (await listOrders(other.client)).data.map((o) => o.id);
    for (const id of Object.values(ids)) expect(theirs).not.toContain(id);
  });

  it('says the total of a search on a full page and past the last page, as without one', async () => {
    const supplier = f.second.name.toUpperCase();
    const all = await listOrders(f.client, { search: supplier });
    expect(all.total).toBe(all.data.length);
    expect(all.total).toBeGreaterThan(1);
    const first = await listOrders(f.client, { search: supplier }, { limit: 1, offset: 0 });
    expect([first.total, first.data.map((o) => o.id)]).toEqual([all.total, [all.data[0]!.id]]);
    const second = await listOrders(f.client, { search: supplier }, { limit: 1, offset: 1 });
    expect([second.total, second.data.map((o) => o.id)]).toEqual([all.total, [all.data[1]!.id]]);
    const past = await listOrders(f.client, { search: supplier }, { limit: 1, offset: 50 });
    expect([past.total, past.data]).toEqual([all.total, []]);
  });

  it('searches the number (with or without #), sidemark, details, notes, supplier and rep, ignoring case', async () => {
    expect(await listed({ search: String(tuids.second) })).toContain(ids.second);
    expect(await listed({ search: `#${tuids.second}` })).toContain(ids.second);
    expect(await listed({ search: 'harbour' })).toEqual([ids.oldest]);
    expect(await listed({ search: 'RING JO' })).toEqual([ids.third]);
    expect(await listed({ search: 'fragile' })).toEqual([ids.third]);
    expect(await listed({ search: 'alex rep' })).toEqual([ids.second]);
    expect(await listed({ search: f.second.name.toUpperCase() })).toEqual([ids.newest, ids.second]);
    expect(await listed({ search: '100%_' })).toEqual([]);
  });

  it('finds a search of several words by its words after a space as word starts, as the ILIKE does', async () => {
    expect(await listed({ search: 'ring jo on arr' })).toEqual([ids.third]);
    expect(await listed({ search: 'RING JO ON ARRIVAL' })).toEqual([ids.third]);
    expect(await listed({ search: 'hill hou' })).toEqual([ids.second]);
    expect(await listed({ search: 'harbour vie' })).toEqual([ids.oldest]);
    // A word after a space must start a word: not inside one, nor longer than it.
    expect(await listed({ search: 'harbour iew' })).toEqual([]);
    expect(await listed({ search: 'ring jo on arrivals' })).toEqual([]);
    // Two spaces are two spaces, as the ILIKE reads them.
    expect(await listed({ search: 'hill  house' })).toEqual([]);
  });

  it('finds a word longer than the word index keeps (64 characters) by all of it', async () => {
    const long = `${'k'.repeat(60)}eyword${'z'.repeat(10)}`;
    await sql(`UPDATE purchase_orders SET notes = 'Fragile ' || $2 WHERE order_id = $1`, [ids.third, long]);
    try {
      expect(await listed({ search: `fragile ${long}` })).toEqual([ids.third]);
      expect(await listed({ search: `fragile ${long.slice(0, 66)}` })).toEqual([ids.third]);
      expect(await listed({ search: `fragile ${long}z` })).toEqual([]);
    } finally {
      await sql(`UPDATE purchase_orders SET notes = 'Fragile' WHERE order_id = $1`, [ids.third]);
    }
  });

  it('filters by supplier, rep (None too), status, archived and the dealer’s days', async () => {
    expect(await listed({ manufacturerId: f.second.id })).toEqual([ids.newest, ids.second]);
    expect(await listed({ salesRep: 'alex rep' })).toEqual([ids.second]);
    expect(await listed({ salesRep: null })).toEqual([ids.newest]);
    expect(await listed({ salesRep: await userName(f.dealer.accountId) })).toEqual([ids.third, ids.oldest]);
    expect(await listed({ status: 'SUBMITTED' })).toEqual([ids.third]);
    expect(await listed({ status: 'OPEN' })).toEqual([ids.newest, ids.second, ids.oldest]);
    expect(await listed({ isArchived: true })).toEqual([ids.archived]);
    expect(await listed({ isArchived: false, search: 'harbour archived' })).toEqual([]);
    expect(await listed({ dateFrom: '2026-02-10', dateTo: '2026-03-10' })).toEqual([ids.third, ids.second]);
    expect(await listed({ dateFrom: '2026-03-11' })).toEqual([ids.newest]);
    expect(await listed({ dateTo: '2026-01-10' })).toEqual([ids.oldest]);
  });

  it('reads the days in the dealer’s time zone', async () => {
    const [{ timezone }] = (await sql<{ timezone: string }>(
      'SELECT timezone FROM companies WHERE account_id = $1',
      [f.dealer.accountId],
    )) as [{ timezone: string }];
    await sql(`UPDATE companies SET timezone = 'Australia/Sydney' WHERE account_id = $1`, [
      f.dealer.accountId,
    ]);
    // 2026-01-10T03:00Z is 14:00 that day in Sydney; 2026-01-09T20:00Z is already the 10th there.
    await sql('UPDATE purchase_orders SET created_at = $2 WHERE order_id = $1', [
      ids.oldest,
      '2026-01-09T20:00:00Z',
    ]);
    try {
      expect(await listed({ dateFrom: '2026-01-10', dateTo: '2026-01-10' })).toEqual([ids.oldest]);
      await sql(`UPDATE companies SET timezone = 'UTC' WHERE account_id = $1`, [f.dealer.accountId]);
      expect(await listed({ dateFrom: '2026-01-10', dateTo: '2026-01-10' })).toEqual([]);
    } finally {
      await sql('UPDATE companies SET timezone = $2 WHERE account_id = $1', [f.dealer.accountId, timezone]);
      await sql('UPDATE purchase_orders SET created_at = $2 WHERE order_id = $1', [
        ids.oldest,
        '2026-01-10T03:00:00Z',
      ]);
    }
  });

  it('pages with the total of every match', async () => {
    const first = await listOrders(f.client, {}, { limit: 2, offset: 0 });
    expect(first.data.map((o) => o.id)).toEqual([ids.newest, ids.third]);
    expect(first.total).toBe(4);
    const second = await listOrders(f.client, {}, { limit: 2, offset: 2 });
    expect(second.data.map((o) => o.id)).toEqual([ids.second, ids.oldest]);
    expect(second.total).toBe(4);
    const beyond = await listOrders(f.client, { manufacturerId: f.first.id }, { limit: 2, offset: 10 });
    expect(beyond).toEqual({ total: 2, data: [] });
  });

  it('answers 400 naming the field for bad filters and pagination', async () => {
    const cases: [unknown, string][] = [
      [{ filters: { dateFrom: '2026-13-01' } }, 'filters.dateFrom'],
      [{ filters: { dateTo: 'yesterday' } }, 'filters.dateTo'],
      [{ filters: { dateFrom: '2026-03-02', dateTo: '2026-03-01' } }, 'filters.dateTo'],
      [{ filters: { manufacturerId: -1 } }, 'filters.manufacturerId'],
      [{ filters: { status: 'DRAFT' } }, 'filters.status'],
      [{ filters: { isArchived: 'yes' } }, 'filters.isArchived'],
      [{ pagination: { limit: 0, offset: 0 } }, 'pagination.limit'],
      [{ pagination: { limit: 10, offset: -1 } }, 'pagination.offset'],
    ];
    for (const [body, path] of cases) {
      const res = await f.client.post('/api/purchaseorder', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldPaths(res.json()), JSON.stringify(body)).toContain(path);
    }
    expect((await f.client.post('/api/purchaseorder', { filters: { colour: 'red' } })).statusCode).toBe(400);
  });
});

describe('GET /purchaseorder/suppliers', () => {
  it('lists the dealer’s suppliers with shipping methods and says when there are several', async () => {
    const answer = ok(await d.client.get('/api/purchaseorder/suppliers'));
    expect(answer.multiSupplier).toBe(true);
    expect(answer.data.map((s: { id: number }) => s.id).sort()).toEqual([d.first.id, d.second.id].sort());
    expect(answer.data[0]).toMatchObject({
      offlineOnly: false,
      isInternal: false,
      shippingMethods: [{ id: expect.any(Number), name: 'Courier', address: null }],
    });
    const single = (await quoteDealer(t, 'Single')).client;
    expect(ok(await single.get('/api/purchaseorder/suppliers'))).toMatchObject({ multiSupplier: false });
    const none = await signedInClient(t);
    expect(ok(await none.get('/api/purchaseorder/suppliers'))).toEqual({ data: [], multiSupplier: false });
  });
});

describe('GET /purchaseorder/dashboard', () => {
  it('counts the past 30 days of non-archived newest orders: open, and submitted per supplier status', async () => {
    const g = await orderDealer(t, 'Dash');
    const make = async () => (await newOrder(g.client, g.first.id)).id;
    const open = [await make(), await make()];
    const unstarted = await make();
    const onHold = await make();
    const cancelled = await make();
    const archived = await make();
    const old = await make();
    for (const id of [unstarted, onHold, cancelled]) await markSubmitted(id);
    for (const [id, status] of [
      [onHold, 'ON_HOLD'],
      [cancelled, 'CANCELLED'],
    ] as const)
      await sql(
        `INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, core_status) VALUES ($1, $2, $3, $4)`,
        [g.dealer.accountId, id, g.first.id, status],
      );
    ok(await g.client.post('/api/old/orders/archive/1', { ids: [archived] }));
    await sql(`UPDATE purchase_orders SET created_at = now() - interval '40 days' WHERE order_id = $1`, [
      old,
    ]);
    const dash = ok(await g.client.get('/api/purchaseorder/dashboard'));
    expect(dash.open).toBe(open.length);
    expect(dash.submitted).toEqual({ UNSTARTED: 1, IN_PROGRESS: 0, ON_HOLD: 1, COMPLETED: 0, CANCELLED: 1 });
    expect(dash.perDay).toHaveLength(31);
    const today = dash.perDay.at(-1);
    expect(today).toEqual({ date: expect.any(String), open: 2, submitted: 3 });
    expect(
      dash.perDay.slice(0, -1).every((x: { open: number; submitted: number }) => x.open + x.submitted === 0),
    ).toBe(true);
    // Another dealer's dashboard does not count them.
    const theirs = ok(await other.client.get('/api/purchaseorder/dashboard'));
    expect(theirs.submitted.ON_HOLD).toBe(0);
  });
});

describe('guards', () => {
  it('answers 401 without a session and 419 without the CSRF token', async () => {
    const { id } = await newOrder(d.client, d.first.id);
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    for (const url of [
      `/api/purchaseorder/${id}`,
      '/api/purchaseorder/suppliers',
      '/api/purchaseorder/dashboard',
    ])
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    const writes: [string, unknown][] = [
      ['/api/old/quotes', { manufacturer_id: d.first.id }],
      [`/api/old/quotes/${id}/update-details`, { sidemark: 'x' }],
      [`/api/old/quotes/${id}/clone`, {}],
      ['/api/old/orders/archive/1', { ids: [id] }],
      ['/api/old/orders/archive/0', { ids: [id] }],
      ['/api/deal-quotes/convert', { quoteId: 1, manufacturerId: d.first.id }],
    ];
    expect((await anonymous.post('/api/purchaseorder', {})).statusCode).toBe(401);
    for (const [url, body] of writes) expect((await anonymous.post(url, body)).statusCode, url).toBe(401);
    const noToken = await signedInClient(t, d.dealer);
    noToken.token = undefined;
    for (const [url, body] of writes) expect((await noToken.post(url, body)).statusCode, url).toBe(419);
    // The list is a search: it needs no token.
    expect((await noToken.post('/api/purchaseorder', {})).statusCode).toBe(200);
    expect(await readOrder(d.client, id)).toMatchObject({ sidemark: '', isArchived: false });
  });
});

describe("a purchase order's lines and the top-selling products", () => {
  it('count for nothing: top-selling is what the dealer quotes', async () => {
    const dealer = await orderDealer(t, 'TopSelling');
    // Three lines of the second supplier's product on a purchase order, none on a quote…
    const order = await newOrder(dealer.client, dealer.second.id);
    for (const w of ['A', 'B', 'C'])
      await addWindowWithLine(dealer.client, order.id, w, dealer.second.productId);
    const top = () => dealer.client.get('/api/products/top-selling').then((r) => ok(r) as number[]);
    expect(await top()).toEqual([]);
    // …and one quoted line of the first supplier's: only it sells.
    await quoteWithLines(dealer, [{ window: 'Home/Lounge/Window', width: 900, height: 900 }]);
    expect(await top()).toEqual([dealer.first.productId]);
  });
});
