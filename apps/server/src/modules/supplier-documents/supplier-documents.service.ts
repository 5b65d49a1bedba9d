import type { SupplierDocument } from '@slat/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import * as repo from './supplier-documents.repository';

export async function listSupplierDocumentsFor(db: Db, accountId: number): Promise<SupplierDocument[]> {
  const rows = await repo.findLinkedSupplierDocuments(db, accountId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.category,
    manufacturer_id: r.manufacturer_id,
    manufacturer_name: r.manufacturer_name,
    created_at: new Date(r.created_at).toISOString(),
    url: `/api/supplier-documents/${r.id}/download`,
    mime_type: r.mime_type,
  }));
}

export const listLinkedSuppliers = (db: Db, accountId: number): Promise<{ id: number; name: string }[]> =>
  repo.findLinkedSupplierNames(db, accountId);

export const listDocumentCategories = (db: Db): Promise<repo.DocumentCategoryRow[]> =>
  repo.findDocumentCategories(db);

/** An active document category's name, or undefined for an id that names none (to file a document under). */
export async function activeDocumentCategoryName(db: Db, id: number): Promise<string | undefined> {
  const found = (await repo.findDocumentCategories(db)).find((c) => c.id === id && c.is_active);
  return found?.category;
}

/** A document's file, for dealers linked to its supplier only (anyone else: 404). */
export async function openSupplierDocument(
  db: Db,
  accountId: number,
  id: number,
): Promise<repo.SupplierDocumentFile> {
  const doc = await repo.findLinkedSupplierDocumentFile(db, accountId, id);
  if (!doc) throw notFound('Document not found');
  return doc;
}
