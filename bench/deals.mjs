// npm run bench -- deals
// Seeds 20,000 deals into the demo account's first workflow, then runs autocannon (10 connections)
// on the board list call (one column's first page, as the kanban loads it), on a move, and on the
// bare route of the same server; prints p50/p99 and req/s with the ratio to the bare route.
// (The Chromium "usable board" timing joins this bench with the board UI.)
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { machine, root, startSlat, tempDataDir } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DEALS = Number(process.env.BENCH_DEALS ?? 20000);
const dataDir = tempDataDir();
const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' };
const server = await startSlat({ env });
const base = `http://127.0.0.1:${server.port}`;

const seeded = spawnSync(process.execPath, ['apps/server/dist/cli/seed.js', '--size', String(DEALS)], {
  cwd: root,
  env: { ...process.env, ...env },
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(seeded.stderr);
console.log(seeded.stdout.trim().split('\n').pop());

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('slat_session='));
const t0 = await fetch(`${base}/api/old/auth/generate-token`);
const anon = cookieOf(t0);
const signIn = await fetch(`${base}/api/old/auth`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: anon },
  body: JSON.stringify({ username: 'demo', password: 'demo1234', _token: await t0.json() }),
});
const cookie = cookieOf(signIn);
const token = await (await fetch(`${base}/api/old/auth/generate-token`, { headers: { cookie } })).json();
const workflows = await (await fetch(`${base}/api/workflows`, { headers: { cookie } })).json();
const wf = workflows[0];
const board = await (
  await fetch(`${base}/api/deals?workflowId=${wf.id}&limit=1`, { headers: { cookie } })
).json();
const [statusId, count] = Object.entries(board.counts).sort((a, b) => b[1] - a[1])[0];
const listUrl = `${base}/api/deals?workflowId=${wf.id}&statusId=${statusId}&limit=50`;
const first = await (await fetch(listUrl, { headers: { cookie } })).json();
const mover = first.data[0];

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 10, duration: DURATION, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
});

const bare = summary(await run({ url: `${base}/api/test/bare`, method: 'POST' }));
const list = summary(await run({ url: listUrl, headers: { cookie } }));
const move = summary(
  await run({
    url: `${base}/api/deals/${mover.id}/move`,
    method: 'POST',
    headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({
      dealId: mover.id,
      currentStatusId: Number(statusId),
      targetStatusId: Number(statusId),
      belowId: null,
      workflowId: wf.id,
    }),
  }),
);
await server.stop();

const line = (name, s) =>
  `${name.padEnd(34)} ${s.rps.toFixed(0).padStart(7)} req/s  p50 ${String(s.p50).padStart(3)} ms  p99 ${String(s.p99).padStart(4)} ms  non-2xx ${s.non2xx}  ratio ${(s.rps / bare.rps).toFixed(3)}`;
console.log(
  `deals bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${DEALS} deals (largest column ${count}), 10 connections × ${DURATION} s`,
);
console.log(line('POST /api/test/bare', bare));
console.log(line('GET /api/deals (column, 50)', list));
console.log(line('POST /api/deals/:id/move', move));
console.log(`board list p99 ${list.p99} ms (budget < 100 ms)`);
