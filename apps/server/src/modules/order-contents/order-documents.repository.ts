import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** An order of the account, and whether it is read-only (a deal quote accepted, archived or on an archived deal). */
export type OrderRow = { id: number; kind: 'QUOTE' | 'PURCHASE_ORDER'; read_only: boolean };

/**
 * The account's order; with `lock`, its row locked (in a transaction) as every write to an
 * order's windows, lines and documents takes it, so a quote's read-only state cannot change
 * between the check and the write.
 */
export async function findOrder(
  db: Db,
  accountId: number,
  orderId: number,
  lock = false,
): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow>(sql`
    SELECT o.id, o.kind, COALESCE(q.status = 'ACCEPTED' OR q.is_archived OR d.is_archived, false) AS read_only
    FROM orders o
    LEFT JOIN deal_quotes q ON q.order_id = o.id AND q.account_id = o.account_id
    LEFT JOIN deals d ON d.id = q.deal_id
    WHERE o.id = ${orderId} AND o.account_id = ${accountId}
    ${lock ? sql`FOR UPDATE OF o` : sql``}`);
  return rows[0];
}

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
