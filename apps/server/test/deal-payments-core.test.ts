import { paymentMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealPaymentTotals,
  findPaymentByPublicId,
  markPaymentPaid,
  requestCardPayment,
} from '../src/modules/payments/index';
import { acceptedDeal, connectCardAccount } from './deal-payments-fixtures';
import { createTestApp, type TestApp } from './harness';
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
