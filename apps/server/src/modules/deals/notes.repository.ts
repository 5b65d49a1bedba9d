import type { DealNote } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

type NoteRow = {
  id: number;
  content: string;
  created_at: Date;
  updated_at: Date;
  created_by: number | null;
  created_name: string | null;
  updated_by: number | null;
  updated_name: string | null;
};

const toNote = (r: NoteRow): DealNote => ({
  id: r.id,
  content: r.content,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  createdBy: r.created_by ? { id: r.created_by, name: r.created_name ?? '' } : null,
  updatedBy: r.updated_by ? { id: r.updated_by, name: r.updated_name ?? '' } : null,
});

/** The deal's notes (or the one with `noteId`), newest first, with their authors' names. */
export async function findNotes(db: Db, dealId: number, noteId?: number): Promise<DealNote[]> {
  const { rows } = await db.execute<NoteRow>(sql`
    SELECT n.id, n.content, n.created_at, n.updated_at,
           n.created_by, trim(cu.first_name || ' ' || cu.last_name) AS created_name,
           n.updated_by, trim(uu.first_name || ' ' || uu.last_name) AS updated_name
    FROM deal_notes n
    LEFT JOIN users cu ON cu.id = n.created_by
    LEFT JOIN users uu ON uu.id = n.updated_by
    WHERE n.deal_id = ${dealId} AND (${noteId ?? null}::int IS NULL OR n.id = ${noteId ?? null}::int)
    ORDER BY n.created_at DESC, n.id DESC`);
  return rows.map(toNote);
}

export async function insertNote(db: Db, dealId: number, content: string, userId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO deal_notes (deal_id, content, created_by, updated_by)
    VALUES (${dealId}, ${content}, ${userId}, ${userId}) RETURNING id`);
  return rows[0]!.id;
}

export async function updateNoteRow(
  db: Db,
  dealId: number,
  noteId: number,
  content: string,
  userId: number,
): Promise<void> {
  await db.execute(sql`UPDATE deal_notes SET content = ${content}, updated_by = ${userId}, updated_at = now()
      WHERE id = ${noteId} AND deal_id = ${dealId}`);
}

export async function deleteNoteRow(db: Db, dealId: number, noteId: number): Promise<void> {
  await db.execute(sql`DELETE FROM deal_notes WHERE id = ${noteId} AND deal_id = ${dealId}`);
}
