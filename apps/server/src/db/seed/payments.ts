import { sql } from 'drizzle-orm';
import type { FileStore } from '../../modules/files/index';
import {
  cancelDealPayment,
  createDealPayment,
  markPaymentPaid,
  type PaymentDeps,
  requestCardPayment,
  setCardPaymentSettings,
  setDealPaymentArchived,
} from '../../modules/payments/index';
import { acceptQuote } from '../../modules/quotes/index';
import type { Db } from '../database';

/** The demo dealer's connected card account (the local test checkout takes any id). */
export const DEMO_CARD_ACCOUNT_ID = 'acct_1SlatDemoDealer';

type Money = { total: string; deposit: string };

const cents = (v: string) => Math.round(Number(v) * 100);
const fromCents = (c: number) => (c / 100).toFixed(2);

/**
 * The demo's payments, made through the payments module so the Payment flags follow from them:
 * every deal the deals seed flagged Deposit Paid or Paid in Full gets an accepted quote and the
 * payments that earn the flag; the Signed deal with the drawn-signature acceptance waits on a
 * requested bank transfer (its awaiting-deposit alert stays); one Deposit Paid deal shows every
 * other kind (an open card request with a working link, a cancelled one, a card payment paid, an
 * archived manual entry). Call after the deals, the quotes and the demo acceptance.
 */
export async function seedDemoPayments(
  db: Db,
  accountId: number,
  userId: number,
  files: FileStore,
): Promise<void> {
  // One transaction (the services' own become savepoints): one commit instead of dozens.
  await db.transaction((tx) => seedPayments(tx, accountId, userId, files));
}

async function seedPayments(db: Db, accountId: number, userId: number, files: FileStore): Promise<void> {
  await setCardPaymentSettings(db, accountId, 'test', DEMO_CARD_ACCOUNT_ID);
  const deps: PaymentDeps = { db, jobs: { send: async () => {} }, publicUrl: '' };
  const who = { accountId, userId };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const manual = (
    dealId: number,
    status: 'PAID' | 'REQUESTED',
    amount: string,
    description: string,
    on: number,
  ) =>
    createDealPayment(deps, who, dealId, {
      type: 'MANUAL',
      status,
      amount,
      description,
      transactedAt: status === 'PAID' ? day(on) : null,
      reference: status === 'PAID' ? `EFT ${String(100_000 + ((dealId * 7919) % 900_000))}` : '',
      dealQuoteId: null,
      confirmAboveBalance: false,
    });
  const card = (dealId: number, quoteId: number, amount: string, description: string) =>
    requestCardPayment(db, {
      accountId,
      dealId,
      dealQuoteId: quoteId,
      amount,
      description,
      createdBy: userId,
    });

  // The deals the deals seed flagged, in board order: each gets its accepted quote.
  const { rows: flagged } = await db.execute<{ deal_id: number; flag: string; contact: string | null }>(sql`
    SELECT d.id AS deal_id, v.slug AS flag, c.name AS contact
      FROM deals d
      JOIN workflows w ON w.id = d.workflow_id
      JOIN workflow_statuses s ON s.id = d.status_id
      JOIN deal_flag_values dfv ON dfv.deal_id = d.id
      JOIN workflow_flags f ON f.id = dfv.flag_id AND f.slug = 'payment'
      JOIN workflow_flag_values v ON v.id = dfv.value_id
      LEFT JOIN contacts c ON c.id = d.contact_id
     WHERE d.account_id = ${accountId} AND NOT d.is_archived AND v.slug IN ('deposit-paid', 'paid-in-full')
     ORDER BY w.sort_order, w.id, s.sort_order, d.tuid`);
  let showcase: { dealId: number; quoteId: number; money: Money } | undefined;
  for (const [i, deal] of flagged.entries()) {
    const accepted = await acceptedQuote(db, files, accountId, userId, deal.deal_id, deal.contact);
    if (!accepted || cents(accepted.money.deposit) <= 0) continue;
    const { quoteId, money } = accepted;
    await manual(deal.deal_id, 'PAID', money.deposit, 'Deposit', -30 + i);
    const balance = fromCents(cents(money.total) - cents(money.deposit));
    if (deal.flag === 'paid-in-full' && cents(balance) > 0) {
      if (i % 2 === 0) {
        // Paid by card on the checkout page, through the same transition as the real thing.
        const p = await card(deal.deal_id, quoteId, balance, 'Balance on installation');
        await markPaymentPaid(db, {
          paymentId: p.id,
          transactedAt: day(-10 + i),
          customerEmail: 'customer@example.com',
        });
      } else await manual(deal.deal_id, 'PAID', balance, 'Balance on installation', -10 + i);
    }
    if (deal.flag === 'deposit-paid' && !showcase) showcase = { dealId: deal.deal_id, quoteId, money };
  }

  if (showcase) {
    const { dealId, quoteId, money } = showcase;
    const balance = fromCents(cents(money.total) - cents(money.deposit));
    // A deposit keyed in twice by mistake, then archived.
    const mistake = await manual(dealId, 'REQUESTED', money.deposit, 'Deposit (entered twice)', 0);
    await setDealPaymentArchived(deps, who, dealId, mistake.id, true);
    // A card request for the wrong amount, cancelled; then the right one, still open (its link works).
    const wrong = await card(
      dealId,
      quoteId,
      fromCents(Math.max(1, Math.floor(cents(balance) / 2))),
      'Balance',
    );
    await cancelDealPayment(deps, who, dealId, wrong.id);
    await card(dealId, quoteId, balance, 'Balance before installation');
  }

  // The signed deal whose quote the demo accepted with a drawn signature: the customer will pay
  // the deposit by bank transfer (requested, not yet paid: it still awaits its deposit).
  const { rows: signed } = await db.execute<{ deal_id: number; deposit: string }>(sql`
    SELECT q.deal_id, a.pricing->>'depositAmount' AS deposit
      FROM quote_acceptances a JOIN deal_quotes q ON q.id = a.quote_id
     WHERE a.account_id = ${accountId} AND NOT a.accepted_without_signature
     ORDER BY a.id LIMIT 1`);
  const first = signed[0];
  if (first && cents(first.deposit) > 0)
    await manual(first.deal_id, 'REQUESTED', first.deposit, 'Deposit by bank transfer', 0);
}

/**
 * The deal's accepted quote, or its first clean draft accepted now (without a drawn signature:
 * signed on paper in the showroom); undefined when it has none to accept.
 */
async function acceptedQuote(
  db: Db,
  files: FileStore,
  accountId: number,
  userId: number,
  dealId: number,
  contact: string | null,
): Promise<{ quoteId: number; money: Money } | undefined> {
  const find = async () => {
    const { rows } = await db.execute<{ id: number; total: string; deposit: string }>(sql`
      SELECT q.id, a.pricing->>'sellGrandTotalIncTax' AS total, a.pricing->>'depositAmount' AS deposit
        FROM deal_quotes q JOIN quote_acceptances a ON a.quote_id = q.id
       WHERE q.deal_id = ${dealId} AND q.account_id = ${accountId} AND NOT q.is_archived
       ORDER BY a.accepted_at DESC, q.id DESC LIMIT 1`);
    const r = rows[0];
    return r ? { quoteId: r.id, money: { total: r.total, deposit: r.deposit } } : undefined;
  };
  const found = await find();
  if (found) return found;
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT q.id FROM deal_quotes q
     WHERE q.deal_id = ${dealId} AND q.account_id = ${accountId} AND NOT q.is_archived AND q.status = 'DRAFT'
       AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id)
       AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id AND l.errors <> '[]'::jsonb)
     ORDER BY q.id LIMIT 1`);
  const draft = rows[0];
  if (!draft) return undefined;
  await acceptQuote(
    { db, files, jobs: null },
    {
      accountId,
      userId,
      ipAddress: '203.0.113.24',
      userAgent: 'Slat demo seed (signed on paper in the showroom)',
    },
    draft.id,
    { acceptWithoutSignature: true, signerName: contact },
  );
  return find();
}
