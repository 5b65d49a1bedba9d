import { login, me } from '@slat/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, resetCsrfToken, setSessionErrorListener } from './client';
import { ApiError, NetworkError, ResponseSchemaError } from './errors';

type Answer = { status: number; body: unknown };

function mockFetch(answers: Record<string, Answer>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers[`${init.method} ${url}`];
      if (!answer) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const profile = {
  user: {
    id: 1,
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'dana@harbourblinds.example',
    country_code: 'AU',
    admin_company_id: 1,
    main_admin_access: true,
  },
  company: { id: 1, account_id: 1, country_id: 1, country_code: 'AU', name: 'Harbour', address: null },
  modules: { 'dealer_portal.sales': true },
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetCsrfToken();
  setSessionErrorListener(() => {});
});

describe('api client', () => {
  it('validates the response with the contract and returns it', async () => {
    mockFetch({ 'POST /api/old/auth/me': { status: 200, body: profile } });
    await expect(callApi(me, {})).resolves.toEqual(profile);
  });

  it('reports a response that does not match its schema with the endpoint and field path', async () => {
    mockFetch({
      'POST /api/old/auth/me': {
        status: 200,
        body: { ...profile, user: { ...profile.user, first_name: 7 } },
      },
    });
    const error = await callApi(me, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseSchemaError);
    expect((error as Error).message).toMatch(
      /^Unexpected response from POST \/api\/old\/auth\/me: user\.first_name: /,
    );
  });

  it('sends the CSRF token header on state-changing calls', async () => {
    const calls = mockFetch({
      'GET /api/old/auth/generate-token': { status: 200, body: 'tok-1' },
      'POST /api/old/auth': { status: 200, body: profile },
    });
    await callApi(login, { body: { username: 'demo', password: 'x', _token: 'tok-1' } });
    const post = calls.find((c) => c.init.method === 'POST');
    expect((post?.init.headers as Record<string, string> | undefined)?.['x-csrf-token']).toBe('tok-1');
  });

  it('turns an error body into an ApiError; 401 and 419 go to the session listener unless opted out', async () => {
    mockFetch({
      'POST /api/old/auth/me': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'You are not signed in.', fields: [] } },
      },
    });
    const listener = vi.fn();
    setSessionErrorListener(listener);
    const error = await callApi(me, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('UNAUTHENTICATED');
    expect(listener).toHaveBeenCalledTimes(1);
    await callApi(me, {}, { sessionExpiry: false }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a failure without an answer is a NetworkError (no status)', async () => {
    mockFetch({});
    await expect(callApi(me, {})).rejects.toBeInstanceOf(NetworkError);
  });
});
