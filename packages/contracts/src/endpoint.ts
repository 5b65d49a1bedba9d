import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. Every call needs a session unless its contract says `auth: 'public'`,
 * and says why in a comment beside it (sign-in, branding of the sign-in page, public file links…).
 * `supplier` calls take a supplier's credential (`Authorization: Bearer`, a token or an order
 * link) instead of a session, and only that.
 */
export type EndpointAuth = 'public' | 'session' | 'supplier';

/**
 * The API reference lists each audience apart (decision 033): the dealer's app (a session), the
 * customer's pages, sign-in and provider webhooks (public), and suppliers (their bearer credential).
 */
export const API_AUDIENCE_TAGS = {
  session: 'Dealer API',
  public: 'Public API',
  supplier: 'Supplier API',
} as const satisfies Record<EndpointAuth, string>;

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
  auth: EndpointAuth;
  /** State-changing calls need the CSRF token (body `_token` or header X-CSRF-Token). */
  csrf: boolean;
  /** Left out of the OpenAPI document (the document itself, test hooks). */
  hidden: boolean;
  body: Body;
  query: Query;
  params: Params;
  response: Response;
};

/**
 * A call whose answer is not JSON (a file, an iCalendar feed, a CSV export, an event stream):
 * its input is validated like any other call's and its guards are the same, but the handler
 * writes the answer itself. `produces` names the content type for the OpenAPI document.
 */
export type RawEndpoint<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> = Omit<Endpoint<undefined, Query, Params>, 'response' | 'body'> & {
  body: undefined;
  produces: string;
  response?: undefined;
};

type EndpointInput<Body, Query, Params> = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Defaults to 'session'. Opting out with 'public' needs a reason in a comment. */
  auth?: EndpointAuth;
  /** Defaults to true for every method but GET. */
  csrf?: boolean;
  hidden?: boolean;
  body?: Body;
  query?: Query;
  params?: Params;
};

export function defineEndpoint<
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
>(e: EndpointInput<Body, Query, Params> & { response: Response }): Endpoint<Body, Query, Params, Response> {
  return {
    ...e,
    auth: e.auth ?? 'session',
    csrf: e.csrf ?? e.method !== 'GET',
    hidden: e.hidden ?? false,
    body: e.body as Body,
    query: e.query as Query,
    params: e.params as Params,
  };
}

export function defineRawEndpoint<
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
>(
  e: Omit<EndpointInput<undefined, Query, Params>, 'body'> & { produces: string },
): RawEndpoint<Query, Params> {
  return {
    ...e,
    auth: e.auth ?? 'session',
    csrf: e.csrf ?? e.method !== 'GET',
    hidden: e.hidden ?? false,
    body: undefined,
    query: e.query as Query,
    params: e.params as Params,
  };
}

/** Every endpoint object in a module namespace (`import * as contracts`), for generated tests. */
export function endpointsOf(
  namespace: Record<string, unknown>,
): { name: string; endpoint: Endpoint | RawEndpoint }[] {
  return Object.entries(namespace).flatMap(([name, value]) => {
    const e = value as Partial<Endpoint> | null;
    return e &&
      typeof e === 'object' &&
      typeof e.method === 'string' &&
      typeof e.path === 'string' &&
      'csrf' in e
      ? [{ name, endpoint: e as Endpoint | RawEndpoint }]
      : [];
  });
}

export const CSRF_HEADER = 'x-csrf-token';
