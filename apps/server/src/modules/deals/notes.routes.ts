import { createDealNote, deleteDealNote, listDealNotes, updateDealNote } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as notes from './notes.service';

export function registerNoteRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listDealNotes, async ({ session, params }) =>
    notes.listNotes(db, session().accountId, params.dealId),
  );
  route(app, createDealNote, async ({ session, params, body }) => {
    const s = session();
    return notes.addNote(db, s.accountId, s.userId, params.dealId, body.content);
  });
  route(app, updateDealNote, async ({ session, params, body }) => {
    const s = session();
    return notes.editNote(db, s.accountId, s.userId, params.dealId, params.noteId, body.content);
  });
  route(app, deleteDealNote, async ({ session, params }) =>
    notes.deleteNote(db, session().accountId, params.dealId, params.noteId),
  );
}
