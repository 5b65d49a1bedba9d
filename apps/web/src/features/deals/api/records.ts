import {
  archiveDealDocument,
  calendarFeedUrl,
  createDealEvent,
  createDealNote,
  type DealEvent,
  type DealWorkflowsSettings,
  deleteDealEvent,
  deleteDealNote,
  getDealWorkflowsSettings,
  listDealDocuments,
  listDealEvents,
  listDealNotes,
  saveDealWorkflowsSettings,
  type TemporalData,
  updateDealEvent,
  updateDealNote,
  uploadDocument,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { uploadFormWithProgress } from '../../../lib/api/upload';
import { notifyDealError } from './deals';

const recordKeys = {
  notes: (dealId: number) => ['deals', dealId, 'notes'] as const,
  events: (dealId: number) => ['deals', dealId, 'events'] as const,
  documents: (dealId: number, archived: boolean) => ['deals', dealId, 'documents', archived] as const,
};

// ——— notes ———
export const notesQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: recordKeys.notes(dealId),
    queryFn: ({ signal }) => callApi(listDealNotes, { params: { dealId } }, { signal }),
  });

export function useSaveNote(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: { id?: number; content: string }) =>
      input.id
        ? callApi(updateDealNote, { params: { dealId, noteId: input.id }, body: { content: input.content } })
        : callApi(createDealNote, { params: { dealId }, body: { content: input.content } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.notes(dealId) }),
  });
}

export function useDeleteNote(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (noteId: number) => callApi(deleteDealNote, { params: { dealId, noteId } }),
    onError: notifyDealError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.notes(dealId) }),
  });
}

// ——— appointments ———
export const eventsQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: recordKeys.events(dealId),
    queryFn: ({ signal }) => callApi(listDealEvents, { params: { dealId } }, { signal }),
  });

export type EventInput = {
  id?: number;
  title: string;
  location: string;
  description: string;
  temporalData: TemporalData;
};

export function useSaveEvent(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ id, ...body }: EventInput) =>
      id
        ? callApi(updateDealEvent, { params: { id }, body })
        : callApi(createDealEvent, { params: { dealId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.events(dealId) }),
  });
}

/** §8: a failed delete is rolled back (the appointment reappears). */
export function useDeleteEvent(dealId: number) {
  const queryClient = useQueryClient();
  const key = recordKeys.events(dealId);
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (id: number) => callApi(deleteDealEvent, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DealEvent[]>(key);
      queryClient.setQueryData<DealEvent[]>(key, (old) => old?.filter((e) => e.id !== id));
      return { previous };
    },
    onError: (error, _id, context) => {
      queryClient.setQueryData(key, context?.previous);
      notifyDealError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useCalendarFeed() {
  return useMutation({ mutationFn: () => callApi(calendarFeedUrl, {}) });
}

// ——— attachments ———
export const documentsQueryOptions = (dealId: number, archived: boolean) =>
  queryOptions({
    queryKey: recordKeys.documents(dealId, archived),
    queryFn: ({ signal }) =>
      callApi(
        listDealDocuments,
        { params: { dealId }, query: { archived: archived ? 'true' : 'false' } },
        { signal },
      ),
  });

/** One file to the deal, with its progress; the list refreshes when it lands. */
export function uploadDealDocument(
  dealId: number,
  file: File,
  name: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('friendly_name', name);
  form.append('model', 'deal');
  form.append('model_id', String(dealId));
  form.append('document', file, file.name);
  return uploadFormWithProgress(uploadDocument, form, onProgress, signal);
}

export function useArchiveDocument(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (documentId: number) => callApi(archiveDealDocument, { params: { dealId, documentId } }),
    onError: notifyDealError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['deals', dealId, 'documents'] }),
  });
}

// ——— preset filters (web settings) ———
export const presetsQueryOptions = queryOptions({
  queryKey: ['settings', 'web', 'DEAL_WORKFLOWS'],
  queryFn: ({ signal }) => callApi(getDealWorkflowsSettings, {}, { signal }),
});

export function useSavePresets() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: DealWorkflowsSettings) => callApi(saveDealWorkflowsSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(presetsQueryOptions.queryKey, saved),
  });
}
