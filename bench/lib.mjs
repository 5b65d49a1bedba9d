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
} = {}) {
  const port = env.PORT ?? String(await freePort());
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
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
