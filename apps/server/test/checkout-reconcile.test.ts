import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerOf, RECONCILE_CRON, reconcileCardPayments } from '../src/modules/checkout/index';
import { requestCardPayment } from '../src/modules/payments/index';
import { acceptedDeal, connectCardAccount } from './deal-payments-fixtures';
import { createTestApp, type TestApp, TestClient } from './harness';
import { ok, type QuoteDealer, quoteDealer } from './quote-fixtures';

const ACCOUNT = 'acct_1ReconcileDealer';

let t: TestApp;
let d: QuoteDealer;
let other: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'Reconcile');
  other = await quoteDealer(t, 'Stranger');
  await connectCardAccount(t, d.dealer.accountId, ACCOUNT);
  await connectCardAccount(t, other.dealer.accountId, 'acct_1ReconcileStranger');
});
afterAll(async () => {
  await t?.close();
});

const visitor = () => new TestClient(t.app);

async function cardPayment(dealer: QuoteDealer = d, amount = '40.00') {
  const deal = await acceptedDeal(dealer);
  return requestCardPayment(t.db, {
    accountId: dealer.dealer.accountId,
    dealId: deal.dealId,
    dealQuoteId: deal.quoteId,
    amount,
    description: 'Balance',
    createdBy: null,
  });
}

const openSession = async (publicId: string) =>
  ok(await visitor().post(`/api/public/payment/${publicId}/create-session`, {})) as {
    sessionId: string;
    clientSecret: string;
  };

const payThroughCheckout = async (publicId: string) => {
  const s = await openSession(publicId);
  ok(
    await visitor().post(`/api/public/test-checkout/${s.sessionId}/complete`, {
      clientSecret: s.clientSecret,
      email: 'pat@example.test',
    }),
  );
  return s;
};

/** A session at the provider that the app never heard of (made elsewhere, or lost). */
async function providerOnlySession(
  sessionId: string,
  paymentPublicId: string | null,
  opts: { amountMinor?: number; account?: string; paid?: boolean; daysAgo?: number } = {},
) {
  await t.pool.query(
    `INSERT INTO test_checkout_sessions
       (session_id, connected_account, client_secret, status, payment_status, amount_minor, currency, return_url, metadata, created_at, expires_at)
     VALUES ($1, $2, $1 || '_secret', $3, $4, $5, 'USD', 'http://slat.test/', $6::jsonb,
             now() - make_interval(days => $7), now() + interval '1 day')`,
    [
      sessionId,
      opts.account ?? ACCOUNT,
      opts.paid === false ? 'open' : 'complete',
      opts.paid === false ? 'unpaid' : 'paid',
      opts.amountMinor ?? 4000,
      JSON.stringify(paymentPublicId ? { paymentId: paymentPublicId } : {}),
      opts.daysAgo ?? 0,
    ],
  );
}

const mismatches = async () =>
  (
    await t.pool.query<{
      kind: string;
      session_id: string;
      payment_id: number | null;
      deal_id: number | null;
    }>(
      `SELECT kind, session_id, payment_id, deal_id FROM payment_mismatches WHERE account_id = $1 ORDER BY kind, session_id`,
      [d.dealer.accountId],
    )
  ).rows;

describe('the daily reconciliation (local mode, against the test checkout’s records)', () => {
  it('flags paid-there-not-here, another amount, paid twice and unknown sessions, once each', async () => {
    // Fine: paid through the checkout, one session, the same amount.
    const fine = await cardPayment();
    await payThroughCheckout(fine.publicId);

    // Paid at the provider, but the event never arrived.
    const lost = await cardPayment();
    const lostSession = await openSession(lost.publicId);
    await t.pool.query(
      `UPDATE test_checkout_sessions SET status = 'complete', payment_status = 'paid' WHERE session_id = $1`,
      [lostSession.sessionId],
    );

    // The provider took another amount than the payment asks.
    const short = await cardPayment();
    const shortSession = await payThroughCheckout(short.publicId);
    await t.pool.query(`UPDATE test_checkout_sessions SET amount_minor = 3999 WHERE session_id = $1`, [
      shortSession.sessionId,
    ]);

    // Paid twice: a second paid session names the same payment.
    const twice = await cardPayment();
    const twiceFirst = await payThroughCheckout(twice.publicId);
    await providerOnlySession('cs_test_local_twice_second', twice.publicId);

    // A session naming a payment that is not this dealer's (another dealer's, or none at all).
    const foreign = await cardPayment(other);
    await providerOnlySession('cs_test_local_foreign', foreign.publicId);
    await providerOnlySession('cs_test_local_nobody', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    // Not ours (no payment id), and too old to look at: neither is flagged.
    await providerOnlySession('cs_test_local_not_ours', null);
    await providerOnlySession('cs_test_local_old', lost.publicId, { daysAgo: 8 });

    const first = await reconcileCardPayments(t.db, providerOf(t.services), new Date());
    expect(first.found).toBe(6);
    expect(await mismatches()).toEqual(
      [
        {
          kind: 'AMOUNT_DIFFERS',
          session_id: shortSession.sessionId,
          payment_id: short.id,
          deal_id: short.dealId,
        },
        {
          kind: 'PAID_AT_PROVIDER_NOT_HERE',
          session_id: lostSession.sessionId,
          payment_id: lost.id,
          deal_id: lost.dealId,
        },
        { kind: 'PAID_TWICE', session_id: twiceFirst.sessionId, payment_id: twice.id, deal_id: twice.dealId },
        {
          kind: 'PAID_TWICE',
          session_id: 'cs_test_local_twice_second',
          payment_id: twice.id,
          deal_id: twice.dealId,
        },
        { kind: 'UNKNOWN_SESSION', session_id: 'cs_test_local_foreign', payment_id: null, deal_id: null },
        { kind: 'UNKNOWN_SESSION', session_id: 'cs_test_local_nobody', payment_id: null, deal_id: null },
      ].sort((a, b) => a.kind.localeCompare(b.kind) || a.session_id.localeCompare(b.session_id)),
    );

    // The same findings again add nothing.
    const second = await reconcileCardPayments(t.db, providerOf(t.services), new Date());
    expect(second.found).toBe(0);
    expect(second.failed).toEqual([]);
    expect(await mismatches()).toHaveLength(6);
    // The other dealer's own sessions are theirs: nothing flagged for them.
    const { rows } = await t.pool.query(`SELECT kind FROM payment_mismatches WHERE account_id = $1`, [
      other.dealer.accountId,
    ]);
    expect(rows).toEqual([]);
  });

  it('goes on past an account the provider will not list, naming it', async () => {
    const provider = providerOf(t.services);
    const refusing = {
      ...provider,
      mode: provider.mode,
      listRecentSessions: async (account: string, days?: number) => {
        if (account === ACCOUNT) throw new Error('account revoked');
        return provider.listRecentSessions(account, days);
      },
    } as typeof provider;
    const report = await reconcileCardPayments(t.db, refusing, new Date());
    expect(report.failed).toEqual([ACCOUNT]);
    expect(report.accounts).toBeGreaterThanOrEqual(2);
  });

  it('is scheduled daily in the job queue', async () => {
    const { rows } = await t.pool.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'card-reconcile'`,
    );
    expect(rows).toEqual([{ cron: RECONCILE_CRON }]);
  });
});
