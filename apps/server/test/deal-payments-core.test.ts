import { paymentMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CardPaymentCancelled,
  dealPaymentTotals,
  findPaymentByPublicId,
  lockPayment,
  markPaymentPaid,
  onCardPaymentCancelled,
  requestCardPayment,
} from '../src/modules/payments/index';
import { acceptedDeal, connectCardAccount } from './deal-payments-fixtures';
import { createTestApp, signedInClient, type TestApp } from './harness';
import { type QuoteDealer, quoteDealer } from './quote-fixtures';

let t: TestApp;
let d: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'PayCore');
  await connectCardAccount(t, d.dealer.accountId);
});
afterAll(async () => {
  await t?.close();
});

const paymentFlag = async (dealId: number) =>
  (
    await t.pool.query<{ slug: string }>(
      `SELECT v.slug FROM deal_flag_values dfv JOIN workflow_flags f ON f.id = dfv.flag_id
         JOIN workflow_flag_values v ON v.id = dfv.value_id WHERE dfv.deal_id = $1 AND f.slug = 'payment'`,
      [dealId],
    )
  ).rows[0]?.slug;

describe('the payments core other modules use', () => {
  it('marks a requested card payment paid exactly once, however many deliveries arrive at once', async () => {
    const deal = await acceptedDeal(d);
    const payment = await requestCardPayment(t.db, {
      accountId: d.dealer.accountId,
      dealId: deal.dealId,
      dealQuoteId: deal.quoteId,
      amount: deal.total,
      description: 'Balance',
      createdBy: null,
    });
    expect(payment).toMatchObject({
      type: 'STRIPE',
      status: 'REQUESTED',
      amount: deal.total,
      transactedAt: null,
    });
    expect(payment.publicId.length).toBeGreaterThanOrEqual(22);

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        markPaymentPaid(t.db, {
          paymentId: payment.id,
          transactedAt: '2026-11-27',
          customerEmail: 'pay@example.test',
        }),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    for (const r of results) expect(r.payment).toMatchObject({ status: 'PAID', transactedAt: '2026-11-27' });
    const found = await findPaymentByPublicId(t.db, payment.publicId);
    expect(found).toMatchObject({
      status: 'PAID',
      customerEmail: 'pay@example.test',
      dealerName: 'PayCore Blinds Pty Ltd',
      cardAccountId: 'acct_1TestDealer01',
    });
    const totals = await dealPaymentTotals(t.db, d.dealer.accountId, deal.dealId);
    expect(totals).toMatchObject({
      received: deal.total,
      requested: '0.00',
      balance: '0.00',
      requestableByCard: '0.00',
    });
    expect(await paymentFlag(deal.dealId)).toBe('paid-in-full');
  });

  it('refuses a card request above the balance less open card requests', async () => {
    const deal = await acceptedDeal(d);
    const request = (amount: string) =>
      requestCardPayment(t.db, {
        accountId: d.dealer.accountId,
        dealId: deal.dealId,
        dealQuoteId: null,
        amount,
        description: '',
        createdBy: null,
      });
    await request(deal.deposit);
    await expect(request(deal.total)).rejects.toMatchObject({
      status: 400,
      message: paymentMessages.cardAboveBalance,
      fields: [{ path: 'amount', message: paymentMessages.cardAboveBalance }],
    });
    expect(await findPaymentByPublicId(t.db, 'no-such-public-id')).toBeUndefined();
  });
});

describe('a card payment paid while the dealer cancels it', () => {
  it('ends either paid or cancelled, never both and never an error, with 20 of each at once', async () => {
    const client = await signedInClient(t, d.dealer);
    const deal = await acceptedDeal(d);
    // Signed: paying the deposit changes the deal's alerts, so the Paid transition writes the deal's row.
    const current = (await client.get(`/api/deals/${deal.dealId}`)).json();
    const { rows: signed } = await t.pool.query(
      `SELECT id FROM workflow_statuses WHERE workflow_id = $1 AND slug = 'signed'`,
      [current.workflowId],
    );
    const moved = await client.post(`/api/deals/${deal.dealId}/status`, {
      currentStatusId: current.statusId,
      statusId: signed[0].id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const payment = await requestCardPayment(t.db, {
      accountId: d.dealer.accountId,
      dealId: deal.dealId,
      dealQuoteId: null,
      amount: deal.deposit,
      description: 'Deposit',
      createdBy: null,
    });
    const [paid, cancels] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, () =>
          markPaymentPaid(t.db, { paymentId: payment.id, transactedAt: '2026-11-27' }),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, () =>
          client.post(`/api/deals/${deal.dealId}/payments/${payment.id}/cancel`),
        ),
      ),
    ]);
    for (const res of cancels) expect([200, 409], res.body).toContain(res.statusCode);
    const changed = paid.filter((r) => r.changed).length + cancels.filter((r) => r.statusCode === 200).length;
    expect(changed).toBe(1);
    const { rows } = await t.pool.query('SELECT status FROM deal_payments WHERE id = $1', [payment.id]);
    expect(['PAID', 'CANCELLED']).toContain(rows[0].status);
  });
});

describe('onCardPaymentCancelled', () => {
  it('tells the card checkout which open sessions a cancel expired, after the cancel is committed', async () => {
    const client = await signedInClient(t, d.dealer);
    const deal = await acceptedDeal(d);
    const payment = await requestCardPayment(t.db, {
      accountId: d.dealer.accountId,
      dealId: deal.dealId,
      dealQuoteId: null,
      amount: '5.00',
      description: '',
      createdBy: null,
    });
    await t.pool.query(
      `INSERT INTO checkout_sessions (account_id, payment_id, provider, session_id, client_secret, connected_account,
                                      status, amount, currency)
       VALUES ($1, $2, 'test', $3, 'secret', 'acct_1TestDealer01', 'open', 5, 'AUD'),
              ($1, $2, 'test', $4, 'secret', 'acct_1TestDealer01', 'expired', 5, 'AUD')`,
      [d.dealer.accountId, payment.id, `cs_open_${payment.id}`, `cs_old_${payment.id}`],
    );
    const seen: { event: CardPaymentCancelled; committed: string }[] = [];
    const stop = onCardPaymentCancelled(async (event) => {
      const { rows } = await t.pool.query('SELECT status FROM deal_payments WHERE id = $1', [
        event.payment.id,
      ]);
      seen.push({ event, committed: rows[0].status });
    });
    try {
      const res = await client.post(`/api/deals/${deal.dealId}/payments/${payment.id}/cancel`);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.committed).toBe('CANCELLED');
    expect(seen[0]!.event.payment).toMatchObject({ id: payment.id, status: 'CANCELLED' });
    expect(seen[0]!.event.sessions).toEqual([
      { sessionId: `cs_open_${payment.id}`, provider: 'test', connectedAccount: 'acct_1TestDealer01' },
    ]);
    // Locking it (as the checkout does) answers the row; a missing one answers nothing.
    const locked = await t.db.transaction((tx) => lockPayment(tx, payment.id));
    expect(locked).toMatchObject({ id: payment.id, status: 'CANCELLED' });
    expect(await t.db.transaction((tx) => lockPayment(tx, 999_999_999))).toBeUndefined();
  });
});
