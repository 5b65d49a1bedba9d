// npm run bench -- burst-collision
// The list budget, looked at up close: how much later the board list (GET /api/deals)
// answers when it is sent at the same moment as 20 other requests, against the same list sent
// alone a moment before (the baseline, in the same rounds). The 20 are, in turn: 20 PDFs of
// changed quotes (each renders), 20 PDFs of unchanged quotes (each answers its stored file),
// 20 GET /health.json (the least a request can be) and 20 GET /api/deal-quotes/{id} (read afresh:
// the first kind changes the quotes every round). All from this thread: the client's own work for 20 requests is in every figure alike.
// BENCH_ROUNDS (default 60) rounds, the kinds interleaved within each round.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoQuotingDeal, machine, median, percentile, signInDemo, startSlat, tempDataDir } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const dataDir = tempDataDir();
const server = await startSlat({ env: { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' } });
process.on('exit', () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});
const base = `http://127.0.0.1:${server.port}`;
const { cookie, api } = await signInDemo(base);
const deal = await demoQuotingDeal(api);
const { id } = await api('POST', `/deals/${deal.id}/quotes/legacy/add`, {
  description: 'Bench burst',
  customerNotes: '',
});
const ids = [];
for (let i = 0; i < 20; i++) ids.push((await api('POST', `/deal-quotes/${id}/clone`, {})).id);
for (const q of ids) await api('GET', `/deal-quotes/${q}/pdf`); // stored: the unchanged kind

const listUrl = `${base}/api/deals?workflowId=${deal.workflowId}`;
const get = (url) => fetch(url, { headers: { cookie } }).then((r) => r.arrayBuffer());
let revision = 0;
const kinds = {
  'PDFs of changed quotes (each renders)': {
    before: async () => {
      revision += 1;
      for (const q of ids)
        await api('POST', `/deal-quotes/${q}/update`, {
          description: `Bench burst ${revision}`,
          customerNotes: '',
        });
    },
    url: (q) => `${base}/api/deal-quotes/${q}/pdf`,
  },
  'PDFs of unchanged quotes (stored file)': { url: (q) => `${base}/api/deal-quotes/${q}/pdf` },
  'GET /health.json': { url: () => `${base}/health.json` },
  'GET /api/deal-quotes/{id} (just changed: read afresh)': { url: (q) => `${base}/api/deal-quotes/${q}` },
};

/** The list's time, sent alone or right after the 20 (which are then awaited too). */
async function listTime(kind) {
  await kind?.before?.();
  await sleep(40); // the server idle again
  const burst = kind ? ids.map((q) => get(kind.url(q))) : [];
  const started = performance.now();
  await get(listUrl);
  const ms = performance.now() - started;
  await Promise.all(burst);
  return ms;
}

for (let i = 0; i < 20; i++) await listTime(); // warm
for (const kind of Object.values(kinds)) for (let i = 0; i < 3; i++) await listTime(kind);
const alone = [];
const withBurst = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, kind] of Object.entries(kinds)) {
    alone.push(await listTime());
    withBurst[name].push(await listTime(kind));
  }
}
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const ms = (v) => `${v.toFixed(1)} ms`;
console.log(
  `\nburst-collision bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}`,
);
console.log(
  `GET /api/deals?workflowId (board list), ${ROUNDS} rounds; the baseline is the list sent alone, before each of the others\n`,
);
console.log('| the list sent | samples | p50 | p90 | p50 ratio to alone |');
console.log('|---|---|---|---|---|');
const p50Alone = median(alone);
console.log(`| alone (baseline) | ${alone.length} | ${ms(p50Alone)} | ${ms(percentile(alone, 90))} | 1 |`);
for (const [name, xs] of Object.entries(withBurst))
  console.log(
    `| with 20 ${name} | ${xs.length} | ${ms(median(xs))} | ${ms(percentile(xs, 90))} | ${(median(xs) / p50Alone).toFixed(2)} |`,
  );
