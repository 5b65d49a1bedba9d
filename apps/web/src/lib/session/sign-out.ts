import { logout } from '@slat/contracts';
import { LOGIN_PATH } from '../../config/constants';
import { callApi, resetCsrfToken } from '../api/client';
import { loggingOutFlag, signedInMarker } from './session-store';

/**
 * Signs out from the signed-in app: the sign-in page ends the session ('Logging out, please
 * wait...' until the server answers), so the call is not cut off by leaving this page.
 */
export function signOut(go: (url: string) => void = (url) => window.location.assign(url)): void {
  loggingOutFlag.set();
  go(LOGIN_PATH);
}

/** On the sign-in page: ends the session the signed-in app handed over. */
export async function endSession(): Promise<void> {
  try {
    await callApi(logout, {}, { sessionExpiry: false });
  } catch {
    // the session ends locally either way; an expired one is already gone on the server
  }
  signedInMarker.clear();
  resetCsrfToken();
}
