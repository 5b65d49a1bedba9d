// node bench/options-frame.mjs (or `npm run bench -- options-frame`, after node scripts/build.mjs)
// The product options frame (/product-options/{lineId}): the gzip size of every JS and
// CSS file Chromium loads for it, cold cache, over a real quote line of the demo account, checked
// against the build's own list (dist/options-frame.html and the files it names); and the cold
// load until the first choice shows on a network like Lighthouse's desktop preset (40 ms round
// trip, 10 Mbit/s), median of 5. Budget: the frame's JS <= 60 KB gzip.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { machine, median, root, startSlat, tempDataDir } from './lib.mjs';

const BUDGET_JS_KB = 60;
const RUNS = 5;
const PRODUCT = 'Roller Blind — Blockout';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const dist = path.join(root, 'apps/web/dist');
if (
  !fs.existsSync(path.join(root, 'apps/server/dist/main.js')) ||
  !fs.existsSync(path.join(dist, 'options-frame.html'))
) {
  console.error('bench/options-frame: build first (node scripts/build.mjs)');
  process.exit(1);
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** What the built document names: its scripts, module preloads and stylesheets, gzip-sized. */
function builtSizes() {
  const html = fs.readFileSync(path.join(dist, 'options-frame.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const size = (ext) =>
    files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzip(fs.readFileSync(path.join(dist, f))), 0);
  return { files, js: size('.js'), css: size('.css') };
}

/** A deal with a quote holding one line, through the API, as the demo user. */
async function makeLine(request) {
  const json = async (res) => {
    if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const write = async (method, url, data) => {
    const token = await json(await request.get('/api/old/auth/generate-token'));
    return json(await request.fetch(url, { method, headers: { 'x-csrf-token': token }, data }));
  };
  const token = await json(await request.get('/api/old/auth/generate-token'));
  await json(
    await request.post('/api/old/auth', {
      data: { username: 'demo', password: 'demo1234', master_console: false, remember: false, _token: token },
    }),
  );
  const workflows = await json(await request.get('/api/workflows'));
  const wf = workflows.find((w) => w.slug === 'residential') ?? workflows[0];
  const deal = await write('POST', '/api/deals', {
    workflowId: wf.id,
    statusId: wf.statuses[0].id,
    name: 'Options frame bench',
    description: '',
  });
  const { id: quoteId } = await write('POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: 'bench',
  });
  const { externalId: orderId } = await json(await request.get(`/api/deal-quotes/${quoteId}`));
  const windows = await write('POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'House/Lounge/Bay', width: 1200, height: 1500, unit: 'mm' }],
  });
  const windowId = windows.data[0].id;
  const tree = await json(await request.get('/api/products'));
  const product = tree.groups
    .flatMap((g) => g.groups.flatMap((b) => b.products))
    .find((p) => p.name === PRODUCT);
  const line = await write('POST', `/api/old/quotes/${orderId}/windows/${windowId}/products`, {
    product_id: product.id,
    width: 1200,
    height: 1500,
    unit: 'mm',
  });
  return { lineId: line.order_window_product_id, orderId, windowId };
}

async function measure(context, url) {
  const page = await context.newPage();
  const assets = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push(
      res.body().then(
        (body) => ({ url: new URL(res.url()).pathname, type, gzip: gzip(body), raw: body.length }),
        () => ({ url: res.url(), type, gzip: 0, raw: 0 }),
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('radio').first().waitFor();
  // a choice saved: anything loaded on the first interaction counts too
  await page.getByRole('radio').first().check();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await page.waitForLoadState('networkidle');
  const entries = await Promise.all(assets);
  await page.close();
  const sum = (type, key) => entries.filter((e) => e.type === type).reduce((n, e) => n + e[key], 0);
  return { entries, js: sum('script', 'gzip'), jsRaw: sum('script', 'raw'), css: sum('stylesheet', 'gzip') };
}

async function throttledLoad(browser, storageState, url) {
  const context = await browser.newContext({ storageState, baseURL: base });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: (10 * 1024 * 1024) / 8,
    uploadThroughput: (10 * 1024 * 1024) / 8,
  });
  const started = Date.now();
  await page.goto(url);
  await page.getByRole('radio').first().waitFor();
  const ms = Date.now() - started;
  await context.close();
  return ms;
}

const server = await startSlat({ env: { DATA_DIR: tempDataDir() } });
const base = `http://127.0.0.1:${server.port}`;
let browser;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 800 } });
  const line = await makeLine(context.request);
  const url = `/product-options/${line.lineId}?orderId=${line.orderId}&windowId=${line.windowId}&parentOrigin=${encodeURIComponent(base)}`;
  const loaded = await measure(context, url);
  const built = builtSizes();
  const storageState = await context.storageState();
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await throttledLoad(browser, storageState, url));

  console.log(`options frame bench — ${new Date().toISOString().slice(0, 10)}, ${machine()}`);
  for (const e of loaded.entries)
    console.log(`  ${e.type.padEnd(10)} ${e.url}  ${kb(e.gzip)} KB gzip (${kb(e.raw)} KB raw)`);
  console.log(
    `  loaded: JS ${kb(loaded.js)} KB gzip (${kb(loaded.jsRaw)} KB raw), CSS ${kb(loaded.css)} KB gzip, ${loaded.entries.length} files`,
  );
  console.log(
    `  the build's options-frame.html names: JS ${kb(built.js)} KB gzip, CSS ${kb(built.css)} KB gzip (${built.files.join(', ')})`,
  );
  console.log(
    `  cold load to the first choice, 40 ms RTT / 10 Mbit/s, median of ${RUNS}: ${median(times)} ms (${times.join(', ')})`,
  );
  failed = kb(loaded.js) > BUDGET_JS_KB;
  console.log(
    failed
      ? `  OVER BUDGET: JS ${kb(loaded.js)} KB > ${BUDGET_JS_KB} KB`
      : `  within budget (JS <= ${BUDGET_JS_KB} KB gzip)`,
  );
} finally {
  await browser?.close();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
