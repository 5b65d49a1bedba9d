import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** The ids of the order's attached documents that are not archived, newest link first. */
export async function findOrderDocumentIds(db: Db, accountId: number, orderId: number): Promise<number[]> {
  const { rows } = await db.execute<{ document_id: number }>(sql`
    SELECT document_id FROM order_documents
    WHERE order_id = ${orderId} AND account_id = ${accountId} AND archived_at IS NULL
    ORDER BY created_at DESC, id DESC`);
  return rows.map((r) => r.document_id);
}

/**
 * Links documents to an order. A document linked before takes the new category; one whose link
 * was archived is linked again, as new.
 */
export async function upsertOrderDocuments(
  db: Db,
  accountId: number,
  orderId: number,
  documentIds: number[],
  category: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO order_documents (account_id, order_id, document_id, category)
    SELECT ${accountId}, ${orderId}, doc, ${category} FROM unnest(${sql.param(documentIds)}::int[]) AS doc
    ON CONFLICT (order_id, document_id)
    DO UPDATE SET archived_at = NULL, category = EXCLUDED.category,
      created_at = CASE WHEN order_documents.archived_at IS NULL THEN order_documents.created_at ELSE now() END`);
}

/** Archives the link of a document to an order (keeping its first archiving time); false when there is none. */
export async function archiveOrderDocument(
  db: Db,
  accountId: number,
  orderId: number,
  documentId: number,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE order_documents SET archived_at = coalesce(archived_at, now())
    WHERE order_id = ${orderId} AND document_id = ${documentId} AND account_id = ${accountId}
    RETURNING id`);
  return rows.length > 0;
}
