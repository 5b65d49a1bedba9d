import type { DocumentRecord } from '@slat/contracts';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { attachmentRecords } from '../attachments/index';
import type { FileStore } from '../files/index';
import * as repo from './order-documents.repository';
import { findOrderState } from './order-lines.repository';
import { ownerOf } from './order-owners';

const orderNotFound = () => notFound('Order not found');

/** In a transaction: locks the order for a change of its documents (404; 409 for a read-only order). */
async function lockWritableOrder(tx: Db, accountId: number, orderId: number): Promise<void> {
  const order = await findOrderState(tx, accountId, orderId, true);
  if (!order) throw orderNotFound();
  if (order.isReadOnly) throw new AppError('CONFLICT', ownerOf(order.kind).readOnlyMessage);
}

export async function listOrderDocuments(
  db: Db,
  files: FileStore,
  accountId: number,
  orderId: number,
): Promise<{ data: DocumentRecord[] }> {
  if (!(await findOrderState(db, accountId, orderId))) throw orderNotFound();
  const ids = await repo.findOrderDocumentIds(db, accountId, orderId);
  const records = await attachmentRecords(db, files, accountId, ids);
  return { data: ids.flatMap((id) => records.get(id) ?? []) };
}

/**
 * Attaches documents uploaded through POST /old/documents to an order. Every id must be one of
 * the account's documents (400 naming the entry otherwise), else nothing is attached.
 * Answers the attached documents in the order asked.
 */
export async function attachOrderDocuments(
  db: Db,
  files: FileStore,
  accountId: number,
  orderId: number,
  input: { data: number[]; category?: string | null | undefined },
): Promise<{ data: DocumentRecord[] }> {
  const ids = [...new Set(input.data)];
  const records = await attachmentRecords(db, files, accountId, ids);
  await db.transaction(async (tx) => {
    await lockWritableOrder(tx, accountId, orderId);
    const missing = input.data.findIndex((id) => !records.has(id));
    if (missing >= 0) throw fieldError(`data[${missing}]`, 'Document not found');
    await repo.upsertOrderDocuments(tx, accountId, orderId, ids, (input.category ?? '').trim());
  });
  return { data: ids.map((id) => records.get(id)!) };
}

/** Archives a document's link to the order (`_method: DELETE`); the document itself stays. */
export async function archiveOrderDocument(
  db: Db,
  accountId: number,
  orderId: number,
  documentId: number,
): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    await lockWritableOrder(tx, accountId, orderId);
    if (!(await repo.archiveOrderDocument(tx, accountId, orderId, documentId)))
      throw notFound('Document not found');
  });
  return { success: true };
}
