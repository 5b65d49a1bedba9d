import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';

export const noteMessages = { empty: 'Note cannot be empty' } as const;

export const dealNoteSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type DealNote = z.infer<typeof dealNoteSchema>;

const noteBody = z.strictObject({
  content: z.string({ error: noteMessages.empty }).trim().min(1, noteMessages.empty).max(20000),
});
const dealParams = z.object({ dealId: idParam() });
const noteParams = z.object({
  dealId: idParam(),
  noteId: idParam(),
});

export const listDealNotes = defineEndpoint({
  method: 'GET',
  path: '/deals/:dealId/notes',
  summary: 'Notes of a deal, newest first',
  auth: 'session',
  params: dealParams,
  response: z.array(dealNoteSchema),
});

export const createDealNote = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/notes',
  summary: 'Add a note',
  auth: 'session',
  params: dealParams,
  body: noteBody,
  response: dealNoteSchema,
});

export const updateDealNote = defineEndpoint({
  method: 'PUT',
  path: '/deals/:dealId/notes/:noteId',
  summary: 'Edit a note',
  auth: 'session',
  params: noteParams,
  body: noteBody,
  response: dealNoteSchema,
});

export const deleteDealNote = defineEndpoint({
  method: 'DELETE',
  path: '/deals/:dealId/notes/:noteId',
  summary: 'Delete a note',
  auth: 'session',
  params: noteParams,
  response: z.object({ success: z.literal(true) }),
});
