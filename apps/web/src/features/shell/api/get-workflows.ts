import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

/** Only what the navigation reads; the workflows issue owns the full contract. */
const navWorkflowSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  slug: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export type NavWorkflow = z.infer<typeof navWorkflowSchema>;

const navWorkflowsSchema = z.union([
  z.array(navWorkflowSchema),
  z.looseObject({ data: z.array(navWorkflowSchema) }).transform((v) => v.data),
]);

/** GET /api/workflows; a 404 (not built yet) is an empty list, quietly. */
export async function getNavWorkflows(signal?: AbortSignal): Promise<NavWorkflow[]> {
  try {
    return await requestJson(
      { method: 'GET', url: '/api/workflows', ...(signal ? { signal } : {}) },
      navWorkflowsSchema,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const navWorkflowsQueryOptions = queryOptions({
  queryKey: ['workflows', 'nav'],
  queryFn: ({ signal }) => getNavWorkflows(signal),
  staleTime: 60_000,
});
