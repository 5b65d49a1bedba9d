import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { createdAt } from './columns';

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

/** Per-user web settings dealAttachments, e.g. DEAL_WORKFLOWS (preset filters per workflow). */
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
