import { exportWorkflowSchema, importWorkflowSchema, listWorkflows, updateWorkflow } from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { uploadFile } from '../../../lib/api/upload';
import { downloadJson } from '../../../lib/download';

export const workflowsQueryOptions = queryOptions({
  queryKey: ['workflows', 'settings'],
  queryFn: ({ signal }) => callApi(listWorkflows, {}, { signal }),
});

/** Every workflows query (the navigation's too) sees a rename or (de)activation. */
const invalidateWorkflows = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['workflows'] });

export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: { id: number; name: string; isActive: boolean }) =>
      callApi(updateWorkflow, {
        params: { id: input.id },
        body: { name: input.name, isActive: input.isActive },
      }),
    onSettled: () => invalidateWorkflows(queryClient),
  });
}

export function useExportWorkflowSchema() {
  return useMutation({
    mutationFn: async (workflow: { id: number; slug: string }) => {
      const document = await callApi(exportWorkflowSchema, { params: { id: workflow.id } });
      downloadJson(`${workflow.slug || `workflow-${workflow.id}`}.workflow.json`, document);
      return document;
    },
  });
}

/** The page shows the server's field errors itself. */
export function useImportWorkflowSchema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(importWorkflowSchema, file),
    meta: { errorHandling: 'local' },
    onSuccess: () => invalidateWorkflows(queryClient),
  });
}
