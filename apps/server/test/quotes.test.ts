import type { AddressInfo } from 'node:net';
import { dealMessages, quoteMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import { refreshQuoteTotal } from '../src/modules/quotes/quote-pricing.service';
import { eventAfterChange } from './board-stream';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';

let t: TestApp;
let client: TestClient;
let otherClient: TestClient;
let dealer: Awaited<ReturnType<typeof createDealer>>;
type Wf = { id: number; slug: string; name: string; statuses: { id: number; slug: string }[] };
let residential: Wf;
let foreignWorkflow: Wf;
let product: { id: number; catalogVersionId: number };
const status = (slug: string) => residential.statuses.find((s) => s.slug === slug)!.id;

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t.db);
  client = await signedInClient(t, dealer);
  otherClient = await signedInClient(t);
  residential = (await client.get('/api/workflows')).json()[0];
  foreignWorkflow = (await otherClient.get('/api/workflows')).json()[0];
  // A product to put on lines: one roller blind of a supplier linked to the dealer.
  const key = `quotes-supplier-${Date.now().toString(36)}`;
  await importCatalog(t.db, {
    suppliers: [
      {
        key,
        name: 'Quotes Supplier',
        shippingMethods: [{ name: 'Courier', address: null }],
        brands: [{ name: 'Quotes Brand' }],
        products: [
          {
            key: 'roller',
            name: 'Quotes Roller',
            brand: 'Quotes Brand',
            category: 'roller',
            hasWidth: true,
            hasHeight: true,
            hasQuantity: true,
            unit: 'mm',
            sizeLimits: { minWidth: 300, maxWidth: 1200, minHeight: 300, maxHeight: 1200 },
            priceGrid: {
              widths: [600, 1200],
              drops: [600, 1200],
              rows: [
                ['10.00', '20.00'],
                ['30.00', '40.00'],
              ],
            },
          },
        ],
      },
    ],
  });
  await linkAccountToSupplier(t.db, dealer.accountId, key);
  const { rows } = await t.pool.query<{ id: number; catalog_version_id: number }>(
    `SELECT p.id, pv.catalog_version_id FROM products p
     JOIN manufacturers s ON s.id = p.manufacturer_id JOIN product_versions pv ON pv.product_id = p.id
     WHERE s.key = $1`,
    [key],
  );
  product = { id: rows[0]!.id, catalogVersionId: rows[0]!.catalog_version_id };
});
afterAll(async () => {
  await t?.close();
});

async function createDeal(name: string, extra: Record<string, unknown> = {}, c = client, wf = residential) {
  const res = await c.post('/api/deals', { workflowId: wf.id, name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; tuid: number; context: { quoteCount: number } };
}

async function addQuote(dealId: number, body: Record<string, unknown> = {}, c = client) {
  const res = await c.post(`/api/deals/${dealId}/quotes/legacy/add`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const getQuote = async (id: number, c = client) => {
  const res = await c.get(`/api/deal-quotes/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Windows and lines put straight into an order (the order-lines calls have their own tests). */
async function insertLines(orderId: number, accountId = dealer.accountId) {
  const window = async (name: string, sortOrder: number, width: string | null) =>
    (
      await t.pool.query<{ id: number }>(
        `INSERT INTO order_windows (account_id, order_id, name, quantity, width_value, width_unit, height_value, height_unit, sort_order)
         VALUES ($1, $2, $3, 2, $4, 'in', '48.0000', 'in', $5) RETURNING id`,
        [accountId, orderId, name, width, sortOrder],
      )
    ).rows[0]!.id;
  const line = async (
    windowId: number,
    values: { q: number; sell: string | null; errors: string[]; sort: number },
  ) =>
    t.pool.query(
      `INSERT INTO order_lines (account_id, order_id, order_window_id, product_id, catalog_version_id, quantity,
         width_value, width_unit, height_value, height_unit, option_keys, notes, markup_type, markup_value,
         markup_source, cost_price, sell_price, errors, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, '36.3750', 'in', '1200', 'mm', '[]', 'a note', 'PERCENT_MARK_UP', '40.00',
         'ACCOUNT', $7, $8, $9, $10)`,
      [
        accountId,
        orderId,
        windowId,
        product.id,
        product.catalogVersionId,
        values.q,
        values.sell === null ? null : '10.0000',
        values.sell,
        JSON.stringify(values.errors),
        values.sort,
      ],
    );
  const lounge = await window('House/Lounge/Left', 0, '36.3750');
  const bedroom = await window('House/Bedroom/Window', 1, null);
  await line(lounge, { q: 2, sell: '100.00', errors: [], sort: 0 });
  await line(lounge, { q: 3, sell: '50.50', errors: [], sort: 1 });
  await line(bedroom, { q: 1, sell: null, errors: ['BAD_SIZE'], sort: 0 });
  // Lines written here, not through the line calls: refresh the quote's grand total cache as they do.
  await refreshQuoteTotal(t.db, accountId, orderId);
}

/** An order's windows and lines, ids and order ids left out, windows named on their lines. */
async function contentsOf(orderId: number) {
  const windows = await t.pool.query(
    `SELECT account_id, name, quantity, width_value, width_unit, height_value, height_unit, sort_order
     FROM order_windows WHERE order_id = $1 ORDER BY sort_order, id`,
    [orderId],
  );
  const lines = await t.pool.query(
    `SELECT l.account_id, w.name AS window_name, l.product_id, l.catalog_version_id, l.quantity, l.width_value,
       l.width_unit, l.height_value, l.height_unit, l.option_keys, l.notes, l.site_mount, l.is_taxable,
       l.has_freight, l.has_installation, l.markup_type, l.markup_value, l.markup_source, l.cost_price,
       l.sell_price, l.errors, l.sort_order
     FROM order_lines l JOIN order_windows w ON w.id = l.order_window_id
     WHERE l.order_id = $1 ORDER BY w.sort_order, l.sort_order, l.id`,
    [orderId],
  );
  return { windows: windows.rows, lines: lines.rows };
}

const quoteRow = async (id: number) =>
  (await t.pool.query('SELECT * FROM deal_quotes WHERE id = $1', [id])).rows[0];
const quoteCountOf = async (dealId: number) =>
  (await client.get(`/api/deals/${dealId}`)).json().context.quoteCount as number;
const alertKeys = async (dealId: number) =>
  (await client.get(`/api/deals/${dealId}`)).json().context.alerts.map((a: { key: string }) => a.key);

describe('adding and reading quotes', () => {
  it('adds a DRAFT quote with its own order, numbered per account, config copied from the dealer settings', async () => {
    const saved = await client.post('/api/old/account-settings/dealer-portal', {
      depositPercentage: '35',
      taxRatePercentage: '12.5',
      quotePricingTaxMode: 'EXCLUSIVE',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const deal = await createDeal('Add quote deal');
    const firstId = await addQuote(deal.id, {
      description: '  Lounge and bedrooms ',
      customerNotes: 'Call first',
    });
    const secondId = await addQuote(deal.id);
    const first = await getQuote(firstId);
    const second = await getQuote(secondId);
    expect(second.tuid).toBe(first.tuid + 1);
    expect(first).toMatchObject({
      id: firstId,
      dealId: deal.id,
      description: 'Lounge and bedrooms',
      customerNotes: 'Call first',
      status: 'DRAFT',
      isArchived: false,
      isReadOnly: false,
      totalSellPrice: '0.00',
      totalSellPriceOverride: null,
      quotePdfUrl: null,
      clonedFromId: null,
      config: { depositPercentage: '35.00', taxPercentage: '12.50', taxMode: 'EXCLUSIVE' },
    });
    expect(second).toMatchObject({ description: '', customerNotes: '' });
    const row = await quoteRow(firstId);
    expect(row).toMatchObject({
      order_id: first.externalId,
      created_by: dealer.userId,
      account_id: dealer.accountId,
    });
    const order = (await t.pool.query('SELECT * FROM orders WHERE id = $1', [first.externalId])).rows[0];
    expect(order).toMatchObject({ account_id: dealer.accountId, kind: 'QUOTE' });
    expect(first.externalId).not.toBe(second.externalId);

    // A later settings change does not reprice the quote.
    await client.post('/api/old/account-settings/dealer-portal', {
      depositPercentage: '80',
      taxRatePercentage: '5',
    });
    expect((await getQuote(firstId)).config).toEqual({
      depositPercentage: '35.00',
      taxPercentage: '12.50',
      taxMode: 'EXCLUSIVE',
    });
    expect((await getQuote(await addQuote(deal.id))).config).toMatchObject({ depositPercentage: '80.00' });
  });

  it('numbers quotes per account: another dealer starts at 1', async () => {
    const deal = await createDeal('Theirs', {}, otherClient, foreignWorkflow);
    const id = await addQuote(deal.id, {}, otherClient);
    expect((await getQuote(id, otherClient)).tuid).toBe(1);
    const mine = await addQuote((await createDeal('Mine after theirs')).id);
    expect((await getQuote(mine)).tuid).toBeGreaterThan(1);
  });

  it('shows a quote with its lines, totals, deal, workflow and the company measure system', async () => {
    const deal = await createDeal('Context deal');
    const id = await addQuote(deal.id, { description: 'With lines' });
    const { externalId } = await getQuote(id);
    await insertLines(externalId);
    const q = await getQuote(id);
    expect(q.context).toMatchObject({
      totalQuantity: 6,
      orderLineCount: 3,
      errorLineCount: 1,
      deal: {
        id: deal.id,
        tuid: deal.tuid,
        name: 'Context deal',
        isArchived: false,
        workflowId: residential.id,
      },
      workflow: { id: residential.id, name: residential.name, slug: residential.slug },
      measureSystem: 'METRIC',
    });
    // The grand total incl. tax: EXCLUSIVE 5 %, 150.50 + R(150.50 × 0.05) = 150.50 + 7.53.
    expect(q.totalSellPrice).toBe('158.03');
    expect(
      q.context.orderLines.map((l: { windowGroupName: string; quantity: number }) => [
        l.windowGroupName,
        l.quantity,
      ]),
    ).toEqual([
      ['House/Lounge/Left', 2],
      ['House/Lounge/Left', 3],
      ['House/Bedroom/Window', 1],
    ]);
    // The company's measure system is its country's.
    const moveTo = (iso2: string) =>
      t.pool.query(
        `UPDATE companies SET country_id = (SELECT id FROM countries WHERE iso2_code = $2) WHERE account_id = $1`,
        [dealer.accountId, iso2],
      );
    await moveTo('US');
    try {
      expect((await getQuote(id)).context.measureSystem).toBe('IMPERIAL');
    } finally {
      await moveTo('AU');
    }
  });

  it('lists a deal’s quotes newest first with their totals; archived ones only with archived=true', async () => {
    const deal = await createDeal('List deal');
    const a = await addQuote(deal.id, { description: 'A' });
    const b = await addQuote(deal.id, { description: 'B' });
    const c = await addQuote(deal.id, { description: 'C' });
    await insertLines((await getQuote(b)).externalId);
    expect((await client.post(`/api/deal-quotes/${c}/archive`)).statusCode).toBe(200);
    const list = (await client.get(`/api/deals/${deal.id}/quotes`)).json();
    expect(list.map((q: { id: number }) => q.id)).toEqual([b, a]);
    expect(list[0].context).toEqual({
      totalQuantity: 6,
      orderLineCount: 3,
      errorLineCount: 1,
      revisionOf: null,
      copyOf: null,
      revisedBy: null,
    });
    expect(list[0].totalSellPrice).toBe('158.03');
    expect(list[1].context).toEqual({
      totalQuantity: 0,
      orderLineCount: 0,
      errorLineCount: 0,
      revisionOf: null,
      copyOf: null,
      revisedBy: null,
    });
    const explicit = (await client.get(`/api/deals/${deal.id}/quotes?archived=false`)).json();
    expect(explicit.map((q: { id: number }) => q.id)).toEqual([b, a]);
    const all = (await client.get(`/api/deals/${deal.id}/quotes?archived=true`)).json();
    expect(all.map((q: { id: number }) => q.id)).toEqual([c, b, a]);
    expect(all[0]).toMatchObject({ isArchived: true, isReadOnly: true });
    // Another deal's quotes are not in this list.
    const other = await createDeal('Other list deal');
    await addQuote(other.id);
    expect((await client.get(`/api/deals/${deal.id}/quotes?archived=true`)).json()).toHaveLength(3);
  });

  it('answers 400 with field paths', async () => {
    const deal = await createDeal('Validation deal');
    const long = await client.post(`/api/deals/${deal.id}/quotes/legacy/add`, {
      description: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['description']);
    const notes = await client.post(`/api/deals/${deal.id}/quotes/legacy/add`, { customerNotes: 5 });
    expect(notes.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['customerNotes']);
    expect((await client.get('/api/deals/abc/quotes')).statusCode).toBe(400);
    const badFlag = await client.get(`/api/deals/${deal.id}/quotes?archived=maybe`);
    expect(badFlag.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['archived']);
    expect((await client.get('/api/deal-quotes/0')).statusCode).toBe(400);
    const id = await addQuote(deal.id);
    const update = await client.post(`/api/deal-quotes/${id}/update`, { customerNotes: 'y'.repeat(10001) });
    expect(update.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['customerNotes']);
    const clone = await client.post(`/api/deal-quotes/${id}/clone`, { description: 7 });
    expect(clone.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['description']);
    expect((await client.get(`/api/deals/${deal.id}/quotes?archived=true`)).json()).toHaveLength(1);
  });
});

describe('tenancy and guards', () => {
  it("answers 404 for another dealer's deal or quote (and a missing one) on every call, changing nothing", async () => {
    const theirDeal = await createDeal('Private', {}, otherClient, foreignWorkflow);
    const theirs = await addQuote(theirDeal.id, { description: 'Their words' }, otherClient);
    const before = await quoteRow(theirs);
    for (const id of [theirs, 2_000_000_000]) {
      expect((await client.get(`/api/deal-quotes/${id}`)).statusCode).toBe(404);
      expect((await client.post(`/api/deal-quotes/${id}/update`, { description: 'Mine' })).statusCode).toBe(
        404,
      );
      expect((await client.post(`/api/deal-quotes/${id}/clone`, {})).statusCode).toBe(404);
      expect((await client.post(`/api/deal-quotes/${id}/archive`)).statusCode).toBe(404);
      expect((await client.post(`/api/deal-quotes/${id}/unarchive`)).statusCode).toBe(404);
    }
    for (const dealId of [theirDeal.id, 2_000_000_000]) {
      expect((await client.get(`/api/deals/${dealId}/quotes`)).statusCode).toBe(404);
      const add = await client.post(`/api/deals/${dealId}/quotes/legacy/add`, { description: 'Mine' });
      expect(add.statusCode).toBe(404);
      expect(add.json().error.code).toBe('NOT_FOUND');
    }
    expect(await quoteRow(theirs)).toEqual(before);
    const theirList = (await otherClient.get(`/api/deals/${theirDeal.id}/quotes?archived=true`)).json();
    expect(theirList.map((q: { id: number }) => q.id)).toEqual([theirs]);
  });

  it('answers 401 without a session and 419 without the CSRF token', async () => {
    const deal = await createDeal('Guarded deal');
    const id = await addQuote(deal.id);
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await anonymous.get(`/api/deals/${deal.id}/quotes`)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/deal-quotes/${id}`)).statusCode).toBe(401);
    const writes = [
      `/api/deals/${deal.id}/quotes/legacy/add`,
      `/api/deal-quotes/${id}/update`,
      `/api/deal-quotes/${id}/clone`,
      `/api/deal-quotes/${id}/archive`,
      `/api/deal-quotes/${id}/unarchive`,
    ];
    for (const url of writes) expect((await anonymous.post(url, {})).statusCode, url).toBe(401);
    const noToken = await signedInClient(t, dealer);
    noToken.token = undefined;
    for (const url of writes) expect((await noToken.post(url, {})).statusCode, url).toBe(419);
    const list = (await client.get(`/api/deals/${deal.id}/quotes?archived=true`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, isArchived: false, description: '' });
  });
});

describe('updating, archiving and read-only quotes', () => {
  it('updates the description and customer notes and moves lastUpdatedAt', async () => {
    const deal = await createDeal('Update deal');
    const id = await addQuote(deal.id, { description: 'Old', customerNotes: 'Old notes' });
    const before = await getQuote(id);
    const res = await client.post(`/api/deal-quotes/${id}/update`, {
      description: ' New ',
      customerNotes: 'New notes',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, description: 'New', customerNotes: 'New notes', status: 'DRAFT' });
    expect(Date.parse(res.json().lastUpdatedAt)).toBeGreaterThan(Date.parse(before.lastUpdatedAt));
    expect(await getQuote(id)).toMatchObject({ description: 'New', customerNotes: 'New notes' });
  });

  it('archives and unarchives idempotently, moving lastUpdatedAt only on a change', async () => {
    const deal = await createDeal('Archive deal');
    const id = await addQuote(deal.id);
    const first = await client.post(`/api/deal-quotes/${id}/archive`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, isArchived: true, isReadOnly: true });
    const again = await client.post(`/api/deal-quotes/${id}/archive`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const back = await client.post(`/api/deal-quotes/${id}/unarchive`);
    expect(back.json()).toMatchObject({ isArchived: false, isReadOnly: false });
    expect(Date.parse(back.json().lastUpdatedAt)).toBeGreaterThan(Date.parse(first.json().lastUpdatedAt));
    const backAgain = await client.post(`/api/deal-quotes/${id}/unarchive`);
    expect(backAgain.json()).toEqual(back.json());
  });

  it('answers 409 to an update of an accepted, archived or archived-deal quote, changing nothing', async () => {
    const deal = await createDeal('Read-only deal');
    const accepted = await addQuote(deal.id, { description: 'Accepted' });
    await t.pool.query(`UPDATE deal_quotes SET status = 'ACCEPTED', accepted_at = now() WHERE id = $1`, [
      accepted,
    ]);
    const archived = await addQuote(deal.id, { description: 'Archived' });
    await client.post(`/api/deal-quotes/${archived}/archive`);
    const { rows } = await t.pool.query('SELECT accepted_at FROM deal_quotes WHERE id = $1', [accepted]);
    expect((await getQuote(accepted)).acceptedAt).toBe(new Date(rows[0].accepted_at).toISOString());
    expect((await getQuote(archived)).acceptedAt).toBeNull();
    for (const id of [accepted, archived]) {
      const before = await quoteRow(id);
      expect((await getQuote(id)).isReadOnly).toBe(true);
      const res = await client.post(`/api/deal-quotes/${id}/update`, {
        description: 'Changed',
        customerNotes: 'x',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: quoteMessages.readOnly });
      expect(await quoteRow(id)).toEqual(before);
    }
    // An accepted quote can still be archived and unarchived (it stays read-only).
    expect((await client.post(`/api/deal-quotes/${accepted}/archive`)).json()).toMatchObject({
      isArchived: true,
    });
    expect((await client.post(`/api/deal-quotes/${accepted}/unarchive`)).json()).toMatchObject({
      isArchived: false,
      isReadOnly: true,
    });

    // On an archived deal every quote is read-only and no quote write goes through.
    const other = await createDeal('Archived deal with a quote');
    const draft = await addQuote(other.id, { description: 'Draft' });
    expect((await client.post(`/api/deals/${other.id}/archive`)).statusCode).toBe(200);
    const before = await quoteRow(draft);
    const q = await getQuote(draft);
    expect(q).toMatchObject({ isReadOnly: true, isArchived: false });
    expect(q.context.deal.isArchived).toBe(true);
    const update = await client.post(`/api/deal-quotes/${draft}/update`, { description: 'Changed' });
    expect(update.statusCode).toBe(409);
    expect(update.json().error.message).toBe(quoteMessages.readOnly);
    for (const url of [`/api/deal-quotes/${draft}/archive`, `/api/deal-quotes/${draft}/clone`]) {
      const res = await client.post(url, {});
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.message).toBe(dealMessages.archived);
    }
    const add = await client.post(`/api/deals/${other.id}/quotes/legacy/add`, { description: 'New' });
    expect(add.statusCode).toBe(409);
    expect(add.json().error.message).toBe(dealMessages.archived);
    expect(await quoteRow(draft)).toEqual(before);
    expect((await client.get(`/api/deals/${other.id}/quotes?archived=true`)).json()).toHaveLength(1);
  });
});

describe('cloning', () => {
  it('makes a new DRAFT on the same deal with copies of every window and line, the notes and the config', async () => {
    const deal = await createDeal('Clone deal');
    const id = await addQuote(deal.id, { description: 'Original', customerNotes: 'Gate code 1234' });
    const original = await getQuote(id);
    await insertLines(original.externalId);
    // The original keeps its config even after the settings change; the clone copies the original's.
    await t.pool.query(
      `UPDATE deal_quotes SET tax_percentage = '7.25', deposit_percentage = '15' WHERE id = $1`,
      [id],
    );
    await client.post('/api/old/account-settings/dealer-portal', { depositPercentage: '60' });

    const res = await client.post(`/api/deal-quotes/${id}/clone`, {});
    expect(res.statusCode, res.body).toBe(200);
    const clone = await getQuote(res.json().id);
    const source = await getQuote(id);
    expect(clone).toMatchObject({
      dealId: deal.id,
      status: 'DRAFT',
      isArchived: false,
      description: 'Original',
      customerNotes: 'Gate code 1234',
      clonedFromId: id,
      config: { ...source.config, taxPercentage: '7.25', depositPercentage: '15.00' },
    });
    expect(clone.tuid).toBeGreaterThan(source.tuid);
    expect(clone.externalId).not.toBe(source.externalId);
    expect(await contentsOf(clone.externalId)).toEqual(await contentsOf(source.externalId));
    expect((await contentsOf(clone.externalId)).lines).toHaveLength(3);
    expect(clone.context).toMatchObject({ totalQuantity: 6, orderLineCount: 3, errorLineCount: 1 });
    const strip = (lines: { id: number; orderId: number; orderWindowId: number }[]) =>
      lines.map(({ id: _i, orderId: _o, orderWindowId: _w, ...rest }) => rest);
    expect(strip(clone.context.orderLines)).toEqual(strip(source.context.orderLines));
    // The copies are the clone's own: the source's rows are untouched, no row is shared.
    const shared = await t.pool.query(
      `SELECT count(*)::int AS n FROM order_lines a JOIN order_lines b ON a.order_window_id = b.order_window_id
       WHERE a.order_id = $1 AND b.order_id = $2`,
      [clone.externalId, source.externalId],
    );
    expect(shared.rows[0].n).toBe(0);

    const named = await client.post(`/api/deal-quotes/${id}/clone`, { description: 'Option B' });
    expect((await getQuote(named.json().id)).description).toBe('Option B');
    const noBody = await client.post(`/api/deal-quotes/${id}/clone`);
    expect(noBody.statusCode, noBody.body).toBe(200);
  });

  it('clones accepted and archived quotes into editable drafts', async () => {
    const deal = await createDeal('Clone read-only deal');
    const accepted = await addQuote(deal.id, { description: 'Signed one' });
    await insertLines((await getQuote(accepted)).externalId);
    await t.pool.query(`UPDATE deal_quotes SET status = 'ACCEPTED' WHERE id = $1`, [accepted]);
    const archived = await addQuote(deal.id, { description: 'Old one' });
    await client.post(`/api/deal-quotes/${archived}/archive`);
    for (const id of [accepted, archived]) {
      const res = await client.post(`/api/deal-quotes/${id}/clone`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(await getQuote(res.json().id)).toMatchObject({
        status: 'DRAFT',
        isArchived: false,
        isReadOnly: false,
        clonedFromId: id,
      });
    }
    expect((await quoteRow(accepted)).status).toBe('ACCEPTED');
    expect((await quoteRow(archived)).is_archived).toBe(true);
  });

  it('makes 20 distinct quotes with distinct numbers from 20 concurrent clones', async () => {
    const deal = await createDeal('Concurrent clones');
    const id = await addQuote(deal.id, { description: 'Source' });
    await insertLines((await getQuote(id)).externalId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post(`/api/deal-quotes/${id}/clone`, { description: `Copy ${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = answers.map((r) => r.json().id as number);
    expect(new Set(ids).size).toBe(20);
    const { rows } = await t.pool.query<{ tuid: number; order_id: number; lines: number }>(
      `SELECT q.tuid, q.order_id, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = q.order_id) AS lines
       FROM deal_quotes q WHERE q.id = ANY($1::int[])`,
      [ids],
    );
    expect(new Set(rows.map((r) => r.tuid)).size).toBe(20);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(20);
    expect(rows.every((r) => r.lines === 3)).toBe(true);
    expect(await quoteCountOf(deal.id)).toBe(21);
  });
});

describe("the deal's quote count and the 'Quoting with no quotes' alert", () => {
  it('change at once after add, clone, archive and unarchive, on the deal and on the board', async () => {
    const deal = await createDeal('Quoting deal', { statusId: status('measure-booked') });
    expect(deal.context.quoteCount).toBe(0);
    expect(await alertKeys(deal.id)).toContain('no-quotes');
    const warned = async () =>
      (await client.get(`/api/deals?workflowId=${residential.id}&alerts=warning&search=Quoting deal`))
        .json()
        .data.map((d: { id: number }) => d.id);
    const boardCount = async () =>
      (await client.get(`/api/deals?workflowId=${residential.id}&search=Quoting deal`)).json().data[0].context
        .quoteCount;
    expect(await warned()).toEqual([deal.id]);

    const id = await addQuote(deal.id);
    expect(await quoteCountOf(deal.id)).toBe(1);
    expect(await alertKeys(deal.id)).not.toContain('no-quotes');
    expect(await warned()).toEqual([]);
    expect(await boardCount()).toBe(1);

    await client.post(`/api/deal-quotes/${id}/archive`);
    expect(await quoteCountOf(deal.id)).toBe(0);
    expect(await alertKeys(deal.id)).toContain('no-quotes');
    expect(await warned()).toEqual([deal.id]);
    expect(await boardCount()).toBe(0);

    await client.post(`/api/deal-quotes/${id}/unarchive`);
    expect(await quoteCountOf(deal.id)).toBe(1);
    expect(await warned()).toEqual([]);

    await client.post(`/api/deal-quotes/${id}/clone`, {});
    expect(await quoteCountOf(deal.id)).toBe(2);
    expect(await boardCount()).toBe(2);
    await client.post(`/api/deal-quotes/${id}/archive`);
    expect(await quoteCountOf(deal.id)).toBe(1);
    expect(await alertKeys(deal.id)).not.toContain('no-quotes');
  });

  it('announces a quote change on the live board stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // A deal in New: a quote changes no alert there, so only the quote's own announcement tells the board.
    const deal = await createDeal('Streamed quotes');
    const { text, afterMs } = await eventAfterChange({
      port,
      cookie: `slat_session=${client.cookie}`,
      workflowId: residential.id,
      change: () => addQuote(deal.id),
      needle: `"dealId":${deal.id}`,
    });
    expect(text).toContain('event: deal');
    expect(afterMs).toBeLessThan(3000);
  });
});
