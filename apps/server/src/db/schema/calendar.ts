import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { createdAt } from './columns';

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

/** A private iCalendar feed per user: the token in the URL is the credential. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
