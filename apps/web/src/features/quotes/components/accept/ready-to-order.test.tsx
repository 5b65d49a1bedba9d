import '../../accept-strings';
import type { DealQuote, OrderLine } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { AcceptedPanels } from './accepted-panels';

/** Only what Ready to Order reads of a line. */
function line(id: number, manufacturerId: number, quantity: number): OrderLine {
  return {
    id,
    manufacturerId,
    quantity,
    costPrice: '100.00',
    windowGroupName: '',
    dimensions: { width: null, height: null },
    context: {
      product: { name: `Product ${id}` },
      errors: [],
      configuration: { width: null, height: null, optionGroups: [] },
    },
  } as unknown as OrderLine;
}

/** An accepted quote with products of two suppliers; the first already has its order #1007. */
function acceptedQuote(dealArchived = false): DealQuote {
  return {
    id: 7,
    status: 'ACCEPTED',
    isArchived: false,
    context: {
      deal: { id: 5, tuid: 11, name: 'Harbour', isArchived: dealArchived, workflowId: 1 },
      acceptance: null,
      orderLines: [line(1, 11, 2), line(2, 11, 1), line(3, 12, 4)],
      readyToOrder: [
        { manufacturerId: 11, manufacturerName: 'Coastline', lineCount: 2, totalQuantity: 3, orderId: 40 },
        { manufacturerId: 12, manufacturerName: 'Sunview', lineCount: 1, totalQuantity: 4, orderId: null },
      ],
      purchaseOrders: [
        {
          id: 40,
          tuid: 1007,
          revisionNumber: 1,
          manufacturerId: 11,
          manufacturerName: 'Coastline',
          status: 'SUBMITTED',
          isArchived: true,
        },
      ],
    },
  } as unknown as DealQuote;
}

let calls: { url: string; body: unknown }[] = [];
let answerConvert: () => void = () => undefined;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/deal-quotes/convert')) {
        // held until the test lets it answer: a second click meanwhile must send nothing
        await new Promise<void>((resolve) => {
          answerConvert = resolve;
        });
        return Response.json({ id: 41, tuid: 1008, created: true });
      }
      if (url.includes('generate-token')) return Response.json('token');
      return Response.json([
        { id: 11, name: 'Coastline' },
        { id: 12, name: 'Sunview' },
      ]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function show(quote: DealQuote) {
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
  return screen.findByRole('region', { name: 'Ready to Order' });
}

describe('Ready to Order', () => {
  it('links the supplier already ordered from and offers Create order for the other, with each quantity', async () => {
    const ready = await show(acceptedQuote());
    expect(within(ready).getByRole('link', { name: 'Order #1007' }).getAttribute('href')).toBe('/orders/40');
    expect(within(ready).getByRole('button', { name: 'Create order for Sunview' })).toBeTruthy();
    expect(within(ready).queryByRole('button', { name: 'Create order for Coastline' })).toBeNull();
    expect(within(ready).getByText('Quantity 3')).toBeTruthy();
    expect(within(ready).getByText('Quantity 4')).toBeTruthy();
  });

  it('offers no Create order on an archived deal, and still links the order made', async () => {
    const ready = await show(acceptedQuote(true));
    expect(within(ready).getByRole('link', { name: 'Order #1007' }).getAttribute('href')).toBe('/orders/40');
    expect(within(ready).getByText('Quantity 4')).toBeTruthy();
    expect(within(ready).queryByRole('button', { name: /Create order/ })).toBeNull();
  });

  it('one click, one order: Create order waits for its answer', async () => {
    const ready = await show(acceptedQuote());
    const create = within(ready).getByRole('button', { name: 'Create order for Sunview' });
    const user = userEvent.setup();
    await user.click(create);
    await user.click(create);
    const converts = () => calls.filter((c) => c.url.includes('/deal-quotes/convert'));
    await vi.waitFor(() => expect(converts()).toHaveLength(1));
    expect(converts()[0]?.body).toEqual({ quoteId: 7, manufacturerId: 12 });
    answerConvert();
  });
});

describe('the quote’s Orders table', () => {
  it('lists each order with its supplier and status, linking /orders/{id}', async () => {
    await show(acceptedQuote());
    // jsdom's media queries match nothing: the phone's list of the table's rows.
    const orders = screen.getByRole('list', { name: 'Purchase orders of this quote' });
    const row = orders.querySelector<HTMLElement>('[data-order-id="40"]')!;
    expect(within(row).getByRole('link', { name: 'Order #1007' }).getAttribute('href')).toBe('/orders/40');
    expect(row.textContent).toContain('Coastline');
    expect(row.textContent).toContain('Submitted');
    expect(row.textContent).toContain('Archived');
  });
});
