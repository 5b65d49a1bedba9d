import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { createdAt, randomPublicId } from './columns';
import { deals } from './deals';
import { quotes } from './quotes';

/**
 * A payment on a deal: recorded by hand (MANUAL) or requested by card (STRIPE, paid on the public
 * checkout page). `public_id` (≥ 128 random bits, base64url) is the only way to it without a session.
 */
export const dealPayments = pgTable(
  'deal_payments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull().unique().default(randomPublicId),
    type: text('type', { enum: ['MANUAL', 'STRIPE'] }).notNull(),
    status: text('status', { enum: ['REQUESTED', 'PAID', 'CANCELLED'] }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull().default(''),
    /** The day the money moved (yyyy-mm-dd); set exactly when the status is PAID. */
    transactedAt: date('transacted_at', { mode: 'string' }),
    reference: text('reference').notNull().default(''),
    /** The quote the payment is for (a deposit or balance of it), when known. */
    dealQuoteId: integer('deal_quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** The email the customer gave at checkout (receipts go there). */
    customerEmail: text('customer_email'),
    isArchived: boolean('is_archived').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the payment link was last mailed to the customer. */
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('deal_payments_deal_idx').on(t.dealId),
    check('deal_payments_amount_positive', sql`${t.amount} > 0`),
    check('deal_payments_paid_has_date', sql`(${t.status} = 'PAID') = (${t.transactedAt} IS NOT NULL)`),
  ],
);

/**
 * A card provider's checkout session for a payment. At most one is open per payment (the partial
 * unique key is what makes 20 concurrent create-session calls one session).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => dealPayments.id, { onDelete: 'cascade' }),
    /** 'stripe' or 'test' (the built-in test checkout). */
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    sessionId: text('session_id').notNull().unique(),
    clientSecret: text('client_secret').notNull(),
    /** The dealer's connected account the charge is made on. */
    connectedAccount: text('connected_account').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_one_open_key').on(t.paymentId).where(sql`${t.status} = 'open'`),
    index('checkout_sessions_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** Every card provider event, stored once by its id: a second delivery finds the key taken. */
export const cardProviderEvents = pgTable('card_provider_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
  type: text('type').notNull(),
  connectedAccount: text('connected_account'),
  sessionId: text('session_id'),
  paymentId: integer('payment_id').references(() => dealPayments.id, { onDelete: 'set null' }),
  /** What handling the event did (e.g. 'paid', 'ignored: already paid'). */
  outcome: text('outcome').notNull().default(''),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test checkout's own records: the provider side of the local mode, so the session,
 * its retrieval, expiry, the paid event and reconciliation all run through the same code as Stripe.
 */
export const testCheckoutSessions = pgTable('test_checkout_sessions', {
  sessionId: text('session_id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  connectedAccount: text('connected_account').notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  paymentStatus: text('payment_status').notNull().default('unpaid'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  customerEmail: text('customer_email'),
  returnUrl: text('return_url').notNull(),
  metadata: jsonb('metadata').notNull().default({}),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** What the daily reconciliation found wrong between the provider's sessions and the payments. */
export const paymentMismatches = pgTable(
  'payment_mismatches',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dealId: integer('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => dealPayments.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    /** e.g. PAID_AT_PROVIDER_NOT_HERE, PAID_TWICE, AMOUNT_DIFFERS, UNKNOWN_SESSION. */
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_mismatches_session_kind_key').on(t.sessionId, t.kind)],
);
