import { CSRF_HEADER, type Endpoint, messages } from '@slat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Services } from '../services';
import type { SignedInSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session: SignedInSession | null;
    sessionCookie: string | undefined;
  }
  interface FastifyContextConfig {
    auth?: 'public' | 'session';
    csrf?: boolean;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<E extends Endpoint> = {
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Out<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in session; routes marked `auth: 'session'` never run without one. */
  session: () => SignedInSession;
};

/** Registers one contract endpoint: its schemas validate input, shape output, and feed OpenAPI. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.output<E['response']>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.auth, csrf: endpoint.csrf },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/').filter(Boolean).slice(0, 2).join('/')],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
    },
    handler: async (request, reply) =>
      handler({
        body: request.body as Out<E['body']>,
        query: request.query as Out<E['query']>,
        params: request.params as Out<E['params']>,
        request,
        reply,
        session: () => {
          if (!request.session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
          return request.session;
        },
      }),
  });
}

/**
 * Security applied once at the /api prefix: the session is resolved for every call, a call
 * marked `auth: 'session'` answers 401 without one, and every state-changing call answers 419
 * unless it carries the CSRF token bound to its session cookie. Routes opt out visibly in
 * their contract (auth: 'public', csrf: false).
 */
export function registerApiGuards(app: FastifyInstance, services: Services): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionCookie', undefined);

  app.addHook('onRequest', async (request) => {
    const cookie = services.sessions.cookieValue(request);
    request.sessionCookie = cookie;
    request.session = cookie ? ((await services.sessions.find(cookie)) ?? null) : null;
    const config = request.routeOptions.config;
    if (config.auth === 'session' && !request.session) {
      throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    }
  });

  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.csrf) return;
    const body = request.body as { _token?: unknown } | undefined;
    const token =
      request.headers[CSRF_HEADER] ?? (body && typeof body === 'object' ? body._token : undefined);
    if (!(await services.sessions.verifyCsrf(request.sessionCookie, token))) {
      throw new AppError('CSRF_TOKEN_MISMATCH', messages.csrfMismatch);
    }
  });
}
