import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { productCategories, products } from './catalog';
import { createdAt } from './columns';
import { files } from './files';

export const dealerSettings = pgTable('dealer_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  companyLogoFileId: integer('company_logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  companyDeliveryAddress: text('company_delivery_address').notNull().default(''),
  defaultShippingInstructions: text('default_shipping_instructions').notNull().default(''),
  companyDetails: text('company_details').notNull().default(''),
  bindingText: text('binding_text').notNull().default(''),
  depositPercentage: numeric('deposit_percentage', { precision: 5, scale: 2 }).notNull().default('50'),
  taxRatePercentage: numeric('tax_rate_percentage', { precision: 5, scale: 2 }).notNull().default('10'),
  accountAdjustmentType: text('account_adjustment_type', { enum: ['PERCENT_MARK_UP', 'PERCENT_MARGIN'] })
    .notNull()
    .default('PERCENT_MARK_UP'),
  accountAdjustmentValue: numeric('account_adjustment_value', { precision: 7, scale: 2 })
    .notNull()
    .default('40'),
  quotePricingTaxMode: text('quote_pricing_tax_mode', { enum: ['INCLUSIVE', 'EXCLUSIVE'] })
    .notNull()
    .default('INCLUSIVE'),
  /** The dealer's connected card account (Settings → Integrations); card payments are direct charges on it. */
  cardAccountId: text('card_account_id').notNull().default(''),
});

export const markupOverrides = pgTable(
  'markup_overrides',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    overrideType: text('override_type', { enum: ['CATEGORY', 'PRODUCT'] }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'cascade' }),
    adjustmentType: text('adjustment_type', { enum: ['PERCENT_MARK_UP', 'PERCENT_MARGIN'] }).notNull(),
    adjustmentValue: numeric('adjustment_value', { precision: 7, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('markup_overrides_product_key')
      .on(t.accountId, t.productId)
      .where(sql`${t.productId} IS NOT NULL`),
    uniqueIndex('markup_overrides_category_key')
      .on(t.accountId, t.categoryId)
      .where(sql`${t.categoryId} IS NOT NULL`),
  ],
);
