import { exportWorkflowSchema, importWorkflowSchema, listWorkflows, updateWorkflow } from '@slat/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { uploadFile } from '../../../lib/api/upload';
import { downloadJson } from '../../../lib/download';

/** The account's workflows: the navigation, the boards and the settings page all read this one. */
export const workflowsQueryOptions = queryOptions({
  queryKey: ['workflows'],
  queryFn: ({ signal }) => callApi(listWorkflows, {}, { signal }),
  staleTime: 60_000,
});

/** The navigation, the boards and the settings page see a rename, an import or a (de)activation. */
const invalidateWorkflows = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: workflowsQueryOptions.queryKey });

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

/**
 * Creates the workflow from its file (the page previews it first), left inactive when the dealer
 * said so. The page shows the server's field errors itself.
 */
export function useImportWorkflowSchema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, active }: { file: File; active: boolean }) => {
      const workflow = await uploadFile(importWorkflowSchema, file);
      if (active || !workflow.isActive) return workflow;
      return callApi(updateWorkflow, {
        params: { id: workflow.id },
        body: { name: workflow.name, isActive: false },
      });
    },
    meta: { errorHandling: 'local' },
    onSettled: () => invalidateWorkflows(queryClient),
  });
}
