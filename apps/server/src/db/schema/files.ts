import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt } from './columns';

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
