import fs from 'node:fs';
import { type DocumentRecord, idParam, uploadMessages } from '@slat/contracts';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { Upload } from '../../lib/uploads';
import { requireDeal, requireEditableDeal } from '../deals/index';
import type { FileStore, StoredFile } from '../files/index';
import { activeDocumentCategoryName } from '../supplier-documents/index';
import * as repo from './attachments.repository';

const toRecord = (r: repo.AttachmentRow, file: StoredFile): DocumentRecord => ({
  id: r.id,
  account_id: r.account_id,
  name: r.name,
  filename: file.filename,
  extension: file.filename.includes('.') ? file.filename.split('.').pop()!.toLowerCase() : '',
  mime_type: file.mimeType,
  size: file.size,
  type: r.type,
  url: `/api/documents/${r.id}/download`,
  created_at: new Date(r.created_at).toISOString(),
  direct_upload: r.direct_upload,
  archived: r.archived_at !== null,
});

/** The account's attachments (see `repo.findAttachments`), each with its stored file. */
async function findWithFiles(
  db: Db,
  files: FileStore,
  accountId: number,
  where: Parameters<typeof repo.findAttachments>[2],
): Promise<{ row: repo.AttachmentRow; file: StoredFile }[]> {
  const rows = await repo.findAttachments(db, accountId, where);
  const stored = await files.findMany(
    accountId,
    rows.map((r) => r.file_id),
  );
  return rows.flatMap((row) => {
    const file = stored.get(row.file_id);
    return file ? [{ row, file }] : [];
  });
}

async function findRecord(
  db: Db,
  files: FileStore,
  accountId: number,
  where: { dealId?: number; id: number },
): Promise<DocumentRecord | undefined> {
  const [found] = await findWithFiles(db, files, accountId, where);
  return found && toRecord(found.row, found.file);
}

/**
 * Stores an uploaded file and records it as an attachment, of a deal when the form names one
 * (`model`=deal, `model_id`); the deal must be the account's and not archived.
 */
export async function uploadAttachment(
  db: Db,
  files: FileStore,
  accountId: number,
  userId: number,
  upload: Upload & { fields: Record<string, string> },
): Promise<{ data: DocumentRecord }> {
  const name = (upload.fields.friendly_name ?? '').trim() || upload.filename.replace(/\.[^.]+$/, '');
  if (!name) throw fieldError('friendly_name', uploadMessages.nameRequired);
  let dealId: number | null = null;
  if (upload.fields.model !== undefined || upload.fields.model_id !== undefined) {
    if (upload.fields.model !== 'deal') throw fieldError('model', "Only 'deal' attachments are supported");
    const id = idParam().safeParse(upload.fields.model_id);
    if (!id.success) throw fieldError('model_id', 'A deal id is required');
    dealId = id.data;
    await requireEditableDeal(db, accountId, dealId);
  }
  // The file and its attachment row commit together: a refused row leaves no file behind.
  const id = await files.saveWith(accountId, upload, (tx, saved) =>
    repo.insertAttachment(tx, {
      accountId,
      fileId: saved.id,
      dealId,
      name: name.slice(0, 200),
      type: (upload.fields.friendly_type ?? 'attachment').slice(0, 50) || 'attachment',
      directUpload: upload.fields.directUpload !== 'false',
      createdBy: userId,
    }),
  );
  return { data: (await findRecord(db, files, accountId, { id }))! };
}

/**
 * The account's attachments among `ids` (any deal or none, archived or not), in the Document
 * shape, by id; ids of another account or without their file are absent. For other modules that
 * link attachments (a quote's or purchase order's documents).
 */
export async function attachmentRecords(
  db: Db,
  files: FileStore,
  accountId: number,
  ids: number[],
): Promise<Map<number, DocumentRecord>> {
  if (ids.length === 0) return new Map();
  const list = await findWithFiles(db, files, accountId, { ids });
  return new Map(list.map(({ row, file }) => [row.id, toRecord(row, file)]));
}

export async function listDealAttachments(
  db: Db,
  files: FileStore,
  accountId: number,
  dealId: number,
  withArchived: boolean,
): Promise<{ data: DocumentRecord[] }> {
  await requireDeal(db, accountId, dealId);
  const list = await findWithFiles(db, files, accountId, {
    dealId,
    ...(withArchived ? {} : { archived: false }),
  });
  return { data: list.map(({ row, file }) => toRecord(row, file)) };
}

export async function archiveAttachment(
  db: Db,
  files: FileStore,
  accountId: number,
  dealId: number,
  id: number,
): Promise<{ data: DocumentRecord }> {
  await requireEditableDeal(db, accountId, dealId);
  if (!(await findRecord(db, files, accountId, { dealId, id }))) throw notFound('Document not found');
  await repo.archiveAttachmentRow(db, id);
  return { data: (await findRecord(db, files, accountId, { id }))! };
}

/** A document without a category has this type (as an upload without friendly_type). */
const UNFILED_TYPE = 'attachment';

/**
 * POST /old/documents/{id} with _method PUT: renames one of the account's documents and files it
 * under a document category, whose name becomes its `type` (null: back to 'attachment'). An
 * archived document or one on an archived deal is not edited (409).
 */
export async function updateAttachment(
  db: Db,
  files: FileStore,
  accountId: number,
  id: number,
  body: { name?: string | undefined; document_category_id?: number | null | undefined },
): Promise<{ data: DocumentRecord }> {
  const [found] = await repo.findAttachments(db, accountId, { id });
  if (!found) throw notFound('Document not found');
  if (found.deal_id !== null) await requireEditableDeal(db, accountId, found.deal_id);
  if (found.archived_at !== null) throw new AppError('CONFLICT', 'An archived document cannot be edited');
  let type: string | undefined;
  if (body.document_category_id === null) type = UNFILED_TYPE;
  else if (body.document_category_id !== undefined) {
    type = await activeDocumentCategoryName(db, body.document_category_id);
    if (type === undefined) throw fieldError('document_category_id', 'No such document category');
  }
  await repo.updateAttachmentRow(db, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(type ? { type } : {}),
  });
  const record = await findRecord(db, files, accountId, { id });
  if (!record) throw notFound('Document not found');
  return { data: record };
}

/** The stored file of one of the account's attachments, present on disk (404 otherwise). */
export async function attachmentFile(
  db: Db,
  files: FileStore,
  accountId: number,
  id: number,
): Promise<StoredFile> {
  const [found] = await findWithFiles(db, files, accountId, { id });
  if (!found || !fs.existsSync(found.file.fullPath)) throw notFound('Document not found');
  return found.file;
}
