import '../strings';
import type { OrderLine } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import type { OrderView } from '../order-view';
import { windowsOf } from './line-groups';
import { LineList } from './line-list';

function line(id: number, sellPrice: string | null, isTaxable: boolean): OrderLine {
  return {
    id,
    orderId: 70,
    windowGroupName: 'Home/Lounge',
    orderWindowId: 1,
    externalOrderLineId: null,
    quantity: 1,
    costPrice: '178.50',
    sellPrice,
    notes: '',
    siteMount: '',
    isTaxable,
    hasFreight: false,
    hasInstallation: false,
    manufacturerId: 1,
    dimensions: { width: null, height: null },
    context: {
      configuration: { width: '', height: '', optionGroups: [] },
      errors: [],
      product: {
        id: 7 + id,
        name: `Roller ${id}`,
        hasWidth: false,
        hasHeight: false,
        hasQuantity: true,
        categoryName: 'Blinds',
        brandName: 'Acme',
        disableFineFractions: false,
      },
      unitCostPrice: '178.50',
      markup: { type: 'PERCENT_MARK_UP', value: '40', source: 'ACCOUNT' },
      catalogVersion: { id: 1, number: 1, isLatest: true },
    },
  };
}

/** An open order of these lines as the list sees it (a quote's prices, or a purchase order's cost only). */
function order(taxMode: 'INCLUSIVE' | 'EXCLUSIVE' | null, lines: OrderLine[]): OrderView {
  return {
    kind: taxMode ? 'quote' : 'order',
    orderId: 70,
    lines,
    readOnly: false,
    readOnlyMessage: 'read-only',
    measureSystem: 'METRIC',
    priceConfig: taxMode ? { taxPercentage: '10', taxMode } : null,
    pendingUpdates: {
      hasPendingUpdates: false,
      orderUpdates: { hasSurchargesUpdates: false, hasFreightUpdates: false, hasInstallationUpdates: false },
      products: [],
    },
    productLink: () => ({ to: '/' }),
    orderLink: { to: '/' },
    cacheLine: () => undefined,
    refresh: () => Promise.resolve(),
  };
}

/** The order's line cards under a router (their names link to the product screen). */
async function showLines(view: OrderView) {
  const rootRoute = createRootRoute({
    component: () => <LineList view={view} blocks={windowsOf(view.lines)} />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.findAllByTestId('quote-line');
}

const sellOf = (card: HTMLElement) =>
  card.querySelector('[data-testid="line-sell"]')!.parentElement!.textContent;

describe('the line cards’ sell price', () => {
  it('shows it with tax when the quote’s prices include tax (one line equals the lines total), ex tax when tax is added', async () => {
    // R(249.90 × 1.1) = 274.89, the quote's 'Products (inc tax)' for this one line; untaxed stays
    const cards = await showLines(
      order('INCLUSIVE', [line(1, '249.90', true), line(2, '63.00', false), line(3, null, true)]),
    );
    expect(cards.map(sellOf)).toEqual([
      'Sell (inc. tax) $274.89',
      'Sell (inc. tax) $63.00',
      'Sell (inc. tax) No price',
    ]);
    cleanup();
    const exclusive = await showLines(order('EXCLUSIVE', [line(1, '249.90', true), line(2, null, true)]));
    expect(exclusive.map(sellOf)).toEqual(['Sell $249.90', 'Sell No price']);
  });

  it('is left out on a purchase order, which shows the supplier’s cost only', async () => {
    const cards = await showLines(order(null, [line(1, '249.90', true)]));
    expect(cards[0]!.querySelector('[data-testid="line-sell"]')).toBeNull();
    expect(cards[0]!.querySelector('[data-testid="line-cost"]')?.textContent).toBe('$178.50');
  });
});
