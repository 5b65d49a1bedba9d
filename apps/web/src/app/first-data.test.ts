import {
  boardColumnFirstPagePath,
  FIRST_DATA_ELEMENT_ID,
  type FirstData,
  type MeResponse,
  type Workflow,
} from '@slat/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnQueryOptions } from '../features/deals/api/deals';
import { workflowsQueryOptions } from '../features/workflows';
import { sessionQueryKey } from '../lib/session/session-query';
import { seedFirstData } from './first-data';

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
