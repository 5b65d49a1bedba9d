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
import { shippingMethods, suppliers } from './catalog';
import { createdAt } from './columns';
import { files } from './files';
import { orders, quotes } from './quotes';

/**
 * A purchase order: the dealer's words around one order of kind PURCHASE_ORDER, whose id is the
 * purchase order's id (GET /purchaseorder/{id}, and the `/old/quotes/{id}/…` window and line calls).
 * What was sent to a supplier never changes: changing a submitted order makes a new revision, a
 * new row whose `parent_order_id` is the one it replaces (which gets `replaced_by_order_id`).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The per-account display number; a revision keeps its original's number (revision_number tells them apart). */
    tuid: integer('tuid').notNull(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status', { enum: ['OPEN', 'SUBMITTED'] })
      .notNull()
      .default('OPEN'),
    isArchived: boolean('is_archived').notNull().default(false),
    sidemark: text('sidemark').notNull().default(''),
    /** §3 customerDetails (the draft's `details`). */
    details: text('details').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** A sales rep named by hand (`sales_rep_override`); null means the creator is the rep. */
    salesRepOverride: text('sales_rep_override'),
    /** The staff member who made it (`employee_id`). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The accepted deal quote converted into this order (POST /deal-quotes/convert), if any. */
    sourceQuoteId: integer('source_quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** Revisions: the order this one replaces, the one that replaced it, and its number (1 for an original). */
    parentOrderId: integer('parent_order_id').references(() => orders.id, { onDelete: 'set null' }),
    replacedByOrderId: integer('replaced_by_order_id').references(() => orders.id, { onDelete: 'set null' }),
    revisionNumber: integer('revision_number').notNull().default(1),
    /** What the review sent (POST /old/quotes/{id}/convert), set when it is submitted. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    requiredDate: date('required_date', { mode: 'string' }),
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'set null',
    }),
    shippingAddress: text('shipping_address').notNull().default(''),
    shippingInstructions: text('shipping_instructions').notNull().default(''),
    freightEstimate: numeric('freight_estimate', { precision: 14, scale: 2 }),
    /** The purchase-order PDF as submitted (rendered from what was sent, mailed to the supplier). */
    documentFileId: integer('document_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('purchase_orders_account_created_idx').on(t.accountId, t.createdAt.desc()),
    /**
     * The list and the dashboard: the newest revisions of an account, archived or not, newest
     * first (a page is an index range; the total an index-only count).
     */
    index('purchase_orders_list_idx')
      .on(t.accountId, t.isArchived, t.createdAt.desc(), t.orderId.desc())
      .where(sql`${t.replacedByOrderId} IS NULL`),
    index('purchase_orders_account_tuid_idx').on(t.accountId, t.tuid),
    index('purchase_orders_parent_idx').on(t.parentOrderId),
    index('purchase_orders_source_quote_idx').on(t.sourceQuoteId),
    /** One original order per accepted quote and supplier: 20 concurrent converts make one. */
    uniqueIndex('purchase_orders_quote_supplier_key')
      .on(t.sourceQuoteId, t.manufacturerId)
      .where(sql`${t.parentOrderId} IS NULL`),
    /** A revision replaces its parent once. */
    uniqueIndex('purchase_orders_parent_key').on(t.parentOrderId),
    check(
      'purchase_orders_submitted_has_time',
      sql`(${t.status} = 'SUBMITTED') = (${t.submittedAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * What a supplier does with a submitted purchase order: one per purchase order and supplier
 * (the unique key makes 20 concurrent submits one supplier order). Made UNSTARTED on submission;
 * online suppliers move it through the supplier API, offline-only ones are entered by hand.
 */
export const supplierOrders = pgTable(
  'supplier_orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id),
    /** An offline-only supplier's order, entered by the dealer ('Mark as Submitted'). */
    isOffline: boolean('is_offline').notNull().default(false),
    reference: text('reference').notNull().default(''),
    coreStatus: text('core_status', {
      enum: ['UNSTARTED', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'],
    })
      .notNull()
      .default('UNSTARTED'),
    /** An offline order's status as the dealer typed it (free text). */
    orderStatusText: text('order_status_text').notNull().default(''),
    requiredDate: date('required_date', { mode: 'string' }),
    eta: date('eta', { mode: 'string' }),
    freight: numeric('freight', { precision: 14, scale: 2 }),
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'set null',
    }),
    shippingAddress: text('shipping_address').notNull().default(''),
    shippingInstructions: text('shipping_instructions').notNull().default(''),
    trackingInformation: text('tracking_information').notNull().default(''),
    customerNotes: text('customer_notes').notNull().default(''),
    /** The supplier's named status (supplier_order_statuses); core_status mirrors its core status. */
    orderStatusId: integer('order_status_id'),
    /** Tracking as the supplier gave it; tracking_information is their one-line display. */
    trackingCarrier: text('tracking_carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    /**
     * The supplier's answer, with the meanings of the Peppol/UBL order response: '' not yet
     * answered, RECEIVED (AB), ACCEPTED (AP), ACCEPTED_WITH_CHANGES (CA), REJECTED (RE).
     */
    acknowledgement: text('acknowledgement', {
      enum: ['', 'RECEIVED', 'ACCEPTED', 'ACCEPTED_WITH_CHANGES', 'REJECTED'],
    })
      .notNull()
      .default(''),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** Why a supplier rejected the order (REJECTED only). */
    rejectionReason: text('rejection_reason').notNull().default(''),
    /** Per line, what the supplier changed when accepting with changes: [{orderLineId, quantity?, size?, date?, note?}]. */
    lineChanges: jsonb('line_changes').notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_orders_order_supplier_key').on(t.orderId, t.manufacturerId),
    index('supplier_orders_account_idx').on(t.accountId, t.coreStatus),
  ],
);
