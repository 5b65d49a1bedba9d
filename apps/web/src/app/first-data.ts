import {
  FIRST_DATA_ELEMENT_ID,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstData,
  firstDataSchema,
  firstScreenSchema,
} from '@slat/contracts';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { workflowsQueryOptions } from '../features/workflows';
import { setFirstViewport } from '../lib/first-screen';
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
  seedFirstDataFrom(queryClient, parsed.data);
  return true;
}

/** The first data put where the profile's and the workflows' calls' answers go. */
export function seedFirstDataFrom(queryClient: QueryClient, first: FirstData): void {
  queryClient.setQueryData(sessionQueryKey, first.me);
  queryClient.setQueryData(workflowsQueryOptions.queryKey, first.workflows);
}

/**
 * A first screen the server rendered (decision 039): its calls' answers into the cache and its
 * viewport for the first render; true when there is one to take over. Otherwise the first render
 * lays out for the real window.
 */
export function takeOverFirstScreen(queryClient: QueryClient, doc: Document = document): boolean {
  const parsed = firstScreenSchema.safeParse(readJsonBlock(FIRST_SCREEN_ELEMENT_ID, doc));
  const rendered = parsed.success && doc.getElementById('root')?.firstElementChild != null;
  if (!parsed.success || !rendered) {
    const view = doc.defaultView;
    if (view) setFirstViewport({ width: view.innerWidth, height: view.innerHeight });
    return false;
  }
  setFirstViewport(parsed.data.viewport);
  // each answer as its contract's schema gave it on the server (the same client code made the call)
  hydrate(queryClient, parsed.data.state as DehydratedState);
  return true;
}
