import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { createdAt } from './columns';
import { contacts } from './contacts';
import { workflowFlags, workflowFlagValues, workflowStatuses, workflows } from './workflows';

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
    /** Where the job is: the address the measurer and installer drive to (may differ from the contact's). */
    siteAddress: text('site_address').notNull().default(''),
    /** How to get in on site: gate codes, parking, pets, stairs. */
    accessNotes: text('access_notes').notNull().default(''),
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
