import type { TestApp } from './harness';
import { ok, type QuoteDealer, quoteWithLines } from './quote-fixtures';

// Payment tests: a deal whose quote is accepted (its frozen total and deposit are what payments
// are measured against), and the dealer's connected card account.

/** A deal with one accepted quote; its frozen total and deposit as the quote detail shows them. */
export async function acceptedDeal(d: QuoteDealer) {
  const made = await quoteWithLines(d, [{ window: 'Home/Lounge', width: 900, height: 1000 }]);
  ok(await d.client.post(`/api/deal-quotes/${made.quoteId}/accept`, { acceptWithoutSignature: true }));
  const q = ok(await d.client.get(`/api/deal-quotes/${made.quoteId}`));
  const pricing = q.context.acceptance.pricing as { sellGrandTotalIncTax: string; depositAmount: string };
  return { ...made, total: pricing.sellGrandTotalIncTax, deposit: pricing.depositAmount };
}

/** Connects a card account to the dealer (card payments need one). */
export async function connectCardAccount(t: TestApp, accountId: number, id = 'acct_1TestDealer01') {
  await t.pool.query(
    `INSERT INTO dealer_settings (account_id, card_account_id) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET card_account_id = EXCLUDED.card_account_id`,
    [accountId, id],
  );
}
