import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt } from './columns';

export const personnel = pgTable(
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
