import {
  type CheckoutSession,
  type PublicPayment,
  publicPaymentMessages,
  type SessionStatus,
} from '@slat/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { MAIL_QUEUE } from '../../lib/jobs';
import { type Limit, limitAddress } from '../../lib/rate-limit';
import { randomToken } from '../../lib/secrets';
import type { Services } from '../../services';
import { findPaymentByPublicId, lockPayment, markPaymentPaid } from '../payments/index';
import {
  type CardProvider,
  type ProviderEvent,
  type ProviderSession,
  toMinorUnits,
  WebhookSignatureError,
} from './card-provider';
import * as repo from './checkout.repository';
import { StripeProvider } from './stripe-provider';
import { TEST_DECLINE_MESSAGE, TestCheckoutProvider } from './test-checkout-provider';

export type CheckoutDeps = {
  db: Db;
  provider: CardProvider;
  config: Pick<Config, 'publicUrl' | 'stripe'>;
  jobs: Services['jobs'];
};

// ── the provider of a running app ─────────────────────────────────────────────

const providers = new WeakMap<Services, CardProvider>();
const providersByDb = new WeakMap<Db, CardProvider>();

/**
 * The app's card provider, made once: Stripe when its keys are set, else the test checkout, whose
 * events are signed with STRIPE_WEBHOOK_SECRET when set (tests, the bench) or a secret of this process.
 */
export function providerOf(services: Services): CardProvider {
  const known = providers.get(services);
  if (known) return known;
  const { stripe } = services.config;
  const webhookSecret = stripe.webhookSecret ?? `whsec_local_${randomToken()}`;
  const provider: CardProvider =
    services.config.stripeConfigured && stripe.secretKey
      ? new StripeProvider({ secretKey: stripe.secretKey, webhookSecret })
      : new TestCheckoutProvider(services.db, webhookSecret);
  providers.set(services, provider);
  providersByDb.set(services.db, provider);
  return provider;
}

export const depsOf = (services: Services): CheckoutDeps => ({
  db: services.db,
  provider: providerOf(services),
  config: services.config,
  jobs: services.jobs,
});

// ── rate limits of the public calls (per address) ─────────────────────────────

export const publicReadLimit = (ip: string, perMinute: number): Limit => ({
  key: `public-payment:ip:${limitAddress(ip)}`,
  max: perMinute,
  windowSeconds: 60,
});
export const createSessionLimit = (ip: string): Limit => ({
  key: `checkout-session:ip:${limitAddress(ip)}`,
  max: 30,
  windowSeconds: 60,
});

// ── the public payment ─────────────────────────────────────────────────────────

/** An unknown link answers like any other unknown one: the spec's 401 with its not-found text. */
const unknownPayment = () => new AppError('UNAUTHENTICATED', publicPaymentMessages.notFoundTitle);
const notPayable = () => new AppError('CONFLICT', publicPaymentMessages.notPayable);

/** A card payment by its public id; manual payments have no public page. */
async function findCardPayment(db: Db, publicId: string) {
  const payment = await findPaymentByPublicId(db, publicId);
  return payment?.type === 'STRIPE' ? payment : undefined;
}

export async function publicPayment(deps: CheckoutDeps, publicId: string): Promise<PublicPayment> {
  const payment = await findCardPayment(deps.db, publicId);
  if (!payment) throw unknownPayment();
  return {
    paymentId: payment.publicId,
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description,
    status: payment.status,
    dealerName: payment.dealerName,
    mode: deps.provider.mode,
    publishableKey: deps.provider.mode === 'stripe' ? (deps.config.stripe.publishableKey ?? null) : null,
    transactedAt: payment.status === 'PAID' ? payment.transactedAt : null,
  };
}

/** Where the provider sends the customer back: the return page, with the session's id filled in by it. */
export const returnUrlOf = (publicUrl: string, paymentPublicId: string) =>
  `${publicUrl}/checkout/${paymentPublicId}/return?session_id={CHECKOUT_SESSION_ID}`;

/** An open session is reused while it has at least this long to live. */
const REUSE_MARGIN_MS = 10 * 60_000;

/**
 * The payment's one open session: reused while it has time left, else expired and replaced. Each
 * new session's idempotency key is the payment's and its number of sessions before the call looked,
 * so calls that race get the same session from the provider, and the partial unique key keeps one
 * row open.
 */
export async function createCheckoutSession(deps: CheckoutDeps, publicId: string): Promise<CheckoutSession> {
  const { db, provider } = deps;
  const payment = await findCardPayment(db, publicId);
  if (!payment) throw unknownPayment();
  if (payment.status !== 'REQUESTED' || payment.isArchived || !payment.cardAccountId) throw notPayable();

  // Counted before the open session is looked for: a call that finds none then asks the provider
  // with the key of the session any racing call is making (the same session comes back), never the next.
  const attempt = await repo.countSessions(db, payment.id);
  const open = await repo.findOpenSession(db, payment.id);
  if (open?.expiresAt && open.expiresAt.getTime() - Date.now() > REUSE_MARGIN_MS) return answer(open);
  if (open) {
    const there = await provider.expireSession(open.connectedAccount, open.sessionId);
    if (there.status === 'complete' && there.paymentStatus === 'paid') {
      await fulfilPaid(deps, open, there, Math.floor(Date.now() / 1000));
      throw notPayable();
    }
    await repo.markSessionExpired(db, open.sessionId);
  }

  const made = await provider.createSession({
    connectedAccount: payment.cardAccountId,
    amountMinor: toMinorUnits(payment.amount),
    currency: payment.currency,
    description: payment.description,
    paymentPublicId: payment.publicId,
    returnUrl: returnUrlOf(deps.config.publicUrl, payment.publicId),
    idempotencyKey: `slat-checkout-${payment.publicId}-${attempt}`,
    customerEmail: payment.customerEmail,
  });

  const current = await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, payment.id);
    if (locked?.status !== 'REQUESTED') return undefined;
    await repo.insertSession(tx, {
      accountId: payment.accountId,
      paymentId: payment.id,
      provider: provider.mode,
      sessionId: made.sessionId,
      clientSecret: made.clientSecret,
      connectedAccount: payment.cardAccountId,
      status: 'open',
      paymentStatus: made.paymentStatus,
      amount: payment.amount,
      currency: payment.currency,
      expiresAt: made.expiresAt,
    });
    return repo.findOpenSession(tx, payment.id);
  });
  if (current?.sessionId !== made.sessionId) {
    // Cancelled meanwhile, or another call's session won: this one must not stay payable.
    await provider.expireSession(payment.cardAccountId, made.sessionId).catch(() => undefined);
  }
  if (!current) throw notPayable();
  return answer(current);
}

const answer = (row: repo.CheckoutSessionRow): CheckoutSession => ({
  sessionId: row.sessionId,
  clientSecret: row.clientSecret,
  stripeAccount: row.connectedAccount,
});

/**
 * The return page's read: asks the provider, and a paid session is fulfilled exactly as its
 * webhook would (the later webhook then finds the payment paid and changes nothing).
 */
export async function checkoutSessionStatus(
  deps: CheckoutDeps,
  publicId: string,
  sessionId: string,
): Promise<SessionStatus> {
  const payment = await findCardPayment(deps.db, publicId);
  if (!payment) throw unknownPayment();
  const row = await repo.findSessionOfPayment(deps.db, payment.id, sessionId);
  if (!row) return { sessionId, status: 'UNKNOWN' };
  if (row.status === 'complete' && row.paymentStatus === 'paid') return { sessionId, status: 'COMPLETE' };
  let there: ProviderSession;
  try {
    there = await deps.provider.retrieveSession(row.connectedAccount, sessionId);
  } catch {
    return { sessionId, status: 'UNKNOWN' };
  }
  if (there.status === 'complete' && there.paymentStatus === 'paid') {
    await fulfilPaid(deps, row, there, Math.floor(Date.now() / 1000));
    return { sessionId, status: 'COMPLETE' };
  }
  if (there.status === 'expired') {
    await repo.markSessionExpired(deps.db, sessionId);
    return { sessionId, status: 'EXPIRED' };
  }
  // Complete but not paid yet (a delayed payment method): the webhook will say how it ends.
  if (there.status === 'complete') return { sessionId, status: 'UNKNOWN' };
  return { sessionId, status: 'OPEN' };
}

// ── fulfilment: the webhook and the return page ────────────────────────────────

/**
 * A paid session: its row complete/paid, the payment PAID on the day of `paidAt` in the dealer's
 * time zone (the one transition, once), and the receipt queued with it. Answers what it did.
 */
async function applyPaid(
  deps: CheckoutDeps,
  tx: Db,
  row: repo.CheckoutSessionRow,
  session: ProviderSession,
  paidAt: number,
): Promise<string> {
  await repo.markSessionComplete(tx, row.sessionId, 'paid');
  const transactedAt = await repo.dealerDate(tx, row.accountId, paidAt);
  const { changed, payment } = await markPaymentPaid(tx, {
    paymentId: row.paymentId,
    transactedAt,
    customerEmail: session.customerEmail,
  });
  if (!changed) return `ignored: payment ${payment.status}`;
  const receipt = await repo.claimReceipt(tx, row.paymentId);
  if (receipt) await deps.jobs.send(MAIL_QUEUE, receiptMail(receipt), tx);
  return 'paid';
}

/**
 * A session locked for its change, after its deal and payment (lockPayment takes them in the order
 * every dealer change to payments does), so a webhook, a return-page read and a cancel queue
 * rather than deadlock.
 */
async function lockSession(tx: Db, sessionId: string): Promise<repo.CheckoutSessionRow | undefined> {
  const found = await repo.findSession(tx, sessionId);
  if (!found) return undefined;
  await lockPayment(tx, found.paymentId);
  return repo.lockSessionRow(tx, sessionId);
}

async function fulfilPaid(
  deps: CheckoutDeps,
  row: repo.CheckoutSessionRow,
  session: ProviderSession,
  paidAt: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockSession(tx, row.sessionId);
    if (locked) await applyPaid(deps, tx, locked, session, paidAt);
  });
}

export function receiptMail(r: repo.PaymentForReceipt) {
  const what = r.description ? ` for ${r.description}` : '';
  const text = `Thank you for your payment${what}.\n\nAmount: ${r.currency} ${r.amount}\nDate: ${r.transactedAt}\nPaid to: ${r.dealerName}\n\nKeep this email as your receipt.\n`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to: r.customerEmail ?? '',
    subject: `Your payment to ${r.dealerName}`,
    text,
    html: `<p>Thank you for your payment${esc(what)}.</p><p>Amount: ${esc(r.currency)} ${esc(r.amount)}<br>Date: ${esc(r.transactedAt ?? '')}<br>Paid to: ${esc(r.dealerName)}</p><p>Keep this email as your receipt.</p>`,
  };
}

export type WebhookOutcome = { eventId: string; outcome: string };

/** A refused signature or timestamp: 400 and nothing written. */
const badSignature = () =>
  new AppError('VALIDATION_FAILED', 'Invalid webhook signature', [
    { path: 'stripe-signature', message: 'Invalid webhook signature' },
  ]);

/**
 * One provider event, verified on the raw bytes, stored once by its id in the transaction of its
 * effect: a second delivery (even a concurrent one) waits for the first and finds the id taken.
 */
export async function handleWebhook(
  deps: CheckoutDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: ProviderEvent;
  try {
    event = deps.provider.constructEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badSignature();
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    const session = event.session;
    const fresh = await repo.recordEvent(tx, {
      eventId: event.id,
      provider: deps.provider.mode,
      type: event.type,
      connectedAccount: event.account,
      sessionId: session?.sessionId ?? null,
    });
    if (!fresh) return { eventId: event.id, outcome: 'duplicate' };
    const row = session ? await lockSession(tx, session.sessionId) : undefined;
    const outcome =
      !session || !row
        ? 'ignored: not a session of ours'
        : event.account !== row.connectedAccount
          ? 'ignored: another account'
          : await applyEvent(deps, tx, event.type, row, session, event.created);
    await repo.setEventOutcome(tx, event.id, outcome, row?.paymentId ?? null);
    return { eventId: event.id, outcome };
  });
}

async function applyEvent(
  deps: CheckoutDeps,
  tx: Db,
  type: string,
  row: repo.CheckoutSessionRow,
  session: ProviderSession,
  created: number,
): Promise<string> {
  switch (type) {
    case 'checkout.session.completed':
      if (session.paymentStatus === 'paid') return applyPaid(deps, tx, row, session, created);
      await repo.markSessionComplete(tx, row.sessionId, session.paymentStatus);
      return `pending: ${session.paymentStatus}`;
    case 'checkout.session.async_payment_succeeded':
      return applyPaid(deps, tx, row, session, created);
    case 'checkout.session.async_payment_failed':
      await repo.markSessionFailed(tx, row.sessionId);
      return 'failed';
    case 'checkout.session.expired':
      // Only an open session expires: an expiry delivered after the payment undoes nothing.
      await repo.markSessionExpired(tx, row.sessionId);
      return 'expired';
    default:
      return 'ignored: type';
  }
}

// ── the test checkout ──────────────────────────────────────────────────────────

export type TestCheckoutAnswer = { status: 'complete' | 'open'; returnUrl: string; message: string | null };

/**
 * The test checkout's "Pay": the record becomes paid and its signed completed event goes to the
 * same handler as Stripe's. Unknown (or wrong client secret, or Stripe configured) answers 404.
 */
export async function completeTestCheckout(
  deps: CheckoutDeps,
  sessionId: string,
  input: { clientSecret: string; email: string; outcome: 'succeed' | 'decline' },
): Promise<TestCheckoutAnswer> {
  const provider = deps.provider;
  if (!(provider instanceof TestCheckoutProvider)) throw notFound('Checkout session not found');
  const record = await provider.findForClient(sessionId, input.clientSecret);
  if (!record) throw notFound('Checkout session not found');
  const returnUrl = record.returnUrl;
  if (record.status === 'complete') return { status: 'complete', returnUrl, message: null };
  if (record.status === 'expired' || record.expiresAt.getTime() <= Date.now()) throw notPayable();
  if (input.outcome === 'decline') return { status: 'open', returnUrl, message: TEST_DECLINE_MESSAGE };
  const signed = await provider.pay(sessionId, input.email);
  if (signed) await handleWebhook(deps, signed.rawBody, signed.signature);
  const after = await provider.findForClient(sessionId, input.clientSecret);
  if (after?.status !== 'complete') throw notPayable();
  return { status: 'complete', returnUrl, message: null };
}

// ── the dealer cancels ─────────────────────────────────────────────────────────

/**
 * A cancelled card payment's open session: expired in our records and at the provider, so the
 * customer can no longer pay it. For the payments module's cancel (the provider is the app's).
 */
export async function expireOpenSessionOf(db: Db, paymentId: number): Promise<void> {
  const row = await repo.expireOpenSessionRow(db, paymentId);
  const provider = providersByDb.get(db);
  if (row && provider) await provider.expireSession(row.connectedAccount, row.sessionId);
}

/** Expires sessions the payments module already marked expired, at the provider (best effort, logged by the caller). */
export async function expireAtProvider(
  provider: CardProvider,
  sessions: { sessionId: string; connectedAccount: string }[],
): Promise<void> {
  for (const s of sessions) await provider.expireSession(s.connectedAccount, s.sessionId);
}

// ── reconciliation ─────────────────────────────────────────────────────────────

export type ReconciliationReport = {
  accounts: number;
  sessions: number;
  found: number;
  /** Connected accounts the provider would not list (revoked, say): the others are still compared. */
  failed: string[];
};

/**
 * Compares each account's provider sessions of the last 7 days with its payments and records
 * what disagrees (once per session and kind): paid there but not here, another amount, paid
 * twice, or a session naming no payment of the account.
 */
export async function reconcileCardPayments(
  db: Db,
  provider: CardProvider,
  now: Date = new Date(),
): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { accounts: 0, sessions: 0, found: 0, failed: [] };
  for (const { accountId, cardAccountId } of await repo.accountsWithCardAccount(db)) {
    report.accounts += 1;
    let listed: ProviderSession[];
    try {
      listed = await provider.listRecentSessions(cardAccountId, 7);
    } catch {
      report.failed.push(cardAccountId);
      continue;
    }
    const sessions = listed.filter((s) => s.paymentPublicId);
    report.sessions += sessions.length;
    const ids = [...new Set(sessions.map((s) => s.paymentPublicId ?? ''))];
    const payments = new Map(
      (await repo.paymentsByPublicIds(db, accountId, ids)).map((p) => [p.publicId, p]),
    );
    const paidSessions = new Map<number, ProviderSession[]>();
    const flag = async (s: ProviderSession, kind: string, detail: string, p?: repo.PaymentFacts) => {
      const added = await repo.recordMismatch(db, {
        accountId,
        dealId: p?.dealId ?? null,
        paymentId: p?.id ?? null,
        sessionId: s.sessionId,
        kind,
        detail,
        foundAt: now,
      });
      if (added) report.found += 1;
    };
    for (const s of sessions) {
      const p = payments.get(s.paymentPublicId ?? '');
      if (!p) {
        await flag(
          s,
          'UNKNOWN_SESSION',
          `The session names payment ${s.paymentPublicId}, which is not one of this account's`,
        );
        continue;
      }
      if (s.status !== 'complete' || s.paymentStatus !== 'paid') continue;
      paidSessions.set(p.id, [...(paidSessions.get(p.id) ?? []), s]);
      if (p.status !== 'PAID')
        await flag(s, 'PAID_AT_PROVIDER_NOT_HERE', `Paid at the provider; the payment is ${p.status}`, p);
      const here = toMinorUnits(p.amount);
      if (s.amountMinor !== here)
        await flag(
          s,
          'AMOUNT_DIFFERS',
          `The provider took ${s.amountMinor} minor units; the payment asks ${here}`,
          p,
        );
    }
    for (const [paymentId, paid] of paidSessions) {
      if (paid.length < 2) continue;
      const p = [...payments.values()].find((x) => x.id === paymentId);
      for (const s of paid) await flag(s, 'PAID_TWICE', `${paid.length} paid sessions for one payment`, p);
    }
  }
  return report;
}
