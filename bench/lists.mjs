// npm run bench -- lists
// Lists close to the database: each call beside its physical limit, measured in the same run.
// The physical limit of a call is its answer's data built as JSON by PostgreSQL in ONE statement
// written here by hand (json_build_object / json_agg), prepared by name and read by node-postgres
// (a pool of 10 in this process, the server's NUMERIC parser) at the same concurrency: what the
// database and its driver alone can do for that answer, with no HTTP, no session and no server.
// - The deals board column: the largest column's first page of 50 cards, over BENCH_DEALS (20,000)
//   deals, GET /api/deals?workflowId=&statusId=&limit=50. Its limit builds the same cards (every
//   field: contact, workflow, status, flags, quote count and newest total, purchase orders and
//   their supplier orders); only the alerts, which the domain's rules compute in the server, are
//   left as the server's placeholders (checked: the limit's cards are the API's, alerts aside).
// - The quote detail: GET /api/deal-quotes/{id} of a 200-line quote, as a browser asks (br), which
//   the detail cache answers from kept bytes while the quote is unchanged (decision 014). Its
//   limit is the quote with its deal and workflow and its 200 lines, each with its window,
//   product, brand and category, as JSON (the pricing, computed by the server, left out).
// Beside each, the statements the API itself runs for that call (captured from the server by
// bench/sql-capture.cjs) replayed with node-postgres at the same concurrency.
// 10 connections; BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3) alternating rounds,
// medians; the ratio API ÷ physical limit (budget ≥ 0.7). BENCH_SERVER_DIST: another server build to
// measure (default apps/server/dist; an earlier build's copy gives a before figure on the same machine).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDatabaseUrl,
  customerQuoteOfLines,
  isoInstantSql,
  machine,
  median,
  rawSqlComparison,
  root,
  signInDemo,
  startSlat,
  tempDataDir,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DEALS = Number(process.env.BENCH_DEALS ?? 20000);
const QUOTE_LINES = 200;
const DIST = process.env.BENCH_SERVER_DIST ?? 'apps/server/dist';
const CONNECTIONS = 10;
const PAGE = 50;
/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const dataDir = tempDataDir();
const sqlFile = path.join(dataDir, 'captured-sql.json');
const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '', SLAT_BENCH_SQL_FILE: sqlFile };
const server = await startSlat({
  args: ['--require', './bench/sql-capture.cjs', `${DIST}/main.js`],
  env,
});
process.on('exit', () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const base = `http://127.0.0.1:${server.port}`;

const seeded = spawnSync(process.execPath, [`${DIST}/cli/seed.js`, '--size', String(DEALS)], {
  cwd: root,
  env: { ...process.env, ...env },
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(seeded.stderr);

pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
const pool = new pg.Pool({ connectionString: benchDatabaseUrl(dataDir), max: CONNECTIONS });
// an idle connection's end when the server stops its database is not the bench's failure
pool.on('error', () => {});

// ── The board column and the quote ───────────────────────────────────────────────────────────
const { cookie, api } = await signInDemo(base);
const {
  rows: [demo],
} = await pool.query(`SELECT account_id FROM users WHERE username = 'demo'`);
const [workflow] = await api('GET', '/workflows');
const board = await api('GET', `/deals?workflowId=${workflow.id}&limit=1`);
const [statusId, columnSize] = Object.entries(board.counts).sort((a, b) => b[1] - a[1])[0];
const columnUrl = `${base}/api/deals?workflowId=${workflow.id}&statusId=${statusId}&limit=${PAGE}`;
const { quoteId } = await customerQuoteOfLines(api, QUOTE_LINES);
const quoteUrl = `${base}/api/deal-quotes/${quoteId}`;

// ── The physical limits: one statement each, written here ────────────────────────────────────
// The page size is in the text, as the API writes it: as a parameter PostgreSQL re-plans the
// statement on every run (its generic plan guesses a tenth of the column), 0.7 ms a page.
const COLUMN_CARDS = {
  name: 'bench_column_cards',
  text: `
  SELECT COALESCE(json_agg(json_build_object(
      'id', d.id, 'tuid', d.tuid, 'name', d.name, 'description', d.description,
      'workflowId', d.workflow_id, 'statusId', d.status_id, 'sortOrder', d.sort_order::text,
      'contactId', d.contact_id,
      'contact', CASE WHEN d.contact_id IS NOT NULL
        THEN json_build_object('name', COALESCE(c.name, ''), 'email', COALESCE(c.email, '')) END,
      'isArchived', d.is_archived, 'createdAt', ${isoInstantSql('d.created_at')}, 'updatedAt', ${isoInstantSql('d.updated_at')},
      'context', json_build_object(
        'workflow', json_build_object('id', w.id, 'name', w.name, 'slug', w.slug),
        'status', json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'phase', s.phase),
        'flagValues', COALESCE((
          SELECT json_agg(json_build_object('workflowFlagId', f.id, 'workflowFlagValueId', v.id, 'label', v.label,
                                            'appearance', v.appearance,
                                            'showOnCard', lower(v.label) NOT IN ('none', 'unknown')) ORDER BY f.sort_order, f.id)
            FROM deal_flag_values dfv JOIN workflow_flags f ON f.id = dfv.flag_id
            JOIN workflow_flag_values v ON v.id = dfv.value_id
           WHERE dfv.deal_id = d.id), '[]'::json),
        'alerts', '[]'::json, 'alertWeight', 0,
        'quoteCount', (SELECT count(*)::int FROM deal_quotes q WHERE q.deal_id = d.id AND NOT q.is_archived),
        'orderCount', (SELECT count(*)::int FROM deal_quotes q JOIN purchase_orders po ON po.source_quote_id = q.id
                        WHERE q.deal_id = d.id AND NOT po.is_archived AND po.replaced_by_order_id IS NULL),
        'quoteTotal', (SELECT q.grand_total_inc_tax::text FROM deal_quotes q WHERE q.deal_id = d.id AND NOT q.is_archived
                        ORDER BY q.created_at DESC, q.id DESC LIMIT 1),
        'supplierOrders', COALESCE((
          SELECT json_agg(json_build_object('id', so.id, 'orderId', po.order_id, 'orderTuid', po.tuid,
                                            'manufacturerName', m.name, 'isOffline', so.is_offline,
                                            'coreStatus', so.core_status,
                                            'status', CASE WHEN so.is_offline THEN so.order_status_text ELSE COALESCE(st.name, '') END,
                                            'acknowledgement', so.acknowledgement, 'eta', so.eta::text) ORDER BY po.tuid, so.id)
            FROM deal_quotes q
            JOIN purchase_orders po ON po.source_quote_id = q.id AND po.account_id = q.account_id
            JOIN supplier_orders so ON so.order_id = po.order_id AND so.account_id = po.account_id
            JOIN manufacturers m ON m.id = so.manufacturer_id
            LEFT JOIN supplier_order_statuses st ON st.id = so.order_status_id
           WHERE q.deal_id = d.id AND NOT po.is_archived AND po.replaced_by_order_id IS NULL), '[]'::json)
      )) ORDER BY d.sort_order, d.id), '[]'::json) AS cards
  FROM (SELECT * FROM deals
         WHERE account_id = $1 AND workflow_id = $2 AND status_id = $3 AND NOT is_archived
         ORDER BY sort_order, id LIMIT ${PAGE} OFFSET 0) d
  JOIN workflows w ON w.id = d.workflow_id
  JOIN workflow_statuses s ON s.id = d.status_id
  LEFT JOIN contacts c ON c.id = d.contact_id`,
  values: [demo.account_id, workflow.id, Number(statusId)],
};
const QUOTE_ROWS = {
  name: 'bench_quote_rows',
  text: `
  SELECT json_build_object(
      'quote', row_to_json(q), 'deal', json_build_object('id', d.id, 'tuid', d.tuid, 'name', d.name),
      'workflow', json_build_object('id', w.id, 'name', w.name, 'slug', w.slug),
      'lines', COALESCE((
        SELECT json_agg(json_build_object(
            'id', l.id, 'orderWindowId', l.order_window_id, 'windowName', ow.name, 'productId', l.product_id,
            'catalogVersionId', l.catalog_version_id, 'catalogVersionNumber', cv.number,
            'manufacturerId', cv.manufacturer_id, 'quantity', l.quantity,
            'width', json_build_object('value', l.width_value, 'unit', l.width_unit),
            'height', json_build_object('value', l.height_value, 'unit', l.height_unit),
            'optionKeys', l.option_keys, 'notes', l.notes, 'siteMount', l.site_mount, 'isTaxable', l.is_taxable,
            'hasFreight', l.has_freight, 'hasInstallation', l.has_installation,
            'markup', json_build_object('type', l.markup_type, 'value', l.markup_value, 'source', l.markup_source),
            'costPrice', l.cost_price, 'sellPrice', l.sell_price, 'errors', l.errors,
            'productName', pv.name, 'brandId', b.id, 'brandName', b.name, 'categoryId', pc.id,
            'categoryName', pc.name, 'hasWidth', pv.has_width, 'hasHeight', pv.has_height,
            'hasQuantity', pv.has_quantity) ORDER BY ow.sort_order, ow.id, l.sort_order, l.id)
          FROM order_lines l
          JOIN order_windows ow ON ow.id = l.order_window_id
          JOIN catalog_versions cv ON cv.id = l.catalog_version_id
          JOIN product_versions pv ON pv.product_id = l.product_id AND pv.catalog_version_id = l.catalog_version_id
          JOIN brands b ON b.id = pv.brand_id
          JOIN product_categories pc ON pc.id = pv.category_id
         WHERE l.account_id = q.account_id AND l.order_id = q.order_id), '[]'::json)) AS detail
  FROM deal_quotes q
  JOIN deals d ON d.id = q.deal_id
  JOIN workflows w ON w.id = d.workflow_id
  WHERE q.id = $1 AND q.account_id = $2`,
  values: [quoteId, demo.account_id],
};

/**
 * CPU seconds so far of the server, of this PostgreSQL's processes (the postmaster, its live
 * children, and those it has reaped: connections closed by a pool; none with DATABASE_URL) and of this process (autocannon, or node-postgres for the
 * limit): on a shared machine req/s move with everyone's load, CPU per call much less.
 */
function cpuSeconds() {
  const stat = (pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      return undefined;
    }
  };
  const seconds = (f) => (f ? (Number(f[11]) + Number(f[12])) / 100 : 0);
  let pg = 0;
  if (!process.env.DATABASE_URL) {
    const postmaster = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const own = stat(postmaster);
    pg = seconds(own) + (own ? (Number(own[13]) + Number(own[14])) / 100 : 0);
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const f = stat(pid);
      if (f && Number(f[1]) === postmaster) pg += seconds(f);
    }
  }
  const own = process.cpuUsage();
  return { server: seconds(stat(server.child.pid)), pg, client: (own.user + own.system) / 1e6 };
}

/** A run with the CPU it took per call: server, PostgreSQL and client (ms). */
async function measured(run) {
  const before = cpuSeconds();
  const r = await run();
  const after = cpuSeconds();
  const calls = r.rps * DURATION;
  const per = (k) => ((after[k] - before[k]) * 1000) / calls;
  return { ...r, cpu: { server: per('server'), pg: per('pg'), client: per('client') } };
}

// The limit builds the API's cards: the same JSON, alerts aside (the server's rules write them).
const apiCards = (await api('GET', columnUrl.slice(base.length + 4))).data;
const limitCards = (await pool.query(COLUMN_CARDS)).rows[0].cards;
const withoutAlerts = (cards) =>
  JSON.stringify(cards.map((c) => ({ ...c, context: { ...c.context, alerts: [], alertWeight: 0 } })));
const sameCards = withoutAlerts(apiCards) === withoutAlerts(limitCards);
if (!sameCards) throw new Error('The physical limit does not build the cards the API answers');
const limitQuote = (await pool.query(QUOTE_ROWS)).rows[0].detail;
if (limitQuote.lines.length !== QUOTE_LINES)
  throw new Error(`expected ${QUOTE_LINES} lines in the limit's read`);

const { capture, cannon, replay, limit } = rawSqlComparison({
  server,
  sqlFile,
  pool,
  connections: CONNECTIONS,
  duration: DURATION,
  rounds: ROUNDS,
  autocannon,
});
const columnSql = await capture(() => fetch(columnUrl, { headers: { cookie } }).then((r) => r.arrayBuffer()));
const quoteSql = await capture(() =>
  fetch(quoteUrl, { headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } }).then((r) => r.arrayBuffer()),
);
const columnBytes = (await (await fetch(columnUrl, { headers: { cookie } })).arrayBuffer()).byteLength;
const quoteBytes = (await (await fetch(quoteUrl, { headers: { cookie } })).arrayBuffer()).byteLength;

// ── Runs ─────────────────────────────────────────────────────────────────────────────────────
const results = { column: [], columnLimit: [], columnSql: [], quote: [], quoteLimit: [], quoteSql: [] };
// Warm, as a running server is: each call's code compiled, its statements prepared on every connection.
await cannon({ url: columnUrl, headers: { cookie }, duration: 2 });
await cannon({ url: quoteUrl, headers: { cookie, 'accept-encoding': ACCEPT_ENCODING }, duration: 2 });
await limit(COLUMN_CARDS, 2);
await limit(QUOTE_ROWS, 2);
const loads = [os.loadavg()[0]];
for (let round = 1; round <= ROUNDS; round++) {
  results.column.push(await measured(() => cannon({ url: columnUrl, headers: { cookie } })));
  results.columnLimit.push(await measured(() => limit(COLUMN_CARDS)));
  results.columnSql.push(await measured(() => replay(columnSql)));
  results.quote.push(
    await measured(() => cannon({ url: quoteUrl, headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } })),
  );
  results.quoteLimit.push(await measured(() => limit(QUOTE_ROWS)));
  results.quoteSql.push(await measured(() => replay(quoteSql)));
  loads.push(os.loadavg()[0]);
  console.log(
    `round ${round}/${ROUNDS} done (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
}
await pool.end();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// ── Report ───────────────────────────────────────────────────────────────────────────────────
const med = (runs) => ({
  cpu: Object.fromEntries(['server', 'pg', 'client'].map((k) => [k, median(runs.map((r) => r.cpu[k]))])),
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
  runs,
});
const m = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, med(v)]));
const ms = (v) => `${v.toFixed(1)} ms`;
const row = (name, s, ratio = '') =>
  `| ${name} | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.non2xx} | ${ratio} |`;
const verdict = (a, limit) => {
  const ratio = a.rps / limit.rps;
  return `**${ratio.toFixed(2)}** ${ratio >= 0.7 ? '✓' : '✗'}`;
};
const statements = (qs) =>
  `${qs.length} statement${qs.length === 1 ? '' : 's'}, ${qs.filter((q) => q.name).length} by name`;

console.log(
  `\nlists bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}, ${CONNECTIONS} connections × ${DURATION} s, ${ROUNDS} alternating rounds, medians`,
);
console.log(
  `load average (1 min) at the start and after each round: ${loads.map((l) => l.toFixed(2)).join(', ')}`,
);
console.log(
  `board: ${DEALS} bench deals, column ${statusId} of ${columnSize} deals, page of ${PAGE} (${columnBytes} bytes of JSON; the API runs ${statements(columnSql)}); the limit's cards are the API's, alerts aside: ${sameCards}`,
);
console.log(
  `quote: ${QUOTE_LINES} lines, ${quoteBytes} bytes of JSON (the API runs ${statements(quoteSql)} on a kept answer)\n`,
);
console.log('| call | req/s | p50 | p99 | non-2xx / errors | API ÷ physical limit (≥ 0.7) |');
console.log('|---|---|---|---|---|---|');
console.log(row(`GET /api/deals (one column, ${PAGE} cards)`, m.column, verdict(m.column, m.columnLimit)));
console.log(row('  physical limit: the cards as JSON, one prepared statement', m.columnLimit));
console.log(row("  the API's own statements replayed", m.columnSql));
console.log(
  row(`GET /api/deal-quotes/:id (${QUOTE_LINES} lines, br)`, m.quote, verdict(m.quote, m.quoteLimit)),
);
console.log(row('  physical limit: the quote and its lines as JSON, one prepared statement', m.quoteLimit));
console.log(row("  the API's own statements replayed", m.quoteSql));
const cpuTotal = (c) => c.server + c.pg + c.client;
const cpuRow = (name, s) =>
  `| ${name} | ${s.cpu.server.toFixed(2)} | ${s.cpu.pg.toFixed(2)} | ${s.cpu.client.toFixed(2)} | ${cpuTotal(s.cpu).toFixed(2)} |`;
console.log(
  '\nCPU per call (ms, medians; client: autocannon, or node-postgres for the limit and the replay), and the ratio it gives on an idle machine (limit CPU ÷ API CPU):',
);
console.log('| call | server | PostgreSQL | client | total |');
console.log('|---|---|---|---|---|');
for (const [name, k] of [
  ['board column: API', 'column'],
  ['  physical limit', 'columnLimit'],
  ["  the API's statements", 'columnSql'],
  ['quote detail: API', 'quote'],
  ['  physical limit', 'quoteLimit'],
  ["  the API's statements", 'quoteSql'],
])
  console.log(cpuRow(name, m[k]));
console.log(
  `by CPU: board column ${(cpuTotal(m.columnLimit.cpu) / cpuTotal(m.column.cpu)).toFixed(2)}; quote detail ${(cpuTotal(m.quoteLimit.cpu) / cpuTotal(m.quote.cpu)).toFixed(2)}`,
);
console.log('\nper round (req/s / p99):');
for (const [k, v] of Object.entries(m))
  console.log(
    `  ${k.padEnd(11)} ${v.runs.map((r) => `${r.rps.toFixed(0)} / ${r.p99.toFixed(1)} ms`).join(', ')}`,
  );
const ratios = (a, b) => a.runs.map((r, i) => (r.rps / b.runs[i].rps).toFixed(2)).join(', ');
console.log(
  `  ratios      column ${ratios(m.column, m.columnLimit)}; quote ${ratios(m.quote, m.quoteLimit)}`,
);
