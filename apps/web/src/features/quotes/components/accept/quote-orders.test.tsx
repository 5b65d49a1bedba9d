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
/** The screen's width as media queries see it: a desk's, or a phone's. */
let wide = true;
const matchMedia = (query: string) =>
  ({
    matches: wide,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input).endsWith('/api/deals/5')) return Response.json(answer);
  return Response.json([]);
});

beforeEach(() => {
  wide = true;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'matchMedia').mockImplementation(matchMedia);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

/** The quote's orders as shown: the table at a desk, the list on a phone. */
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
  return wide
    ? screen.findByRole('table', { name: 'Purchase orders of this quote' })
    : screen.findByRole('list', { name: 'Purchase orders of this quote' });
}

const rowOf = (orders: HTMLElement, tuid: number) =>
  within(orders)
    .getByRole('link', { name: `Order #${tuid}` })
    .closest('[data-order-id]') as HTMLElement;

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

  it('lists the orders on a phone, each with its supplier status and ETA', async () => {
    wide = false;
    answer = deal([supplierOrder({ id: 1, orderId: 40, coreStatus: 'ON_HOLD', eta: '2026-12-20' })]);
    const list = await show();
    expect(screen.queryByRole('table')).toBeNull();
    await waitFor(() => expect(within(rowOf(list, 1001)).getByText('On hold')).toBeTruthy());
    expect(within(rowOf(list, 1001)).getByTestId('supplier-eta').textContent).toBe('20/12/2026');
    expect(within(rowOf(list, 1001)).getByText('Submitted')).toBeTruthy();
    // An open order shows no supplier status yet.
    expect(within(rowOf(list, 1003)).queryByTestId('supplier-status')).toBeNull();
  });
});
