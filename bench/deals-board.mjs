// node bench/deals-board.mjs (after node scripts/build.mjs)
// Chromium over the deals board with 20,000 deals in one workflow: the median of 5 runs of the
// time from navigation to a usable kanban board (cards visible and a drag possible), and the frame
// rate while a card is dragged (a requestAnimationFrame counter during a scripted drag).
// Budgets: a usable board in under 1 s, and a drag at 55 fps or more.
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { machine, median, root, startSlat, tempDataDir } from './lib.mjs';

const DEALS = Number(process.env.BENCH_DEALS ?? 20000);
const RUNS = 5;
const BUDGET_MS = 1000;
const BUDGET_FPS = 55;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const dataDir = tempDataDir();
const env = { DATA_DIR: dataDir };
const server = await startSlat({ env });
const base = `http://127.0.0.1:${server.port}`;
let browser;
try {
  const seeded = spawnSync(process.execPath, ['apps/server/dist/cli/seed.js', '--size', String(DEALS)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(server.port) },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr || seeded.stdout);
  console.log(seeded.stdout.trim().split('\n').pop());

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1600, height: 900 } });
  const token = await (await context.request.get('/api/old/auth/generate-token')).json();
  const signIn = await context.request.post('/api/old/auth', {
    data: { username: 'demo', password: 'demo1234', master_console: false, remember: false, _token: token },
  });
  if (signIn.status() !== 200) throw new Error(`sign-in ${signIn.status()}`);
  const workflows = await (await context.request.get('/api/workflows')).json();
  const wf = workflows.find((w) => w.slug === 'residential') ?? workflows[0];
  const counts = (await (await context.request.get(`/api/deals?workflowId=${wf.id}&limit=1`)).json()).counts;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`${wf.name}: ${total} deals in ${wf.statuses.length} columns`);

  const page = await context.newPage();
  // warm the server's caches and the browser's HTTP cache of the app's files once, as a returning user has
  await page.goto(`/workflows/${wf.slug}`);
  await page.locator('[data-deal-id]').first().waitFor();

  const times = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank');
    const started = Date.now();
    await page.goto(`/workflows/${wf.slug}`);
    // usable: a card is visible in every column that has deals, its drag handle is enabled and the
    // app has taken the page over
    await page.waitForFunction(
      () => {
        const columns = document.querySelectorAll('.slat-board-column');
        if (!columns.length) return false;
        for (const column of columns) {
          const badge = column.querySelector('.mantine-Badge-root')?.textContent ?? '';
          if (!/^\d+$/.test(badge)) return false;
          if (Number(badge) > 0 && !column.querySelector('[data-deal-id] button[aria-roledescription]'))
            return false;
        }
        // a server-rendered board shows its cards before its code runs: a drag needs the app
        return (
          document.documentElement.hasAttribute('data-taken-over') ||
          !document.getElementById('slat-first-screen')
        );
      },
      null,
      { polling: 'raf' },
    );
    times.push(Date.now() - started);
  }

  // frame rate during a scripted drag of the first card across three columns and back
  const cardBox = await page
    .locator('.slat-board-column')
    .first()
    .locator('[data-deal-id]')
    .first()
    .boundingBox();
  const columns = page.locator('.slat-board-column');
  const targetBox = await columns.nth(3).boundingBox();
  const x0 = cardBox.x + cardBox.width / 2;
  const y0 = cardBox.y + cardBox.height - 8;
  await page.evaluate(() => {
    window.__frames = 0;
    window.__counting = true;
    const tick = () => {
      window.__frames += 1;
      if (window.__counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const dragStart = Date.now();
  const steps = 120;
  const x1 = targetBox.x + targetBox.width / 2;
  for (let s = 1; s <= steps; s++) {
    const f = s <= steps / 2 ? s / (steps / 2) : (steps - s) / (steps / 2);
    await page.mouse.move(x0 + (x1 - x0) * f, y0 + 150 * Math.sin((s / steps) * Math.PI));
  }
  const dragMs = Date.now() - dragStart;
  const frames = await page.evaluate(() => {
    window.__counting = false;
    return window.__frames;
  });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  const fps = (frames / dragMs) * 1000;

  const usable = median(times);
  console.log(`deals board (Chromium), ${new Date().toISOString()}, ${machine()}`);
  console.log(
    `  usable kanban board: median ${usable} ms of ${RUNS} runs [${times.join(', ')}] (budget ${BUDGET_MS} ms ${usable < BUDGET_MS ? '✓' : '✗'})`,
  );
  console.log(
    `  frame rate while dragging: ${fps.toFixed(1)} fps (${frames} frames in ${dragMs} ms, ${steps} pointer moves; budget ≥ ${BUDGET_FPS} fps ${fps >= BUDGET_FPS ? '✓' : '✗'})`,
  );
} finally {
  await browser?.close();
  await server.stop();
}
