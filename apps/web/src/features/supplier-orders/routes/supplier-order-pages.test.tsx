import '../strings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { historyEntries, onlineSupplierOrder, submittedOrder } from '../components/testing-fixtures';
import { SupplierOrderPage } from './supplier-order-pages';

/** The route ids the page reads (signed-in → the order → the supplier order), with a stand-in order page. */
function show(path: string) {
  const root = createRootRoute({ component: Outlet });
  const signedIn = createRoute({ getParentRoute: () => root, id: 'signed-in', component: Outlet });
  const order = createRoute({
    getParentRoute: () => signedIn,
    path: 'orders/$orderId',
    component: () => (
      <>
        <p data-testid="order-page">Order page</p>
        <Outlet />
      </>
    ),
  });
  const supplierOrder = createRoute({
    getParentRoute: () => order,
    path: 'supplier-order/$manufacturerOrderId',
    component: SupplierOrderPage,
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({
    routeTree: root.addChildren([signedIn.addChildren([order.addChildren([supplierOrder])])]),
    history,
  });
  // the order page under the modal has loaded the order: it is in the cache, fresh
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['purchase-orders', 'detail', 40], submittedOrder());
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return history;
}

function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith('/purchaseorder/40/manufacturerorders')) return Response.json([onlineSupplierOrder()]);
      if (url.includes('/old/trackers') && url.includes('offset=40'))
        return Response.json({ data: historyEntries(3, 3), total: 43 });
      if (url.includes('/old/trackers')) return Response.json({ data: historyEntries(40, 43), total: 43 });
      return Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

const SLOW = { timeout: 20_000 };

afterEach(() => vi.unstubAllGlobals());

describe('the supplier order over the order', () => {
  it(
    'shows an online supplier order read-only, with its history 40 a page in the History tab',
    SLOW,
    async () => {
      const calls = stubFetch();
      show('/orders/40/supplier-order/9');
      const modal = await screen.findByRole('dialog', {
        name: 'Supplier order — Coastline Window Furnishings',
      });
      expect((await within(modal).findByTestId('supplier-acknowledgement')).textContent).toBe(
        'Accepted with changes',
      );
      expect(within(modal).queryByRole('textbox')).toBeNull();
      expect(calls.some((c) => c.includes('/old/trackers'))).toBe(false);
      const user = userEvent.setup();
      await user.click(within(modal).getByRole('tab', { name: 'History' }));
      expect(await within(modal).findAllByTestId('history-entry')).toHaveLength(40);
      expect(calls.find((c) => c.includes('/old/trackers'))).toContain('id=9');
      await user.click(within(modal).getAllByRole('button', { name: 'Next page' })[0] as HTMLElement);
      await waitFor(() => expect(within(modal).getAllByTestId('history-entry')).toHaveLength(3));
      expect(calls.some((c) => c.includes('offset=40') && c.includes('limit=40'))).toBe(true);
    },
  );

  it('goes back to the order when the supplier order is not the order’s', SLOW, async () => {
    stubFetch();
    const history = show('/orders/40/supplier-order/8');
    await waitFor(() => expect(history.location.pathname).toBe('/orders/40'));
    expect(screen.getByTestId('order-page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes to the order', SLOW, async () => {
    stubFetch();
    const history = show('/orders/40/supplier-order/9');
    const modal = await screen.findByRole('dialog', { name: /Supplier order — / });
    await userEvent
      .setup()
      .click(within(modal.closest('.mantine-Modal-content') ?? modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(history.location.pathname).toBe('/orders/40'));
  });
});
