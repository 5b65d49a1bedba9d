import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../config/constants';
import { storage, tabStorage } from '../storage';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

type State = { status: SessionStatus };

let state: State = { status: 'unknown' };
const listeners = new Set<() => void>();

export const sessionStore = {
  get: (): State => state,
  set(next: Partial<State>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionState(): State {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** Kept in local storage until the next sign-in, so a reload still shows the warning. */
export const sessionExpiredFlag = {
  isSet: (): boolean => storage.get(STORAGE_KEYS.sessionExpired) === '1',
  set: (): void => storage.set(STORAGE_KEYS.sessionExpired, '1'),
  clear: (): void => storage.remove(STORAGE_KEYS.sessionExpired),
};

/** Remembers that this browser had a session, so a 401 on restore reads as "expired", not "new visitor". */
export const signedInMarker = {
  isSet: (): boolean => storage.get(STORAGE_KEYS.signedIn) === '1',
  set: (): void => storage.set(STORAGE_KEYS.signedIn, '1'),
  clear: (): void => storage.remove(STORAGE_KEYS.signedIn),
};

/** A flag one page leaves for the next in this tab (the SPA and the sign-in page are separate documents). */
function handoff(key: string) {
  return {
    set: (): void => tabStorage.set(key, '1'),
    /** Reads and clears the flag: it counts for one page load. */
    take: (): boolean => {
      const set = tabStorage.get(key) === '1';
      tabStorage.remove(key);
      return set;
    },
  };
}

/** The session restore failed for another reason than an expired session. */
export const restoreErrorFlag = handoff(STORAGE_KEYS.restoreError);

/** Sign-out: the sign-in page ends the session, so the call outlives the signed-in page. */
export const loggingOutFlag = handoff(STORAGE_KEYS.loggingOut);

/** After a successful sign-in: this browser has a session, the expiry warning is cleared. */
export function markSignedIn(): void {
  sessionExpiredFlag.clear();
  signedInMarker.set();
}
