// npm run bench -- auth
// autocannon (10 connections, 10 s) on POST /api/old/auth/me with a signed-in cookie, and on a
// bare route of the same server (same guards, no database work) in the same run; prints
// req/s, p50 and p99 latency and the ratio to the bare route, as medians of alternating rounds.
// Runs on the embedded PostgreSQL, and again on DATABASE_URL when one is given.
import autocannon from 'autocannon';
import { machine, median, startSlat, tempDataDir } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

const sessionCookie = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('slat_session='));

async function signIn(base) {
  const tokenRes = await fetch(`${base}/api/old/auth/generate-token`);
  const anon = sessionCookie(tokenRes);
  const token = await tokenRes.json();
  const res = await fetch(`${base}/api/old/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anon },
    body: JSON.stringify({ username: 'demo', password: 'demo1234', _token: token }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return sessionCookie(res);
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections: CONNECTIONS, duration: DURATION, headers },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const summary = (runs) => ({
  rps: median(runs.map((r) => r.requests.average)),
  p50: median(runs.map((r) => r.latency.p50)),
  p99: median(runs.map((r) => r.latency.p99)),
});
const row = (name, r) =>
  `${name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms`;

async function benchOne(label, env) {
  const server = await startSlat({ env });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await signIn(base);
    const bareRuns = [];
    const meRuns = [];
    // Alternate the two routes so machine noise falls on both alike.
    for (let i = 0; i < ROUNDS; i++) {
      bareRuns.push(await load(`${base}/api/test/bare`, {}));
      const me = await load(`${base}/api/old/auth/me`, { cookie });
      if (me.non2xx > 0) throw new Error(`/me answered ${me.non2xx} non-2xx responses`);
      meRuns.push(me);
    }
    const bare = summary(bareRuns);
    const me = summary(meRuns);
    console.log(`\n${label} (median of ${ROUNDS} rounds)`);
    console.log(row('POST /api/test/bare', bare));
    console.log(row('POST /api/old/auth/me', me));
    console.log(`ratio me / bare: ${(me.rps / bare.rps).toFixed(2)} (aim ≥ 0.5)`);
  } finally {
    await server.stop();
  }
}

console.log(
  `auth bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${CONNECTIONS} connections × ${DURATION} s`,
);
await benchOne('embedded PostgreSQL', { DATA_DIR: tempDataDir(), DATABASE_URL: '' });
if (process.env.DATABASE_URL) {
  await benchOne('DATABASE_URL', { DATA_DIR: tempDataDir(), DATABASE_URL: process.env.DATABASE_URL });
}
