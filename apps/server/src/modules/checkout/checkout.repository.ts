import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  cardProviderEvents,
  checkoutSessions,
  companies,
  dealerSettings,
  dealPayments,
  paymentMismatches,
  testCheckoutSessions,
} from '../../db/schema';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type NewCheckoutSession = typeof checkoutSessions.$inferInsert;
export type TestCheckoutSessionRow = typeof testCheckoutSessions.$inferSelect;
export type NewTestCheckoutSession = typeof testCheckoutSessions.$inferInsert;
export type MismatchRow = typeof paymentMismatches.$inferSelect;

// ── checkout sessions ──────────────────────────────────────────────────────────

export async function findOpenSession(db: Db, paymentId: number): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.paymentId, paymentId), eq(checkoutSessions.status, 'open')));
  return row;
}

export async function countSessions(db: Db, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.paymentId, paymentId));
  return row?.n ?? 0;
}

export async function findSessionOfPayment(
  db: Db,
  paymentId: number,
  sessionId: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.paymentId, paymentId), eq(checkoutSessions.sessionId, sessionId)));
  return row;
}

export async function findSession(db: Db, sessionId: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.sessionId, sessionId));
  return row;
}

/** The session row, locked (the caller has locked its deal and payment first). */
export async function lockSessionRow(db: Db, sessionId: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.sessionId, sessionId))
    .for('update');
  return row;
}

/**
 * Records a session the provider made; nothing when its id is known or the payment already has an
 * open one (the partial unique key): the caller then reads the open one.
 */
export async function insertSession(db: Db, row: NewCheckoutSession): Promise<boolean> {
  const inserted = await db
    .insert(checkoutSessions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: checkoutSessions.id });
  return inserted.length > 0;
}

export async function markSessionExpired(db: Db, sessionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.sessionId, sessionId), eq(checkoutSessions.status, 'open')));
}

/** A failed asynchronous payment: the session is over, so the payment may get a new one. */
export async function markSessionFailed(db: Db, sessionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired', paymentStatus: 'failed' })
    .where(and(eq(checkoutSessions.sessionId, sessionId), ne(checkoutSessions.paymentStatus, 'paid')));
}

export async function markSessionComplete(db: Db, sessionId: string, paymentStatus: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({
      status: 'complete',
      paymentStatus,
      completedAt: sql`coalesce(${checkoutSessions.completedAt}, now())`,
    })
    .where(and(eq(checkoutSessions.sessionId, sessionId), ne(checkoutSessions.paymentStatus, 'paid')));
}

/** Expires the payment's open session in our records; answers it (the provider's copy is the caller's). */
export async function expireOpenSessionRow(
  db: Db,
  paymentId: number,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.paymentId, paymentId), eq(checkoutSessions.status, 'open')))
    .returning();
  return row;
}

export async function findSessionsOfPayment(db: Db, paymentId: number): Promise<CheckoutSessionRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.paymentId, paymentId))
    .orderBy(desc(checkoutSessions.id));
}

// ── provider events ────────────────────────────────────────────────────────────

/** Stores an event id once; false when it was stored before (a second delivery). */
export async function recordEvent(db: Db, event: typeof cardProviderEvents.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(cardProviderEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: cardProviderEvents.eventId });
  return inserted.length > 0;
}

export async function setEventOutcome(db: Db, eventId: string, outcome: string, paymentId: number | null) {
  await db
    .update(cardProviderEvents)
    .set({ outcome, paymentId })
    .where(eq(cardProviderEvents.eventId, eventId));
}

// ── dealer facts ───────────────────────────────────────────────────────────────

/** A day in the dealer's time zone (yyyy-mm-dd) of an instant given in seconds since the epoch. */
export async function dealerDate(db: Db, accountId: number, epochSeconds: number): Promise<string> {
  const { rows } = await db.execute<{ day: string }>(sql`
    SELECT to_char(to_timestamp(${epochSeconds}) AT TIME ZONE coalesce(
      (SELECT timezone FROM ${companies} WHERE account_id = ${accountId}), 'UTC'), 'YYYY-MM-DD') AS day`);
  const day = rows[0]?.day;
  if (!day) throw new Error('dealerDate: no answer');
  return day;
}

/** Accounts with a connected card account, for reconciliation. */
export async function accountsWithCardAccount(
  db: Db,
): Promise<{ accountId: number; cardAccountId: string }[]> {
  return db
    .select({ accountId: dealerSettings.accountId, cardAccountId: dealerSettings.cardAccountId })
    .from(dealerSettings)
    .where(ne(dealerSettings.cardAccountId, ''));
}

export type PaymentForReceipt = {
  id: number;
  publicId: string;
  amount: string;
  currency: string;
  description: string;
  transactedAt: string | null;
  customerEmail: string | null;
  dealerName: string;
};

/**
 * Claims the receipt of a paid payment: sets receipt_sent_at once and answers what the mail says;
 * undefined when it was claimed before or the payment has no email to send it to.
 */
export async function claimReceipt(db: Db, paymentId: number): Promise<PaymentForReceipt | undefined> {
  const { rows } = await db.execute<PaymentForReceipt>(sql`
    UPDATE ${dealPayments} p SET receipt_sent_at = now()
    FROM ${companies} c
    WHERE p.id = ${paymentId} AND p.status = 'PAID' AND p.receipt_sent_at IS NULL
      AND coalesce(p.customer_email, '') <> '' AND c.account_id = p.account_id
    RETURNING p.id, p.public_id AS "publicId", p.amount, p.currency, p.description,
      p.transacted_at::text AS "transactedAt", p.customer_email AS "customerEmail", c.name AS "dealerName"`);
  return rows[0];
}

// ── reconciliation ─────────────────────────────────────────────────────────────

export type PaymentFacts = {
  id: number;
  dealId: number;
  publicId: string;
  status: string;
  amount: string;
};

export async function paymentsByPublicIds(
  db: Db,
  accountId: number,
  publicIds: string[],
): Promise<PaymentFacts[]> {
  if (publicIds.length === 0) return [];
  return db
    .select({
      id: dealPayments.id,
      dealId: dealPayments.dealId,
      publicId: dealPayments.publicId,
      status: dealPayments.status,
      amount: dealPayments.amount,
    })
    .from(dealPayments)
    .where(and(eq(dealPayments.accountId, accountId), inArray(dealPayments.publicId, publicIds)));
}

/** One row per (session, kind): finding the same thing again changes nothing. */
export async function recordMismatch(db: Db, row: typeof paymentMismatches.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(paymentMismatches)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paymentMismatches.id });
  return inserted.length > 0;
}

export async function unresolvedMismatches(db: Db, accountId: number): Promise<MismatchRow[]> {
  return db
    .select()
    .from(paymentMismatches)
    .where(and(eq(paymentMismatches.accountId, accountId), isNull(paymentMismatches.resolvedAt)))
    .orderBy(paymentMismatches.id);
}

// ── the test checkout's own records (the provider side of the local mode) ─────

/** A new test session, or the one made before with the same idempotency key (as Stripe answers). */
export async function insertTestSession(
  db: Db,
  row: NewTestCheckoutSession,
): Promise<TestCheckoutSessionRow> {
  const [created] = await db
    .insert(testCheckoutSessions)
    .values(row)
    .onConflictDoUpdate({
      target: testCheckoutSessions.idempotencyKey,
      set: { idempotencyKey: sql`excluded.idempotency_key` },
    })
    .returning();
  if (!created) throw new Error('insertTestSession: no row');
  return created;
}

export async function findTestSession(
  db: Db,
  sessionId: string,
): Promise<TestCheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(testCheckoutSessions)
    .where(eq(testCheckoutSessions.sessionId, sessionId));
  return row;
}

/** Expires an open test session (also one past its expiry time); answers the record as it is after. */
export async function expireTestSession(
  db: Db,
  sessionId: string,
  onlyPastExpiry: boolean,
): Promise<TestCheckoutSessionRow | undefined> {
  await db
    .update(testCheckoutSessions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(testCheckoutSessions.sessionId, sessionId),
        eq(testCheckoutSessions.status, 'open'),
        onlyPastExpiry ? sql`${testCheckoutSessions.expiresAt} <= now()` : sql`true`,
      ),
    );
  return findTestSession(db, sessionId);
}

/** The customer paid: open → complete/paid, once. Undefined when it was not open. */
export async function completeTestSession(
  db: Db,
  sessionId: string,
  customerEmail: string,
): Promise<TestCheckoutSessionRow | undefined> {
  const [row] = await db
    .update(testCheckoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', customerEmail })
    .where(
      and(
        eq(testCheckoutSessions.sessionId, sessionId),
        eq(testCheckoutSessions.status, 'open'),
        gt(testCheckoutSessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function recentTestSessions(
  db: Db,
  connectedAccount: string,
  sinceDays: number,
): Promise<TestCheckoutSessionRow[]> {
  return db
    .select()
    .from(testCheckoutSessions)
    .where(
      and(
        eq(testCheckoutSessions.connectedAccount, connectedAccount),
        sql`${testCheckoutSessions.createdAt} > now() - make_interval(days => ${sinceDays})`,
      ),
    )
    .orderBy(testCheckoutSessions.createdAt);
}
