import {
  createDealNote,
  type DealNote,
  deleteDealNote,
  listDealNotes,
  updateDealNote,
} from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { requireDeal, requireEditableDeal } from './deals.service';

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

async function notes(db: Db, dealId: number, noteId?: number): Promise<DealNote[]> {
  const { rows } = await db.execute<NoteRow>(sql`
    SELECT n.id, n.content, n.created_at, n.updated_at,
           n.created_by, trim(cu.first_name || ' ' || cu.last_name) AS created_name,
           n.updated_by, trim(uu.first_name || ' ' || uu.last_name) AS updated_name
    FROM deal_notes n
    LEFT JOIN users cu ON cu.id = n.created_by
    LEFT JOIN users uu ON uu.id = n.updated_by
    WHERE n.deal_id = ${dealId} AND (${noteId ?? null}::int IS NULL OR n.id = ${noteId ?? null}::int)
    ORDER BY n.created_at DESC, n.id DESC`);
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    createdBy: r.created_by ? { id: r.created_by, name: r.created_name ?? '' } : null,
    updatedBy: r.updated_by ? { id: r.updated_by, name: r.updated_name ?? '' } : null,
  }));
}

async function requireNote(db: Db, dealId: number, noteId: number): Promise<DealNote> {
  const [note] = await notes(db, dealId, noteId);
  if (!note) throw notFound('Note not found');
  return note;
}

export function noteRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;

  route(app, listDealNotes, async ({ session, params }) => {
    await requireDeal(db, session().accountId, params.dealId);
    return notes(db, params.dealId);
  });

  route(app, createDealNote, async ({ session, params, body }) => {
    const s = session();
    await requireEditableDeal(db, s.accountId, params.dealId);
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO deal_notes (deal_id, content, created_by, updated_by)
      VALUES (${params.dealId}, ${body.content}, ${s.userId}, ${s.userId}) RETURNING id`);
    return requireNote(db, params.dealId, rows[0]!.id);
  });

  route(app, updateDealNote, async ({ session, params, body }) => {
    const s = session();
    await requireEditableDeal(db, s.accountId, params.dealId);
    await requireNote(db, params.dealId, params.noteId);
    await db.execute(sql`UPDATE deal_notes SET content = ${body.content}, updated_by = ${s.userId}, updated_at = now()
      WHERE id = ${params.noteId} AND deal_id = ${params.dealId}`);
    return requireNote(db, params.dealId, params.noteId);
  });

  route(app, deleteDealNote, async ({ session, params }) => {
    await requireEditableDeal(db, session().accountId, params.dealId);
    await requireNote(db, params.dealId, params.noteId);
    await db.execute(sql`DELETE FROM deal_notes WHERE id = ${params.noteId} AND deal_id = ${params.dealId}`);
    return { success: true as const };
  });
}
