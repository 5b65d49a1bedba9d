import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { type HealthResponse, messages, WEB_CONFIG_ELEMENT_ID, type WebRuntimeConfig } from '@slat/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { withJsonBlock } from './lib/html-blocks';
import { findBranding, withBranding } from './modules/branding/index';
import { apiModules } from './modules/index';
import { type ApiModule, registerApiGuards } from './plugins/api';
import { apiDocumentOptions, registerApiReference } from './plugins/api-docs';
import { CompressedPageCache, compressPage, sendPage } from './plugins/compressed-pages';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import { BROTLI_QUALITY, GZIP_LEVEL } from './plugins/serialized-json';
import { testHooksModule } from './plugins/test-hooks';
import type { Services } from './services';
import { sendPersonalPage, signedInSpaPage } from './spa-first-data';
import type { RenderFirstScreen } from './spa-first-screen';
import { readBuildManifest, routeChunkPreloads } from './spa-route-chunks';

export const BODY_LIMIT = 1024 * 1024;

/** Paths answered with the sign-in document (auth.html) rather than the SPA. */
export const AUTH_PAGE_URLS = ['/login', '/login/', '/reset-password', '/reset-password/'] as const;

/**
 * The product options frame (options-frame.html): /product-options/{lineId}, the id in
 * digits. Nothing else under /product-options is a page.
 */
export const OPTIONS_FRAME_ROUTE = '/product-options/:lineId(^\\d{1,15}$)';
const OPTIONS_FRAME_PREFIX = /^\/product-options(?:\/|$)/;
const OPTIONS_FRAME_URL = /^\/product-options\/\d{1,15}$/;

/**
 * The customer's pages (public.html, no sign-in): the payment page, its return page, the quote
 * page; and the supplier's page of one order (the link in the purchase-order mail).
 */
export const PUBLIC_PAGE_ROUTES = [
  '/checkout/:paymentId',
  '/checkout/:paymentId/',
  '/checkout/:paymentId/return',
  '/checkout/:paymentId/return/',
  '/customer-quote/:id',
  '/customer-quote/:id/',
  '/supplier-order/:linkId',
  '/supplier-order/:linkId/',
] as const;

export type AppOptions = {
  services: Services;
  /** The built SPA (apps/web/dist); absent in API tests. */
  webDist?: string;
  /** The web app's server render of a signed-in page's first screen (decision 039); none in API tests. */
  renderFirstScreen?: RenderFirstScreen;
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
  renderFirstScreen,
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
  // Only what the contract declares leaves the server (zod's guarantee, in one pass where it can).
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app, services.errors);
  registerSecurityHeaders(app, services.config);

  await app.register(fastifyCookie);
  // Uploads: one file a request; each route sets its own size limit and checks the content.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fileSize: 25 * 1024 * 1024 } });

  // The OpenAPI 3.1 document of every /api route, with each call's refusals (decision 033).
  await app.register(
    fastifySwagger,
    apiDocumentOptions(() => app.apiRoutes),
  );

  app.get('/health.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store, max-age=0');
    const body: HealthResponse = { GIT_COMMIT: services.gitCommit() };
    return body;
  });

  app.decorate('apiRoutes', []);
  await app.register(
    async (api) => {
      // API answers are compressed when the client accepts it (every browser does): a 200-line
      // quote is ~240 KB of JSON and ~20 KB gzipped. Event streams are left alone (the plugin's
      // default types), and answers under 1 KB too (so the CSRF token answer never is: BREACH).
      // Every answer held in memory is compressed in one call (syncThreshold): the plugin's
      // stream path for those over its default 4–64 KB cost a 200-line quote's GET ~1 ms more
      // CPU on this 2-core host than the compression itself. Brotli quality 3: ~35 % less CPU
      // than 4 for answers 1–3 % larger (a 200-line quote: 0.27 vs 0.41 ms, 4.2 vs 4.1 KB).
      await api.register(fastifyCompress, {
        threshold: 1024,
        syncThreshold: BODY_LIMIT,
        encodings: ['br', 'gzip', 'deflate'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
        zlibOptions: { level: GZIP_LEVEL },
      });
      registerApiGuards(api, services);
      registerApiReference(api, app);
      for (const module of modules) module.register(api, services);
      if (testHooks) testHooksModule(testHooks).register(api, services);
    },
    { prefix: '/api' },
  );

  const readPage = (name: string, extra?: Record<string, unknown>) => {
    const file = webDist ? path.join(webDist, name) : undefined;
    return file && existsSync(file)
      ? withRuntimeConfig(readFileSync(file, 'utf8'), services, extra)
      : undefined;
  };
  const spaPage = readPage('index.html');
  const manifest = readBuildManifest(webDist);
  const page = spaPage === undefined ? undefined : compressPage(spaPage);
  // The sign-in document (decision 006): its own small entry, with the host's branding written in.
  const authPage = readPage('auth.html');
  // The options frame: a small document of its own too. It trusts posting to its own origin and,
  // when it is served from its own host (OPTIONS_FRAME_BASE), to the app's (PUBLIC_URL).
  const optionsFrameHtml = readPage('options-frame.html', {
    appOrigin: new URL(services.config.publicUrl).origin,
  });
  const optionsFramePage = optionsFrameHtml === undefined ? undefined : compressPage(optionsFrameHtml);
  const publicHtml = readPage('public.html');
  const publicPage = publicHtml === undefined ? undefined : compressPage(publicHtml);
  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // the build writes file.br and file.gz beside each text file (scripts/build.mjs): sent with
      // Content-Encoding and Vary when the request accepts br, else gzip, else the file itself
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (authPage !== undefined) {
    const brandedAuthPages = new CompressedPageCache();
    for (const url of AUTH_PAGE_URLS) {
      app.get(url, { schema: { hide: true } }, async (request, reply) => {
        const branding = await findBranding(services.db, request.hostname);
        return sendPage(request, reply, brandedAuthPages.get(withBranding(authPage, branding)));
      });
    }
  }

  if (optionsFramePage !== undefined) {
    // Signed in or not: without a session the frame's own API call answers 401 and it tells its
    // parent the session expired.
    app.get(OPTIONS_FRAME_ROUTE, { schema: { hide: true } }, async (request, reply) =>
      sendPage(request, reply, optionsFramePage),
    );
  }

  if (publicPage !== undefined) {
    for (const url of PUBLIC_PAGE_ROUTES) {
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        sendPage(request, reply, publicPage),
      );
    }
  }

  // History fallback: any other GET that wants a page gets the SPA, which routes on the client.
  // Under /product-options only the frame's own path is a page (the SPA stands in for it when the
  // frame is not built).
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (!OPTIONS_FRAME_PREFIX.test(pathname) ||
        (optionsFramePage === undefined && OPTIONS_FRAME_URL.test(pathname)));
    if (wantsPage && spaPage !== undefined && page !== undefined) {
      // a signed-in browser's document carries its first data (spa-first-data.ts)
      const personal =
        request.method === 'GET'
          ? await signedInSpaPage(
              services,
              request,
              spaPage,
              (pathname) => (manifest ? routeChunkPreloads(manifest, pathname) : []),
              renderFirstScreen ? { render: renderFirstScreen, app } : undefined,
            )
          : undefined;
      return personal === undefined
        ? sendPage(request, reply, page)
        : sendPersonalPage(request, reply, personal);
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

/**
 * A page of the web app with the browser-safe runtime settings in a JSON block (`extra`: settings
 * only one document reads, beside the WebRuntimeConfig ones).
 */
export function withRuntimeConfig(html: string, services: Services, extra?: Record<string, unknown>): string {
  const c = services.config;
  const config: WebRuntimeConfig = {
    sentryDsn: c.sentryDsn ?? null,
    posthogKey: c.posthogKey ?? null,
    posthogHost: c.posthogHost ?? null,
    optionsFrameBase: c.optionsFrameBase ?? null,
    googleMapsApiKey: c.googleMapsApiKey ?? null,
  };
  return withJsonBlock(html, WEB_CONFIG_ELEMENT_ID, extra ? { ...extra, ...config } : config);
}
