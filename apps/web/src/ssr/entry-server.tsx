import { AsyncLocalStorage } from 'node:async_hooks';
import type { FirstData } from '@slat/contracts';
import { type DehydratedState, dehydrate, type Query } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from '../app/app';
import { seedFirstDataFrom } from '../app/first-data';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { setApiFetch } from '../lib/api/client';
import { type FirstViewport, setFirstViewport, setServerOrigin } from '../lib/first-screen';
import { initI18n } from '../lib/i18n/i18n';

/** The first screen of a signed-in page as the server renders it (decision 039). */
export type FirstScreen = {
  /** The app's HTML for the page's root element. */
  html: string;
  /** The answers the page's calls got while rendering, for the browser's query cache. */
  state: DehydratedState;
};

/** A page asks for its data in rounds (a deal, then its quotes): at most this many. */
const MAX_ROUNDS = 3;

// one module serves every request: each render's calls find their own request's transport here
const requestTransport = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => {
  const transport = requestTransport.getStore();
  if (!transport) return Promise.reject(new Error('an API call outside a server render'));
  return transport(input, init);
});

const i18nReady = initI18n('en');

/**
 * Renders `url` (path and query) for a signed-in user: the page's calls go through `transport`
 * (the server's own routes, with the request's cookie), rendered again after each round of calls
 * until the page asks for nothing new. Undefined when the page redirects (the browser does that).
 */
export async function renderFirstScreen(
  url: string,
  first: FirstData,
  browser: { viewport: FirstViewport; origin: string },
  transport: typeof fetch,
): Promise<FirstScreen | undefined> {
  await i18nReady;
  return requestTransport.run(transport, () => render(url, first, browser));
}

async function render(
  url: string,
  first: FirstData,
  { viewport, origin }: { viewport: FirstViewport; origin: string },
): Promise<FirstScreen | undefined> {
  const queryClient = createQueryClient();
  // a failed call is the browser's to retry and report, not the server's
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  seedFirstDataFrom(queryClient, first);
  const router = createAppRouter(queryClient);
  router.update({
    ...router.options,
    history: createMemoryHistory({ initialEntries: [url] }),
    // its inline script would break the page's Content-Security-Policy; the browser restores alone
    scrollRestoration: false,
  });
  await router.load();
  // a redirect (no matches), an error or a failed guard: the browser's own first render handles it
  const { matches } = router.state;
  if (matches.length === 0 || matches.some((m) => m.status !== 'success')) return undefined;
  let html = '';
  let renders = 0;
  for (;;) {
    // renderToString runs to its end synchronously: no other request's render sees these
    setFirstViewport(viewport);
    setServerOrigin(origin);
    html = renderToString(<App queryClient={queryClient} router={router} />);
    renders++;
    const waiting = queryClient.getQueryCache().findAll().filter(wantsFetch);
    if (waiting.length === 0 || renders > MAX_ROUNDS) break;
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
  }
  return { html, state: dehydrate(queryClient) };
}

/** A query a component asked for that has not run: not one it turned off (`enabled: false`). */
function wantsFetch(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}
