import { apiErrorSchema, CSRF_HEADER, type Endpoint, generateToken } from '@slat/contracts';
import type { z } from 'zod';
import { ApiError, NetworkError, ResponseSchemaError } from './errors';

export const API_BASE = '/api';

type In<S> = S extends z.ZodType ? z.input<S> : never;

export type CallInput<E extends Endpoint> = (E['body'] extends z.ZodType
  ? { body: In<E['body']> }
  : { body?: never }) &
  (E['query'] extends z.ZodType ? { query: In<E['query']> } : { query?: never }) &
  (E['params'] extends z.ZodType ? { params: In<E['params']> } : { params?: never });

export type CallOptions = {
  signal?: AbortSignal;
  /** false: a 401/419 answer is the caller's business (sign-in page, session restore). */
  sessionExpiry?: boolean;
};

type SessionErrorListener = (error: ApiError) => void;
let onSessionError: SessionErrorListener = () => {};

/** The session module decides what a 401/419 means (only a signed-in user can expire). */
export function setSessionErrorListener(listener: SessionErrorListener): void {
  onSessionError = listener;
}

/** For calls made outside requestJson (file uploads): a 401/419 expires the session the same way. */
export function signalSessionError(error: ApiError): void {
  if (error.status === 401 || error.status === 419) onSessionError(error);
}

let apiFetch: typeof fetch = (input, init) => fetch(input, init);

/** Where calls go: the browser's fetch, or the server's own when it renders a first screen. */
export function setApiFetch(transport: typeof fetch): void {
  apiFetch = transport;
}

let csrfToken: Promise<string> | null = null;

/** The CSRF token bound to the current session cookie, fetched once per session. */
export function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    csrfToken = requestJson<string>(
      { method: 'GET', url: `${API_BASE}${generateToken.path}` },
      generateToken.response,
    );
    csrfToken.catch(() => {
      csrfToken = null;
    });
  }
  return csrfToken;
}

/** The session cookie changed (sign-in, sign-out, expiry): the next call fetches a new token. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The error for a failed answer: the server's error body when it has the contract's shape. */
export function apiErrorFrom(label: string, status: number, payload: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(payload);
  return parsed.success
    ? new ApiError(label, status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields)
    : new ApiError(label, status, 'UNKNOWN', `${label} failed with status ${status}`);
}

/** A 2xx answer checked against its contract schema; a mismatch names the endpoint and field path. */
export function parseResponse<T>(label: string, schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ResponseSchemaError(label, parsed.error.issues);
  return parsed.data;
}

type RawRequest = {
  method: string;
  url: string;
  body?: unknown;
  csrf?: string;
  signal?: AbortSignal;
};

/** One HTTP round trip: JSON in and out, typed errors, the response checked against its schema. */
export async function requestJson<T>(
  req: RawRequest,
  schema: z.ZodType<T>,
  options: { sessionExpiry?: boolean; label?: string } = {},
): Promise<T> {
  const label = options.label ?? `${req.method} ${req.url.split('?')[0]}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.csrf) headers[CSRF_HEADER] = req.csrf;
  let response: Response;
  try {
    response = await apiFetch(req.url, {
      method: req.method,
      headers,
      credentials: 'same-origin',
      body: req.body === undefined ? null : JSON.stringify(req.body),
      signal: req.signal ?? null,
    });
  } catch (cause) {
    throw new NetworkError(label, cause);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = apiErrorFrom(label, response.status, payload);
    if ((response.status === 401 || response.status === 419) && options.sessionExpiry !== false) {
      onSessionError(error);
    }
    throw error;
  }
  return parseResponse(label, schema, payload);
}

/** Calls one contract endpoint; state-changing calls carry the CSRF token header. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<z.output<E['response']>> {
  const { body, query, params } = input as {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
  };
  const url = `${API_BASE}${buildPath(endpoint.path, params)}${buildQuery(query)}`;
  const csrf = endpoint.csrf ? await getCsrfToken() : undefined;
  return requestJson(
    {
      method: endpoint.method,
      url,
      body,
      ...(csrf ? { csrf } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    endpoint.response as z.ZodType<z.output<E['response']>>,
    {
      label: `${endpoint.method} ${API_BASE}${endpoint.path}`,
      ...(options.sessionExpiry === false ? { sessionExpiry: false } : {}),
    },
  );
}
