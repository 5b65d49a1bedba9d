import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { suppliers } from './catalog';
import { createdAt, randomPublicId } from './columns';
import { supplierOrders } from './purchase-orders';

/**
 * A supplier's named order statuses, each with its core status. Rows with no manufacturer are
 * the statuses every supplier has until it defines its own (GET /manufacturer/{id}/order-statuses).
 */
export const supplierOrderStatuses = pgTable(
  'supplier_order_statuses',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    coreStatus: text('core_status', {
      enum: ['UNSTARTED', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'],
    }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('supplier_order_statuses_manufacturer_idx').on(t.manufacturerId, t.sortOrder)],
);

/**
 * One change to a supplier order: who made it (a staff member, or a supplier through its token or
 * its order link) and each tracked field's old and new value ({field: {old, new}}). One call that
 * changes something writes exactly one entry.
 */
export const supplierOrderHistory = pgTable(
  'supplier_order_history',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supplierOrderId: integer('supplier_order_id')
      .notNull()
      .references(() => supplierOrders.id, { onDelete: 'cascade' }),
    /** The tracker type of GET /old/trackers: order-update, order-line-split, order-dl. */
    type: text('type', { enum: ['order-update', 'order-line-split', 'order-dl'] })
      .notNull()
      .default('order-update'),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    /** DEALER (a staff member), SUPPLIER_API (a supplier's token), SUPPLIER_LINK (the supplier's page). */
    source: text('source', { enum: ['DEALER', 'SUPPLIER_API', 'SUPPLIER_LINK'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown: the staff member's full name or the supplier's name, as it was then. */
    actorName: text('actor_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('supplier_order_history_order_idx').on(t.supplierOrderId, t.createdAt.desc(), t.id.desc())],
);

/**
 * A supplier's API token: only its SHA-256 is stored; the token is shown once when issued.
 * Rotating revokes the supplier's live token and issues another in one transaction.
 */
export const supplierTokens = pgTable(
  'supplier_tokens',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's first characters, to tell tokens apart in a list without revealing them. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('supplier_tokens_live_key').on(t.manufacturerId).where(sql`${t.revokedAt} IS NULL`)],
);

/**
 * The link in a purchase-order mail to the supplier's page (suppliers without a system): a random
 * id (≥ 128 bits) that answers for one supplier order only, revocable by the dealer.
 */
export const supplierOrderLinks = pgTable(
  'supplier_order_links',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique().default(randomPublicId),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supplierOrderId: integer('supplier_order_id')
      .notNull()
      .references(() => supplierOrders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('supplier_order_links_live_key').on(t.supplierOrderId).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * A dealer's subscription of a URL to supplier-order changes. Payloads are signed with HMAC-SHA256
 * of `timestamp.body` under `secret` (shown once, when the subscription is made).
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_subscriptions_account_idx').on(t.accountId)],
);

/** One event sent (or being sent) to one subscription: its attempts and final state. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** Random, sent as the event's id so a receiver can drop a repeat. */
    eventId: text('event_id').notNull().unique().default(randomPublicId),
    eventType: text('event_type').notNull(),
    /** The change this event tells of (none for a test event): one delivery per subscription and change. */
    historyId: integer('history_id').references(() => supplierOrderHistory.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error').notNull().default(''),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt.desc()),
    uniqueIndex('webhook_deliveries_subscription_history_key').on(t.subscriptionId, t.historyId),
  ],
);
