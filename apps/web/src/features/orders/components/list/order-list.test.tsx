import '../../strings';
import type { PurchaseOrderListItem } from '@slat/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { clearedParams } from './list-logic';
import { OrderCards, OrderTable } from './order-list';

function order(overrides: Partial<PurchaseOrderListItem> = {}): PurchaseOrderListItem {
  return {
    id: 71,
    tuid: 1042,
    revisionNumber: 1,
    manufacturerId: 3,
    manufacturerName: 'Coastline Window Furnishings',
    sidemark: 'Smith kitchen',
    createdAt: '2026-03-14T23:30:00.000Z',
    isArchived: false,
    isReadOnly: false,
    salesRep: 'Dana Whitfield',
    salesRepOverride: null,
    employeeId: 1,
    customerDetails: '',
    notes: '',
    status: 'OPEN',
    totalCost: '1234.5',
    freight: null,
    totalQuantity: 4,
    orderLineCount: 3,
    submittedAt: null,
    requiredDate: null,
    sourceQuote: null,
    context: { manufacturerOrders: [], offlineManufacturerOrders: [] },
    ...overrides,
  };
}

async function show(ui: ReactElement, role: 'table' | 'list' = 'table') {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return screen.findByRole(role, { name: 'Purchase orders' });
}

const listProps = { params: clearedParams, onClearFilters: () => undefined, filtered: false };

afterEach(cleanup);

describe('the orders table', () => {
  it('shows §2 columns, without Supplier for a single-supplier dealer', async () => {
    const table = await show(<OrderTable orders={[order()]} multiSupplier={false} {...listProps} />);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Order',
      'Status',
      'Supplier status',
      'ETA',
      'Sidemark',
      'Sales rep',
      'Products',
      'Total',
      'Date created',
    ]);
  });

  it("adds the Supplier column with the multi-supplier permission, with the order's supplier", async () => {
    const table = await show(<OrderTable orders={[order()]} multiSupplier {...listProps} />);
    expect(within(table).getByRole('columnheader', { name: 'Supplier' })).toBeTruthy();
    expect(table.querySelector('[data-column="supplier"]')?.textContent).toBe('Coastline Window Furnishings');
  });

  it('shows the total as money, the products count, the rep and a link to the order', async () => {
    const table = await show(
      <OrderTable
        orders={[order({ revisionNumber: 2, status: 'SUBMITTED', isArchived: true })]}
        multiSupplier={false}
        {...listProps}
      />,
    );
    expect(table.querySelector('[data-column="total"]')?.textContent).toBe('$1,234.50');
    expect(table.querySelector('[data-column="products"]')?.textContent).toBe('3');
    expect(table.querySelector('[data-column="salesRep"]')?.textContent).toBe('Dana Whitfield');
    const link = within(table).getByRole('link', { name: 'Order #1042 Rev 2' });
    expect(link.getAttribute('href')).toBe('/orders/71');
    // the visible text is part of the name (WCAG 2.5.3)
    expect(link.getAttribute('aria-label')).toContain(link.textContent);
    const status = table.querySelector('[data-column="status"]')?.textContent;
    expect(status).toBe('SubmittedArchived');
  });

  it("shows an offline supplier order's own status text and an online one's core status", async () => {
    const table = await show(
      <OrderTable
        orders={[
          order({
            status: 'SUBMITTED',
            context: {
              manufacturerOrders: [{ id: 4, eta: '2026-04-02', status: 'ON_HOLD', coreStatus: 'ON_HOLD' }],
              offlineManufacturerOrders: [
                { id: 'x', eta: null, status: 'Waiting on fabric', coreStatus: 'UNSTARTED' },
              ],
            },
          }),
        ]}
        multiSupplier={false}
        {...listProps}
      />,
    );
    expect(table.querySelector('[data-column="supplierStatus"]')?.textContent).toBe(
      'On holdWaiting on fabric',
    );
    expect(table.querySelector('[data-column="eta"]')?.textContent).toBe('02/04/2026');
  });

  it('says no orders were found and offers to clear the filters when filtered', async () => {
    const clear = vi.fn();
    const table = await show(
      <OrderTable orders={[]} multiSupplier={false} params={clearedParams} onClearFilters={clear} filtered />,
    );
    expect(within(table).getByText('No orders found')).toBeTruthy();
    within(table).getByRole('button', { name: 'Clear filters' }).click();
    expect(clear).toHaveBeenCalledOnce();
  });
});

describe('the orders cards on a phone', () => {
  it('shows a card per order with its link, pills, sidemark and total', async () => {
    const list = await show(
      <OrderCards
        orders={[order(), order({ id: 72, tuid: 1043, sidemark: 'Lee lounge' })]}
        multiSupplier={false}
        {...listProps}
      />,
      'list',
    );
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Order #1042' }).getAttribute('href')).toBe('/orders/71');
    expect(first.textContent).toContain('Open');
    expect(first.textContent).toContain('Smith kitchen');
    expect(first.textContent).toContain('3 products');
    expect(first.querySelector('[data-column="total"]')?.textContent).toBe('$1,234.50');
  });
});
