// Shared by the bench scripts: start the built server on a temp data dir and wait for it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slat-bench-'));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Runs `cmd args` and resolves when its output says Slat is running; returns the child and the time taken. */
export async function startSlat({
  cmd = process.execPath,
  args = ['apps/server/dist/main.js'],
  env = {},
  cwd = root,
} = {}) {
  const port = env.PORT ?? String(await freePort());
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', SLAT_TEST_HOOKS: '1', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Slat is running at')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited:\n${out}`));
      }
    }, 20);
  });
  const seconds = (performance.now() - started) / 1000;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
  return { port: Number(port), child, seconds, stop, output: () => out };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The p-th percentile (nearest rank) of the numbers. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Signs in as the demo dealer: the session cookie, the headers of a write, and a JSON caller. */
export async function signInDemo(base) {
  const cookieOf = (res) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('slat_session='));
  const t0 = await fetch(`${base}/api/old/auth/generate-token`);
  const signIn = await fetch(`${base}/api/old/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(t0) },
    body: JSON.stringify({ username: 'demo', password: 'demo1234', _token: await t0.json() }),
  });
  const cookie = cookieOf(signIn);
  const token = await (await fetch(`${base}/api/old/auth/generate-token`, { headers: { cookie } })).json();
  const headers = { cookie, 'x-csrf-token': token, 'content-type': 'application/json' };
  async function api(method, url, body) {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: method === 'GET' ? { cookie } : headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
  return { cookie, headers, api };
}

/** A demo deal in a Quoting status of the first workflow. */
export async function demoQuotingDeal(api) {
  const [workflow] = await api('GET', '/workflows');
  const quoting = workflow.statuses.find((s) => s.phase === 'Quoting');
  const { data: deals } = await api('GET', `/deals?workflowId=${workflow.id}&statusId=${quoting.id}&limit=5`);
  return deals[0];
}

/**
 * Every product the demo may quote that has a width and a height, with its unit and the first
 * compatible option of each required group.
 */
export async function quotableProducts(api) {
  const tree = await api('GET', '/products');
  const ids = [
    ...new Set(
      tree.groups.flatMap((g) => [...g.products, ...g.groups.flatMap((b) => b.products)]).map((p) => p.id),
    ),
  ];
  const products = [];
  for (const id of ids) {
    const d = await api('GET', `/old/products/${id}/detail`);
    if (!d.has_width || !d.has_height) continue;
    const chosen = [];
    for (const group of d.option_groups.filter((g) => g.required)) {
      const ok = group.options.find(
        (o) =>
          !d.incompatible_options.some(
            ([a, b]) => (a === o.key && chosen.includes(b)) || (b === o.key && chosen.includes(a)),
          ),
      );
      chosen.push(ok.key);
    }
    products.push({ id, unit: d.unit, options: chosen });
  }
  return products;
}

/** A draft quote of `lines` lines on a demo deal, made through the API; answers its customer link's public id. */
export async function customerQuoteOfLines(api, lines) {
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
  for (let i = 0; i < lines; i++) {
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

/** An instant as the API writes it (Date.toISOString's text), in a statement a bench writes by hand. */
export const isoInstantSql = (column) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Seconds of each call run before it is measured (a server's steady state, not its first requests). */
const WARM_SECONDS = 2;

/**
 * The API-against-its-raw-SQL measure the list and detail benches share: `capture` records the
 * statements one call runs (bench/sql-capture.cjs in the server, toggled by SIGUSR2; the job
 * queue's and the cache bus's left out), `cannon` drives the call with autocannon, `replay` runs
 * the captured statements with node-postgres at the same concurrency, and `compare` does all three
 * for ROUNDS rounds and prints the two table rows with the ratio.
 */
export function rawSqlComparison({ server, sqlFile, pool, connections, duration, rounds, autocannon }) {
  const until = async (done) => {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    if (!done()) throw new Error('The server did not answer the SQL capture signal (bench/sql-capture.cjs)');
  };
  async function capture(call) {
    await call(); // warm: session and profile caches loaded, as under load
    fs.rmSync(sqlFile, { force: true });
    server.child.kill('SIGUSR2');
    await until(() => fs.existsSync(`${sqlFile}.recording`));
    await call();
    server.child.kill('SIGUSR2');
    await until(() => fs.existsSync(sqlFile));
    // Background work of the job queue (pg-boss) and the cache bus is not the call's; nor is the
    // end of a transaction some connection began before the recording started (a stray COMMIT
    // would end the replay's own transaction early, and its row lock with it).
    const recorded = JSON.parse(fs.readFileSync(sqlFile, 'utf8'));
    const keep = new Array(recorded.length).fill(true);
    const open = new Map(); // client → whether its transaction began within the recording
    recorded.forEach((q, i) => {
      if (/pgboss|^\s*(LISTEN|UNLISTEN)\b/i.test(q.text)) keep[i] = false;
      else if (/^\s*begin\b/i.test(q.text)) open.set(q.client, true);
      else if (/^\s*(commit|rollback)\b/i.test(q.text)) {
        if (!open.get(q.client))
          recorded.forEach((p, j) => {
            if (j <= i && p.client === q.client) keep[j] = false;
          });
        open.delete(q.client);
      }
    });
    return recorded.filter((_, i) => keep[i]);
  }
  const cannon = (opts) =>
    new Promise((resolve, reject) =>
      autocannon({ connections, duration, ...opts }, (err, r) => {
        if (err) return reject(err);
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      }),
    );
  /**
   * One loop per entry of `loops` (each given its entry), calling `once` again and again for
   * `seconds`: req/s, p50 and p99 of the calls, and how many threw.
   */
  async function timedLoops(loops, seconds, once) {
    const latencies = [];
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      loops.map(async (entry) => {
        while (performance.now() < deadline) {
          const t = performance.now();
          try {
            await once(entry);
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    return { rps: latencies.length / elapsed, p50: at(50), p99: at(99), non2xx: errors };
  }
  /**
   * The captured statements replayed in order on one pooled connection per request, `connections`
   * at once; `statements` is one list for every connection or one list per connection.
   */
  function replay(statements) {
    const lists = Array.isArray(statements[0])
      ? statements
      : Array.from({ length: connections }, () => statements);
    return timedLoops(lists, duration, async (list) => {
      const client = await pool.connect();
      try {
        for (const q of list)
          await client.query({
            text: q.text,
            values: q.values,
            ...(q.rowMode ? { rowMode: q.rowMode } : {}),
            ...(q.name ? { name: q.name } : {}),
          });
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    });
  }
  /**
   * A physical limit: one statement (prepared by name) on one pooled connection per call,
   * `connections` at once: what the database and its driver alone do for a call's answer.
   */
  function limit(statement, seconds = duration) {
    return timedLoops(Array.from({ length: connections }), seconds, () => pool.query(statement));
  }
  const summary = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  });
  const row = (name, r, ratio = '') =>
    `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.non2xx} | ${ratio} |`;
  /**
   * One target ({name, url, method?, headers?, body?}): API and raw SQL, ROUNDS alternating rounds
   * each, medians. With `physical` ({statement, what}), its physical limit too, in the same
   * rounds, and the API's ratio to it (budget ≥ 0.7) beside the ratio to its raw SQL (≥ 0.5);
   * `stricter` ({statement, what}): another form of the limit measured in the same rounds and
   * shown with the API's ratio to it, without a verdict.
   */
  async function compare({ name, url, method = 'GET', headers = {}, body, physical, stricter }) {
    const call = () => fetch(url, { method, headers, body }).then((r) => r.arrayBuffer());
    const sql = await capture(call);
    // Warm, as a running server is: the call's code compiled, its statements prepared on every connection.
    await cannon({ url, method, headers, body, duration: WARM_SECONDS });
    if (physical) await limit(physical.statement, WARM_SECONDS);
    if (stricter) await limit(stricter.statement, WARM_SECONDS);
    const api = [];
    const raw = [];
    const limits = [];
    const stricterLimits = [];
    for (let i = 0; i < rounds; i++) {
      api.push(await cannon({ url, method, headers, body }));
      raw.push(await replay(sql));
      if (physical) limits.push(await limit(physical.statement));
      if (stricter) stricterLimits.push(await limit(stricter.statement));
    }
    const a = summary(api);
    const r = summary(raw);
    const ratio = a.rps / r.rps;
    const verdict = `${ratio.toFixed(2)} ${ratio >= 0.5 && a.p99 < 50 ? '✓' : '✗'}`;
    if (!physical) {
      console.log(row(name, a, verdict));
      console.log(row(`  raw SQL of that call (${sql.length} statements)`, r));
      return { api: a, raw: r, ratio, statements: sql.length };
    }
    const l = summary(limits);
    const physicalRatio = a.rps / l.rps;
    console.log(
      row(
        name,
        a,
        `${verdict}; ÷ physical limit **${physicalRatio.toFixed(2)}** ${physicalRatio >= 0.7 ? '✓' : '✗'}`,
      ),
    );
    console.log(row(`  raw SQL of that call (${sql.length} statements)`, r));
    console.log(row(`  physical limit: ${physical.what}, one prepared statement`, l));
    if (stricter) {
      const st = summary(stricterLimits);
      console.log(row(`  the same, ${stricter.what}`, st, `API ÷ this: ${(a.rps / st.rps).toFixed(2)}`));
    }
    const perRound = api.map((x, i) => (x.rps / limits[i].rps).toFixed(2)).join(', ');
    return { api: a, raw: r, limit: l, ratio, physicalRatio, perRound, statements: sql.length };
  }
  return { capture, cannon, replay, limit, compare };
}

/** DATABASE_URL, or the embedded PostgreSQL a bench's server started in its data directory. */
export function benchDatabaseUrl(dataDir) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(pid[3])}/postgres`;
}
