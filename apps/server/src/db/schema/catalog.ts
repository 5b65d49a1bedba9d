import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt } from './columns';

export const suppliers = pgTable('manufacturers', {
  id: serial('id').primaryKey(),
  /** Stable key used by catalog files (e.g. "coastline"). */
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  email: text('email').notNull().default(''),
  timezone: text('timezone').notNull().default('UTC'),
  isInternal: boolean('is_internal').notNull().default(false),
  offlineOnly: boolean('offline_only').notNull().default(false),
  createdAt: createdAt(),
});

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
  },
  (t) => [uniqueIndex('shipping_methods_manufacturer_name_key').on(t.manufacturerId, t.name)],
);

/** A dealer's link to a supplier, with the dealer's own settings for it. */
export const supplierDealers = pgTable(
  'manufacturer_customers',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    defaultShippingMethodId: integer('default_shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.manufacturerId] })],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** When true, imperial sizes of this brand take halves and quarters only. */
    disableFineFractions: boolean('disable_fine_fractions').notNull().default(false),
  },
  (t) => [uniqueIndex('brands_manufacturer_name_key').on(t.manufacturerId, t.name)],
);

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One import of a supplier's catalog. Lines keep pointing at the version they were priced in. */
export const catalogVersions = pgTable(
  'catalog_versions',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('catalog_versions_manufacturer_number_key').on(t.manufacturerId, t.number)],
);

/** A product's stable identity across catalog versions. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_manufacturer_key_key').on(t.manufacturerId, t.key)],
);

/**
 * A product as one catalog version defines it. `definition` holds the version's unit, size
 * limits, price grid, option groups and option rules (shape: ProductDefinition in contracts).
 */
export const productVersions = pgTable(
  'product_versions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    catalogVersionId: integer('catalog_version_id')
      .notNull()
      .references(() => catalogVersions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id),
    hasWidth: boolean('has_width').notNull(),
    hasHeight: boolean('has_height').notNull(),
    hasQuantity: boolean('has_quantity').notNull(),
    /** Offered only through a bundle subscription. */
    bundleOnly: boolean('bundle_only').notNull().default(false),
    definition: jsonb('definition').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.catalogVersionId] }),
    index('product_versions_catalog_version_idx').on(t.catalogVersionId),
  ],
);
