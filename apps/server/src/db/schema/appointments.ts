import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { deals } from './deals';

/** Appointments. `temporal` is one of the spec's four shapes (date, datespan, time, timespan). */
export const appointments = pgTable(
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
