// npm run bench -- public
// The public pages' calls, without a session, under autocannon (10 connections), each beside the
// raw SQL that call runs (captured from the server by bench/sql-capture.cjs, replayed with
// node-postgres at the same concurrency, as bench/quotes.mjs does). Budget: API ≥ 0.5 × raw SQL
// req/s, p99 < 50 ms. Then the card webhook's throughput: signed checkout.session.completed
// events (each delivered DUPLICATES times, shuffled) at 10 at once, in events/s, with every payment
// checked Paid exactly once afterwards.
// The server runs the built-in test checkout (no keys) with a known STRIPE_WEBHOOK_SECRET, and its
// public read limit raised (SLAT_PUBLIC_READS_PER_MINUTE), so the limit's own statement is
// measured but never refuses.
// To add a call: push a target onto TARGETS ({ name, prepare }), prepare answering { url, headers? }.
// BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3), BENCH_WEBHOOK_PAYMENTS (200).
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import Stripe from 'stripe';
import {
  benchDatabaseUrl,
  customerQuoteOfLines,
  machine,
  rawSqlComparison,
  signInDemo,
  startSlat,
  tempDataDir,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const WEBHOOK_PAYMENTS = Number(process.env.BENCH_WEBHOOK_PAYMENTS ?? 200);
const DUPLICATES = 3;
const WEBHOOK_SECRET = 'whsec_bench_public_pages';
const CARD_ACCOUNT = 'acct_1BenchPublicPages';

const dataDir = tempDataDir();
const sqlFile = path.join(dataDir, 'captured-sql.json');
const server = await startSlat({
  args: ['--require', './bench/sql-capture.cjs', 'apps/server/dist/main.js'],
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SLAT_BENCH_SQL_FILE: sqlFile,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    SLAT_PUBLIC_READS_PER_MINUTE: '1000000000',
  },
});
process.on('exit', () => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const base = `http://127.0.0.1:${server.port}`;

pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
const pool = new pg.Pool({ connectionString: benchDatabaseUrl(dataDir), max: CONNECTIONS });
// an idle connection's end when the server stops its database is not the bench's failure
pool.on('error', () => {});

// ── Data: the demo dealer's card account and requested card payments on a demo deal ───────────
const { rows: demo } = await pool.query(
  `SELECT d.account_id, d.id AS deal_id FROM deals d JOIN users u ON u.account_id = d.account_id
    WHERE u.username = 'demo' ORDER BY d.id`,
);
if (!demo[0]) throw new Error('no demo deal');
const accountId = demo[0].account_id;
// Spread over the demo's deals, as customers' payments are: a Paid transition locks its deal.
const dealIds = demo.map((r) => r.deal_id);
await pool.query(
  `INSERT INTO dealer_settings (account_id, card_account_id) VALUES ($1, $2)
   ON CONFLICT (account_id) DO UPDATE SET card_account_id = EXCLUDED.card_account_id`,
  [accountId, CARD_ACCOUNT],
);
/** Requested card payments straight into the table (the bench measures the customer's side). */
async function cardPayments(n, description) {
  const { rows } = await pool.query(
    `INSERT INTO deal_payments (account_id, deal_id, type, status, amount, currency, description)
     SELECT $1, ($2::int[])[1 + g % cardinality($2::int[])], 'STRIPE', 'REQUESTED', '25.00', 'USD', $3 || ' ' || g
       FROM generate_series(1, $4) g
     RETURNING id, public_id`,
    [accountId, dealIds, description, n],
  );
  return rows;
}

// ── The public calls measured (another page's call is one more entry) ─────────────────────────
const TARGETS = [
  {
    name: 'GET /api/public/payment/{id}',
    prepare: async () => {
      const [p] = await cardPayments(1, 'Bench: payment page');
      return { url: `${base}/api/public/payment/${p.public_id}` };
    },
  },
  {
    name: 'GET /api/customerquote/{id} (a draft of 20 lines)',
    prepare: async () => {
      const { api } = await signInDemo(base);
      const { publicId } = await customerQuoteOfLines(api, 20);
      return { url: `${base}/api/customerquote/${publicId}` };
    },
  },
];

const { compare } = rawSqlComparison({
  server,
  sqlFile,
  pool,
  connections: CONNECTIONS,
  duration: DURATION,
  rounds: ROUNDS,
  autocannon,
});

console.log(
  `public bench — ${new Date().toISOString().slice(0, 10)} — ${machine()} — ${CONNECTIONS} connections × ${DURATION} s × ${ROUNDS} rounds (medians)\n`,
);
console.log(
  '| call | req/s | p50 | p99 | non-2xx / errors | API ÷ raw SQL req/s (budget ≥ 0.5; p99 < 50 ms) |',
);
console.log('|---|---|---|---|---|---|');
for (const target of TARGETS) {
  const { url, headers = {} } = await target.prepare();
  await compare({ name: target.name, url, headers });
}

// ── The webhook: paid events for sessions of requested payments, each delivered several times ──
const payments = await cardPayments(WEBHOOK_PAYMENTS, 'Bench: webhook');
// Their sessions, as create-session leaves them (written here: create-session is limited to 30 a
// minute per address), and the customers paid at the provider (the test checkout's records).
const sessions = payments.map((_p, i) => `cs_test_local_bench${i}x${Date.now().toString(36)}`);
await pool.query(
  `INSERT INTO test_checkout_sessions
     (session_id, idempotency_key, connected_account, client_secret, status, payment_status, amount_minor,
      currency, customer_email, return_url, metadata, expires_at)
   SELECT s, s, $2, s || '_secret', 'complete', 'paid', 2500, 'USD', 'bench@example.test',
          'http://bench.test/', jsonb_build_object('paymentId', p), now() + interval '1 day'
     FROM unnest($1::text[], $3::text[]) AS x(s, p)`,
  [sessions, CARD_ACCOUNT, payments.map((p) => p.public_id)],
);
await pool.query(
  `INSERT INTO checkout_sessions
     (account_id, payment_id, provider, session_id, client_secret, connected_account, status, amount, currency, expires_at)
   SELECT $1, pid, 'test', s, s || '_secret', $2, 'open', '25.00', 'USD', now() + interval '1 day'
     FROM unnest($3::text[], $4::int[]) AS x(s, pid)`,
  [accountId, CARD_ACCOUNT, sessions, payments.map((p) => p.id)],
);
const { rows: records } = await pool.query(
  `SELECT session_id, client_secret, amount_minor, currency, metadata, return_url,
          extract(epoch FROM created_at)::int AS created, extract(epoch FROM expires_at)::int AS expires
     FROM test_checkout_sessions WHERE session_id = ANY($1::text[])`,
  [sessions],
);
const events = records.flatMap((s, i) => {
  const body = JSON.stringify({
    id: `evt_bench_${i}_${Date.now().toString(36)}`,
    object: 'event',
    account: CARD_ACCOUNT,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: s.session_id,
        object: 'checkout.session',
        amount_total: s.amount_minor,
        client_secret: s.client_secret,
        created: s.created,
        currency: s.currency.toLowerCase(),
        customer_details: { email: 'bench@example.test' },
        customer_email: 'bench@example.test',
        expires_at: s.expires,
        livemode: false,
        metadata: s.metadata,
        mode: 'payment',
        payment_status: 'paid',
        return_url: s.return_url,
        status: 'complete',
        ui_mode: 'embedded_page',
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return Array.from({ length: DUPLICATES }, () => ({ body, signature }));
});
// Duplicates arrive apart and together, as retries do.
for (let i = events.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [events[i], events[j]] = [events[j], events[i]];
}
let next = 0;
let failed = 0;
const latencies = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (next < events.length) {
      const e = events[next++];
      const t = performance.now();
      const res = await fetch(`${base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
        body: e.body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed += 1;
      latencies.push(performance.now() - t);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
const { rows: check } = await pool.query(
  `SELECT count(*) FILTER (WHERE status = 'PAID')::int AS paid, count(*)::int AS n FROM deal_payments
    WHERE id = ANY($1::int[])`,
  [payments.map((p) => p.id)],
);
const { rows: stored } = await pool.query(
  `SELECT count(*)::int AS events, count(*) FILTER (WHERE outcome = 'paid')::int AS paid FROM card_provider_events
    WHERE session_id = ANY($1::text[])`,
  [sessions],
);
console.log(
  `\nwebhook: ${events.length} deliveries (${WEBHOOK_PAYMENTS} events × ${DUPLICATES}, shuffled) at ${CONNECTIONS} at once: ` +
    `${(events.length / seconds).toFixed(0)} deliveries/s, p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, ` +
    `${failed} non-200; payments Paid ${check[0].paid}/${check[0].n}; events stored ${stored[0].events}, Paid transitions ${stored[0].paid}`,
);
if (check[0].paid !== WEBHOOK_PAYMENTS || stored[0].paid !== WEBHOOK_PAYMENTS || failed > 0) {
  console.error('webhook: not every payment was paid exactly once');
  process.exitCode = 1;
}
await pool.end();
await server.stop();
