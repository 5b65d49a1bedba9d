import { type MeResponse, me } from '@slat/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { isSessionError } from '../api/errors';
import {
  restoreErrorFlag,
  sessionExpiredFlag,
  sessionStore,
  signedInMarker,
  useSessionState,
} from './session-store';

export const sessionQueryKey = ['session', 'me'] as const;

const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => callApi(me, {}, { signal, sessionExpiry: false }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  meta: { errorHandling: 'local' },
});

/**
 * Restores the session with POST /old/auth/me (once per page load). A failure clears auth;
 * a 401/419 for a browser that had a session marks it expired, anything else flags a restore
 * error for the sign-in page (handed over in this tab's session storage).
 */
export async function restoreSession(queryClient: QueryClient): Promise<MeResponse | null> {
  const { status } = sessionStore.get();
  if (status === 'signedOut') return null;
  try {
    const profile = await queryClient.ensureQueryData(sessionQueryOptions);
    signedInMarker.set();
    sessionStore.set({ status: 'signedIn' });
    return profile;
  } catch (error) {
    queryClient.removeQueries({ queryKey: sessionQueryKey });
    sessionStore.set({ status: 'signedOut' });
    if (isSessionError(error)) {
      if (signedInMarker.isSet()) sessionExpiredFlag.set();
      signedInMarker.clear();
    } else {
      restoreErrorFlag.set();
    }
    return null;
  }
}

/** The signed-in profile (user, company, modules); undefined once signed out. */
export function useSession(): MeResponse | undefined {
  const { status } = useSessionState();
  return useQuery({ ...sessionQueryOptions, enabled: status === 'signedIn' }).data;
}
