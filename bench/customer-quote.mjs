// npm run bench -- customer-quote
// p50/p99 and req/s of GET /api/customerquote/{id} (the customer's quote page, no session) for a
// quote of 20 lines under autocannon (10 connections), beside the raw SQL that call runs, replayed
// with node-postgres at the same concurrency (captured with bench/sql-capture.cjs, as
// bench/quotes.mjs does). Budget: API ≥ 0.5 × raw SQL req/s, p99 < 50 ms.
// `benchCustomerQuote` is the part a combined `npm run bench -- public` plugs in: it takes the
// running server, its pool, and the capture/cannon/replay helpers, and answers the medians.
// The read limit per address is raised for the run (every request comes from 127.0.0.1).
// BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3); DATABASE_URL as for the others.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  demoQuotingDeal,
  machine,
  median,
  quotableProducts,
  signInDemo,
  startSlat,
  tempDataDir,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const LINES = 20;

/** A draft quote of `LINES` lines on a demo deal, made through the API; answers its customer link id. */
export async function customerQuoteTarget(api) {
  const deal = await demoQuotingDeal(api);
  const products = await quotableProducts(api);
  const { id } = await api('POST', `/deals/${deal.id}/quotes/legacy/add`, {
    description: 'Bench: customer quote',
    customerNotes: '',
  });
  const { externalId: orderId } = await api('GET', `/deal-quotes/${id}`);
  const { data: windows } = await api('POST', `/old/quotes/${orderId}/windows`, {
    order_windows: Array.from({ length: 10 }, (_, i) => ({ order_id: orderId, name: `Home/Room ${i + 1}` })),
  });
  for (let i = 0; i < LINES; i++) {
    const p = products[i % products.length];
    const w = windows[i % windows.length];
    await api('POST', `/old/quotes/${orderId}/windows/${w.id}/products`, {
      order_id: orderId,
      order_window_id: w.id,
      product_id: p.id,
      quantity: 1,
      details: { options: p.options },
      ...(p.unit === 'in'
        ? { width: 48, height: 60, unit: 'in' }
        : { width: 1200, height: 1500, unit: 'mm' }),
    });
  }
  const { url } = await api('GET', `/deal-quotes/${id}/customer-link`);
  return { quoteId: id, publicId: url.split('/').pop() };
}

/**
 * The customer quote GET under load and its raw SQL, `rounds` alternating rounds. `capture(call)`
 * answers the statements one call runs; `cannon(opts)` and `replay(statements)` answer
 * { rps, p50, p99, non2xx } (see bench/quotes.mjs).
 */
export async function benchCustomerQuote({ base, api, capture, cannon, replay, rounds = ROUNDS }) {
  const { publicId } = await customerQuoteTarget(api);
  const url = `${base}/api/customerquote/${publicId}`;
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`GET ${url}: ${first.status} ${await first.text()}`);
  const statements = await capture(() => fetch(url).then((r) => r.arrayBuffer()));
  const runs = { api: [], sql: [] };
  for (let round = 1; round <= rounds; round++) {
    runs.api.push(await cannon({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }));
    runs.sql.push(await replay(statements));
  }
  const med = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p50: median(list.map((r) => r.p50)),
    p99: median(list.map((r) => r.p99)),
    non2xx: list.reduce((n, r) => n + r.non2xx, 0),
  });
  const result = { api: med(runs.api), sql: med(runs.sql), statements: statements.length };
  return { ...result, ratio: result.api.rps / result.sql.rps };
}

async function main() {
  const dataDir = tempDataDir();
  const sqlFile = path.join(dataDir, 'captured-sql.json');
  const server = await startSlat({
    args: ['--require', './bench/sql-capture.cjs', 'apps/server/dist/main.js'],
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      SLAT_BENCH_SQL_FILE: sqlFile,
      SLAT_PUBLIC_READS_PER_MINUTE: '1000000000',
    },
  });
  process.on('exit', () => {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const base = `http://127.0.0.1:${server.port}`;
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
  const pool = new pg.Pool({ connectionString: databaseUrl(dataDir), max: CONNECTIONS });
  const { api } = await signInDemo(base);

  const until = async (done) => {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    if (!done()) throw new Error('The server did not answer the SQL capture signal (bench/sql-capture.cjs)');
  };
  const capture = async (call) => {
    await call();
    fs.rmSync(sqlFile, { force: true });
    server.child.kill('SIGUSR2');
    await until(() => fs.existsSync(`${sqlFile}.recording`));
    await call();
    server.child.kill('SIGUSR2');
    await until(() => fs.existsSync(sqlFile));
    return JSON.parse(fs.readFileSync(sqlFile, 'utf8')).filter(
      (q) => !/pgboss|^\s*(LISTEN|UNLISTEN)\b/i.test(q.text),
    );
  };
  const cannon = (opts) =>
    new Promise((resolve, reject) =>
      autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, r) => {
        if (err) return reject(err);
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      }),
    );
  const replay = async (statements) => {
    const latencies = [];
    let errors = 0;
    const deadline = performance.now() + DURATION * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          const client = await pool.connect();
          try {
            for (const q of statements)
              await client.query({
                text: q.text,
                values: q.values,
                ...(q.rowMode ? { rowMode: q.rowMode } : {}),
                ...(q.name ? { name: q.name } : {}),
              });
          } catch {
            errors += 1;
            await client.query('ROLLBACK').catch(() => {});
          } finally {
            client.release();
          }
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    return { rps: latencies.length / seconds, p50: at(50), p99: at(99), non2xx: errors };
  };

  const r = await benchCustomerQuote({ base, api, capture, cannon, replay });
  await pool.end();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const row = (name, x) =>
    `${name.padEnd(34)} ${x.rps.toFixed(0).padStart(7)} req/s  p50 ${x.p50.toFixed(1).padStart(6)} ms  p99 ${x.p99
      .toFixed(1)
      .padStart(6)} ms  non-2xx ${x.non2xx}`;
  console.log(`\nGET /api/customerquote/{id}, ${LINES} lines, ${CONNECTIONS} connections, ${machine()}`);
  console.log(row('API', r.api));
  console.log(row(`raw SQL (${r.statements} statements)`, r.sql));
  console.log(`ratio API / raw SQL: ${r.ratio.toFixed(2)} × (budget ≥ 0.5 ×; p99 < 50 ms)`);
}

/** DATABASE_URL, or the embedded PostgreSQL the server started in its data directory. */
function databaseUrl(dataDir) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(pid[3])}/postgres`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
