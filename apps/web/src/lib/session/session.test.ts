import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInProfile } from '../../testing/fixtures';
import { safeReturnUrl } from './return-url';
import {
  listenForOptionsFrameExpiry,
  markSessionExpired,
  optionsFrameOrigin,
  setSessionExpiredListener,
} from './session-expiry';
import { restoreSession } from './session-query';
import {
  loggingOutFlag,
  markSignedIn,
  restoreErrorFlag,
  sessionExpiredFlag,
  sessionStore,
  signedInMarker,
} from './session-store';
import { signOut } from './sign-out';

function answerMe(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: 'You are not signed in.', fields: [] } };
const profile = signedInProfile;

beforeEach(() => sessionStore.set({ status: 'unknown' }));
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredListener(() => {});
});

describe('session restore (foundation §4)', () => {
  it('a successful restore signs in and remembers this browser had a session', async () => {
    answerMe(200, profile);
    expect(await restoreSession(new QueryClient())).toEqual(profile);
    expect(sessionStore.get().status).toBe('signedIn');
    expect(signedInMarker.isSet()).toBe(true);
  });

  it('a 401 for a browser that had a session marks it expired (kept until the next sign-in)', async () => {
    signedInMarker.set();
    answerMe(401, unauthenticated);
    const queryClient = new QueryClient();
    expect(await restoreSession(queryClient)).toBeNull();
    expect(sessionExpiredFlag.isSet()).toBe(true);
    expect(sessionStore.get()).toEqual({ status: 'signedOut' });
    markSignedIn();
    expect(sessionExpiredFlag.isSet()).toBe(false);
  });

  it('a 401 for a new visitor is not an expiry', async () => {
    answerMe(401, unauthenticated);
    expect(await restoreSession(new QueryClient())).toBeNull();
    expect(sessionExpiredFlag.isSet()).toBe(false);
  });

  it('any other failure clears auth and hands a restore error to the sign-in page, once', async () => {
    answerMe(500, { error: { code: 'INTERNAL', message: 'x', fields: [] } });
    expect(await restoreSession(new QueryClient())).toBeNull();
    expect(sessionStore.get()).toEqual({ status: 'signedOut' });
    expect(restoreErrorFlag.take()).toBe(true);
    expect(restoreErrorFlag.take()).toBe(false);
  });

  it('a 401 hands no restore error over', async () => {
    answerMe(401, unauthenticated);
    await restoreSession(new QueryClient());
    expect(restoreErrorFlag.take()).toBe(false);
  });
});

describe('session expiry', () => {
  it('only a signed-in session expires; the listener is told once', () => {
    const listener = vi.fn();
    setSessionExpiredListener(listener);
    markSessionExpired();
    expect(listener).not.toHaveBeenCalled();
    sessionStore.set({ status: 'signedIn' });
    markSessionExpired();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionExpiredFlag.isSet()).toBe(true);
    expect(sessionStore.get().status).toBe('signedOut');
  });

  it('the options frame message counts only from the allowed origin', () => {
    const onExpired = vi.fn();
    const stop = listenForOptionsFrameExpiry(window, 'https://options.example', onExpired);
    window.dispatchEvent(
      new MessageEvent('message', { data: 'sessionExpired', origin: 'https://evil.example' }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: 'somethingElse', origin: 'https://options.example' }),
    );
    expect(onExpired).not.toHaveBeenCalled();
    window.dispatchEvent(
      new MessageEvent('message', { data: 'sessionExpired', origin: 'https://options.example' }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'sessionExpired' }, origin: 'https://options.example' }),
    );
    expect(onExpired).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(
      new MessageEvent('message', { data: 'sessionExpired', origin: 'https://options.example' }),
    );
    expect(onExpired).toHaveBeenCalledTimes(2);
  });

  it('the options frame origin defaults to this origin', () => {
    expect(optionsFrameOrigin(undefined, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(optionsFrameOrigin('https://options.example/frame/', 'http://localhost:3000')).toBe(
      'https://options.example',
    );
  });
});

describe('sign-out hand-over', () => {
  it('leaves for /login and tells that page (in this tab only) to end the session', () => {
    const go = vi.fn();
    signOut(go);
    expect(go).toHaveBeenCalledWith('/login');
    expect(window.sessionStorage.getItem('slat.loggingOut')).toBe('1');
    expect(window.localStorage.getItem('slat.loggingOut')).toBeNull();
    expect(loggingOutFlag.take()).toBe(true);
    expect(loggingOutFlag.take()).toBe(false);
  });
});

describe('returnUrl', () => {
  it('keeps same-app paths with their query and refuses anything else', () => {
    expect(safeReturnUrl('/contacts?search=a')).toBe('/contacts?search=a');
    expect(safeReturnUrl('//evil.example/x')).toBe('/dashboard');
    expect(safeReturnUrl('https://evil.example')).toBe('/dashboard');
    expect(safeReturnUrl('/login?returnUrl=%2Fx')).toBe('/dashboard');
    expect(safeReturnUrl(undefined)).toBe('/dashboard');
  });
});
