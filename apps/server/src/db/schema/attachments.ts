import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { createdAt } from './columns';
import { deals } from './deals';
import { files } from './files';

/** Uploaded dealAttachments (deal attachments now; the dealAttachments library later). */
export const dealAttachments = pgTable(
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
