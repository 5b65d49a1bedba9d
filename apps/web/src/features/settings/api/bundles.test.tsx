import type { Bundle } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { blockingBundle, bundlesQueryOptions, useToggleBundle, withSubscription } from './bundles';

const bundle = (id: number, name: string, exclusivityKey: string | null, isSubscribed = false): Bundle => ({
  id,
  name,
  description: '',
  exclusivityKey,
  sortOrder: id,
  isSubscribed,
  templateFields: [{ templateKey: 'fee', label: 'Install fee', operator: 'CURRENCY', value: null }],
});

const list = [
  bundle(1, 'Motorisation', null),
  bundle(2, 'Linen', 'premium-fabrics'),
  bundle(3, 'Velvet', 'premium-fabrics'),
];

describe('bundle rules', () => {
  it('switches one bundle and fills or clears its values', () => {
    const on = withSubscription(list, 1, true, { fee: '120' });
    expect(on[0]).toMatchObject({ isSubscribed: true, templateFields: [{ value: '120' }] });
    expect(on[1]).toBe(list[1]);
    expect(withSubscription(on, 1, false)[0]).toMatchObject({
      isSubscribed: false,
      templateFields: [{ value: null }],
    });
  });

  it('blocks the others of an exclusivity group while one is subscribed', () => {
    const withLinen = withSubscription(list, 2, true);
    expect(blockingBundle(withLinen, withLinen[2] as Bundle)?.name).toBe('Linen');
    expect(blockingBundle(withLinen, withLinen[1] as Bundle)).toBeUndefined();
    expect(blockingBundle(withLinen, withLinen[0] as Bundle)).toBeUndefined();
    expect(blockingBundle(list, list[2] as Bundle)).toBeUndefined();
  });
});

describe('useToggleBundle', () => {
  afterEach(() => vi.unstubAllGlobals());

  function setup(respond: (url: string) => Response | Promise<Response>) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/old/auth/generate-token')) return Response.json('token');
      return respond(url);
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(bundlesQueryOptions.queryKey, list);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderWithProviders(<div />);
    const hook = renderHook(() => useToggleBundle(), { wrapper });
    return { queryClient, hook, fetchMock };
  }

  it('shows the subscription at once and puts it back when the server refuses', async () => {
    let refuse!: () => void;
    const answered = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    // the subscribe call waits, then fails with a 409
    const { queryClient, hook } = setup(async (url) => {
      if (!url.includes('/subscribe')) return Response.json(list);
      await answered;
      return Response.json(
        {
          error: {
            code: 'CONFLICT',
            message: 'Another bundle of this group is subscribed. Unsubscribe from it first.',
            fields: [],
          },
        },
        { status: 409 },
      );
    });
    act(() => hook.result.current.mutate({ id: 3, subscribe: true, templateValues: { fee: '10' } }));
    await waitFor(() =>
      expect(queryClient.getQueryData<Bundle[]>(bundlesQueryOptions.queryKey)?.[2]?.isSubscribed).toBe(true),
    );
    refuse();
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(queryClient.getQueryData<Bundle[]>(bundlesQueryOptions.queryKey)?.[2]).toMatchObject({
      isSubscribed: false,
      templateFields: [{ value: null }],
    });
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Another bundle of this group is subscribed. Unsubscribe from it first.',
      ),
    );
  });

  it('keeps the server’s answer on success', async () => {
    const saved = {
      ...bundle(1, 'Motorisation', null, true),
      templateFields: [
        { templateKey: 'fee', label: 'Install fee', operator: 'CURRENCY' as const, value: '120.00' },
      ],
    };
    const { queryClient, hook, fetchMock } = setup((url) =>
      url.includes('/bundles/1/subscribe')
        ? Response.json(saved)
        : Response.json(withSubscription(list, 1, true, { fee: '120.00' })),
    );
    act(() => hook.result.current.mutate({ id: 1, subscribe: true, templateValues: { fee: '120' } }));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<Bundle[]>(bundlesQueryOptions.queryKey)?.[0]).toMatchObject({
      isSubscribed: true,
      templateFields: [{ value: '120.00' }],
    });
    const subscribeCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/subscribe'));
    const init = subscribeCall?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({
      templateValues: { fee: '120' },
    });
  });
});
