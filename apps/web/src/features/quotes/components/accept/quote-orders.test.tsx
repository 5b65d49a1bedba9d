import '../../accept-strings';
import type { DealDetail, DealQuote, DealSupplierOrder } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { AcceptedPanels } from './accepted-panels';

// The quote's Orders table on the deal: each order with what its supplier says (status and ETA).

const purchaseOrder = (id: number, tuid: number, status: 'OPEN' | 'SUBMITTED') => ({
  id,
  tuid,
  revisionNumber: 1,
  manufacturerId: 3,
  manufacturerName: 'Acme Blinds',
  status,
  isArchived: false,
});

const quote = {
  id: 7,
  dealId: 5,
  status: 'DRAFT',
  context: {
    orderLines: [],
    purchaseOrders: [
      purchaseOrder(40, 1001, 'SUBMITTED'),
      purchaseOrder(41, 1002, 'SUBMITTED'),
      purchaseOrder(42, 1003, 'OPEN'),
    ],
    readyToOrder: [],
    acceptance: null,
  },
} as unknown as DealQuote;

const supplierOrder = (o: Partial<DealSupplierOrder>): DealSupplierOrder => ({
  id: 1,
  orderId: 40,
  orderTuid: 1001,
  manufacturerName: 'Acme Blinds',
  isOffline: false,
  coreStatus: 'UNSTARTED',
  status: '',
  acknowledgement: '',
  eta: null,
  ...o,
});

function deal(supplierOrders: DealSupplierOrder[]): DealDetail {
  return {
    id: 5,
    tuid: 12,
    name: 'Kitchen blinds',
    description: '',
    workflowId: 1,
    statusId: 2,
    sortOrder: '1',
    contactId: null,
    contact: null,
    isArchived: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    context: {
      workflow: { id: 1, name: 'Residential', slug: 'residential' },
      status: { id: 2, name: 'Ordered', slug: 'ordered', phase: 'InProgress' },
      flagValues: [],
      alerts: [],
      alertWeight: 0,
      quoteCount: 1,
      orderCount: 3,
      quoteTotal: null,
      supplierOrders,
    },
    siteAddress: '',
    accessNotes: '',
    relatedDeals: [],
  };
}

let answer: DealDetail;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input).endsWith('/api/deals/5')) return Response.json(answer);
  return Response.json([]);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

async function show() {
  const rootRoute = createRootRoute({ component: () => <AcceptedPanels quote={quote} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.findByRole('table', { name: 'Purchase orders of this quote' });
}

const rowOf = (table: HTMLElement, tuid: number) =>
  within(table)
    .getByRole('link', { name: `Order #${tuid}` })
    .closest('tr') as HTMLElement;

describe("the quote's Orders table", () => {
  it("shows each submitted order's supplier status and ETA", async () => {
    answer = deal([
      supplierOrder({
        id: 1,
        orderId: 40,
        coreStatus: 'IN_PROGRESS',
        status: 'In production',
        eta: '2026-12-15',
      }),
      supplierOrder({
        id: 2,
        orderId: 41,
        orderTuid: 1002,
        isOffline: true,
        coreStatus: 'UNSTARTED',
        status: 'Faxed, awaiting reply',
      }),
    ]);
    const table = await show();
    expect(within(table).getByRole('columnheader', { name: 'Supplier status' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'ETA' })).toBeTruthy();
    await waitFor(() => expect(within(rowOf(table, 1001)).getByText('In progress')).toBeTruthy());
    expect(within(rowOf(table, 1001)).getByTestId('supplier-eta').textContent).toBe('15/12/2026');
    // An offline-only supplier's order: its pill and the status the dealer typed.
    expect(within(rowOf(table, 1002)).getByText('Unstarted')).toBeTruthy();
    expect(within(rowOf(table, 1002)).getByText('Faxed, awaiting reply')).toBeTruthy();
    expect(within(rowOf(table, 1002)).getByTestId('supplier-eta').textContent).toBe('—');
    // An open order has no supplier order yet.
    expect(within(rowOf(table, 1003)).getByTestId('supplier-status').textContent).toBe('');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/deals/5'))).toBe(true);
  });

  it('shows a cancelled or completed order by its pill', async () => {
    answer = deal([
      supplierOrder({ id: 1, orderId: 40, coreStatus: 'CANCELLED' }),
      supplierOrder({ id: 2, orderId: 41, orderTuid: 1002, coreStatus: 'COMPLETED', eta: '2026-12-01' }),
    ]);
    const table = await show();
    await waitFor(() => expect(within(rowOf(table, 1001)).getByText('Cancelled')).toBeTruthy());
    expect(within(rowOf(table, 1002)).getByText('Completed')).toBeTruthy();
    expect(within(rowOf(table, 1002)).getByTestId('supplier-eta').textContent).toBe('01/12/2026');
  });
});
