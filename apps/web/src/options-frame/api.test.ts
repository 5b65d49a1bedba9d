import {
  CSRF_HEADER as CONTRACT_CSRF_HEADER,
  generateToken,
  getOrderLineOptions,
  updateOrderLine,
} from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_TOKEN_PATH, createFrameApi, linePath, optionsPath } from './api';
import { displayJson, lineJson } from './frame-fixtures';
import { fakeFetch } from './frame-test-kit';
import { frameStrings } from './strings';

const address = { lineId: 42, orderId: 3, windowId: 9 };
const s = frameStrings.en;
const fill = (path: string, params: Record<string, number>) =>
  `/api${path.replace(/:(\w+)/g, (_m, name: string) => String(params[name]))}`;

describe('the frame’s API calls', () => {
  it('use the contracts’ paths and header', () => {
    expect(optionsPath(address)).toBe(fill(getOrderLineOptions.path, { ...address, productId: 42 }));
    expect(linePath(address)).toBe(fill(updateOrderLine.path, { ...address, id: 42 }));
    expect(updateOrderLine.method).toBe('PUT');
    expect(CSRF_TOKEN_PATH).toBe(`/api${generateToken.path}`);
    expect(CSRF_HEADER).toBe(CONTRACT_CSRF_HEADER);
  });

  it('load the options with the session cookie', async () => {
    const api = fakeFetch({ [`GET ${optionsPath(address)}`]: () => ({ status: 200, body: displayJson() }) });
    const result = await createFrameApi(address, s, api.fetch).loadOptions();
    expect(result.ok).toBe(true);
    expect(api.fetch).toHaveBeenCalledWith(
      optionsPath(address),
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('save the selection as the contract’s body, with the CSRF token fetched once', async () => {
    const api = fakeFetch({
      [`GET ${CSRF_TOKEN_PATH}`]: () => ({ status: 200, body: 'token-1' }),
      [`PUT ${linePath(address)}`]: () => ({ status: 200, body: { data: lineJson() } }),
    });
    const frameApi = createFrameApi(address, s, api.fetch);
    expect((await frameApi.saveOptions(['motor', 'snow'])).ok).toBe(true);
    expect((await frameApi.saveOptions(['chain'])).ok).toBe(true);
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([
      { details: { options: ['motor', 'snow'] } },
      { details: { options: ['chain'] } },
    ]);
    for (const put of puts) {
      expect(put.headers[CSRF_HEADER]).toBe('token-1');
      expect(updateOrderLine.body.safeParse(put.body).success).toBe(true);
    }
    expect(api.calls.filter((c) => c.url === CSRF_TOKEN_PATH)).toHaveLength(1);
  });

  it.each([401, 419])(
    'call a %i the end of the session (and fetch a new token next time)',
    async (status) => {
      const api = fakeFetch({
        [`GET ${CSRF_TOKEN_PATH}`]: () => ({ status: 200, body: 'token' }),
        [`PUT ${linePath(address)}`]: () => ({ status, body: { error: { code: 'X', message: 'no' } } }),
        [`GET ${optionsPath(address)}`]: () => ({ status, body: { error: { code: 'X', message: 'no' } } }),
      });
      const frameApi = createFrameApi(address, s, api.fetch);
      expect(await frameApi.saveOptions([])).toEqual({ ok: false, failure: { kind: 'session' } });
      expect(await frameApi.loadOptions()).toEqual({ ok: false, failure: { kind: 'session' } });
      await frameApi.saveOptions([]);
      expect(api.calls.filter((c) => c.url === CSRF_TOKEN_PATH)).toHaveLength(2);
    },
  );

  it('pass on the server’s message for any other failure, or say what happened', async () => {
    let answer: { status: number; body?: unknown } | 'network-error' = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'This quote is read-only', fields: [] } },
    };
    const api = fakeFetch({
      [`GET ${CSRF_TOKEN_PATH}`]: () => ({ status: 200, body: 'token' }),
      [`PUT ${linePath(address)}`]: () => answer,
      [`GET ${optionsPath(address)}`]: () => answer,
    });
    const frameApi = createFrameApi(address, s, api.fetch);
    expect(await frameApi.saveOptions(['x'])).toEqual({
      ok: false,
      failure: { kind: 'failed', status: 409, message: 'This quote is read-only' },
    });
    answer = { status: 500 };
    expect(await frameApi.loadOptions()).toEqual({
      ok: false,
      failure: { kind: 'failed', status: 500, message: 'The server answered with status 500.' },
    });
    answer = 'network-error';
    expect(await frameApi.loadOptions()).toEqual({
      ok: false,
      failure: { kind: 'failed', status: null, message: s.unreachable },
    });
    answer = { status: 200, body: { data: { line: {} } } };
    expect(await frameApi.loadOptions()).toEqual({
      ok: false,
      failure: { kind: 'failed', status: 200, message: s.unreadable },
    });
  });
});
