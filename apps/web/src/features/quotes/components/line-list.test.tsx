import '../strings';
import type { DealQuote, OrderLine } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
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

function quote(taxMode: 'INCLUSIVE' | 'EXCLUSIVE', lines: OrderLine[]): DealQuote {
  return {
    id: 7,
    externalId: 70,
    tuid: 3,
    dealId: 5,
    createdAt: '2026-11-20T10:00:00.000Z',
    description: '',
    customerNotes: '',
    status: 'DRAFT',
    acceptedAt: null,
    isArchived: false,
    isReadOnly: false,
    totalSellPrice: '274.89',
    totalSellPriceOverride: null,
    totalSellPriceOverrideNotes: '',
    quotePdfUrl: null,
    lastUpdatedAt: '2026-11-20T10:00:00.000000Z',
    clonedFromId: null,
    config: { depositPercentage: '50', taxPercentage: '10', taxMode },
    context: {
      totalQuantity: lines.length,
      orderLineCount: lines.length,
      errorLineCount: 0,
      orderLines: lines,
      deal: { id: 5, tuid: 11, name: 'Harbour', isArchived: false, workflowId: 1 },
      workflow: { id: 1, name: 'Residential', slug: 'residential' },
      measureSystem: 'METRIC',
      pricing: {
        sellTotalOrderLinesIncTax: '337.89',
        sellTotalOrderLinesExTax: '312.90',
        sellTotalTaxable: '274.89',
        sellTaxCalculated: '24.99',
        sellTaxOverride: null,
        sellTaxTotal: '24.99',
        sellGrandTotalExTax: '312.90',
        sellGrandTotalIncTax: '337.89',
        depositAmountCalculated: '168.95',
        depositAmountOverride: null,
        depositAmount: '168.95',
        isPricingValid: true,
        adjustments: [],
      },
      permissions: { canOverrideTax: false },
      pendingUpdates: {
        hasPendingUpdates: false,
        orderUpdates: {
          hasSurchargesUpdates: false,
          hasFreightUpdates: false,
          hasInstallationUpdates: false,
        },
        products: [],
      },
      acceptance: null,
      acceptedQuoteDocument: null,
      revision: { number: 1, revisionOf: null, revisedBy: null, difference: null },
      purchaseOrders: [],
      readyToOrder: [],
    },
  };
}

/** The quote's line cards under a router (their names link to the product screen). */
async function showLines(q: DealQuote) {
  const rootRoute = createRootRoute({
    component: () => (
      <LineList
        quote={q}
        blocks={windowsOf(q.context.orderLines)}
        params={{ workflowSlug: 'residential', dealId: '5', quoteId: '7' }}
        readOnly={false}
      />
    ),
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
      quote('INCLUSIVE', [line(1, '249.90', true), line(2, '63.00', false), line(3, null, true)]),
    );
    expect(cards.map(sellOf)).toEqual([
      'Sell (inc. tax) $274.89',
      'Sell (inc. tax) $63.00',
      'Sell (inc. tax) No price',
    ]);
    cleanup();
    const exclusive = await showLines(quote('EXCLUSIVE', [line(1, '249.90', true), line(2, null, true)]));
    expect(exclusive.map(sellOf)).toEqual(['Sell $249.90', 'Sell No price']);
  });
});
