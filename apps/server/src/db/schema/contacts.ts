import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt } from './columns';

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
  (t) => [
    index('contacts_account_name_idx').on(t.accountId, sql`lower(${t.name})`),
    // One contact per email in an account (an import's merge is an upsert on it); no email, no limit.
    uniqueIndex('contacts_account_email_key')
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
  ],
);
