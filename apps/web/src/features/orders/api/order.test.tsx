import type { PurchaseOrder } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderKeys, useReopenOrder } from './order';

/** A submitted order as the cache holds it (what Reopen changes and may have to put back). */
const submitted = {
  id: 40,
  tuid: 1007,
  status: 'SUBMITTED',
  isReadOnly: true,
  submittedAt: '2026-11-27T10:00:00.000Z',
} as unknown as PurchaseOrder;

describe('Reopen order (§4: optimistic, undone when the call fails)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order Open while the call is out, and the order as it was when it fails', async () => {
    let fail: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('generate-token')) return Response.json('token');
        if (url.includes('/purchaseorder/40/reopen')) {
          await new Promise<void>((resolve) => {
            fail = resolve;
          });
          return Response.json({ message: 'Server error' }, { status: 500 });
        }
        return Response.json({}, { status: 404 });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(orderKeys.detail(40), submitted);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useReopenOrder(40), { wrapper });

    act(() => result.current.mutate());
    await waitFor(() =>
      expect(queryClient.getQueryData<PurchaseOrder>(orderKeys.detail(40))).toMatchObject({
        status: 'OPEN',
        isReadOnly: false,
      }),
    );
    fail();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(orderKeys.detail(40))).toEqual(submitted);
  });
});
