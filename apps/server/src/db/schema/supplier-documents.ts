import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { suppliers } from './catalog';
import { bytea, createdAt } from './columns';

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
      .references(() => suppliers.id, { onDelete: 'cascade' }),
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
