import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

type Directives = Record<string, string[]>;

/** Where a document may be framed: nowhere, or (the product options frame) by its own origin only. */
const NO_FRAMING = { 'frame-ancestors': ["'none'"] };
const SAME_ORIGIN_FRAMING = { 'frame-ancestors': ["'self'"] };

/** The card provider's script, frames and calls: on the public checkout pages only (Stripe's CSP guide). */
const CARD_PROVIDER: Directives = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  'connect-src': ['https://api.stripe.com', 'https://checkout.stripe.com'],
  'img-src': ['https://*.stripe.com'],
};

/** JSON, files, feeds: nothing in them may load or run anything, or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The product options frame (a route of the SPA): framed by its own origin only. */
const OPTIONS_FRAME_PATH = /^\/product-options\/[^/]+\/?$/;
/** The public payment page and its return page (foundation spec: /checkout/{paymentId}[/return]). */
const CHECKOUT_PATH = /^\/checkout\/[^/]+(?:\/return)?\/?$/;

const origin = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

const present = (...values: (string | undefined)[]) => values.filter((v): v is string => Boolean(v));

/**
 * The pages' policy: scripts from this origin only (no inline or eval; the settings the server
 * writes into a page are `type="application/json"` blocks, which are data), inline styles allowed
 * (Mantine sets them), and the hosts of the services the SPA is configured to call.
 */
function pageDirectives(config: Config): Directives {
  const sentry = origin(config.sentryDsn);
  // The web app's default host when only a key is set. PostHog's light client (posthog-js-lite)
  // calls its API host only, for flags and their events, and loads no script from PostHog.
  const posthog = present(
    config.posthogKey ? origin(config.posthogHost ?? 'https://us.i.posthog.com') : undefined,
  );
  const maps = config.googleMapsApiKey ? ['https://maps.googleapis.com'] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...maps],
    'style-src': ["'self'", "'unsafe-inline'", ...(maps.length ? ['https://fonts.googleapis.com'] : [])],
    'img-src': ["'self'", 'data:', 'blob:', ...maps, ...(maps.length ? ['https://maps.gstatic.com'] : [])],
    'font-src': ["'self'", 'data:', ...(maps.length ? ['https://fonts.gstatic.com'] : [])],
    'connect-src': ["'self'", ...present(sentry), ...posthog, ...maps],
    // The product options frame is this origin's unless OPTIONS_FRAME_BASE names another.
    'frame-src': ["'self'", ...present(origin(config.optionsFrameBase))],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function merge(...parts: Directives[]): Directives {
  const out: Directives = {};
  for (const part of parts) {
    for (const [name, values] of Object.entries(part))
      out[name] = [...new Set([...(out[name] ?? []), ...values])];
  }
  return out;
}

const serialize = (d: Directives) =>
  Object.entries(d)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** The Content-Security-Policy of each kind of answer, built once from the configuration. */
export function contentSecurityPolicies(config: Config) {
  const page = pageDirectives(config);
  return {
    api: API_POLICY,
    page: serialize(merge(page, NO_FRAMING)),
    optionsFrame: serialize(merge(page, SAME_ORIGIN_FRAMING)),
    checkout: serialize(merge(page, CARD_PROVIDER, NO_FRAMING)),
  };
}

/**
 * Security headers on every answer, written by hand rather than with @fastify/helmet
 * (decision 011): the policy differs by path, and most paths are the SPA's, answered by the
 * not-found handler rather than by a route that could carry its own settings.
 * - Content-Security-Policy per kind of answer, with X-Frame-Options saying the same about framing;
 * - nosniff, Referrer-Policy, and HSTS when the public URL is https;
 * - Cache-Control: no-store on every /api answer whose route does not set its own (file
 *   downloads and feeds keep their private caching; pages and assets set theirs).
 * The fixed headers go on the raw response, so an answer that bypasses the reply (the deals
 * event stream) carries them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicies(config);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const api = path.startsWith('/api/');
    const framed = !api && OPTIONS_FRAME_PATH.test(path);
    const raw = reply.raw;
    raw.setHeader(
      'content-security-policy',
      api ? csp.api : framed ? csp.optionsFrame : CHECKOUT_PATH.test(path) ? csp.checkout : csp.page,
    );
    raw.setHeader('x-frame-options', framed ? 'SAMEORIGIN' : 'DENY');
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    raw.setHeader('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (config.secureCookies)
      raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
