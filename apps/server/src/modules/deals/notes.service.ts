import type { DealNote } from '@slat/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { requireDeal, requireEditableDeal } from './deals.service';
import * as repo from './notes.repository';

async function requireNote(db: Db, dealId: number, noteId: number): Promise<DealNote> {
  const [note] = await repo.findNotes(db, dealId, noteId);
  if (!note) throw notFound('Note not found');
  return note;
}

export async function listNotes(db: Db, accountId: number, dealId: number): Promise<DealNote[]> {
  await requireDeal(db, accountId, dealId);
  return repo.findNotes(db, dealId);
}

export async function addNote(
  db: Db,
  accountId: number,
  userId: number,
  dealId: number,
  content: string,
): Promise<DealNote> {
  await requireEditableDeal(db, accountId, dealId);
  const id = await repo.insertNote(db, dealId, content, userId);
  return requireNote(db, dealId, id);
}

export async function editNote(
  db: Db,
  accountId: number,
  userId: number,
  dealId: number,
  noteId: number,
  content: string,
): Promise<DealNote> {
  await requireEditableDeal(db, accountId, dealId);
  await requireNote(db, dealId, noteId);
  await repo.updateNoteRow(db, dealId, noteId, content, userId);
  return requireNote(db, dealId, noteId);
}

export async function deleteNote(
  db: Db,
  accountId: number,
  dealId: number,
  noteId: number,
): Promise<{ success: true }> {
  await requireEditableDeal(db, accountId, dealId);
  await requireNote(db, dealId, noteId);
  await repo.deleteNoteRow(db, dealId, noteId);
  return { success: true };
}
