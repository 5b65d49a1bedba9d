// npm run bench -- quotes
// p50/p99 and req/s of GET /api/deal-quotes/{id} for a quote of 200 lines
// and of adding a line (POST /api/old/quotes/{orderId}/windows/{windowId}/products), under
// autocannon (10 connections), each beside the raw SQL that call runs, measured in this process
// with node-postgres at the same concurrency (10 connections, each request's statements in order
// on one pooled connection). The SQL is captured, not written by hand: the server runs with
// bench/sql-capture.cjs preloaded, which records every statement node-postgres sends while the
// bench makes one call of each kind (after a warm-up call, with nothing else running); a
// statement the server prepares by name is replayed under its name.
// Adding a line is measured two ways. The budget's: 10 connections, each adding to its own quote
// (ten people quoting at once). And 10 connections adding to one quote: every write to a quote
// takes its order's row lock, so they queue on it; that run measures PostgreSQL's lock queue,
// shown beside the raw SQL and beside the lock alone (BEGIN, the lock, the INSERT, COMMIT).
// Budget: API ≥ 0.5 × raw SQL req/s, p99 < 50 ms. Three alternating rounds; medians printed.
// BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3); SLAT_QUOTE_CACHE=off for the
// detail's full read on every GET; DATABASE_URL to use a server
// PostgreSQL instead of the embedded one (an empty database: the server seeds the demo into it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDatabaseUrl,
  demoQuotingDeal,
  machine,
  median,
  quotableProducts,
  rawSqlComparison,
  signInDemo,
  startSlat,
  tempDataDir,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const LINES = 200;
/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const dataDir = tempDataDir();
const sqlFile = path.join(dataDir, 'captured-sql.json');
// SLAT_QUOTE_CACHE=off measures the quote detail's full read on every GET (decision 014); the
// default is the server's own ('on': repeated GETs of an unchanged quote answer its kept bytes).
const QUOTE_CACHE = process.env.SLAT_QUOTE_CACHE ?? 'on';
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  SLAT_BENCH_SQL_FILE: sqlFile,
  SLAT_QUOTE_CACHE: QUOTE_CACHE,
};
const server = await startSlat({
  args: ['--require', './bench/sql-capture.cjs', 'apps/server/dist/main.js'],
  env,
});
// Whatever ends this script (an error, Ctrl-C, a closed pipe), the server and its PostgreSQL stop.
process.on('exit', () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const base = `http://127.0.0.1:${server.port}`;

// The server's own node-postgres settings: NUMERIC stays a string.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
const pool = new pg.Pool({ connectionString: benchDatabaseUrl(dataDir), max: CONNECTIONS });
// an idle connection's end when the server stops its database is not the bench's failure
pool.on('error', () => {});

// ── Signed in as the demo dealer ──────────────────────────────────────────────────────────────
const { cookie, headers, api } = await signInDemo(base);

// ── A quote of 200 lines on a demo deal; each add-line run gets a fresh quote with one window ──
const deal = await demoQuotingDeal(api);
// 1200 × 1500 mm and 48 × 60 in are inside every demo product's limits and grid.
const products = (await quotableProducts(api)).map(({ id, unit, options }) => ({
  id,
  body: {
    product_id: id,
    quantity: 1,
    details: { options },
    ...(unit === 'in' ? { width: 48, height: 60, unit: 'in' } : { width: 1200, height: 1500, unit: 'mm' }),
  },
}));

async function newQuote(description, windows, lines) {
  const { id } = await api('POST', `/deals/${deal.id}/quotes/legacy/add`, { description, customerNotes: '' });
  const { externalId: orderId } = await api('GET', `/deal-quotes/${id}`);
  const { data: made } = await api('POST', `/old/quotes/${orderId}/windows`, {
    order_windows: Array.from({ length: windows }, (_, i) => ({
      order_id: orderId,
      name: `Level ${1 + Math.floor(i / 10)}/Room ${1 + (i % 10)}/Window`,
    })),
  });
  for (let i = 0; i < lines; i++) {
    const p = products[i % products.length];
    await api('POST', `/old/quotes/${orderId}/windows/${made[i % made.length].id}/products`, {
      order_id: orderId,
      order_window_id: made[i % made.length].id,
      ...p.body,
    });
  }
  return { id, orderId, windowIds: made.map((w) => w.id) };
}

const big = await newQuote('Bench: 200 lines', 50, LINES);
const got = await api('GET', `/deal-quotes/${big.id}`);
if (got.context.orderLineCount !== LINES)
  throw new Error(`expected ${LINES} lines, got ${got.context.orderLineCount}`);

const getUrl = `${base}/api/deal-quotes/${big.id}`;
/** Adding a line to the one window of a fresh quote: its URL, body, and one call. */
async function addTarget(name) {
  const q = await newQuote(name, 1, 0);
  const url = `${base}/api/old/quotes/${q.orderId}/windows/${q.windowIds[0]}/products`;
  const body = JSON.stringify({ order_id: q.orderId, order_window_id: q.windowIds[0], ...products[0].body });
  const call = () => fetch(url, { method: 'POST', headers, body }).then((r) => r.arrayBuffer());
  const lines = async () => (await api('GET', `/deal-quotes/${q.id}`)).context.orderLineCount;
  return { url, body, call, lines };
}

const { capture, cannon, replay } = rawSqlComparison({
  server,
  sqlFile,
  pool,
  connections: CONNECTIONS,
  duration: DURATION,
  rounds: ROUNDS,
  autocannon,
});
const getSql = await capture(() => fetch(getUrl, { headers: { cookie } }).then((r) => r.arrayBuffer()));
const addSql = await capture((await addTarget('Bench: add a line (captured)')).call);

// BENCH_EXPLAIN=1: the plan and timing of each captured statement, once, before the runs.
if (process.env.BENCH_EXPLAIN) {
  for (const [name, qs] of [
    ['GET', getSql],
    ['ADD', addSql],
  ]) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const q of qs) {
        if (/^\s*(begin|commit)\s*$/i.test(q.text)) continue;
        const { rows } = await client.query({
          text: `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`,
          values: q.values,
        });
        console.log(`\n-- ${name}: ${q.text.replace(/\s+/g, ' ').trim().slice(0, 100)}…`);
        for (const r of rows) console.log(r['QUERY PLAN']);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }
}

// ── Runs ─────────────────────────────────────────────────────────────────────────────────────
// Each add-line run starts on fresh quotes (their window's lines grow during the run), the API's
// and the raw SQL's alike; the statements are captured from each quote's own call.
const results = { get: [], getSql: [], add: [], addSql: [], addOne: [], addOneSql: [], addOneLock: [] };
// The 1-minute load average after each round: the VM is shared, and the figures move with it.
const loads = [os.loadavg()[0]];
const added = { add: [], addSql: [], addOne: [], addOneSql: [] };
const addHeaders = { ...headers, 'accept-encoding': ACCEPT_ENCODING };
/** Fresh quotes, one per connection (`count` 10) or one for all (`count` 1). */
async function addTargets(name, count) {
  const targets = [];
  for (let i = 0; i < count; i++) targets.push(await addTarget(`${name} ${i + 1}/${count}`));
  return targets;
}
/** autocannon's connections each on its own target, in turn. */
function addRun(targets) {
  let next = 0;
  return cannon({
    url: targets[0].url,
    method: 'POST',
    headers: addHeaders,
    body: targets[0].body,
    setupClient: (client) => {
      const t = targets[next++ % targets.length];
      client.setRequests([
        { method: 'POST', path: new URL(t.url).pathname, headers: addHeaders, body: t.body },
      ]);
    },
  });
}
const lineCounts = async (targets) => (await Promise.all(targets.map((t) => t.lines()))).join('/');
const lockAlone = (qs) =>
  qs.filter((q) => /^\s*(begin|commit)\b|\bfor update\b|^\s*insert into "?order_lines"?/i.test(q.text));
for (let round = 1; round <= ROUNDS; round++) {
  // As a browser asks: compressed answers accepted (the API compresses JSON over 1 KB).
  results.get.push(await cannon({ url: getUrl, headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } }));
  results.getSql.push(await replay(getSql));

  const viaApi = await addTargets(`Bench: add lines (API, round ${round})`, CONNECTIONS);
  for (const t of viaApi) await capture(t.call); // the same warm-up call as the raw SQL's quotes get
  results.add.push(await addRun(viaApi));
  added.add.push(await lineCounts(viaApi));
  const viaSql = await addTargets(`Bench: add lines (raw SQL, round ${round})`, CONNECTIONS);
  const lists = [];
  for (const t of viaSql) lists.push(await capture(t.call));
  results.addSql.push(await replay(lists));
  added.addSql.push(await lineCounts(viaSql));

  const [one] = await addTargets(`Bench: add lines to one quote (API, round ${round})`, 1);
  await capture(one.call);
  results.addOne.push(await addRun([one]));
  added.addOne.push(await one.lines());
  const [oneSql] = await addTargets(`Bench: add lines to one quote (raw SQL, round ${round})`, 1);
  const oneStatements = await capture(oneSql.call);
  results.addOneSql.push(await replay(oneStatements));
  added.addOneSql.push(await oneSql.lines());
  const [oneLock] = await addTargets(`Bench: the lock alone (raw SQL, round ${round})`, 1);
  results.addOneLock.push(await replay(lockAlone(await capture(oneLock.call))));

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
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
  runs,
});
const m = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, med(v)]));
const ms = (v) => `${v.toFixed(1)} ms`;
const row = (name, s, ratio) =>
  `| ${name} | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.non2xx} | ${ratio ?? ''} |`;
const verdict = (api, raw) => {
  const ratio = api.rps / raw.rps;
  return `**${ratio.toFixed(2)}** (${ratio >= 0.5 ? 'within' : 'below budget'}); p99 ${api.p99 < 50 ? 'within' : 'over budget'}`;
};
const statements = (qs) => {
  const tx = qs.filter((q) => /^\s*begin\b/i.test(q.text)).length;
  return `${qs.length} statements${tx ? ` (${tx} transaction${tx > 1 ? 's' : ''})` : ''}`;
};

console.log(
  `\nquotes bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}, ${CONNECTIONS} connections × ${DURATION} s, ${ROUNDS} alternating rounds, medians`,
);
console.log(
  'raw SQL: captured from the server (bench/sql-capture.cjs), replayed with node-postgres in this process',
);
console.log(
  `load average (1 min) at the start and after each round: ${loads.map((l) => l.toFixed(2)).join(', ')}`,
);
console.log(
  `quote detail cache (SLAT_QUOTE_CACHE): ${QUOTE_CACHE}; GET quote: ${statements(getSql)}; add line: ${statements(addSql)}`,
);
console.log(
  `quote of ${LINES} lines in 50 windows; lines in the add-line runs' windows at their end: 10 quotes API ${added.add.join(', ')}; raw SQL ${added.addSql.join(', ')}; one quote API ${added.addOne.join(', ')}; raw SQL ${added.addOneSql.join(', ')}\n`,
);
console.log(
  '| call | req/s | p50 | p99 | non-2xx / errors | API ÷ raw SQL req/s (budget ≥ 0.5; p99 < 50 ms) |',
);
console.log('|---|---|---|---|---|---|');
console.log(row(`GET /api/deal-quotes/:id (${LINES} lines)`, m.get, verdict(m.get, m.getSql)));
console.log(row('  raw SQL of that call', m.getSql));
console.log(
  row(
    'POST …/windows/:windowId/products (add a line; each connection its own quote)',
    m.add,
    verdict(m.add, m.addSql),
  ),
);
console.log(row('  raw SQL of that call', m.addSql));
console.log(
  row(
    'the same, all 10 connections on one quote (its row lock)',
    m.addOne,
    `${(m.addOne.rps / m.addOneSql.rps).toFixed(2)}; the lock's queue, not budgeted`,
  ),
);
console.log(row('  raw SQL of that call', m.addOneSql));
console.log(row('  raw SQL: BEGIN, the lock, the INSERT, COMMIT alone', m.addOneLock));
console.log('\nper round (req/s / p99):');
for (const [k, v] of Object.entries(m))
  console.log(
    `  ${k.padEnd(7)} ${v.runs.map((r) => `${r.rps.toFixed(0)} / ${r.p99.toFixed(1)} ms`).join(', ')}`,
  );
const ratios = (a, b) => a.runs.map((r, i) => (r.rps / b.runs[i].rps).toFixed(2)).join(', ');
console.log(
  `  ratios  GET ${ratios(m.get, m.getSql)}; add ${ratios(m.add, m.addSql)}; add to one quote ${ratios(m.addOne, m.addOneSql)}`,
);
if (process.env.BENCH_SHOW_SQL) {
  for (const [name, qs] of [
    ['GET', getSql],
    ['ADD', addSql],
  ]) {
    console.log(`\n-- ${name}`);
    for (const q of qs) console.log(`${q.text.replace(/\s+/g, ' ').trim()}  -- ${JSON.stringify(q.values)}`);
  }
}
