import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { dealAttachments } from './attachments';
import { catalogVersions, products } from './catalog';
import { createdAt, randomPublicId } from './columns';
import { deals } from './deals';
import { files } from './files';

/**
 * The spec's "order": what holds windows and lines, for a deal quote (kind QUOTE, addressed by
 * the quote's `externalId`) and a purchase order (kind PURCHASE_ORDER, its own id) alike, so the
 * `/old/quotes/{id}/…` calls serve both. Purchase-order columns arrive with their issue.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['QUOTE', 'PURCHASE_ORDER'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moves on every change to what the order's detail shows: its windows, lines and documents,
     * and for a deal quote its row, adjustments, acceptance and revisions (triggers, migration
     * 0013). The quote detail's cache compares it (decision 014).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('orders_account_idx').on(t.accountId)],
);

/** A deal quote: the dealer's words around one order of kind QUOTE. */
export const quotes = pgTable(
  'deal_quotes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The per-account display number. */
    tuid: integer('tuid').notNull(),
    description: text('description').notNull().default(''),
    customerNotes: text('customer_notes').notNull().default(''),
    status: text('status', { enum: ['DRAFT', 'ACCEPTED'] })
      .notNull()
      .default('DRAFT'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** The config the quote is priced with, copied from the dealer settings at creation (DESIGN §5). */
    taxMode: text('tax_mode', { enum: ['INCLUSIVE', 'EXCLUSIVE'] }).notNull(),
    taxPercentage: numeric('tax_percentage', { precision: 5, scale: 2 }).notNull(),
    depositPercentage: numeric('deposit_percentage', { precision: 5, scale: 2 }).notNull(),
    clonedFromId: integer('cloned_from_id'),
    /** A revision of an accepted quote: the quote it revises, and its number (1 for an original). */
    revisionOfId: integer('revision_of_id'),
    revisionNumber: integer('revision_number').notNull().default(1),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The customer's link (/customer-quote/{publicId}): ≥ 128 random bits, base64url; the only way in without a session. */
    publicId: text('public_id').notNull().unique().default(randomPublicId),
    /** When 'Send quote to customer' last mailed the link, to whom, and when the customer first opened it. */
    sentToCustomerAt: timestamp('sent_to_customer_at', { withTimezone: true }),
    sentToEmail: text('sent_to_email'),
    customerOpenedAt: timestamp('customer_opened_at', { withTimezone: true }),
    /** Pricing inputs (DESIGN §5); the Pricing object is derived from them and the lines. */
    depositAmountOverride: numeric('deposit_amount_override', { precision: 14, scale: 2 }),
    sellTaxOverride: numeric('sell_tax_override', { precision: 14, scale: 2 }),
    totalSellPriceOverride: numeric('total_sell_price_override', { precision: 14, scale: 2 }),
    overrideTaxables: boolean('override_taxables').notNull().default(false),
    overrideNotes: text('override_notes').notNull().default(''),
    /**
     * Cache of the pure pricing function's sellGrandTotalIncTax at the last write to the quote or
     * its lines (the board sums it); never edited by hand, like the lines' prices (decision 013).
     */
    grandTotalIncTax: numeric('grand_total_inc_tax', { precision: 14, scale: 2 }).notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Moves on every write to the quote or its lines; pricing writes carry it (409 when stale). */
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deal_quotes_account_tuid_key').on(t.accountId, t.tuid),
    index('deal_quotes_deal_idx').on(t.dealId),
  ],
);

/**
 * A window: one place in a building, named by its group path ("Building/Room/Window", '' for
 * none), holding one or more products. Its size and quantity are the measured opening.
 */
export const orderWindows = pgTable(
  'order_windows',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    widthValue: numeric('width_value', { precision: 12, scale: 4 }),
    widthUnit: text('width_unit', { enum: ['mm', 'in'] }),
    heightValue: numeric('height_value', { precision: 12, scale: 4 }),
    heightUnit: text('height_unit', { enum: ['mm', 'in'] }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('order_windows_order_idx').on(t.orderId, t.sortOrder)],
);

/**
 * An order line (a product in a window). Sizes are kept exactly as entered (value and unit); the
 * line is priced against `catalogVersionId` and the markup rule it was priced with, and its cost,
 * sell price and errors are the pure pricing function's answer at its last write.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderWindowId: integer('order_window_id')
      .notNull()
      .references(() => orderWindows.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    catalogVersionId: integer('catalog_version_id')
      .notNull()
      .references(() => catalogVersions.id),
    quantity: integer('quantity').notNull().default(1),
    widthValue: numeric('width_value', { precision: 12, scale: 4 }),
    widthUnit: text('width_unit', { enum: ['mm', 'in'] }),
    heightValue: numeric('height_value', { precision: 12, scale: 4 }),
    heightUnit: text('height_unit', { enum: ['mm', 'in'] }),
    /** Selected option keys, in the order chosen. */
    optionKeys: jsonb('option_keys').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    siteMount: text('site_mount').notNull().default(''),
    isTaxable: boolean('is_taxable').notNull().default(true),
    hasFreight: boolean('has_freight').notNull().default(false),
    hasInstallation: boolean('has_installation').notNull().default(false),
    markupType: text('markup_type', { enum: ['PERCENT_MARK_UP', 'PERCENT_MARGIN'] }).notNull(),
    markupValue: numeric('markup_value', { precision: 7, scale: 2 }).notNull(),
    markupSource: text('markup_source', { enum: ['PRODUCT', 'CATEGORY', 'ACCOUNT'] }).notNull(),
    costPrice: numeric('cost_price', { precision: 14, scale: 4 }),
    sellPrice: numeric('sell_price', { precision: 14, scale: 2 }),
    errors: jsonb('errors').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The line this one was copied from (a quote's line converted into an order, an order's line
     * into its revision): how a revision's difference matches lines across revisions.
     */
    copiedFromLineId: integer('copied_from_line_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.orderWindowId, t.sortOrder),
    index('order_lines_window_idx').on(t.orderWindowId),
    index('order_lines_account_product_idx').on(t.accountId, t.productId),
  ],
);

/** A document (uploaded through /old/documents) attached to an order: a quote's or a purchase order's. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => dealAttachments.id, { onDelete: 'cascade' }),
    category: text('category').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_documents_order_document_key').on(t.orderId, t.documentId)],
);

/** A price adjustment the dealer entered (§5): amountExTax in EXCLUSIVE mode, amountIncTax in INCLUSIVE. */
export const quoteAdjustments = pgTable(
  'quote_adjustments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    taxType: text('tax_type', { enum: ['NONE', 'STANDARD'] }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('quote_adjustments_quote_idx').on(t.quoteId, t.sortOrder)],
);

/**
 * What a customer or dealer accepted, frozen: who, when, from where, the signature,
 * the pricing at that moment and the accepted quote PDF with its SHA-256. One per quote: the
 * unique key is what makes 20 concurrent accepts one acceptance.
 */
export const quoteAcceptances = pgTable('quote_acceptances', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  quoteId: integer('quote_id')
    .notNull()
    .unique()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The customer's name when accepted on the public page (a later issue); null for a dealer user. */
  acceptedByCustomer: text('accepted_by_customer'),
  /** The person who signed (the customer), as typed in the accept dialog; apart from the staff member who recorded it. */
  signerName: text('signer_name'),
  acceptedWithoutSignature: boolean('accepted_without_signature').notNull(),
  signatureFileId: integer('signature_file_id').references(() => files.id, { onDelete: 'set null' }),
  ipAddress: text('ip_address').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  /** The §3 Pricing object at the moment of acceptance. */
  pricing: jsonb('pricing').notNull(),
  /** The accepted quote PDF, rendered from what was accepted (set when the render finishes). */
  documentFileId: integer('document_file_id').references(() => files.id, { onDelete: 'set null' }),
  documentSha256: text('document_sha256'),
  documentCreatedAt: timestamp('document_created_at', { withTimezone: true }),
});

/** Which PDF templates a company has configured (§8: an unconfigured type answers 501). */
export const pdfTemplates = pgTable(
  'pdf_templates',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['QUOTE', 'MEASURE', 'INSTALL', 'PURCHASE_ORDER'] }).notNull(),
    /** Layout choices of the template (title, which columns and texts show). */
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.type] })],
);
