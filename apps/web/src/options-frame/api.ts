/**
 * The frame's three API calls, with plain fetch and the session cookie (same origin): the line's
 * options (getOrderLineOptions), the save (updateOrderLine, with the CSRF token from
 * generateToken as X-CSRF-Token). Paths are written out here rather than imported from the
 * contracts (whose index pulls zod); api.test.ts checks them against the contracts.
 */
import {
  type FrameLine,
  type OptionsDisplay,
  readErrorMessage,
  readOptionsDisplay,
  readSavedLine,
} from './display';
import type { LineAddress } from './frame-params';
import type { FrameStrings } from './strings';

export const API_BASE = '/api';
export const CSRF_TOKEN_PATH = `${API_BASE}/old/auth/generate-token`;
export const CSRF_HEADER = 'x-csrf-token';

export const linePath = (a: LineAddress) =>
  `${API_BASE}/old/quotes/${a.orderId}/windows/${a.windowId}/products/${a.lineId}`;
export const optionsPath = (a: LineAddress) => `${linePath(a)}/options/display`;

/** Why a call failed: the session is over (401, 419), or anything else, with the text to show. */
export type Failure = { kind: 'session' } | { kind: 'failed'; status: number | null; message: string };
export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export type FrameApi = {
  loadOptions(): Promise<Result<OptionsDisplay>>;
  /** Saves the selection (every selected option key) and answers the repriced line. */
  saveOptions(optionKeys: string[]): Promise<Result<FrameLine>>;
};

const fail = (failure: Failure): { ok: false; failure: Failure } => ({ ok: false, failure });

export function createFrameApi(address: LineAddress, s: FrameStrings, fetchFn: typeof fetch): FrameApi {
  let token: Promise<Result<unknown>> | undefined;

  async function call(url: string, init: RequestInit = {}): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await fetchFn(url, {
        ...init,
        credentials: 'same-origin',
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      });
    } catch {
      return fail({ kind: 'failed', status: null, message: s.unreachable });
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 || response.status === 419) return fail({ kind: 'session' });
    if (!response.ok) {
      return fail({
        kind: 'failed',
        status: response.status,
        message: readErrorMessage(payload) ?? s.failedStatus(response.status),
      });
    }
    return { ok: true, value: payload };
  }

  /** The CSRF token bound to the session cookie, fetched once (again after a failure). */
  async function csrfToken(): Promise<Result<string>> {
    token ??= call(CSRF_TOKEN_PATH);
    const result = await token;
    if (result.ok && typeof result.value === 'string' && result.value !== '')
      return { ok: true, value: result.value };
    token = undefined;
    return result.ok ? fail({ kind: 'failed', status: null, message: s.unreadable }) : result;
  }

  const unreadable = (status: number) => fail({ kind: 'failed', status, message: s.unreadable });

  return {
    async loadOptions() {
      const result = await call(optionsPath(address));
      if (!result.ok) return result;
      const display = readOptionsDisplay(result.value);
      return display ? { ok: true, value: display } : unreadable(200);
    },

    async saveOptions(optionKeys) {
      const csrf = await csrfToken();
      if (!csrf.ok) return csrf;
      const result = await call(linePath(address), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrf.value },
        body: JSON.stringify({ details: { options: optionKeys } }),
      });
      if (!result.ok) {
        if (result.failure.kind === 'session') token = undefined;
        return result;
      }
      const line = readSavedLine(result.value);
      return line ? { ok: true, value: line } : unreadable(200);
    },
  };
}
