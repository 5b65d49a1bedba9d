import {
  type CardPaymentSettings,
  type DealPayment,
  type DealPayments,
  type DealPaymentTotals,
  dealMessages,
  type PaymentStatus,
  type PaymentType,
  paymentMessages,
} from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { type Jobs, MAIL_QUEUE } from '../../lib/jobs';
import { refreshDealAlerts, requireDeal } from '../deals/index';
import type { PaymentRow } from './payments.repository';
import * as repo from './payments.repository';

export type { PaymentRow } from './payments.repository';

const paymentNotFound = () => notFound('Payment not found');
const dealNotFound = () => notFound('Deal not found');
const conflict = (message: string) => new AppError('CONFLICT', message);

const money = (scaled: bigint) => fromScaled(scaled, 2);
const max0 = (scaled: bigint) => (scaled < 0n ? 0n : scaled);

export const paymentUrl = (publicUrl: string, publicId: string) => `${publicUrl}/checkout/${publicId}`;

/** The deal's totals from what is stored now (pass the transaction that holds the deal's lock). */
export async function dealPaymentTotals(
  db: Db,
  accountId: number,
  dealId: number,
): Promise<DealPaymentTotals> {
  // One after another: `db` is often a transaction, one client, where parallel queries only queue (and pg warns).
  const m = await repo.findMoneyOnDeal(db, accountId, dealId);
  const currency = await repo.findAccountCurrency(db, accountId);
  const cardAccountId = await repo.findCardAccountId(db, accountId);
  return totalsOf(m, currency, cardAccountId !== '');
}

function totalsOf(m: repo.MoneyOnDeal, currency: string, cardPayments: boolean): DealPaymentTotals {
  const received = toScaled(m.received);
  if (!m.quote)
    return {
      currency,
      received: m.received,
      requested: m.requested,
      acceptedQuote: null,
      balance: null,
      requestableByCard: null,
      cardPayments,
    };
  const total = toScaled(m.quote.pricing.sellGrandTotalIncTax);
  const balance = max0(total - received);
  return {
    currency,
    received: m.received,
    requested: m.requested,
    acceptedQuote: {
      id: m.quote.id,
      tuid: m.quote.tuid,
      total: money(total),
      depositAmount: money(toScaled(m.quote.pricing.depositAmount)),
    },
    balance: money(balance),
    requestableByCard: money(max0(balance - toScaled(m.openCardRequests))),
    cardPayments,
  };
}

/**
 * Raises the deal's Payment flag to what its received money says (Paid in Full at the accepted
 * total, Deposit Paid at its deposit), never lowering it, then refreshes its alerts and tells open
 * boards. Run in the transaction of the change.
 */
async function syncPaymentFlag(db: Db, accountId: number, dealId: number): Promise<void> {
  const m = await repo.findMoneyOnDeal(db, accountId, dealId);
  const received = toScaled(m.received);
  if (m.quote && received > 0n) {
    const total = toScaled(m.quote.pricing.sellGrandTotalIncTax);
    const deposit = toScaled(m.quote.pricing.depositAmount);
    if (received >= total) await repo.raisePaymentFlag(db, dealId, 'paid-in-full');
    else if (deposit > 0n && received >= deposit) await repo.raisePaymentFlag(db, dealId, 'deposit-paid');
  }
  await refreshDealAlerts(db, accountId, dealId);
}

/**
 * The one Paid transition, used by manual edits, the card webhook and the return page alike.
 * Only REQUESTED → PAID changes anything, so a second delivery finds nothing to do (changed:
 * false). Then the deal's Payment flag is raised, its alerts refreshed and its change announced.
 * Locks the deal's row, then the payment's: a caller holding a transaction should take no payment
 * lock before calling it (lock order: deal, then payment).
 */
export async function markPaymentPaid(
  db: Db,
  input: { paymentId: number; transactedAt: string; customerEmail?: string | null },
): Promise<{ payment: PaymentRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    // The deal's lock first, as every dealer change to its payments takes it: no deadlock with a cancel.
    const owner = await repo.findPaymentOwner(tx, input.paymentId);
    if (!owner) throw paymentNotFound();
    await repo.lockDeal(tx, owner.accountId, owner.dealId);
    const paid = await repo.markRequestedPaid(tx, input.paymentId, input.transactedAt, input.customerEmail);
    if (!paid) {
      const current = await repo.lockPayment(tx, input.paymentId);
      if (!current) throw paymentNotFound();
      return { payment: current, changed: false };
    }
    await syncPaymentFlag(tx, paid.accountId, paid.dealId);
    return { payment: paid, changed: true };
  });
}

export const findPaymentByPublicId = repo.findPaymentByPublicId;
/**
 * The payment's row locked for the rest of the caller's transaction (SELECT … FOR UPDATE), its
 * deal's row locked before it: the lock order every payment change keeps (deal, then payment).
 */
export async function lockPayment(db: Db, paymentId: number): Promise<PaymentRow | undefined> {
  const owner = await repo.findPaymentOwner(db, paymentId);
  if (!owner) return undefined;
  await repo.lockDeal(db, owner.accountId, owner.dealId);
  return repo.lockPayment(db, paymentId);
}

/** Locks the deal for a change to its payments: 404 for another account's, 409 when archived. */
async function lockEditableDeal(tx: Db, accountId: number, dealId: number): Promise<void> {
  const deal = await repo.lockDeal(tx, accountId, dealId);
  if (!deal) throw dealNotFound();
  if (deal.isArchived) throw conflict(dealMessages.archived);
}

async function requireQuoteOfDeal(db: Db, accountId: number, dealId: number, quoteId: number | null) {
  if (quoteId !== null && !(await repo.isDealQuote(db, accountId, dealId, quoteId)))
    throw fieldError('dealQuoteId', 'Quote not found');
}

/** 400 on `amount` when a card request would ask for more than the accepted quote still needs. */
async function checkCardRequest(tx: Db, accountId: number, dealId: number, amount: string): Promise<void> {
  const totals = totalsOf(await repo.findMoneyOnDeal(tx, accountId, dealId), '', true);
  const limit = totals.requestableByCard === null ? 0n : toScaled(totals.requestableByCard);
  if (toScaled(amount) > limit) throw fieldError('amount', paymentMessages.cardAboveBalance);
}

/**
 * A card payment request made by the system (the customer's "pay deposit / pay balance" on the
 * quote page), or by the dealer: REQUESTED, never above what a card request may ask.
 */
export async function requestCardPayment(
  db: Db,
  input: {
    accountId: number;
    dealId: number;
    dealQuoteId: number | null;
    amount: string;
    description: string;
    createdBy: number | null;
  },
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    await lockEditableDeal(tx, input.accountId, input.dealId);
    if ((await repo.findCardAccountId(tx, input.accountId)) === '')
      throw fieldError('type', paymentMessages.cardPaymentsOff);
    await requireQuoteOfDeal(tx, input.accountId, input.dealId, input.dealQuoteId);
    await checkCardRequest(tx, input.accountId, input.dealId, input.amount);
    const payment = await repo.insertPayment(tx, {
      accountId: input.accountId,
      dealId: input.dealId,
      type: 'STRIPE',
      status: 'REQUESTED',
      amount: input.amount,
      currency: await repo.findAccountCurrency(tx, input.accountId),
      description: input.description,
      transactedAt: null,
      reference: '',
      dealQuoteId: input.dealQuoteId,
      createdBy: input.createdBy,
    });
    await refreshDealAlerts(tx, input.accountId, input.dealId);
    return payment;
  });
}

/**
 * 400 on `confirmAboveBalance` when a manual payment, paid or requested, is more than the accepted
 * quote's outstanding balance (its total less what is received) and the dealer has not confirmed
 * it. `replacing` is the payment's own paid amount before an edit (not counted twice).
 */
async function checkAboveBalance(
  tx: Db,
  accountId: number,
  dealId: number,
  amount: bigint,
  replacing: bigint,
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const m = await repo.findMoneyOnDeal(tx, accountId, dealId);
  if (!m.quote) return;
  const after = toScaled(m.received) - replacing + amount;
  if (after > toScaled(m.quote.pricing.sellGrandTotalIncTax))
    throw fieldError('confirmAboveBalance', paymentMessages.aboveBalanceNeedsConfirmation);
}

// ---- What the dealer's screens call (session routes) ----

export type Actor = { accountId: number; userId: number };
export type PaymentDeps = { db: Db; jobs: Pick<Jobs, 'send'>; publicUrl: string };

async function toDealPayment(
  db: Db,
  publicUrl: string,
  p: PaymentRow,
  createdByName?: string | null,
  mismatches?: repo.MismatchRow[],
): Promise<DealPayment> {
  const name = createdByName === undefined ? await repo.findCreatorName(db, p.createdBy) : createdByName;
  const found = mismatches ?? (await repo.findMismatches(db, p.accountId, [p.id]));
  return {
    id: p.id,
    dealId: p.dealId,
    type: p.type,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    transactedAt: p.transactedAt,
    reference: p.reference,
    isArchived: p.isArchived,
    dealQuoteId: p.dealQuoteId,
    paymentUrl: p.type === 'STRIPE' && p.status === 'REQUESTED' ? paymentUrl(publicUrl, p.publicId) : null,
    linkSentAt: p.linkSentAt ? new Date(p.linkSentAt).toISOString() : null,
    customerEmail: p.customerEmail,
    createdAt: new Date(p.createdAt).toISOString(),
    createdBy: p.createdBy !== null && name !== null ? { id: p.createdBy, name } : null,
    mismatches: found
      .filter((x) => x.paymentId === p.id)
      .map((x) => ({ kind: x.kind, detail: x.detail, foundAt: new Date(x.foundAt).toISOString() })),
  };
}

export async function listDealPayments(
  db: Db,
  publicUrl: string,
  accountId: number,
  dealId: number,
  archived: boolean,
): Promise<DealPayments> {
  await requireDeal(db, accountId, dealId);
  const rows = await repo.listPayments(db, accountId, dealId, archived);
  const mismatches = await repo.findMismatches(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return {
    payments: await Promise.all(
      rows.map((r) => toDealPayment(db, publicUrl, r, r.createdByName, mismatches)),
    ),
    totals: await dealPaymentTotals(db, accountId, dealId),
  };
}

export async function createDealPayment(
  deps: PaymentDeps,
  who: Actor,
  dealId: number,
  input: {
    type: PaymentType;
    status: PaymentStatus;
    amount: string;
    description: string;
    transactedAt: string | null;
    reference: string;
    dealQuoteId: number | null;
    confirmAboveBalance: boolean;
  },
): Promise<DealPayment> {
  const { db } = deps;
  const amount = money(toScaled(input.amount));
  if (input.type === 'STRIPE') {
    if (input.status !== 'REQUESTED')
      throw fieldError('status', 'A card payment is requested; the customer pays it by card');
    if (input.reference) throw fieldError('reference', 'A card payment takes no reference');
    // Whether the deal exists and is editable is told before whether card payments are on.
    await requireDeal(db, who.accountId, dealId);
    const payment = await requestCardPayment(db, {
      accountId: who.accountId,
      dealId,
      dealQuoteId: input.dealQuoteId,
      amount,
      description: input.description,
      createdBy: who.userId,
    });
    return toDealPayment(db, deps.publicUrl, payment);
  }
  const payment = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, who.accountId, dealId);
    await requireQuoteOfDeal(tx, who.accountId, dealId, input.dealQuoteId);
    if (input.status !== 'CANCELLED')
      await checkAboveBalance(tx, who.accountId, dealId, toScaled(amount), 0n, input.confirmAboveBalance);
    const row = await repo.insertPayment(tx, {
      accountId: who.accountId,
      dealId,
      type: 'MANUAL',
      status: input.status,
      amount,
      currency: await repo.findAccountCurrency(tx, who.accountId),
      description: input.description,
      transactedAt: input.status === 'PAID' ? input.transactedAt : null,
      reference: input.reference,
      dealQuoteId: input.dealQuoteId,
      createdBy: who.userId,
    });
    await syncPaymentFlag(tx, who.accountId, dealId);
    return row;
  });
  return toDealPayment(db, deps.publicUrl, payment);
}

export async function updateDealPayment(
  deps: PaymentDeps,
  who: Actor,
  dealId: number,
  paymentId: number,
  input: {
    status: PaymentStatus;
    amount: string;
    description: string;
    transactedAt: string | null;
    reference: string;
    confirmAboveBalance: boolean;
  },
): Promise<DealPayment> {
  const { db } = deps;
  const amount = money(toScaled(input.amount));
  const payment = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, who.accountId, dealId);
    const current = await repo.findPayment(tx, who.accountId, dealId, paymentId);
    if (!current) throw paymentNotFound();
    if (current.type === 'STRIPE') throw conflict(paymentMessages.cardReadOnly);
    if (input.status !== 'CANCELLED' && !current.isArchived)
      await checkAboveBalance(
        tx,
        who.accountId,
        dealId,
        toScaled(amount),
        current.status === 'PAID' ? toScaled(current.amount) : 0n,
        input.confirmAboveBalance,
      );
    const row = await repo.updatePayment(tx, paymentId, {
      status: input.status,
      amount,
      description: input.description,
      transactedAt: input.status === 'PAID' ? input.transactedAt : null,
      reference: input.reference,
    });
    await syncPaymentFlag(tx, who.accountId, dealId);
    return row;
  });
  return toDealPayment(db, deps.publicUrl, payment);
}

/**
 * Cancelling a requested card payment: its link stops working and its open checkout sessions are
 * marked expired here; `onCardPaymentCancelled` hooks (the card checkout's) expire them at the
 * provider after the commit.
 */
export type CardPaymentCancelled = {
  payment: PaymentRow;
  sessions: { sessionId: string; provider: 'stripe' | 'test'; connectedAccount: string }[];
};
const cancelHooks: ((event: CardPaymentCancelled) => Promise<void>)[] = [];

/** Registers what else must happen when a card payment is cancelled (expiring its sessions at the provider). */
export function onCardPaymentCancelled(hook: (event: CardPaymentCancelled) => Promise<void>): () => void {
  cancelHooks.push(hook);
  return () => {
    const i = cancelHooks.indexOf(hook);
    if (i >= 0) cancelHooks.splice(i, 1);
  };
}

export async function cancelDealPayment(
  deps: PaymentDeps,
  who: Actor,
  dealId: number,
  paymentId: number,
): Promise<DealPayment> {
  const { db } = deps;
  const event = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, who.accountId, dealId);
    const current = await repo.findPayment(tx, who.accountId, dealId, paymentId);
    if (!current) throw paymentNotFound();
    if (current.type !== 'STRIPE' || current.status !== 'REQUESTED')
      throw conflict(paymentMessages.onlyRequestedCardCancels);
    const cancelled = await repo.cancelRequested(tx, paymentId);
    if (!cancelled) throw conflict(paymentMessages.onlyRequestedCardCancels);
    const sessions = await repo.expireOpenCheckoutSessions(tx, paymentId);
    await refreshDealAlerts(tx, who.accountId, dealId);
    return { payment: cancelled, sessions };
  });
  // The provider's side is best effort: the session is expired here already, so it cannot be paid through us.
  for (const hook of [...cancelHooks]) await hook(event).catch(() => undefined);
  return toDealPayment(db, deps.publicUrl, event.payment);
}

export async function setDealPaymentArchived(
  deps: PaymentDeps,
  who: Actor,
  dealId: number,
  paymentId: number,
  archived: boolean,
): Promise<DealPayment> {
  const { db } = deps;
  const payment = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, who.accountId, dealId);
    const current = await repo.findPayment(tx, who.accountId, dealId, paymentId);
    if (!current) throw paymentNotFound();
    if (archived && current.type === 'STRIPE' && current.status !== 'CANCELLED')
      throw conflict(paymentMessages.cardArchiveOnlyCancelled);
    if (current.isArchived === archived) return current;
    const row = await repo.setPaymentArchived(tx, paymentId, archived);
    await syncPaymentFlag(tx, who.accountId, dealId);
    return row;
  });
  return toDealPayment(db, deps.publicUrl, payment);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Mails a requested card payment's link to the given address or the deal contact's, through the
 * job queue in the same transaction that stamps link_sent_at (the stamp exists exactly when the mail does).
 */
export async function emailPaymentLink(
  deps: PaymentDeps,
  who: Actor,
  dealId: number,
  paymentId: number,
  input: { email?: string | undefined },
): Promise<DealPayment> {
  const { db } = deps;
  const payment = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, who.accountId, dealId);
    const current = await repo.findPayment(tx, who.accountId, dealId, paymentId);
    if (!current) throw paymentNotFound();
    if (current.type !== 'STRIPE' || current.status !== 'REQUESTED' || current.isArchived)
      throw conflict(paymentMessages.noLinkForThisPayment);
    const to = input.email?.trim() || (await repo.findDealContactEmail(tx, who.accountId, dealId));
    if (!to) throw fieldError('email', paymentMessages.customerEmailRequired);
    const names = await repo.findMailNames(tx, who.accountId, dealId);
    const link = paymentUrl(deps.publicUrl, current.publicId);
    const amount = `${current.currency} ${current.amount}`;
    const greeting = names.contactName ? `Hi ${names.contactName},` : 'Hi,';
    const what = current.description || names.dealName;
    await deps.jobs.send(
      MAIL_QUEUE,
      {
        to,
        subject: `Payment request from ${names.dealerName}: ${amount}`,
        text: `${greeting}\n\n${names.dealerName} asks you to pay ${amount} for ${what}. Pay securely by card here:\n\n${link}\n`,
        html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(names.dealerName)} asks you to pay ${escapeHtml(amount)} for ${escapeHtml(what)}.</p><p><a href="${escapeHtml(link)}">Pay ${escapeHtml(amount)} by card</a></p>`,
        link,
      },
      tx,
    );
    return repo.setLinkSent(tx, paymentId);
  });
  return toDealPayment(db, deps.publicUrl, payment);
}

// ---- Settings → Integrations: the connected card account ----

export async function cardPaymentSettings(
  db: Db,
  accountId: number,
  mode: CardPaymentSettings['mode'],
): Promise<CardPaymentSettings> {
  return { accountId: await repo.findCardAccountId(db, accountId), mode };
}

export async function setCardPaymentSettings(
  db: Db,
  accountId: number,
  mode: CardPaymentSettings['mode'],
  cardAccountId: string,
): Promise<CardPaymentSettings> {
  await repo.setCardAccountId(db, accountId, cardAccountId);
  return cardPaymentSettings(db, accountId, mode);
}

/** Whether the account can take card payments (it has a connected card account). */
export async function hasCardPayments(db: Db, accountId: number): Promise<boolean> {
  return (await repo.findCardAccountId(db, accountId)) !== '';
}
