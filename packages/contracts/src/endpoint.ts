import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call: the single source of truth for its path, verb, input and output. */
export type Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** Path below the /api base, with Fastify-style `:param` segments. */
  path: string;
  summary: string;
  /** Public calls need no session; every other call answers 401 without one. */
  auth: 'public' | 'session';
  /** State-changing calls need the CSRF token (body `_token` or header X-CSRF-Token). */
  csrf: boolean;
  body: Body;
  query: Query;
  params: Params;
  response: Response;
};

export function defineEndpoint<
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
>(e: {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: 'public' | 'session';
  csrf?: boolean;
  body?: Body;
  query?: Query;
  params?: Params;
  response: Response;
}): Endpoint<Body, Query, Params, Response> {
  return {
    ...e,
    csrf: e.csrf ?? e.method !== 'GET',
    body: e.body as Body,
    query: e.query as Query,
    params: e.params as Params,
  };
}

export const CSRF_HEADER = 'x-csrf-token';
