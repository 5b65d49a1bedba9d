import { importContacts, previewContactImport } from '@slat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/api/upload';
import { contactsQueryKey } from './search-contacts';

/** What importing the file would do, row by row; nothing is written. */
export function usePreviewContactImport() {
  return useMutation({
    mutationFn: (file: File) => uploadFile(previewContactImport, file),
    meta: { errorHandling: 'local' },
  });
}

/** Imports the file (rows with errors skipped, duplicates by email merged). */
export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(importContacts, file),
    meta: { errorHandling: 'local' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
