import {
  archiveOrderDocument,
  attachOrderDocuments,
  listOrderDocuments,
  uploadDocument,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { uploadFormWithProgress } from '../../../lib/api/upload';
import { notifyOrderLinesError } from './windows';

export const orderDocumentKeys = {
  /** An order's documents (a quote's are addressed by its order, `externalId`). */
  documents: (orderId: number) => ['order-lines', orderId, 'documents'] as const,
};

export const orderDocumentsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderDocumentKeys.documents(orderId),
    queryFn: ({ signal }) => callApi(listOrderDocuments, { params: { orderId } }, { signal }),
    meta: { errorHandling: 'local' },
  });

/**
 * One file to the order: uploaded unattached (POST /old/documents), then attached to the order;
 * the progress is the upload's.
 */
export async function uploadOrderDocument(
  orderId: number,
  file: File,
  name: string,
  onProgress: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('friendly_name', name);
  form.append('document', file, file.name);
  const uploaded = await uploadFormWithProgress(uploadDocument, form, onProgress);
  return callApi(attachOrderDocuments, {
    params: { orderId },
    body: { data: [uploaded.data.id], directUpload: true },
  });
}

export function useArchiveOrderDocument(orderId: number, readOnlyMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (documentId: number) =>
      callApi(archiveOrderDocument, { params: { orderId, documentId }, body: { _method: 'DELETE' } }),
    onError: (error) => notifyOrderLinesError(error, { readOnlyMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDocumentKeys.documents(orderId) }),
  });
}
