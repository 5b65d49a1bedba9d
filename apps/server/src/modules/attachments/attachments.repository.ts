import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** A deal attachment (SQL table `documents`); its file's name, type and size are in the file store. */
export type AttachmentRow = {
  id: number;
  account_id: number;
  file_id: number;
  name: string;
  type: string;
  created_at: Date;
  direct_upload: boolean;
  archived_at: Date | null;
  deal_id: number | null;
};

/** The account's attachments, narrowed to a deal, one attachment, a set of them or archived/active; newest first. */
export async function findAttachments(
  db: Db,
  accountId: number,
  where: { dealId?: number; id?: number; ids?: number[]; archived?: boolean },
): Promise<AttachmentRow[]> {
  const ids = where.ids ? sql.param(where.ids) : null;
  const { rows } = await db.execute<AttachmentRow>(sql`
    SELECT d.id, d.account_id, d.file_id, d.name, d.type, d.created_at, d.direct_upload, d.archived_at, d.deal_id
    FROM documents d
    WHERE d.account_id = ${accountId}
      AND (${where.dealId ?? null}::int IS NULL OR d.deal_id = ${where.dealId ?? null}::int)
      AND (${where.id ?? null}::int IS NULL OR d.id = ${where.id ?? null}::int)
      AND (${ids}::int[] IS NULL OR d.id = ANY(${ids}::int[]))
      AND (${where.archived ?? null}::boolean IS NULL OR (d.archived_at IS NOT NULL) = ${where.archived ?? null}::boolean)
    ORDER BY d.created_at DESC, d.id DESC`);
  return rows;
}

export type NewAttachment = {
  accountId: number;
  fileId: number;
  dealId: number | null;
  name: string;
  type: string;
  directUpload: boolean;
  createdBy: number;
};

export async function insertAttachment(db: Db, a: NewAttachment): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO documents (account_id, file_id, deal_id, name, type, direct_upload, created_by)
    VALUES (${a.accountId}, ${a.fileId}, ${a.dealId}, ${a.name}, ${a.type}, ${a.directUpload}, ${a.createdBy})
    RETURNING id`);
  return rows[0]!.id;
}

/** Archives an attachment (an archived one keeps its first archiving time). */
export async function archiveAttachmentRow(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE documents SET archived_at = coalesce(archived_at, now()) WHERE id = ${id}`);
}

/** Renames an attachment and/or sets its type (only the fields given). */
export async function updateAttachmentRow(
  db: Db,
  id: number,
  fields: { name?: string; type?: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE documents
       SET name = coalesce(${fields.name ?? null}::text, name), type = coalesce(${fields.type ?? null}::text, type)
     WHERE id = ${id}`);
}
