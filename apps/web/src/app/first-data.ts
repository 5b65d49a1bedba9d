import { FIRST_DATA_ELEMENT_ID, firstDataSchema } from '@slat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { workflowsQueryOptions } from '../features/workflows';
import { readJsonBlock } from '../lib/json-block';
import { sessionQueryKey } from '../lib/session/session-query';

/**
 * The first data the server wrote into a signed-in browser's document (the profile and the
 * workflows), checked like any answer and put where their calls' answers go, so the first screen
 * asks for neither. Without it (signed out, the dev server, a failure there) the app asks as before.
 */
export function seedFirstData(queryClient: QueryClient, doc: Document = document): boolean {
  const parsed = firstDataSchema.safeParse(readJsonBlock(FIRST_DATA_ELEMENT_ID, doc));
  if (!parsed.success) return false;
  queryClient.setQueryData(sessionQueryKey, parsed.data.me);
  queryClient.setQueryData(workflowsQueryOptions.queryKey, parsed.data.workflows);
  return true;
}
