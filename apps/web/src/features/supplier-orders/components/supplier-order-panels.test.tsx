import '../strings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/ui/confirm-host';
import { renderWithProviders } from '../../../testing/render';
import { SupplierOrderPanels } from './supplier-order-panels';
import { offlineSupplierOrder, onlineSupplierOrder, submittedOrder } from './testing-fixtures';

type Call = { method: string; url: string };

function stubFetch(respond: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/old/auth/generate-token')) return Response.json('token');
      const call = { method: init?.method ?? 'GET', url };
      calls.push(call);
      return respond(call) ?? Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

function show(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ConfirmHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const liveLink = {
  supplierOrderId: 9,
  url: '/supplier-order/abcdefabcdefabcdefabcdefabcdefab',
  createdAt: '2026-11-27T10:00:00.000Z',
  revokedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("a submitted order's supplier-order panel", () => {
  it("shows the supplier's answer: status, acknowledgement, ETA, tracking, freight and the way to it", async () => {
    stubFetch(({ url }) => {
      if (url.endsWith('/purchaseorder/40/manufacturerorders')) return Response.json([onlineSupplierOrder()]);
      if (url.endsWith('/manufacturerorders/9/link')) return Response.json(liveLink);
      return undefined;
    });
    show(<SupplierOrderPanels order={submittedOrder()} />);
    const panel = await screen.findByTestId('supplier-order');
    expect(within(panel).getByTestId('supplier-core-status').textContent).toContain('In progress');
    expect(within(panel).getByTestId('supplier-status-name').textContent).toContain('In production');
    expect(within(panel).getByTestId('supplier-acknowledgement').textContent).toContain(
      'Accepted with changes',
    );
    expect(within(panel).getByTestId('panel-eta').textContent).not.toContain('Not given yet');
    expect(within(panel).getByTestId('panel-freight').textContent).toContain('35.00');
    expect(within(panel).getByRole('link', { name: 'Track the shipment' }).getAttribute('href')).toBe(
      'https://track.example/ST123',
    );
    expect(
      within(panel)
        .getByRole('link', { name: /View supplier order/ })
        .getAttribute('href'),
    ).toBe('/orders/40/supplier-order/9');
    expect((await within(panel).findByTestId('supplier-link-url')).textContent).toContain(
      `${window.location.origin}/supplier-order/abcdefabcdefabcdefabcdefabcdefab`,
    );
  });

  it('revokes the supplier link only after the dealer confirms', async () => {
    const calls = stubFetch(({ url, method }) => {
      if (url.endsWith('/purchaseorder/40/manufacturerorders')) return Response.json([onlineSupplierOrder()]);
      if (url.endsWith('/link') && method === 'GET') return Response.json(liveLink);
      if (url.endsWith('/link/revoke'))
        return Response.json({ ...liveLink, url: null, revokedAt: '2026-11-28T00:00:00.000Z' });
      return undefined;
    });
    show(<SupplierOrderPanels order={submittedOrder()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link?' });
    expect(calls.some((c) => c.url.endsWith('/revoke'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect((await screen.findByTestId('supplier-link-none')).textContent).toContain('The link is revoked');
    expect(calls.filter((c) => c.url.endsWith('/revoke'))).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes a new link at once and shows its address', async () => {
    stubFetch(({ url, method }) => {
      if (url.endsWith('/purchaseorder/40/manufacturerorders')) return Response.json([onlineSupplierOrder()]);
      if (url.endsWith('/link') && method === 'GET') return Response.json({ ...liveLink, url: null });
      if (url.endsWith('/link/renew'))
        return Response.json({ ...liveLink, url: '/supplier-order/newnewnewnewnewnewnewnewnewnewne' });
      return undefined;
    });
    show(<SupplierOrderPanels order={submittedOrder()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Make a new link' }));
    expect((await screen.findByTestId('supplier-link-url')).textContent).toContain(
      '/supplier-order/newnewnewnewnewnewnewnewnewnewne',
    );
  });

  it('says none for tracking the supplier has not given, as for every other empty fact', async () => {
    stubFetch(({ url }) => {
      if (url.endsWith('/purchaseorder/40/manufacturerorders'))
        return Response.json([
          onlineSupplierOrder({ trackingInformation: '', tracking: { carrier: '', number: '', url: '' } }),
        ]);
      if (url.endsWith('/link')) return Response.json(liveLink);
      return undefined;
    });
    show(<SupplierOrderPanels order={submittedOrder()} />);
    const panel = await screen.findByTestId('supplier-order');
    expect(within(panel).getByTestId('panel-tracking').textContent).toBe('—');
  });

  it("shows an offline-only supplier's order as the dealer entered it, with no supplier link", async () => {
    const calls = stubFetch(({ url }) =>
      url.endsWith('/purchaseorder/40/offline-manufacturer-orders')
        ? Response.json([offlineSupplierOrder({ freight: '12.50', trackingInformation: 'Courier 88' })])
        : undefined,
    );
    show(<SupplierOrderPanels order={submittedOrder(true)} />);
    const panel = await screen.findByTestId('supplier-order');
    expect(within(panel).getByTestId('panel-status').textContent).toContain('Awaiting fabric');
    expect(within(panel).getByTestId('panel-freight').textContent).toContain('12.50');
    expect(within(panel).getByTestId('panel-tracking').textContent).toContain('Courier 88');
    expect(
      within(panel)
        .getByRole('link', { name: /View supplier order/ })
        .getAttribute('href'),
    ).toBe('/orders/40/supplier-order/57');
    expect(within(panel).queryByTestId('supplier-link')).toBeNull();
    expect(calls.some((c) => c.url.includes('/manufacturerorders'))).toBe(false);
  });

  it('says when the supplier orders cannot be loaded and tries again', async () => {
    let fail = true;
    stubFetch(({ url }) => {
      if (!url.endsWith('/purchaseorder/40/manufacturerorders')) return Response.json(liveLink);
      return fail
        ? Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })
        : Response.json([onlineSupplierOrder()]);
    });
    show(<SupplierOrderPanels order={submittedOrder()} />);
    await screen.findByText('The supplier orders could not be loaded.', {}, { timeout: 5000 });
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('supplier-order')).toBeTruthy();
  });
});

describe('live supplier orders', () => {
  it("refetches the panel when the supplier changes this order, and not for another order's change", async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource {
      listeners: Record<string, ((event: MessageEvent<string>) => void)[]> = {};
      closed = false;
      constructor(readonly url: string) {
        sources.push(this);
      }
      addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
        this.listeners[type] = [...(this.listeners[type] ?? []), listener];
      }
      close() {
        this.closed = true;
      }
      emit(data: object) {
        for (const l of this.listeners['supplier-order'] ?? [])
          l(new MessageEvent('supplier-order', { data: JSON.stringify(data) }));
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    let status = onlineSupplierOrder();
    const calls = stubFetch(({ url }) => {
      if (url.endsWith('/purchaseorder/40/manufacturerorders')) return Response.json([status]);
      return Response.json(liveLink);
    });
    show(<SupplierOrderPanels order={submittedOrder()} />);
    expect((await screen.findByTestId('supplier-core-status')).textContent).toContain('In progress');
    expect(sources.map((s) => s.url)).toEqual(['/api/orders/stream']);
    const lists = () => calls.filter((c) => c.url.endsWith('/manufacturerorders')).length;
    const before = lists();
    sources[0]?.emit({ orderId: 41, supplierOrderId: 10 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(lists()).toBe(before);
    status = onlineSupplierOrder({
      context: { ...status.context, orderStatus: { id: 5, name: 'Shipped', coreStatus: 'COMPLETED' } },
    });
    sources[0]?.emit({ orderId: 40, supplierOrderId: 9 });
    await waitFor(() =>
      expect(screen.getByTestId('supplier-core-status').textContent).toContain('Completed'),
    );
  });
});
