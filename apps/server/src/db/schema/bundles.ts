import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { products } from './catalog';
import { createdAt } from './columns';

export const bundles = pgTable('bundles', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  exclusivityKey: text('exclusivity_key'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** [{ templateKey, label, operator: 'FACTOR' | 'CURRENCY' }] */
  templateFields: jsonb('template_fields').notNull().default([]),
});

export const bundleProducts = pgTable(
  'bundle_products',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.productId] })],
);

export const bundleSubscriptions = pgTable(
  'bundle_subscriptions',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    /** The bundle's exclusivity key, copied so one subscription per group is a unique index. */
    exclusivityKey: text('exclusivity_key'),
    /** { [templateKey]: decimal string } */
    templateValues: jsonb('template_values').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.bundleId] }),
    uniqueIndex('bundle_subscriptions_exclusive_key')
      .on(t.accountId, t.exclusivityKey)
      .where(sql`${t.exclusivityKey} IS NOT NULL`),
  ],
);
