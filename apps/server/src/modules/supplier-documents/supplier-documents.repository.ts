import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

export type SupplierDocumentRow = {
  id: number;
  name: string;
  category: string;
  manufacturer_id: number;
  manufacturer_name: string;
  created_at: Date;
  mime_type: string;
};

export type DocumentCategoryRow = { id: number; category: string; is_active: boolean; sort_order: number };

export type SupplierDocumentFile = { filename: string; mime_type: string; content: Buffer };

/** Documents of the suppliers linked to the account, newest first. */
export async function findLinkedSupplierDocuments(db: Db, accountId: number): Promise<SupplierDocumentRow[]> {
  const { rows } = await db.execute<SupplierDocumentRow>(sql`
    SELECT sd.id, sd.name, dc.category, m.id AS manufacturer_id, m.name AS manufacturer_name, sd.created_at, sd.mime_type
    FROM supplier_documents sd
    JOIN document_categories dc ON dc.id = sd.category_id
    JOIN manufacturers m ON m.id = sd.manufacturer_id
    JOIN manufacturer_customers mc ON mc.manufacturer_id = m.id AND mc.account_id = ${accountId}
    ORDER BY sd.created_at DESC, sd.id DESC`);
  return rows;
}

/** The suppliers linked to the account (id and name), by name. */
export async function findLinkedSupplierNames(
  db: Db,
  accountId: number,
): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT m.id, m.name FROM manufacturers m
    JOIN manufacturer_customers mc ON mc.manufacturer_id = m.id AND mc.account_id = ${accountId}
    ORDER BY m.name`);
  return rows;
}

export async function findDocumentCategories(db: Db): Promise<DocumentCategoryRow[]> {
  const { rows } = await db.execute<DocumentCategoryRow>(
    sql`SELECT id, category, is_active, sort_order FROM document_categories ORDER BY sort_order, id`,
  );
  return rows;
}

/** A document's file, when its supplier is linked to the account. */
export async function findLinkedSupplierDocumentFile(
  db: Db,
  accountId: number,
  id: number,
): Promise<SupplierDocumentFile | undefined> {
  const { rows } = await db.execute<SupplierDocumentFile>(sql`
    SELECT sd.filename, sd.mime_type, sd.content FROM supplier_documents sd
    JOIN manufacturer_customers mc ON mc.manufacturer_id = sd.manufacturer_id AND mc.account_id = ${accountId}
    WHERE sd.id = ${id}`);
  return rows[0];
}
