import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    /** §6 tax-override permission: may set a quote's tax amount (EXCLUSIVE mode only). */
    canOverrideTax: boolean('can_override_tax').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
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
