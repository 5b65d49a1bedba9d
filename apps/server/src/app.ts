import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import {
  getApiDocument,
  type HealthResponse,
  messages,
  WEB_CONFIG_ELEMENT_ID,
  type WebRuntimeConfig,
} from '@slat/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { withJsonBlock } from './lib/html-blocks';
import { findBranding, withBranding } from './modules/branding/index';
import { apiModules } from './modules/index';
import { type ApiModule, rawRoute, registerApiGuards } from './plugins/api';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { testHooksModule } from './plugins/test-hooks';
import type { Services } from './services';

export const BODY_LIMIT = 1024 * 1024;

/** Paths answered with the sign-in document (auth.html) rather than the SPA. */
export const AUTH_PAGE_URLS = ['/login', '/login/', '/reset-password', '/reset-password/'] as const;

export type AppOptions = {
  services: Services;
  /** The built SPA (apps/web/dist); absent in API tests. */
  webDist?: string;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Only for browser and API tests (SLAT_TEST_HOOKS=1): simulate a new deployment. */
  testHooks?: { setGitCommit: (commit: string) => void };
  /** The feature modules served under /api; every module of `modules/index.ts` unless a test says otherwise. */
  modules?: readonly ApiModule[];
};

/** Builds the whole server without listening: main.ts listens, tests inject. */
export async function buildApp({
  services,
  webDist,
  logger,
  testHooks,
  modules = apiModules,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
    // On close, wait for every accepted connection rather than dropping the ones whose request
    // has not been parsed yet; keep-alive connections get a 503 with Connection: close.
    forceCloseConnections: false,
    // A URL Fastify cannot route (bad escapes, an over-long parameter) gets the standard error shape.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, services.errors);
  registerSecurityHeaders(app, services.config);

  await app.register(fastifyCookie);
  // Uploads: one file a request; each route sets its own size limit and checks the content.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fileSize: 25 * 1024 * 1024 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Slat API',
        version: '1.0.0',
        description:
          'Every call is served under /api. State-changing calls carry the CSRF token from GET /api/old/auth/generate-token as `_token` (sign-in, forgot, reset) or the X-CSRF-Token header. Errors: {"error":{"code","message","fields":[{"path","message"}]}}.',
      },
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
  });

  app.get('/health.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store, max-age=0');
    const body: HealthResponse = { GIT_COMMIT: services.gitCommit() };
    return body;
  });

  app.decorate('apiRoutes', []);
  await app.register(
    async (api) => {
      registerApiGuards(api, services);
      rawRoute(api, getApiDocument, async () => app.swagger());
      for (const module of modules) module.register(api, services);
      if (testHooks) testHooksModule(testHooks).register(api, services);
    },
    { prefix: '/api' },
  );

  const readPage = (name: string) => {
    const file = webDist ? path.join(webDist, name) : undefined;
    return file && existsSync(file) ? withRuntimeConfig(readFileSync(file, 'utf8'), services) : undefined;
  };
  const page = readPage('index.html');
  // The sign-in document (decision 006): its own small entry, with the host's branding written in.
  const authPage = readPage('auth.html');
  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (authPage !== undefined) {
    for (const url of AUTH_PAGE_URLS) {
      app.get(url, { schema: { hide: true } }, async (request, reply) => {
        const branding = await findBranding(services.db, request.hostname);
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withBranding(authPage, branding));
      });
    }
  }

  // History fallback: any other GET that wants a page gets the SPA, which routes on the client.
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsPage && page !== undefined) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({
      error: {
        code: 'NOT_FOUND',
        message: `${messages.notFound}: ${request.method} ${request.url.split('?')[0]}`,
        fields: [],
      },
    });
  });

  return app;
}

/** A page of the web app with the browser-safe runtime settings in a JSON block. */
export function withRuntimeConfig(html: string, services: Services): string {
  const c = services.config;
  const config: WebRuntimeConfig = {
    sentryDsn: c.sentryDsn ?? null,
    posthogKey: c.posthogKey ?? null,
    posthogHost: c.posthogHost ?? null,
    optionsFrameBase: c.optionsFrameBase ?? null,
    googleMapsApiKey: c.googleMapsApiKey ?? null,
  };
  return withJsonBlock(html, WEB_CONFIG_ELEMENT_ID, config);
}
