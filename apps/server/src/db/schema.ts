import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes (small generated PDFs), returned as a Buffer. */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  iso2Code: text('iso2_code').notNull().unique(),
  iso3Code: text('iso3_code').notNull().unique(),
  callingCode: text('calling_code').notNull(),
  measureSystem: text('measure_system', { enum: ['METRIC', 'IMPERIAL'] }).notNull(),
  flag: text('flag').notNull(),
  nativeName: text('native_name').notNull(),
  laborTaxControl: smallint('labor_tax_control').notNull(),
  currencyCode: text('currency_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyName: text('currency_name').notNull(),
  languageLocale: text('language_locale').notNull(),
  taxDisplay: text('tax_display').notNull(),
  newTaxing: boolean('new_taxing').notNull().default(false),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    accountEmail: text('account_email').notNull().default(''),
    orderConfirmationEmail: text('order_confirmation_email').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    fax: text('fax').notNull().default(''),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_account_id_key').on(t.accountId)],
);

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isProductDefault: boolean('is_product_default').notNull().default(false),
    fullAddress: text('full_address').notNull(),
  },
  (t) => [index('delivery_addresses_company_id_idx').on(t.companyId)],
);

export const companyModules = pgTable(
  'company_modules',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.module] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    mainAdminAccess: boolean('main_admin_access').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Only a SHA-256 of the cookie value is stored, so a database leak yields no usable session. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server process (sign-in, forgot and reset limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Secrets generated once per database (CSRF signing key), shared by every server process. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Login page branding per hosting domain. */
export const brandings = pgTable('brandings', {
  host: text('host').primaryKey(),
  logoUrl: text('logo_url'),
  backgroundColor: text('background_color'),
});

// ——— Suppliers and catalog ———

export const manufacturers = pgTable('manufacturers', {
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
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
  },
  (t) => [uniqueIndex('shipping_methods_manufacturer_name_key').on(t.manufacturerId, t.name)],
);

/** A dealer's link to a supplier, with the dealer's own settings for it. */
export const manufacturerCustomers = pgTable(
  'manufacturer_customers',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
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
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
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
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
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
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
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

// ——— Bundles ———

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

// ——— Dealer settings ———

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Random, at least 128 bits: the id in download URLs. */
    publicId: text('public_id').notNull().unique(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storagePath: text('storage_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_account_id_idx').on(t.accountId)],
);

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

/** Linked mail/calendar accounts (GOOGLE, MICROSOFT, IMAP, VIRTUAL_CALENDAR, ICLOUD, EWS). */
export const calendarAccounts = pgTable(
  'calendar_accounts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['VALID', 'INVALID'] }).notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_accounts_user_key').on(t.userId)],
);

// ——— Workflows ———

export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isEditable: boolean('is_editable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workflows_account_slug_key').on(t.accountId, t.slug)],
);

export const workflowStatuses = pgTable(
  'workflow_statuses',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    phase: text('phase', { enum: ['New', 'Quoting', 'InProgress', 'Closed', 'Cancelled'] }).notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('workflow_statuses_slug_key').on(t.workflowId, t.slug)],
);

export const workflowFlags = pgTable(
  'workflow_flags',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('workflow_flags_slug_key').on(t.workflowId, t.slug)],
);

export const workflowFlagValues = pgTable(
  'workflow_flag_values',
  {
    id: serial('id').primaryKey(),
    flagId: integer('flag_id')
      .notNull()
      .references(() => workflowFlags.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    appearance: text('appearance').notNull().default('default'),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('workflow_flag_values_slug_key').on(t.flagId, t.slug)],
);

/** Per-user web settings documents, e.g. DEAL_WORKFLOWS (preset filters per workflow). */
export const webSettings = pgTable(
  'web_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ——— Contacts and deals ———

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    externalLink: text('external_link'),
    providerSchema: text('provider_schema'),
    externalData: jsonb('external_data'),
    createdAt: createdAt(),
  },
  (t) => [index('contacts_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
);

export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The per-account display number. */
    tuid: integer('tuid').notNull(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => workflowStatuses.id),
    /** Position in its status column, ascending from the top (exact midpoints: see board-order.ts). */
    sortOrder: numeric('sort_order').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Counts of the deal's alerts (packages/domain deal-alerts), kept on every write so boards filter in SQL. */
    alertWarnings: integer('alert_warnings').notNull().default(0),
    alertInfos: integer('alert_infos').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deals_account_tuid_key').on(t.accountId, t.tuid),

    index('deals_board_idx').on(t.workflowId, t.statusId, t.sortOrder),
    index('deals_contact_idx').on(t.contactId),
  ],
);

/** The next display number per account (deal tuids), taken under a row lock. */
export const accountCounters = pgTable(
  'account_counters',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

export const dealFlagValues = pgTable(
  'deal_flag_values',
  {
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    flagId: integer('flag_id')
      .notNull()
      .references(() => workflowFlags.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => workflowFlagValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.flagId] })],
);

export const dealNotes = pgTable(
  'deal_notes',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_notes_deal_idx').on(t.dealId)],
);

/** Related deals: one row per pair, smaller id first, so a link reads both ways. */
export const dealRelations = pgTable(
  'deal_relations',
  {
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    relatedDealId: integer('related_deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.relatedDealId] }),
    index('deal_relations_related_idx').on(t.relatedDealId),
  ],
);

/** Appointments. `temporal` is one of the spec's four shapes (date, datespan, time, timespan). */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    temporal: jsonb('temporal').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('deal_events_deal_idx').on(t.dealId), index('deal_events_starts_idx').on(t.startsAt)],
);

/** Uploaded documents (deal attachments now; the documents library later). */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    dealId: integer('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('attachment'),
    directUpload: boolean('direct_upload').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('documents_deal_idx').on(t.dealId), index('documents_account_idx').on(t.accountId)],
);

/** A private iCalendar feed per user: the token in the URL is the credential. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

// ——— Personnel and supplier documents ———

export const people = pgTable(
  'people',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    badgeColor: text('badge_color').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('people_account_email_key')
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.archivedAt} IS NULL`),
  ],
);

export const documentCategories = pgTable('document_categories', {
  id: serial('id').primaryKey(),
  category: text('category').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Documents a supplier publishes to its dealers (brochures, price lists, warranties). */
export const supplierDocuments = pgTable(
  'supplier_documents',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => documentCategories.id),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('supplier_documents_manufacturer_idx').on(t.manufacturerId)],
);
