import { messages } from '@slat/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionExpiredFlag, signedInMarker } from '../../lib/session/session-store';
import { signedInProfile } from '../../testing/fixtures';
import { descriptionOf } from '../../testing/render';
import { AuthApp, authPageFor } from './auth-app';
import type { AuthHandoff } from './auth-handoff';
import { readInlineBranding } from './branding';

const profile = signedInProfile;

type Answer = { status: number; body: unknown };
/** fetch answering by "METHOD path"; records every call. */
function stubApi(answers: Record<string, Answer | (() => Promise<Answer>)>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      calls.push(key);
      const answer = answers[key];
      if (!answer)
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: key, fields: [] } }), {
          status: 404,
        });
      const { status, body } = typeof answer === 'function' ? await answer() : answer;
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

const noHandoff: AuthHandoff = { sessionExpired: false, restoreError: false, endingSession: null };
const branding = { 'GET /api/branding': { status: 200, body: { logoUrl: null, backgroundColor: null } } };

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('sign-in document pages', () => {
  it('shows the reset page only for a reset link with its token', () => {
    const at = (url: string) => {
      const u = new URL(url, 'http://slat.test');
      return authPageFor({ pathname: u.pathname, search: u.searchParams });
    };
    expect(at('/reset-password?token=abc')).toEqual({ page: 'reset', token: 'abc' });
    expect(at('/reset-password')).toEqual({ page: 'login', returnUrl: undefined, canonical: false });
    expect(at('/login?returnUrl=%2Fcontacts%3Fsearch%3Da')).toEqual({
      page: 'login',
      returnUrl: '/contacts?search=a',
      canonical: true,
    });
  });

  it('/reset-password without a token becomes /login in place', async () => {
    stubApi(branding);
    window.history.replaceState(null, '', '/reset-password');
    render(<AuthApp handoff={noHandoff} />);
    expect(await screen.findByRole('heading', { name: 'Sign in to Slat' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('signs in with the contract rules loaded on demand, clears the expiry warning and leaves for the returnUrl', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      ...branding,
      'GET /api/old/auth/generate-token': { status: 200, body: 'token-1' },
      'POST /api/old/auth': { status: 200, body: profile },
    });
    sessionExpiredFlag.set();
    window.history.replaceState(null, '', '/login?returnUrl=%2Fcontacts%3Fsearch%3Da');
    const leave = vi.fn();
    render(<AuthApp handoff={{ ...noHandoff, sessionExpired: true }} leave={leave} />);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.sessionExpired);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText(/^Username/))).toBe(messages.usernameRequired),
    );
    expect(calls).not.toContain('POST /api/old/auth');

    await user.type(screen.getByLabelText(/^Username/), 'demo');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/contacts?search=a'));
    expect(calls).toContain('POST /api/old/auth');
    expect(sessionExpiredFlag.isSet()).toBe(false);
    expect(signedInMarker.isSet()).toBe(true);
  });

  it('a rejected sign-in shows the exact message and stays', async () => {
    const user = userEvent.setup();
    stubApi({
      ...branding,
      'GET /api/old/auth/generate-token': { status: 200, body: 'token-1' },
      'POST /api/old/auth': {
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: messages.loginFailed, fields: [] } },
      },
    });
    window.history.replaceState(null, '', '/login');
    const leave = vi.fn();
    render(<AuthApp handoff={noHandoff} leave={leave} />);
    await user.type(await screen.findByLabelText(/^Username/), 'demo');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = (await screen.findByText(messages.loginFailed)).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Login failed');
    // said once: no title repeating the message's own first words
    expect(alert?.textContent?.match(/Login failed/g)).toHaveLength(1);
    expect(leave).not.toHaveBeenCalled();
  });

  it("while a handed-over sign-out runs: 'Logging out, please wait...', then the form", async () => {
    stubApi(branding);
    let finish: () => void = () => {};
    const endingSession = new Promise<void>((resolve) => {
      finish = resolve;
    });
    window.history.replaceState(null, '', '/login');
    render(<AuthApp handoff={{ ...noHandoff, endingSession }} />);
    expect(await screen.findByText('Logging out, please wait...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    finish();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('inline branding', () => {
  const withBlock = (text: string) => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML = `<script id="slat-branding" type="application/json">${text}</script>`;
    return doc;
  };

  it('reads the block the server wrote; no block or a broken one is "not given"', () => {
    expect(readInlineBranding(withBlock('{"logoUrl":"/l.png","backgroundColor":"#123"}'))).toEqual({
      logoUrl: '/l.png',
      backgroundColor: '#123',
    });
    expect(readInlineBranding(withBlock('{"logoUrl":7,"backgroundColor":""}'))).toEqual({
      logoUrl: null,
      backgroundColor: null,
    });
    expect(readInlineBranding(withBlock('{not json'))).toBeUndefined();
    expect(readInlineBranding(document.implementation.createHTMLDocument('x'))).toBeUndefined();
  });

  it('without a block the page asks GET /api/branding and uses the colour', async () => {
    const calls = stubApi({
      'GET /api/branding': { status: 200, body: { logoUrl: null, backgroundColor: 'rgb(1, 2, 3)' } },
    });
    window.history.replaceState(null, '', '/login');
    render(<AuthApp handoff={noHandoff} />);
    await waitFor(() => expect(document.querySelector('main')?.style.background).toBe('rgb(1, 2, 3)'));
    expect(calls).toContain('GET /api/branding');
  });
});
