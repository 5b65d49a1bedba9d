import * as contracts from '@slat/contracts';
import {
  API_AUDIENCE_TAGS,
  CSRF_HEADER,
  type Endpoint,
  endpointsOf,
  findUnstorableText,
  type HttpMethod,
  messages,
  type RawEndpoint,
} from '@slat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Services } from '../services';
import { formatPath } from './errors';
import { SerializedJson, sendSerialized } from './serialized-json';
import type { SignedInSession } from './sessions';
import { authenticateSupplier, bearerOf, type SupplierActor } from './supplier-auth';

declare module 'fastify' {
  interface FastifyRequest {
    session: SignedInSession | null;
    sessionCookie: string | undefined;
    /** performance.now() when the guards began: caches must have heard every commit before it (decision 034). */
    arrivedAt: number;
    /** The supplier of a supplier call's bearer credential (only ever set on `auth: 'supplier'` routes). */
    supplier: SupplierActor | null;
  }
  interface FastifyContextConfig {
    /** The contract the route was registered from; every /api route has one (checked at boot). */
    contract?: Endpoint | RawEndpoint;
  }
  interface FastifyInstance {
    /** Every /api route with its contract, in registration order (for the generated guard tests). */
    apiRoutes: ApiRoute[];
  }
}

export type ApiRoute = { method: HttpMethod; url: string; contract: Endpoint | RawEndpoint };

/**
 * A feature module: its `index.ts` exports one of these, and `app.ts` registers every module in
 * `modules/index.ts` under /api. `register` adds the module's routes (and nothing else).
 */
export type ApiModule = {
  name: string;
  register: (api: FastifyInstance, services: Services) => void;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<E extends Endpoint | RawEndpoint> = {
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Out<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in session; routes without `auth: 'public'` never run without one. */
  session: () => SignedInSession;
  /** The supplier whose credential made the call; `auth: 'supplier'` routes never run without one. */
  supplier: () => SupplierActor;
};

function context<E extends Endpoint | RawEndpoint>(
  request: FastifyRequest,
  reply: FastifyReply,
): RouteContext<E> {
  return {
    body: request.body as Out<E['body']>,
    query: request.query as Out<E['query']>,
    params: request.params as Out<E['params']>,
    request,
    reply,
    session: () => {
      if (!request.session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      return request.session;
    },
    supplier: () => {
      if (!request.supplier) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      return request.supplier;
    },
  };
}

/** The OpenAPI security schemes (declared in plugins/api-docs.ts): the session cookie, the CSRF header, a supplier's bearer. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
export const CSRF_HEADER_SCHEME = 'csrfToken';
export const SUPPLIER_BEARER_SCHEME = 'supplierBearer';

/** Each contract's export name (`listDeals`), its OpenAPI operationId: stable and readable (decision 033). */
const contractNames = new Map<Endpoint | RawEndpoint, string>();
for (const { name, endpoint } of endpointsOf(contracts)) {
  if (!contractNames.has(endpoint)) contractNames.set(endpoint, name);
}

/** A contract made outside the package (a test's) is named from its verb and path: `postDealsByIdMove`. */
function operationIdOf(endpoint: Endpoint | RawEndpoint): string {
  const named = contractNames.get(endpoint);
  if (named) return named;
  const words = endpoint.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [endpoint.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** What a call must carry, as its auth says: a supplier's bearer; or the session cookie, with the CSRF header when it changes state. */
function securityOf(endpoint: Endpoint | RawEndpoint): Record<string, string[]>[] {
  if (endpoint.auth === 'supplier') return [{ [SUPPLIER_BEARER_SCHEME]: [] }];
  const requirement: Record<string, string[]> = {};
  // A public state-changing call (sign-in) still needs the token bound to the (anonymous) session cookie.
  if (endpoint.auth === 'session' || endpoint.csrf) requirement[SESSION_COOKIE_SCHEME] = [];
  if (endpoint.csrf) requirement[CSRF_HEADER_SCHEME] = [];
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

function routeSchema(endpoint: Endpoint | RawEndpoint) {
  return {
    operationId: operationIdOf(endpoint),
    summary: endpoint.summary,
    tags: [API_AUDIENCE_TAGS[endpoint.auth]],
    security: securityOf(endpoint),
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
  };
}

/**
 * Registers one contract endpoint: its schemas validate input, shape output, and feed OpenAPI. The
 * handler answers the value, or the value already written by `jsonWriter` of the same schema.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    ctx: RouteContext<E>,
  ) => Promise<z.output<E['response']> | SerializedJson<z.output<E['response']>>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { contract: endpoint },
    schema: { ...routeSchema(endpoint), response: { 200: endpoint.response } },
    handler: async (request, reply) => {
      const answer = await handler(context<E>(request, reply));
      // An answer written ahead by the same serializer (a cache's) goes out as it is.
      return answer instanceof SerializedJson ? sendSerialized(request, reply, answer) : answer;
    },
  });
}

/**
 * Registers a contract endpoint whose answer is not JSON (a file, a feed, a stream): input is
 * validated and guarded the same way; the handler sets the headers and returns the payload (or
 * hijacks the reply for a stream).
 */
export function rawRoute<E extends RawEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<unknown>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { contract: endpoint },
    schema: { ...routeSchema(endpoint), produces: [endpoint.produces] },
    handler: async (request, reply) => handler(context<E>(request, reply)),
  });
}

/**
 * Security applied once at the /api prefix, secure by default: every route needs a session
 * unless its contract says `auth: 'public'`, and every state-changing call needs the CSRF token
 * bound to its session cookie unless the contract says `csrf: false`. A route registered without
 * a contract (a bare `app.get`) stops the server from starting.
 */
export function registerApiGuards(app: FastifyInstance, services: Services): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionCookie', undefined);
  app.decorateRequest('arrivedAt', 0);
  app.decorateRequest('supplier', null);

  app.addHook('onRoute', (options) => {
    const contract = options.config?.contract;
    if (!contract) {
      throw new Error(
        `${String(options.method)} ${options.url} is registered without a contract: add it to packages/contracts and register it with route() or rawRoute()`,
      );
    }
    for (const method of [options.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method: method as HttpMethod, url: options.url, contract });
    }
  });

  app.addHook('onRequest', async (request) => {
    request.arrivedAt = performance.now();
    // A supplier call takes its bearer credential and only that: the session cookie is not read.
    if (!request.is404 && request.routeOptions.config.contract?.auth === 'supplier') {
      request.supplier = await authenticateSupplier(
        services.db,
        services.rateLimiter,
        request.ip,
        bearerOf(request.headers.authorization),
      );
      return;
    }
    const cookie = services.sessions.cookieValue(request);
    request.sessionCookie = cookie;
    request.session = cookie ? ((await services.sessions.find(cookie, request.arrivedAt)) ?? null) : null;
    // An unknown /api path answers 404 to everyone; every known route has a contract.
    if (request.is404) return;
    const contract = request.routeOptions.config.contract;
    if (contract?.auth !== 'public' && !request.session) {
      throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const contract = request.routeOptions.config.contract;
    if (contract && (!contract.csrf || contract.auth === 'supplier')) return;
    const body = request.body as { _token?: unknown } | undefined;
    const token =
      request.headers[CSRF_HEADER] ?? (body && typeof body === 'object' ? body._token : undefined);
    if (!(await services.sessions.verifyCsrf(request.sessionCookie, token))) {
      throw new AppError('CSRF_TOKEN_MISMATCH', messages.csrfMismatch);
    }
  });

  // Every string a request brings (path, query and body, keys included, whatever the route's
  // schema says of them) must be text PostgreSQL can store: no NUL, no unpaired surrogate.
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [where, value] of Object.entries(parts)) {
      const found = findUnstorableText(value);
      if (!found) continue;
      const path = formatPath(found.path) || `(${where})`;
      throw new AppError(
        'VALIDATION_FAILED',
        `${where === 'body' ? '' : `${where} `}${path}: ${found.message}`,
        [{ path, message: found.message }],
      );
    }
  });
}
