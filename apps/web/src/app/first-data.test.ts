import {
  boardColumnFirstPagePath,
  DESKTOP_VIEWPORT,
  FIRST_DATA_ELEMENT_ID,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstData,
  type MeResponse,
  PHONE_VIEWPORT,
  type Workflow,
} from '@slat/contracts';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnQueryOptions } from '../features/deals/api/deals';
import { workflowsQueryOptions } from '../features/workflows';
import { firstViewport, setFirstViewport } from '../lib/first-screen';
import { sessionQueryKey } from '../lib/session/session-query';
import { seedFirstData, takeOverFirstScreen } from './first-data';

const me: MeResponse = {
  user: {
    id: 7,
    first_name: 'Dana',
    last_name: 'Wu',
    email: 'dana@example.test',
    country_code: 'AU',
    admin_company_id: 3,
    main_admin_access: true,
  },
  company: { id: 3, account_id: 2, country_id: 1, country_code: 'AU', name: 'Harbour Blinds', address: null },
  modules: { 'dealer_portal.sales': true },
};

function documentWith(block: unknown): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.id = FIRST_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = typeof block === 'string' ? block : JSON.stringify(block);
  doc.head.append(script);
  return doc;
}

afterEach(() => vi.unstubAllGlobals());

describe("the first data in a signed-in browser's document", () => {
  it('answers the profile and workflows queries, so neither is asked for', () => {
    const queryClient = new QueryClient();
    const workflows: Workflow[] = [];
    expect(seedFirstData(queryClient, documentWith({ me, workflows } satisfies FirstData))).toBe(true);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(me);
    expect(queryClient.getQueryData(workflowsQueryOptions.queryKey)).toEqual(workflows);
  });

  it('is checked like an answer: a block of the wrong shape, not JSON, or missing seeds nothing', () => {
    for (const doc of [
      documentWith({ me: { ...me, company: { id: 1 } }, workflows: [] }),
      documentWith({ me }),
      documentWith('{not json'),
      document.implementation.createHTMLDocument('none'),
    ]) {
      const queryClient = new QueryClient();
      expect(seedFirstData(queryClient, doc)).toBe(false);
      expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined();
      expect(queryClient.getQueryData(workflowsQueryOptions.queryKey)).toBeUndefined();
    }
  });
});

describe("a board column's first page", () => {
  it('is asked for at exactly the address the server preloads, so the browser takes the preload', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: [], total: 0, quoteTotals: {} }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    await queryClient.fetchInfiniteQuery(columnQueryOptions(4, {}, 17)).catch(() => undefined);
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(url).toBe(boardColumnFirstPagePath(4, 17));
  });
});

describe('a first screen the server rendered', () => {
  /** A document as the server sends a rendered page: the app's HTML in #root and the block. */
  function renderedDocument(block: unknown, html = '<div class="slat-board"></div>'): Document {
    const doc = document.implementation.createHTMLDocument('t');
    const script = doc.createElement('script');
    script.id = FIRST_SCREEN_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = JSON.stringify(block);
    doc.head.append(script);
    const root = doc.createElement('div');
    root.id = 'root';
    root.innerHTML = html;
    doc.body.append(root);
    return doc;
  }

  /** Answers as the server's query cache dehydrates them. */
  function dehydratedWith(key: readonly unknown[], data: unknown) {
    const server = new QueryClient();
    server.setQueryData(key, data);
    return dehydrate(server);
  }

  afterEach(() => setFirstViewport(DESKTOP_VIEWPORT));

  it('puts its answers in the cache and lays the first render out for its viewport', () => {
    const key = ['deals', 'detail', 5];
    const doc = renderedDocument({
      viewport: PHONE_VIEWPORT,
      state: dehydratedWith(key, { id: 5, name: 'Thompson' }),
    });
    const queryClient = new QueryClient();
    expect(takeOverFirstScreen(queryClient, doc)).toBe(true);
    expect(queryClient.getQueryData(key)).toEqual({ id: 5, name: 'Thompson' });
    expect(firstViewport()).toEqual(PHONE_VIEWPORT);
  });

  it('is nothing to take over without the rendered HTML or with a block of the wrong shape: the real window then', () => {
    const key = ['deals', 'detail', 5];
    for (const doc of [
      renderedDocument({ viewport: PHONE_VIEWPORT, state: dehydratedWith(key, { id: 5 }) }, ''),
      renderedDocument({ viewport: { width: -1, height: 812 }, state: dehydratedWith(key, { id: 5 }) }),
      renderedDocument({ state: dehydratedWith(key, { id: 5 }) }),
      document.implementation.createHTMLDocument('none'),
    ]) {
      setFirstViewport(PHONE_VIEWPORT);
      const queryClient = new QueryClient();
      // a document of its own has no window: the viewport stays as it was
      expect(takeOverFirstScreen(queryClient, doc)).toBe(false);
      expect(queryClient.getQueryData(key)).toBeUndefined();
    }
    // this test's own document has a window: its size is the first viewport
    const queryClient = new QueryClient();
    expect(takeOverFirstScreen(queryClient, document)).toBe(false);
    expect(firstViewport()).toEqual({ width: window.innerWidth, height: window.innerHeight });
  });
});
