import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../config/constants';
import { storage } from '../storage';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut' | 'loggingOut';

type State = { status: SessionStatus; restoreError: boolean };

let state: State = { status: 'unknown', restoreError: false };
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
