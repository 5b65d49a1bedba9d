import zlib from 'node:zlib';
import {
  boardColumnFirstPagePath,
  FIRST_DATA_ELEMENT_ID,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstData,
  type FirstScreenBlock,
  firstDataSchema,
} from '@slat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withJsonBlock } from './lib/html-blocks';
import { loadProfile } from './modules/auth/index';
import { loadWorkflows } from './modules/workflows/index';
import { chooseEncoding } from './plugins/serialized-json';
import { SESSION_COOKIE } from './plugins/sessions';
import type { Services } from './services';
import {
  inProcessTransport,
  type RenderFirstScreen,
  SERVER_RENDERED_PAGE,
  viewportOf,
} from './spa-first-screen';

/** The web app's server render and the app whose routes answer its calls (decision 039). */
export type FirstScreenRendering = { render: RenderFirstScreen; app: FastifyInstance };

/** A first screen that takes longer than this is left to the browser: the plain page goes now. */
export const FIRST_SCREEN_TIMEOUT_MS = 1500;

/** A board's address: /workflows/{slug}, the deal and quote modals over it included. */
const BOARD_PATH = /^\/workflows\/([^/?#]+)(?:\/|$)/;

/**
 * The SPA document for a signed-in browser: the page as every browser gets it, plus its first data
 * (the profile and the workflows, as POST /old/auth/me and GET /workflows answer them), the
 * modulepreload links of its route's chunks (spa-route-chunks.ts) and, on a board's address
 * without filters, preload links for the columns' first pages. The app then makes
 * no call before its own data, and a board's cards download while its code does: on a phone's
 * slow network, three round trips fewer before the page shows. A board, a deal or a quote comes
 * rendered instead (`firstScreen`, decision 039): its HTML and its calls' answers, its code after
 * the paint. Without a valid session, or if anything fails here, undefined: the plain page, and
 * the app asks as before.
 */
export async function signedInSpaPage(
  services: Services,
  request: FastifyRequest,
  html: string,
  routeChunks: (pathname: string) => string[] = () => [],
  firstScreen?: FirstScreenRendering,
): Promise<string | undefined> {
  const cookie = services.sessions.cookieValue(request);
  if (!cookie) return undefined;
  // one catch-up with other processes' changes answers for the session and the profile (decision 034)
  const arrived = performance.now();
  try {
    const session = await services.sessions.find(cookie, arrived);
    if (!session) return undefined;
    const [me, workflows] = await Promise.all([
      loadProfile(services, session.userId, session.accountId, arrived),
      loadWorkflows(services.db, session.accountId),
    ]);
    // only what the contracts declare leaves the server, as for the calls themselves
    const first: FirstData = firstDataSchema.parse({ me, workflows });
    const pathname = request.url.split('?')[0] ?? '';
    const rendered =
      firstScreen && SERVER_RENDERED_PAGE.test(pathname)
        ? await renderedFirstScreen(firstScreen, services, request, cookie, first)
        : undefined;
    const page = withJsonBlock(html, FIRST_DATA_ELEMENT_ID, first);
    const linked = withLinks(rendered ? withFirstScreen(page, rendered) : page, [
      ...routeChunks(pathname).map((p) => `<link rel="modulepreload" crossorigin href="${p}">`),
      // a rendered board carries its columns' first pages: nothing to preload
      ...(rendered ? [] : columnPreloads(first, request.url)).map(
        // crossorigin="anonymous" matches fetch()'s same-origin credentials, so the app's call takes it
        (p) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${p.replace(/&/g, '&amp;')}">`,
      ),
    ]);
    return rendered ? withCodeAfterPaint(linked) : linked;
  } catch (error) {
    request.log.warn({ err: error }, 'the first data of the SPA document failed; sending the plain page');
    return undefined;
  }
}

/**
 * The page's first screen rendered by the server, or undefined (no render for this page, a
 * redirect, a failure, or slower than FIRST_SCREEN_TIMEOUT_MS): the browser then renders it alone.
 */
async function renderedFirstScreen(
  { render, app }: FirstScreenRendering,
  services: Services,
  request: FastifyRequest,
  cookie: string,
  first: FirstData,
): Promise<{ html: string; block: FirstScreenBlock } | undefined> {
  const viewport = viewportOf(request);
  const cookieHeader = `${SESSION_COOKIE}=${cookie}`;
  const transport = inProcessTransport(app, cookieHeader, () => services.sessions.csrfToken(cookie));
  let timer: NodeJS.Timeout | undefined;
  try {
    const screen = await Promise.race([
      render(request.url, first, { viewport, origin: `${request.protocol}://${request.host}` }, transport),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), FIRST_SCREEN_TIMEOUT_MS);
      }),
    ]);
    return screen ? { html: screen.html, block: { viewport, state: screen.state } } : undefined;
  } catch (error) {
    request.log.warn({ err: error }, 'the server render of the first screen failed; the browser renders it');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The rendered HTML in the page's root element, and what the browser needs to take it over. */
function withFirstScreen(
  html: string,
  { html: app, block }: { html: string; block: FirstScreenBlock },
): string {
  return withJsonBlock(html, FIRST_SCREEN_ELEMENT_ID, block).replace(
    '<div id="root"></div>',
    // a function replacement: `$` in the app's text is not a replacement pattern
    () => `<div id="root">${app}</div>`,
  );
}

/**
 * A rendered page shows without its code: the code's requests start once it has painted
 * (after-paint.js, in the web app's public files), so on a phone's slow network the stylesheet the
 * first paint needs does not share it with the code. The entry's own module preloads go with it.
 */
function withCodeAfterPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) return html;
  const imports: string[] = [];
  const rest = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      imports.push(href);
      return '';
    })
    .replace(entry[0], '');
  return rest.replace(
    '</head>',
    `    <script defer src="/after-paint.js" data-entry="${entry[1]}" data-imports="${imports.join(' ')}"></script>\n  </head>`,
  );
}

/** The first pages of a board's columns, when the address is a board's without filters. */
export function columnPreloads(first: FirstData, url: string): string[] {
  const [pathname = '', query] = url.split('?');
  if (query || !first.me.modules['dealer_portal.sales']) return [];
  const slug = BOARD_PATH.exec(pathname)?.[1];
  const workflow = slug ? first.workflows.find((w) => w.slug === decodeURIComponent(slug)) : undefined;
  return workflow ? workflow.statuses.map((s) => boardColumnFirstPagePath(workflow.id, s.id)) : [];
}

/** Links put at the end of the document's head. */
function withLinks(html: string, links: string[]): string {
  if (links.length === 0) return html;
  return html.replace('</head>', `${links.map((l) => `    ${l}`).join('\n')}\n  </head>`);
}

/** A page made for one browser: never stored by anyone, compressed quickly (it is made per request). */
export function sendPersonalPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const bytes = Buffer.from(html, 'utf8');
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(bytes, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}
