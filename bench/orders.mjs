// npm run bench -- orders
// The purchase-order list and detail at scale: the demo dealer with BENCH_ORDERS (100,000) purchase
// orders spread over two years (two lines each, a third of them submitted with a supplier order),
// then under autocannon (10 connections): POST /api/purchaseorder with the list's default filter
// (past 30 days, non-archived, first page of 50), the same with a search, and GET
// /api/purchaseorder/{id} of a 100-line order — each beside the raw SQL that call runs (captured
// from the server by bench/sql-capture.cjs, replayed with node-postgres at the same concurrency in
// the same run). Budget: API ≥ 0.5 × raw SQL req/s, p99 < 50 ms. Beside the search's raw SQL, the
// same statements with its own-words arm on the trigram index alone (as before migration 0021), so
// what the word index saves is a ratio of one run rather than of two runs on a shared machine.
// BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3), BENCH_ORDERS (default 100000).
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDatabaseUrl,
  isoInstantSql,
  machine,
  median,
  rawSqlComparison,
  signInDemo,
  startSlat,
  tempDataDir,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const DETAIL_LINES = 100;
const CONNECTIONS = 10;

const dataDir = tempDataDir();
const sqlFile = path.join(dataDir, 'captured-sql.json');
const server = await startSlat({
  args: ['--require', './bench/sql-capture.cjs', 'apps/server/dist/main.js'],
  env: { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '', SLAT_BENCH_SQL_FILE: sqlFile },
});
process.on('exit', () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const base = `http://127.0.0.1:${server.port}`;

pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
const pool = new pg.Pool({ connectionString: benchDatabaseUrl(dataDir), max: CONNECTIONS });
// an idle connection's end when the server stops its database is not the bench's failure
pool.on('error', () => {});

// ── Data: the demo dealer's suppliers, one priced line of each, and the orders ────────────────
const {
  rows: [demo],
} = await pool.query(`SELECT account_id, id AS user_id FROM users WHERE username = 'demo'`);
if (!demo) throw new Error('no demo user');
const { rows: templates } = await pool.query(
  `SELECT DISTINCT ON (pr.manufacturer_id) pr.manufacturer_id, l.product_id, l.catalog_version_id, l.quantity,
          l.width_value, l.width_unit, l.height_value, l.height_unit, l.option_keys, l.markup_type, l.markup_value,
          l.markup_source, l.cost_price, l.sell_price
     FROM order_lines l JOIN products pr ON pr.id = l.product_id
    WHERE l.account_id = $1 AND jsonb_array_length(l.errors) = 0
    ORDER BY pr.manufacturer_id, l.id`,
  [demo.account_id],
);
if (templates.length === 0) throw new Error('no priced demo line to copy');

const seeding = performance.now();
const client = await pool.connect();
try {
  await client.query('BEGIN');
  const { rows: start } = await client.query(
    'SELECT COALESCE(max(tuid), 0) AS tuid FROM purchase_orders WHERE account_id = $1',
    [demo.account_id],
  );
  // Orders every ~10 minutes back from now: about 4,300 in the default 30 days.
  await client.query(
    `WITH o AS (
       INSERT INTO orders (account_id, kind, created_at, updated_at)
       SELECT $1, 'PURCHASE_ORDER', now() - g * interval '10 minutes', now() - g * interval '10 minutes'
         FROM generate_series(1, $2) g
       RETURNING id, created_at)
     INSERT INTO purchase_orders (order_id, account_id, tuid, manufacturer_id, status, submitted_at, sidemark, details,
                                  created_by, created_at, updated_at)
     SELECT o.id, $1, $3 + row_number() OVER (ORDER BY o.id), ($4::int[])[1 + o.id % cardinality($4::int[])],
            CASE WHEN o.id % 3 = 0 THEN 'SUBMITTED' ELSE 'OPEN' END,
            CASE WHEN o.id % 3 = 0 THEN o.created_at + interval '1 hour' END,
            'Bench job ' || o.id, 'Bench customer ' || (o.id % 5000), $5, o.created_at, o.created_at
       FROM o`,
    [demo.account_id, ORDERS, Number(start[0].tuid), templates.map((t) => t.manufacturer_id), demo.user_id],
  );
  const benchOrders = `SELECT order_id, manufacturer_id FROM purchase_orders WHERE account_id = $1 AND sidemark LIKE 'Bench job %'`;
  await client.query(
    `INSERT INTO order_windows (account_id, order_id, name, quantity)
     SELECT $1, b.order_id, 'Room ' || (b.order_id % 7), 1 FROM (${benchOrders}) b`,
    [demo.account_id],
  );
  for (const t of templates)
    await client.query(
      `INSERT INTO order_lines (account_id, order_id, order_window_id, product_id, catalog_version_id, quantity,
                                width_value, width_unit, height_value, height_unit, option_keys, markup_type,
                                markup_value, markup_source, cost_price, sell_price, sort_order)
       SELECT $1, w.order_id, w.id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, s
         FROM order_windows w JOIN purchase_orders p ON p.order_id = w.order_id
         CROSS JOIN generate_series(0, 1) s
        WHERE p.account_id = $1 AND p.manufacturer_id = $15 AND p.sidemark LIKE 'Bench job %'`,
      [
        demo.account_id,
        t.product_id,
        t.catalog_version_id,
        t.quantity,
        t.width_value,
        t.width_unit,
        t.height_value,
        t.height_unit,
        JSON.stringify(t.option_keys),
        t.markup_type,
        t.markup_value,
        t.markup_source,
        t.cost_price,
        t.sell_price,
        t.manufacturer_id,
      ],
    );
  await client.query(
    `INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, is_offline, core_status, eta)
     SELECT $1, p.order_id, p.manufacturer_id, m.offline_only,
            (ARRAY['UNSTARTED','IN_PROGRESS','ON_HOLD','COMPLETED','CANCELLED'])[1 + p.order_id % 5],
            (p.created_at + interval '21 days')::date
       FROM purchase_orders p JOIN manufacturers m ON m.id = p.manufacturer_id
      WHERE p.account_id = $1 AND p.status = 'SUBMITTED' AND p.sidemark LIKE 'Bench job %'`,
    [demo.account_id],
  );
  await client.query(
    `INSERT INTO account_counters (account_id, name, value)
     SELECT $1, 'purchase_order', max(tuid) FROM purchase_orders WHERE account_id = $1
     ON CONFLICT (account_id, name) DO UPDATE SET value = EXCLUDED.value`,
    [demo.account_id],
  );
  await client.query('COMMIT');
} catch (err) {
  await client.query('ROLLBACK');
  throw err;
} finally {
  client.release();
}
// As autovacuum leaves tables that grew over two years: the visibility map set, statistics read.
await pool.query('VACUUM ANALYZE purchase_orders, order_lines, order_windows, supplier_orders');
const seconds = ((performance.now() - seeding) / 1000).toFixed(1);

// ── The 100-line order, made through the API (create, then windows and lines copied in SQL) ──
const { cookie, api } = await signInDemo(base);
const supplier = templates[0];
const {
  data: { id: detailId },
} = await api('POST', '/old/quotes', {
  manufacturer_id: supplier.manufacturer_id,
  sidemark: 'Bench: 100 lines',
});
await pool.query(
  `WITH w AS (
     INSERT INTO order_windows (account_id, order_id, name, quantity, sort_order)
     SELECT $1, $2, 'Level ' || (g / 10) || '/Window ' || g, 1, g FROM generate_series(0, $3 - 1) g
     RETURNING id, sort_order)
   INSERT INTO order_lines (account_id, order_id, order_window_id, product_id, catalog_version_id, quantity,
                            width_value, width_unit, height_value, height_unit, option_keys, markup_type,
                            markup_value, markup_source, cost_price, sell_price, sort_order)
   SELECT $1, $2, w.id, l.product_id, l.catalog_version_id, l.quantity, l.width_value, l.width_unit, l.height_value,
          l.height_unit, l.option_keys, l.markup_type, l.markup_value, l.markup_source, l.cost_price, l.sell_price, 0
     FROM w CROSS JOIN LATERAL (
       SELECT x.* FROM order_lines x JOIN products pr ON pr.id = x.product_id
        WHERE x.account_id = $1 AND pr.manufacturer_id = $4 AND jsonb_array_length(x.errors) = 0
        ORDER BY x.id LIMIT 1) l`,
  [demo.account_id, detailId, DETAIL_LINES, supplier.manufacturer_id],
);
const detail = await api('GET', `/purchaseorder/${detailId}`);
if (detail.context.orderLines.length !== DETAIL_LINES)
  throw new Error(`the detail has ${detail.context.orderLines.length} lines, not ${DETAIL_LINES}`);

// ── The calls ────────────────────────────────────────────────────────────────────────────────
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const listHeaders = { cookie, 'content-type': 'application/json' };
const defaultFilter = {
  filters: { dateFrom: day(-30), dateTo: day(0), isArchived: false },
  pagination: { limit: 50, offset: 0 },
};
const searchFilter = {
  filters: { search: 'customer 4321', dateFrom: '2000-01-01', dateTo: '2050-01-01', isArchived: false },
  pagination: { limit: 50, offset: 0 },
};
const first = await api('POST', '/purchaseorder', defaultFilter);
const found = await api('POST', '/purchaseorder', searchFilter);

// The default list's physical limit: its whole answer ({ total, data }) as JSON, built by
// PostgreSQL in one statement written here (the page by the list index, then each order's supplier,
// rep, source quote, line totals and supplier orders), given the company's zone as the API is.
const supplierOrder = (status) =>
  `json_build_object('id', s.id, 'eta', s.eta, 'status', ${status}, 'coreStatus', s.core_status)`;
const {
  rows: [{ zone }],
} = await pool.query(
  `SELECT COALESCE((SELECT NULLIF(timezone, '') FROM companies WHERE account_id = $1 LIMIT 1), 'UTC') AS zone`,
  [demo.account_id],
);
// The best of the API's own plan: the page and the count each from the list index, the lines'
// totals and the supplier orders each in one pass per order.
const ordersWhere = `p.account_id = $1 AND p.replaced_by_order_id IS NULL AND NOT p.is_archived
       AND p.created_at >= (($2::date)::timestamp AT TIME ZONE $4::text)
       AND p.created_at < (($3::date + 1)::timestamp AT TIME ZONE $4::text)`;
const ORDERS_PAGE = {
  name: 'bench_orders_page',
  text: `
  WITH page AS MATERIALIZED (
    SELECT p.order_id FROM purchase_orders p WHERE ${ordersWhere}
     ORDER BY p.created_at DESC NULLS LAST, p.order_id DESC NULLS LAST LIMIT $5)
  SELECT json_build_object(
    'total', (SELECT count(*)::int FROM purchase_orders p WHERE ${ordersWhere}),
    'data', COALESCE(json_agg(json_build_object(
      'id', p.order_id, 'tuid', p.tuid, 'revisionNumber', p.revision_number, 'manufacturerId', p.manufacturer_id,
      'manufacturerName', m.name, 'sidemark', p.sidemark, 'createdAt', ${isoInstantSql('p.created_at')},
      'isArchived', p.is_archived,
      'isReadOnly', p.status = 'SUBMITTED' OR p.is_archived OR p.replaced_by_order_id IS NOT NULL,
      'salesRep', COALESCE(NULLIF(p.sales_rep_override, ''), NULLIF(btrim(u.first_name || ' ' || u.last_name), ''), u.username),
      'salesRepOverride', p.sales_rep_override, 'employeeId', p.created_by, 'customerDetails', p.details,
      'notes', p.notes, 'status', p.status, 'totalCost', t.total_cost,
      'freight', CASE WHEN p.status = 'SUBMITTED' THEN so.freight END,
      'totalQuantity', t.total_quantity, 'orderLineCount', t.line_count,
      'submittedAt', ${isoInstantSql('p.submitted_at')}, 'requiredDate', p.required_date::text,
      'sourceQuote', CASE WHEN sq.id IS NOT NULL AND sw.slug IS NOT NULL
        THEN json_build_object('id', sq.id, 'tuid', sq.tuid, 'dealId', sq.deal_id, 'workflowSlug', sw.slug) END,
      'context', json_build_object('manufacturerOrders', so.online, 'offlineManufacturerOrders', so.offline)
    ) ORDER BY p.created_at DESC NULLS LAST, p.order_id DESC NULLS LAST), '[]'::json)) AS answer
    FROM page
    JOIN purchase_orders p ON p.order_id = page.order_id
    JOIN manufacturers m ON m.id = p.manufacturer_id
    LEFT JOIN users u ON u.id = p.created_by
    LEFT JOIN deal_quotes sq ON sq.id = p.source_quote_id AND sq.account_id = p.account_id
    LEFT JOIN deals sd ON sd.id = sq.deal_id
    LEFT JOIN workflows sw ON sw.id = sd.workflow_id
    CROSS JOIN LATERAL (
      SELECT round(COALESCE(sum(l.cost_price), 0), 2)::text AS total_cost,
             COALESCE(sum(l.quantity), 0)::int AS total_quantity, count(*)::int AS line_count
        FROM order_lines l WHERE l.order_id = p.order_id) t
    CROSS JOIN LATERAL (
      SELECT COALESCE(json_agg(${supplierOrder('s.core_status')} ORDER BY s.id) FILTER (WHERE NOT s.is_offline), '[]'::json) AS online,
             COALESCE(json_agg(${supplierOrder(`COALESCE(NULLIF(btrim(s.order_status_text), ''), s.core_status::text)`)} ORDER BY s.id)
               FILTER (WHERE s.is_offline), '[]'::json) AS offline,
             round(sum(s.freight), 2)::text AS freight
        FROM supplier_orders s WHERE s.order_id = p.order_id AND s.account_id = p.account_id) so`,
  values: [
    demo.account_id,
    defaultFilter.filters.dateFrom,
    defaultFilter.filters.dateTo,
    zone,
    defaultFilter.pagination.limit,
  ],
};
// The limit reads its JSON as node-postgres reads a json column (parsed), as the lists bench's
// limits do; the same statement read as text (no parse, as the API sends its items) is shown
// beside it. Either builds the API's answer, or it is not the call's limit.
const ORDERS_PAGE_TEXT = {
  name: 'bench_orders_page_text',
  text: `SELECT answer::text AS answer FROM (${ORDERS_PAGE.text}) a`,
  values: ORDERS_PAGE.values,
};
const limitAnswer = (await pool.query(ORDERS_PAGE)).rows[0].answer;
if (JSON.stringify(JSON.parse((await pool.query(ORDERS_PAGE_TEXT)).rows[0].answer)) !== JSON.stringify(first))
  throw new Error("The orders list's physical limit, read as text, does not build the answer the API gives");
if (JSON.stringify(limitAnswer) !== JSON.stringify(first))
  throw new Error("The orders list's physical limit does not build the answer the API gives");

const { compare, capture, replay } = rawSqlComparison({
  server,
  sqlFile,
  pool,
  connections: CONNECTIONS,
  duration: DURATION,
  rounds: ROUNDS,
  autocannon,
});

console.log(
  `orders bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}, ${CONNECTIONS} connections × ${DURATION} s × ${ROUNDS} rounds (medians)`,
);
console.log(
  `${ORDERS} purchase orders (${ORDERS * 2} lines) seeded in ${seconds} s; default filter: ${first.total} orders in 30 days (page of ${first.data.length}); search 'customer 4321': ${found.total} orders (page of ${found.data.length})\n`,
);
console.log(
  '| call | req/s | p50 | p99 | non-2xx / errors | API ÷ raw SQL req/s (budget ≥ 0.5; p99 < 50 ms) |',
);
console.log('|---|---|---|---|---|---|');
await compare({
  name: 'POST /api/purchaseorder (default: 30 days, 50 a page)',
  url: `${base}/api/purchaseorder`,
  method: 'POST',
  headers: listHeaders,
  body: JSON.stringify(defaultFilter),
  physical: { statement: ORDERS_PAGE, what: 'the answer as JSON' },
  stricter: { statement: ORDERS_PAGE_TEXT, what: 'its JSON read as text (no parse)' },
});
await compare({
  name: "POST /api/purchaseorder (search 'customer 4321', all dates)",
  url: `${base}/api/purchaseorder`,
  method: 'POST',
  headers: listHeaders,
  body: JSON.stringify(searchFilter),
});

// The search's statements as the API sends them, and the same with the word condition taken out
// (its parameter kept, as a constant the planner folds), so the trigram index alone finds the
// candidates: replayed in turn, round by round.
const searched = await capture(() =>
  fetch(`${base}/api/purchaseorder`, {
    method: 'POST',
    headers: listHeaders,
    body: JSON.stringify(searchFilter),
  }),
);
const wordCondition = /purchase_order_search_words\(.*?\) @@ (lower\(\$\d+\)::tsquery)/s;
if (!searched.some((q) => wordCondition.test(q.text)))
  throw new Error("the search's statements have no word condition: has the search changed?");
const trigramOnly = searched.map((q) => ({ ...q, text: q.text.replace(wordCondition, '($1 IS NOT NULL)') }));
const runs = { words: [], trigrams: [] };
for (let i = 0; i < ROUNDS; i++) {
  runs.words.push(await replay(searched));
  runs.trigrams.push(await replay(trigramOnly));
}
const med = (list, key) => median(list.map((r) => r[key]));
const searchRow = (name, list) =>
  `| ${name} | ${med(list, 'rps').toFixed(0)} | ${med(list, 'p50').toFixed(1)} ms | ${med(list, 'p99').toFixed(1)} ms | ${list.reduce((n, r) => n + r.non2xx, 0)} |`;
console.log(`${searchRow("  raw SQL of the search again (the word index's arm)", runs.words)} |`);
console.log(
  `${searchRow('  raw SQL of the search, the trigram index alone (as before migration 0021)', runs.trigrams)} word index ÷ trigrams alone req/s: ${(med(runs.words, 'rps') / med(runs.trigrams, 'rps')).toFixed(2)} |`,
);

await compare({
  name: `GET /api/purchaseorder/{id} (${DETAIL_LINES} lines)`,
  url: `${base}/api/purchaseorder/${detailId}`,
  headers: { cookie },
});

await pool.end();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
