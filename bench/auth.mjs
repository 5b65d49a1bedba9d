// npm run bench -- auth
// autocannon (10 connections, 10 s) on POST /api/old/auth/me with a signed-in cookie, and on a
// bare route of the same server (same guards, no database work) in the same run; prints
// req/s, p50 and p99 latency and the ratio to the bare route. Runs on the embedded PostgreSQL,
// and again on DATABASE_URL when one is given.
import autocannon from 'autocannon';
import { machine, startSlat, tempDataDir } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

async function signIn(base) {
  const tokenRes = await fetch(`${base}/api/old/auth/generate-token`);
  const anon = tokenRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('slat_session='));
  const token = await tokenRes.json();
  const res = await fetch(`${base}/api/old/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anon },
    body: JSON.stringify({ username: 'demo', password: 'demo1234', _token: token }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('slat_session='));
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections: CONNECTIONS, duration: DURATION, headers },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const row = (name, r) =>
  `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}`;

async function benchOne(label, env) {
  const server = await startSlat({ env });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await signIn(base);
    // Warm up both routes so JIT and pools are in the same state.
    await load(`${base}/api/test/bare`, {}).catch(() => {});
    const bare = await load(`${base}/api/test/bare`, {});
    const me = await load(`${base}/api/old/auth/me`, { cookie });
    if (me.non2xx > 0) throw new Error(`/me answered ${me.non2xx} non-2xx responses`);
    console.log(`\n${label}`);
    console.log(row('POST /api/test/bare', bare));
    console.log(row('POST /api/old/auth/me', me));
    console.log(`ratio me / bare: ${(me.requests.average / bare.requests.average).toFixed(2)} (aim ≥ 0.5)`);
  } finally {
    await server.stop();
  }
}

console.log(
  `auth bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${CONNECTIONS} connections × ${DURATION} s`,
);
await benchOne('embedded PostgreSQL', { DATA_DIR: tempDataDir(), DATABASE_URL: '' });
if (process.env.DATABASE_URL)
  await benchOne('DATABASE_URL', { DATA_DIR: tempDataDir(), DATABASE_URL: process.env.DATABASE_URL });
