import { logout } from '@slat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { callApi, resetCsrfToken } from '../api/client';
import { sessionStore, signedInMarker } from './session-store';

/**
 * Signs out: the sign-in page shows 'Logging out, please wait...' (status loggingOut) while the
 * server ends the session; the cache is cleared after the shell has gone.
 */
export async function signOut(queryClient: QueryClient, goToLogin: () => Promise<void>): Promise<void> {
  sessionStore.set({ status: 'loggingOut' });
  await goToLogin();
  try {
    await callApi(logout, {}, { sessionExpiry: false });
  } catch {
    // the session ends locally either way; an expired one is already gone on the server
  }
  signedInMarker.clear();
  resetCsrfToken();
  queryClient.clear();
  sessionStore.set({ status: 'signedOut', restoreError: false });
}
