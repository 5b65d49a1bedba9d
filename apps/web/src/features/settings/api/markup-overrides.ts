import {
  createMarkupOverride,
  deleteMarkupOverride,
  listMarkupOverrides,
  type MarkupOverrideRequest,
  markupOverrideOptions,
  updateMarkupOverride,
} from '@slat/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

const key = ['settings', 'markup-overrides'] as const;

export const markupOverridesQueryOptions = queryOptions({
  queryKey: key,
  queryFn: ({ signal }) => callApi(listMarkupOverrides, {}, { signal }),
});

/** Categories and products the pickers offer, searched on the server. */
export function useMarkupOverrideOptions(search: string) {
  return useQuery({
    queryKey: [...key, 'options', search],
    queryFn: ({ signal }) => callApi(markupOverrideOptions, { query: search ? { search } : {} }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Create (id 0) or change an override; a 400 is the form's to show, not a toast. */
export function useSaveMarkupOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkupOverrideRequest & { id: number }) =>
      body.id
        ? callApi(updateMarkupOverride, { params: { id: body.id }, body })
        : callApi(createMarkupOverride, { body }),
    meta: { errorHandling: 'local' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteMarkupOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteMarkupOverride, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
