import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DESKTOP_VIEWPORT, type FirstData, type FirstScreenBlock, PHONE_VIEWPORT } from '@slat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The viewport a first screen is rendered for (the web app's lib/first-screen.ts). */
type Viewport = FirstScreenBlock['viewport'];

/**
 * The pages whose first screen the server renders: a board, a deal and a quote over it, the links
 * a dealer or installer opens on a phone. Every other page the browser renders alone, as before.
 */
export const SERVER_RENDERED_PAGE = /^\/workflows\/[^/]+(?:\/\d+(?:\/quotes\/\d+)?)?\/?$/;

/** The web app's server render (apps/web/src/ssr/entry-server.tsx, built into apps/web/dist-ssr). */
export type RenderFirstScreen = (
  url: string,
  first: FirstData,
  browser: { viewport: Viewport; origin: string },
  transport: typeof fetch,
) => Promise<{ html: string; state: FirstScreenBlock['state'] } | undefined>;

/** The server render beside a built web app, or undefined when it was not built. */
export async function loadFirstScreenRenderer(
  webDist: string | undefined,
): Promise<RenderFirstScreen | undefined> {
  if (!webDist) return undefined;
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: RenderFirstScreen };
  return module.renderFirstScreen;
}

/**
 * A phone's screen when the request says it comes from one (the Sec-CH-UA-Mobile hint Chromium
 * sends, or a mobile user agent), else a desktop's: the first screen is laid out for it, and the
 * browser's effects correct a wrong guess.
 */
export function viewportOf(request: FastifyRequest): Viewport {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return PHONE_VIEWPORT;
  if (hint === '?0') return DESKTOP_VIEWPORT;
  return /Mobi|iPhone|Android.+Mobile/.test(request.headers['user-agent'] ?? '')
    ? PHONE_VIEWPORT
    : DESKTOP_VIEWPORT;
}

/**
 * The page's API calls during a server render: answered by this server's own routes in process
 * (Fastify's inject), with the request's session cookie and, on state-changing calls (the orders
 * list is a POST), the session's CSRF token.
 */
export function inProcessTransport(
  app: FastifyInstance,
  cookie: string,
  csrfToken: () => Promise<string>,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { cookie, accept: 'application/json' };
    if (init?.body != null) headers['content-type'] = 'application/json';
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = await csrfToken();
    const answer = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}
