import { env } from '../../config/env';
import { resetCsrfToken } from '../api/client';
import { sessionExpiredFlag, sessionStore, signedInMarker } from './session-store';

type ExpiryListener = () => void;
let onExpired: ExpiryListener = () => {};

/** The app decides where an expired session goes (the sign-in page with a returnUrl). */
export function setSessionExpiredListener(listener: ExpiryListener): void {
  onExpired = listener;
}

/** A 401/419 while signed in, or the options frame said so: the session is over. */
export function markSessionExpired(): void {
  if (sessionStore.get().status !== 'signedIn') return;
  sessionExpiredFlag.set();
  signedInMarker.clear();
  resetCsrfToken();
  sessionStore.set({ status: 'signedOut' });
  onExpired();
}

/** The origin the product options frame is served from (same origin unless configured). */
export function optionsFrameOrigin(base = env.optionsFrameBase, here = window.location.origin): string {
  return base ? new URL(base).origin : here;
}

function isSessionExpiredMessage(data: unknown): boolean {
  if (data === 'sessionExpired') return true;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'sessionExpired';
}

/** Listens for `sessionExpired` posted by the options frame; other origins are ignored. */
export function listenForOptionsFrameExpiry(
  target: Window,
  allowedOrigin: string,
  onMessage: () => void = markSessionExpired,
): () => void {
  const handler = (event: MessageEvent) => {
    if (event.origin !== allowedOrigin) return;
    if (isSessionExpiredMessage(event.data)) onMessage();
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}
