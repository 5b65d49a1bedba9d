import fs from 'node:fs/promises';
import path from 'node:path';
import { publicPaymentMessages } from '@slat/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTestSession } from '../src/modules/checkout/checkout.repository';
import { expireOpenSessionOf } from '../src/modules/checkout/index';
import { stripeShapedSession } from '../src/modules/checkout/test-checkout-provider';
import { requestCardPayment } from '../src/modules/payments/index';
import { acceptedDeal, connectCardAccount } from './deal-payments-fixtures';
import { createTestApp, type TestApp, TestClient } from './harness';
import { eventually, ok, type QuoteDealer, quoteDealer } from './quote-fixtures';

const WEBHOOK_SECRET = 'whsec_checkout_api_tests';
const ACCOUNT = 'acct_1CheckoutApiTest';

let t: TestApp;
let d: QuoteDealer;
let other: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  d = await quoteDealer(t, 'Checkout');
  other = await quoteDealer(t, 'Elsewhere');
  await connectCardAccount(t, d.dealer.accountId, ACCOUNT);
  await connectCardAccount(t, other.dealer.accountId, 'acct_1CheckoutOtherDealer');
  // Far east of UTC, so the payment's day in the dealer's time zone differs from UTC's.
  await t.pool.query(`UPDATE companies SET timezone = 'Pacific/Kiritimati' WHERE account_id = $1`, [
    d.dealer.accountId,
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A stranger's browser: no cookie, its own address. */
const visitor = () => new TestClient(t.app);

/** A requested card payment on a fresh deal with an accepted quote. */
async function cardPayment(dealer: QuoteDealer = d, amount = '125.50') {
  const deal = await acceptedDeal(dealer);
  return requestCardPayment(t.db, {
    accountId: dealer.dealer.accountId,
    dealId: deal.dealId,
    dealQuoteId: deal.quoteId,
    amount,
    description: 'Deposit for the lounge blinds',
    createdBy: null,
  });
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.pool.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
const paymentRow = async (id: number) =>
  (
    await t.pool.query<{
      status: string;
      transacted_at: string | null;
      receipt_sent_at: Date | null;
      customer_email: string | null;
    }>(
      `SELECT status, transacted_at::text, receipt_sent_at, customer_email FROM deal_payments WHERE id = $1`,
      [id],
    )
  ).rows[0];
const sessionRows = (paymentId: number) =>
  t.pool
    .query<{ session_id: string; status: string; payment_status: string }>(
      `SELECT session_id, status, payment_status FROM checkout_sessions WHERE payment_id = $1 ORDER BY id`,
      [paymentId],
    )
    .then((r) => r.rows);
const receiptJobs = (email: string) =>
  count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1`, [email]);
const eventRows = (eventId: string) =>
  count(`SELECT count(*) AS n FROM card_provider_events WHERE event_id = $1`, [eventId]);

const openSession = async (publicId: string, c = visitor()) =>
  ok(await c.post(`/api/public/payment/${publicId}/create-session`)) as {
    sessionId: string;
    clientSecret: string;
    stripeAccount: string;
  };

let eventNumber = 0;
/** A checkout.session.* event about a test session, as Stripe would deliver it (signed now). */
async function signedEvent(
  sessionId: string,
  type: string,
  opts: { created?: number; account?: string; timestamp?: number; secret?: string; patch?: object } = {},
) {
  const record = await findTestSession(t.db, sessionId);
  if (!record) throw new Error(`no test session ${sessionId}`);
  eventNumber += 1;
  const id = `evt_test_api_${Date.now().toString(36)}_${eventNumber}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    account: opts.account ?? record.connectedAccount,
    api_version: Stripe.API_VERSION,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    data: { object: { ...stripeShapedSession(record), ...opts.patch } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { id, body, signature };
}

const deliver = (e: { body: string; signature: string }, c = visitor()) =>
  c.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
    payload: e.body,
  });

/** The provider's side says paid (the customer paid) without any event delivered yet. */
const paidAtProvider = (sessionId: string, email = 'pat@example.test') =>
  t.pool.query(
    `UPDATE test_checkout_sessions SET status = 'complete', payment_status = 'paid', customer_email = $2 WHERE session_id = $1`,
    [sessionId, email],
  );

describe('the public payment', () => {
  it('is read without a session, by its public id only, and never stored', async () => {
    const p = await cardPayment();
    const res = await visitor().get(`/api/public/payment/${p.publicId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      paymentId: p.publicId,
      amount: '125.50',
      currency: p.currency,
      description: 'Deposit for the lounge blinds',
      status: 'REQUESTED',
      dealerName: 'Checkout Blinds Pty Ltd',
      mode: 'test',
      publishableKey: null,
      transactedAt: null,
    });
    expect(p.publicId.length).toBeGreaterThanOrEqual(22);
  });

  it('answers an unknown id and a manual payment’s id the same way: 401, the not-found text, no hint', async () => {
    const deal = await acceptedDeal(d);
    const manual = ok(
      await d.client.post(`/api/deals/${deal.dealId}/payments`, {
        type: 'MANUAL',
        status: 'REQUESTED',
        amount: '10',
      }),
    ) as { id: number };
    const { rows } = await t.pool.query<{ public_id: string }>(
      `SELECT public_id FROM deal_payments WHERE id = $1`,
      [manual.id],
    );
    const unknown = await visitor().get('/api/public/payment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const ofManual = await visitor().get(`/api/public/payment/${rows[0]?.public_id}`);
    for (const res of [unknown, ofManual]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().error.message).toBe(publicPaymentMessages.notFoundTitle);
    }
    expect(unknown.body).toBe(ofManual.body);
    // Not an id at all: the field is named, nothing is looked up.
    const bad = await visitor().get('/api/public/payment/1');
    expect(bad.statusCode).toBe(400);
    for (const path of ['create-session', 'session/cs_test_local_abcdefgh']) {
      const method = path === 'create-session' ? 'post' : 'get';
      const res = await visitor()[method](
        `/api/public/payment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/${path}`,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(publicPaymentMessages.notFoundTitle);
    }
  });

  it('is rate-limited per address', async () => {
    const p = await cardPayment();
    const c = visitor();
    const codes: number[] = [];
    for (let i = 0; i < 121; i += 1)
      codes.push((await c.get(`/api/public/payment/${p.publicId}`)).statusCode);
    expect(codes.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(codes[120]).toBe(429);
    // Another address is not held back by it.
    expect((await visitor().get(`/api/public/payment/${p.publicId}`)).statusCode).toBe(200);
  });
});

describe('checkout sessions', () => {
  it('opens one session on the dealer’s connected account and reuses it', async () => {
    const p = await cardPayment();
    const first = await openSession(p.publicId);
    expect(first.sessionId).toMatch(/^cs_test_local_/);
    expect(first.stripeAccount).toBe(ACCOUNT);
    expect(first.clientSecret).toContain('_secret_');
    const again = await openSession(p.publicId);
    expect(again).toEqual(first);
    expect(await sessionRows(p.id)).toEqual([
      { session_id: first.sessionId, status: 'open', payment_status: 'unpaid' },
    ]);
    const record = await findTestSession(t.db, first.sessionId);
    expect(record?.amountMinor).toBe(12550);
    expect(record?.returnUrl).toBe(
      `http://slat.test/checkout/${p.publicId}/return?session_id=${first.sessionId}`,
    );
    expect(record?.metadata).toEqual({ paymentId: p.publicId });
  });

  it('makes 20 concurrent create-session calls one open session', async () => {
    const p = await cardPayment();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => visitor().post(`/api/public/payment/${p.publicId}/create-session`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((r) => r.json().sessionId as string));
    expect(ids.size).toBe(1);
    expect(await sessionRows(p.id)).toHaveLength(1);
    expect(
      await count(`SELECT count(*) AS n FROM test_checkout_sessions WHERE metadata->>'paymentId' = $1`, [
        p.publicId,
      ]),
    ).toBe(1);
  });

  it('replaces a session that is about to expire, expiring it at the provider first', async () => {
    const p = await cardPayment();
    const first = await openSession(p.publicId);
    await t.pool.query(
      `UPDATE checkout_sessions SET expires_at = now() + interval '1 minute' WHERE session_id = $1`,
      [first.sessionId],
    );
    const second = await openSession(p.publicId);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await sessionRows(p.id)).map((s) => s.status)).toEqual(['expired', 'open']);
    expect((await findTestSession(t.db, first.sessionId))?.status).toBe('expired');
  });

  it('gives a cancelled or paid payment no session (409), and the cancel expires the open one', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    const cancelled = await d.client.post(`/api/deals/${p.dealId}/payments/${p.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await visitor().post(`/api/public/payment/${p.publicId}/create-session`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(publicPaymentMessages.notPayable);
    expect((await sessionRows(p.id)).map((r) => r.status)).toEqual(['expired']);
    expect((await findTestSession(t.db, s.sessionId))?.status).toBe('expired');
    // The customer who still has the checkout open cannot pay it.
    const pay = await visitor().post(`/api/public/test-checkout/${s.sessionId}/complete`, {
      clientSecret: s.clientSecret,
      email: 'pat@example.test',
    });
    expect(pay.statusCode).toBe(409);
    expect((await paymentRow(p.id))?.status).toBe('CANCELLED');
    const page = ok(await visitor().get(`/api/public/payment/${p.publicId}`));
    expect(page.status).toBe('CANCELLED');

    const paid = await cardPayment();
    const ps = await openSession(paid.publicId);
    ok(
      await visitor().post(`/api/public/test-checkout/${ps.sessionId}/complete`, {
        clientSecret: ps.clientSecret,
        email: 'pat@example.test',
      }),
    );
    expect((await visitor().post(`/api/public/payment/${paid.publicId}/create-session`)).statusCode).toBe(
      409,
    );
    expect(await sessionRows(paid.id)).toHaveLength(1);
  });

  it('expireOpenSessionOf expires the open session here and at the provider', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    await expireOpenSessionOf(t.db, p.id);
    expect((await sessionRows(p.id))[0]?.status).toBe('expired');
    expect((await findTestSession(t.db, s.sessionId))?.status).toBe('expired');
  });
});

describe('the test checkout', () => {
  it('pays through the webhook handler: Paid on the dealer’s day, the receipt mailed once, the page shows it', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    const email = `pay-${p.id}@example.test`;
    const wrong = await visitor().post(`/api/public/test-checkout/${s.sessionId}/complete`, {
      clientSecret: 'cs_wrong_secret',
      email,
    });
    expect(wrong.statusCode).toBe(404);
    const declined = ok(
      await visitor().post(`/api/public/test-checkout/${s.sessionId}/complete`, {
        clientSecret: s.clientSecret,
        email,
        outcome: 'decline',
      }),
    );
    expect(declined).toEqual({
      status: 'open',
      returnUrl: expect.any(String),
      message: 'Your card was declined.',
    });
    expect((await paymentRow(p.id))?.status).toBe('REQUESTED');
    expect(ok(await visitor().get(`/api/public/payment/${p.publicId}/session/${s.sessionId}`)).status).toBe(
      'OPEN',
    );

    const paid = ok(
      await visitor().post(`/api/public/test-checkout/${s.sessionId}/complete`, {
        clientSecret: s.clientSecret,
        email,
      }),
    );
    expect(paid).toEqual({
      status: 'complete',
      returnUrl: `http://slat.test/checkout/${p.publicId}/return?session_id=${s.sessionId}`,
      message: null,
    });
    const row = await paymentRow(p.id);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(row).toMatchObject({ status: 'PAID', transacted_at: today, customer_email: email });
    expect(row?.receipt_sent_at).not.toBeNull();
    expect(await receiptJobs(email)).toBe(1);
    // The queue delivers it (outbox mode here): to the customer, with what was paid and to whom.
    const receipt = await eventually(async () => {
      for (const f of await fs.readdir(t.outboxDir).catch(() => [] as string[])) {
        const raw = await fs.readFile(path.join(t.outboxDir, f), 'utf8');
        if (raw.includes(email)) return raw;
      }
      return undefined;
    });
    expect(receipt).toContain('Your payment to Checkout Blinds Pty Ltd');
    expect(receipt).toContain('125.50');
    expect(
      await count(
        `SELECT count(*) AS n FROM card_provider_events WHERE session_id = $1 AND outcome = 'paid'`,
        [s.sessionId],
      ),
    ).toBe(1);
    expect(ok(await visitor().get(`/api/public/payment/${p.publicId}/session/${s.sessionId}`)).status).toBe(
      'COMPLETE',
    );
    expect(ok(await visitor().get(`/api/public/payment/${p.publicId}`))).toMatchObject({
      status: 'PAID',
      transactedAt: today,
    });
    // Paying again changes nothing.
    ok(
      await visitor().post(`/api/public/test-checkout/${s.sessionId}/complete`, {
        clientSecret: s.clientSecret,
        email,
      }),
    );
    expect(await receiptJobs(email)).toBe(1);
  });

  it('answers a session of another payment as UNKNOWN, revealing nothing', async () => {
    const a = await cardPayment();
    const b = await cardPayment();
    const sa = await openSession(a.publicId);
    const res = ok(await visitor().get(`/api/public/payment/${b.publicId}/session/${sa.sessionId}`));
    expect(res).toEqual({ sessionId: sa.sessionId, status: 'UNKNOWN' });
  });
});

describe('the webhook', () => {
  it('refuses a bad signature, another secret, an old timestamp or no header with 400, writing nothing', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    await paidAtProvider(s.sessionId);
    const good = await signedEvent(s.sessionId, 'checkout.session.completed');
    const otherSecret = await signedEvent(s.sessionId, 'checkout.session.completed', {
      secret: 'whsec_not_ours',
    });
    const old = await signedEvent(s.sessionId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const tampered = { body: good.body.replace('"paid"', '"paid" '), signature: good.signature };
    const attempts = [
      otherSecret,
      old,
      tampered,
      { body: good.body, signature: 't=1,v1=00' },
      { body: good.body, signature: '' },
    ];
    for (const e of attempts) {
      const res = await deliver(e);
      expect(res.statusCode, res.body).toBe(400);
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: good.body,
    });
    expect(unsigned.statusCode).toBe(400);
    for (const e of [otherSecret, old]) expect(await eventRows(e.id)).toBe(0);
    expect(await eventRows(good.id)).toBe(0);
    expect((await paymentRow(p.id))?.status).toBe('REQUESTED');
    expect((await sessionRows(p.id))[0]?.status).toBe('open');
  });

  it('handles the same paid event delivered 20 times at once exactly once', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    const email = `twenty-${p.id}@example.test`;
    await paidAtProvider(s.sessionId, email);
    const created = Date.UTC(2026, 2, 1, 12, 0, 0) / 1000; // 1 March 12:00 UTC = 2 March in Kiritimati
    const e = await signedEvent(s.sessionId, 'checkout.session.completed', { created });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(e)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await eventRows(e.id)).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM card_provider_events WHERE outcome = 'paid' AND session_id = $1`,
        [s.sessionId],
      ),
    ).toBe(1);
    expect(await paymentRow(p.id)).toMatchObject({
      status: 'PAID',
      transacted_at: '2026-03-02',
      customer_email: email,
    });
    expect(await receiptJobs(email)).toBe(1);
    expect(await sessionRows(p.id)).toEqual([
      { session_id: s.sessionId, status: 'complete', payment_status: 'paid' },
    ]);
  });

  it('queues a dealer’s cancel with paid deliveries and return-page reads arriving at once: no error, one ending', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    await paidAtProvider(s.sessionId);
    const e = await signedEvent(s.sessionId, 'checkout.session.completed');
    const [cancel, ...others] = await Promise.all([
      d.client.post(`/api/deals/${p.dealId}/payments/${p.id}/cancel`),
      ...Array.from({ length: 10 }, () => deliver(e)),
      ...Array.from({ length: 10 }, () =>
        visitor().get(`/api/public/payment/${p.publicId}/session/${s.sessionId}`),
      ),
    ]);
    expect(others.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const status = (await paymentRow(p.id))?.status;
    if (cancel.statusCode === 200) expect(status).toBe('CANCELLED');
    else {
      expect(cancel.statusCode).toBe(409);
      expect(status).toBe('PAID');
    }
    expect(await eventRows(e.id)).toBe(1);
  });

  it('never undoes Paid: an expiry delivered after the payment changes nothing', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    await paidAtProvider(s.sessionId);
    const completed = await signedEvent(s.sessionId, 'checkout.session.completed');
    const expired = await signedEvent(s.sessionId, 'checkout.session.expired', {
      patch: { status: 'expired' },
    });
    ok(await deliver(completed));
    ok(await deliver(expired));
    expect((await paymentRow(p.id))?.status).toBe('PAID');
    expect((await sessionRows(p.id))[0]).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  it('follows a delayed payment: pending on completion, Paid on success; a failure frees the payment for a new session', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    const pending = await signedEvent(s.sessionId, 'checkout.session.completed', {
      patch: { status: 'complete', payment_status: 'unpaid' },
    });
    // The customer finished with a delayed method: Stripe's session is complete, not yet paid.
    await t.pool.query(
      `UPDATE test_checkout_sessions SET status = 'complete', payment_status = 'unpaid' WHERE session_id = $1`,
      [s.sessionId],
    );
    ok(await deliver(pending));
    expect((await paymentRow(p.id))?.status).toBe('REQUESTED');
    expect((await sessionRows(p.id))[0]).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(ok(await visitor().get(`/api/public/payment/${p.publicId}/session/${s.sessionId}`)).status).toBe(
      'UNKNOWN',
    );
    await paidAtProvider(s.sessionId);
    ok(await deliver(await signedEvent(s.sessionId, 'checkout.session.async_payment_succeeded')));
    expect((await paymentRow(p.id))?.status).toBe('PAID');

    const q = await cardPayment();
    const qs = await openSession(q.publicId);
    ok(
      await deliver(
        await signedEvent(qs.sessionId, 'checkout.session.async_payment_failed', {
          patch: { status: 'complete', payment_status: 'unpaid' },
        }),
      ),
    );
    expect((await paymentRow(q.id))?.status).toBe('REQUESTED');
    expect((await sessionRows(q.id))[0]).toMatchObject({ status: 'expired', payment_status: 'failed' });
    const next = await openSession(q.publicId);
    expect(next.sessionId).not.toBe(qs.sessionId);
  });

  it('expires an open session on checkout.session.expired', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    ok(
      await deliver(
        await signedEvent(s.sessionId, 'checkout.session.expired', { patch: { status: 'expired' } }),
      ),
    );
    expect((await sessionRows(p.id))[0]?.status).toBe('expired');
    expect(ok(await visitor().get(`/api/public/payment/${p.publicId}`)).status).toBe('REQUESTED');
  });

  it('ignores a paid event from another connected account', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    await paidAtProvider(s.sessionId);
    const e = await signedEvent(s.sessionId, 'checkout.session.completed', { account: 'acct_1SomeoneElse' });
    ok(await deliver(e));
    expect((await paymentRow(p.id))?.status).toBe('REQUESTED');
    expect(
      await count(
        `SELECT count(*) AS n FROM card_provider_events WHERE event_id = $1 AND outcome LIKE 'ignored%'`,
        [e.id],
      ),
    ).toBe(1);
  });
});

describe('the return page', () => {
  it('fulfils a paid session exactly like the webhook, and the later webhook changes nothing', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    const email = `return-${p.id}@example.test`;
    await paidAtProvider(s.sessionId, email);
    const reads = await Promise.all(
      Array.from({ length: 20 }, () =>
        visitor().get(`/api/public/payment/${p.publicId}/session/${s.sessionId}`),
      ),
    );
    expect(reads.map((r) => r.json().status)).toEqual(Array(20).fill('COMPLETE'));
    for (const r of reads) expect(r.headers['cache-control']).toBe('no-store');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(await paymentRow(p.id)).toMatchObject({
      status: 'PAID',
      transacted_at: today,
      customer_email: email,
    });
    expect(await receiptJobs(email)).toBe(1);
    const e = await signedEvent(s.sessionId, 'checkout.session.completed');
    ok(await deliver(e));
    expect(
      await count(
        `SELECT count(*) AS n FROM card_provider_events WHERE event_id = $1 AND outcome = 'ignored: payment PAID'`,
        [e.id],
      ),
    ).toBe(1);
    expect(await receiptJobs(email)).toBe(1);
  });

  it('reads an expired session as EXPIRED', async () => {
    const p = await cardPayment();
    const s = await openSession(p.publicId);
    await t.pool.query(
      `UPDATE test_checkout_sessions SET expires_at = now() - interval '1 second' WHERE session_id = $1`,
      [s.sessionId],
    );
    expect(ok(await visitor().get(`/api/public/payment/${p.publicId}/session/${s.sessionId}`)).status).toBe(
      'EXPIRED',
    );
    expect((await sessionRows(p.id))[0]?.status).toBe('expired');
  });
});

describe('with Stripe configured', () => {
  it('refuses the test checkout (404) and tells the page to load Stripe with the publishable key', async () => {
    const stripeApp = await createTestApp({
      databaseUrl: t.databaseUrl,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_checkout',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
    });
    try {
      const p = await cardPayment();
      const s = await openSession(p.publicId);
      const c = new TestClient(stripeApp.app);
      const res = await c.post(`/api/public/test-checkout/${s.sessionId}/complete`, {
        clientSecret: s.clientSecret,
        email: 'pat@example.test',
      });
      expect(res.statusCode).toBe(404);
      expect(ok(await c.get(`/api/public/payment/${p.publicId}`))).toMatchObject({
        mode: 'stripe',
        publishableKey: 'pk_test_checkout',
      });
      // The local test secret does not sign for Stripe.
      const e = await signedEvent(s.sessionId, 'checkout.session.completed');
      expect((await deliver(e, c)).statusCode).toBe(400);
    } finally {
      await stripeApp.close();
    }
  });
});
