import '../../pricing-strings';
import { type DealQuote, pricingMessages, type QuotePricing } from '@slat/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../../components/ui/confirm-host';
import { setLocalFlag } from '../../../../lib/feature-flags';
import { descriptionOf, inputValue, renderWithProviders } from '../../../../testing/render';
import { dealQuoteQueryOptions, quoteKeys } from '../../api/quotes';
import { QuotePricingArea } from './pricing-area';

const basePricing: QuotePricing = {
  sellTotalOrderLinesIncTax: '268.99',
  sellTotalOrderLinesExTax: '244.54',
  sellTotalTaxable: '244.54',
  sellTaxCalculated: '24.45',
  sellTaxOverride: null,
  sellTaxTotal: '24.45',
  sellGrandTotalExTax: '244.54',
  sellGrandTotalIncTax: '268.99',
  depositAmountCalculated: '134.50',
  depositAmountOverride: null,
  depositAmount: '134.50',
  isPricingValid: true,
  adjustments: [],
};

function makeQuote(over: {
  config?: Partial<DealQuote['config']>;
  pricing?: Partial<QuotePricing>;
  canOverrideTax?: boolean;
  isReadOnly?: boolean;
  totalSellPriceOverride?: string | null;
  totalSellPriceOverrideNotes?: string;
  lastUpdatedAt?: string;
}): DealQuote {
  return {
    id: 7,
    externalId: 70,
    tuid: 3,
    dealId: 5,
    createdAt: '2026-11-20T10:00:00.000Z',
    description: 'Front rooms',
    customerNotes: '',
    status: 'DRAFT',
    acceptedAt: null,
    isArchived: false,
    isReadOnly: over.isReadOnly ?? false,
    totalSellPrice: '244.54',
    totalSellPriceOverride: over.totalSellPriceOverride ?? null,
    totalSellPriceOverrideNotes: over.totalSellPriceOverrideNotes ?? '',
    quotePdfUrl: null,
    lastUpdatedAt: over.lastUpdatedAt ?? '2026-11-20T10:00:00.000000Z',
    clonedFromId: null,
    config: { depositPercentage: '50', taxPercentage: '10', taxMode: 'EXCLUSIVE', ...over.config },
    context: {
      totalQuantity: 1,
      orderLineCount: 1,
      errorLineCount: 0,
      orderLines: [],
      deal: { id: 5, tuid: 11, name: 'Harbour', isArchived: false, workflowId: 1 },
      workflow: { id: 1, name: 'Residential', slug: 'residential' },
      measureSystem: 'METRIC',
      pricing: { ...basePricing, ...over.pricing },
      permissions: { canOverrideTax: over.canOverrideTax ?? false },
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

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };

/**
 * The area over a query cache holding the quote; writes are answered by `respond` and recorded in
 * `calls`, reads of the quote (refreshes after a write) by `read` (the quote as it was by default).
 */
function setup(
  quote: DealQuote,
  respond: (call: Call) => Response | Promise<Response>,
  read: () => DealQuote = () => quote,
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/old/auth/generate-token')) return Response.json('token');
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
      };
      if (call.method === 'GET') return Response.json(read());
      calls.push(call);
      return respond(call);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
  function Live() {
    // the quote from the cache, as the quote modal has it
    const current = useQuery(dealQuoteQueryOptions(quote.id)).data ?? quote;
    return <QuotePricingArea quote={current} />;
  }
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ConfirmHost />
      <Live />
    </QueryClientProvider>,
  );
  return { calls, queryClient, user: userEvent.setup() };
}

const saved = (pricing: Partial<QuotePricing>, lastUpdatedAt = '2026-11-20T10:05:00.000000Z') =>
  Response.json({ lastUpdatedAt, pricing: { ...basePricing, ...pricing } });

const conflict = (message: string) =>
  Response.json({ error: { code: 'CONFLICT', message, fields: [] } }, { status: 409 });

afterEach(() => {
  vi.unstubAllGlobals();
  setLocalFlag('QuotePriceBreakdown', false);
});

const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('the Pricing area', () => {
  it('shows the figures of an EXCLUSIVE quote with 2 decimals, adjustments ex tax', () => {
    setup(
      makeQuote({
        pricing: {
          adjustments: [
            {
              label: 'Trade discount',
              amountExTax: '-20.00',
              amountIncTax: '-22.00',
              taxType: 'STANDARD',
              isSystem: false,
            },
          ],
        },
      }),
      () => Response.json({}),
    );
    expect(screen.getByTestId('pricing-lines').textContent).toContain('Products (ex tax)$244.54');
    expect(screen.getByTestId('pricing-adjustment-0').textContent).toContain('Trade discount');
    expect(screen.getByTestId('pricing-adjustment-0-amount').textContent).toContain('-$20.00');
    expect(screen.getByTestId('pricing-adjustment-0').textContent).toContain('Discount');
    expect(screen.getByTestId('pricing-total-inc-amount').textContent).toContain('$268.99');
    expect(screen.getByTestId('pricing-deposit').textContent).toContain('Deposit (50%)');
    expect(screen.getByText('10% tax is added to prices')).toBeTruthy();
  });

  it('shows an INCLUSIVE quote’s adjustments inc tax and no tax edit, even with the permission', () => {
    setup(
      makeQuote({
        config: { taxMode: 'INCLUSIVE' },
        canOverrideTax: true,
        pricing: {
          adjustments: [
            {
              label: 'Delivery',
              amountExTax: '36.36',
              amountIncTax: '40.00',
              taxType: 'STANDARD',
              isSystem: false,
            },
          ],
        },
      }),
      () => Response.json({}),
    );
    expect(screen.getByTestId('pricing-lines').textContent).toContain('Products (inc tax)$268.99');
    expect(screen.getByTestId('pricing-adjustment-0-amount').textContent).toContain('$40.00');
    expect(screen.getByTestId('pricing-tax').textContent).toContain('Includes tax (10%)');
    expect(screen.queryByRole('button', { name: 'Change the tax amount' })).toBeNull();
  });

  it('offers the tax edit only with the permission (EXCLUSIVE)', () => {
    setup(makeQuote({ canOverrideTax: false }), () => Response.json({}));
    expect(screen.queryByRole('button', { name: 'Change the tax amount' })).toBeNull();
  });

  it('shows a read-only quote’s pricing without any control', () => {
    setup(
      makeQuote({
        isReadOnly: true,
        canOverrideTax: true,
        pricing: {
          adjustments: [
            {
              label: 'Delivery',
              amountExTax: '40.00',
              amountIncTax: '40.00',
              taxType: 'NONE',
              isSystem: false,
            },
          ],
        },
      }),
      () => Response.json({}),
    );
    expect(screen.getByTestId('pricing-adjustment-0-amount').textContent).toContain('$40.00');
    expect(within(screen.getByTestId('quote-pricing')).queryAllByRole('button')).toEqual([]);
  });

  it('heads the area with the price summary only with the QuotePriceBreakdown flag', () => {
    setup(makeQuote({}), () => Response.json({}));
    expect(screen.queryByTestId('price-summary')).toBeNull();
    setLocalFlag('QuotePriceBreakdown', true);
    return waitFor(() =>
      expect(screen.getByTestId('price-summary').textContent).toContain(
        'Total $268.99 inc tax · Deposit $134.50',
      ),
    );
  });
});

describe('the adjustment modal (§5)', () => {
  it('requires a name and an amount, refuses a third decimal, and sends the amount ex tax', async () => {
    const { calls, user } = setup(makeQuote({}), () =>
      saved({
        adjustments: [
          {
            label: 'Trade discount',
            amountExTax: '-25.50',
            amountIncTax: '-28.05',
            taxType: 'STANDARD',
            isSystem: false,
          },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add adjustment' }));
    const modal = await dialog('Add adjustment');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    const name = within(modal).getByRole('textbox', { name: /^Name/ });
    const amount = within(modal).getByRole('textbox', { name: /^Amount \(ex tax\)/ });
    await waitFor(() => expect(descriptionOf(name)).toContain(pricingMessages.adjustmentNameRequired));
    expect(descriptionOf(amount)).toContain(pricingMessages.adjustmentAmountRequired);
    expect(descriptionOf(amount)).toContain('A negative amount is a discount');
    await user.type(name, 'Trade discount');
    await user.type(amount, '-25.505');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(descriptionOf(amount)).toContain('Enter an amount with at most 2 decimals'));
    expect(calls).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '-25.50');
    await user.click(within(modal).getByRole('checkbox', { name: /Taxable/ }));
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add adjustment' })).toBeNull());
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/deal-quotes/7/pricing',
      body: {
        lastUpdatedAt: '2026-11-20T10:00:00.000000Z',
        adjustments: [{ label: 'Trade discount', amountExTax: '-25.50', taxType: 'STANDARD' }],
      },
    });
    expect(calls[0]?.body).not.toHaveProperty('depositAmountOverride');
  });

  it('offers Taxable only when the quote has a tax percentage above 0, and sends inc tax when prices include tax', async () => {
    const { calls, user } = setup(makeQuote({ config: { taxPercentage: '0', taxMode: 'INCLUSIVE' } }), () =>
      saved({}),
    );
    await user.click(screen.getByRole('button', { name: 'Add adjustment' }));
    const modal = await dialog('Add adjustment');
    expect(within(modal).queryByRole('checkbox')).toBeNull();
    await user.type(within(modal).getByRole('textbox', { name: /^Name/ }), 'Delivery');
    await user.type(within(modal).getByRole('textbox', { name: /^Amount \(inc tax\)/ }), '40');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body?.adjustments).toEqual([{ label: 'Delivery', amountIncTax: '40', taxType: 'NONE' }]);
  });

  it('edits one adjustment in place with its amount trimmed of .00, keeping the others and leaving the override out', async () => {
    const { calls, user } = setup(
      makeQuote({
        totalSellPriceOverride: '250.00',
        pricing: {
          adjustments: [
            {
              label: 'Delivery',
              amountExTax: '40.00',
              amountIncTax: '40.00',
              taxType: 'NONE',
              isSystem: false,
            },
            {
              label: 'Removal',
              amountExTax: '15.50',
              amountIncTax: '15.50',
              taxType: 'NONE',
              isSystem: false,
            },
            {
              label: 'Total override',
              amountExTax: '-10.00',
              amountIncTax: '-10.00',
              taxType: 'NONE',
              isSystem: true,
            },
          ],
        },
      }),
      () => saved({}),
    );
    expect(screen.queryByRole('button', { name: 'Edit adjustment Total override' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit adjustment Delivery' }));
    const modal = await dialog('Edit adjustment');
    const amount = within(modal).getByRole('textbox', { name: /^Amount/ });
    expect(inputValue(amount)).toBe('40');
    await user.clear(amount);
    await user.type(amount, '45');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body?.adjustments).toEqual([
      { label: 'Delivery', amountExTax: '45', taxType: 'NONE' },
      { label: 'Removal', amountExTax: '15.50', taxType: 'NONE' },
    ]);
  });

  it('removes an adjustment at once and Undo puts it back in its place', async () => {
    const two = [
      { label: 'Delivery', amountExTax: '40.00', amountIncTax: '40.00', taxType: 'NONE', isSystem: false },
      { label: 'Removal', amountExTax: '15.50', amountIncTax: '15.50', taxType: 'NONE', isSystem: false },
    ] as const;
    const { calls, user } = setup(
      makeQuote({ pricing: { adjustments: [...two] } }),
      () => saved({ adjustments: [two[1]] }),
      // the refresh after the removal: the quote as the server has it now
      () => makeQuote({ lastUpdatedAt: '2026-11-20T10:05:00.000000Z', pricing: { adjustments: [two[1]] } }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove adjustment Delivery' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body?.adjustments).toEqual([
      { label: 'Removal', amountExTax: '15.50', taxType: 'NONE' },
    ]);
    // the toast container loads with the first toast
    const undo = await screen.findByRole('button', { name: 'Undo' }, { timeout: 5_000 });
    await user.click(undo);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({
      lastUpdatedAt: '2026-11-20T10:05:00.000000Z',
      adjustments: [
        { label: 'Delivery', amountExTax: '40.00', taxType: 'NONE' },
        { label: 'Removal', amountExTax: '15.50', taxType: 'NONE' },
      ],
    });
  });
});

describe('a stale write (409)', () => {
  it('outside a modal (removing an adjustment): the stale message with Reload in a toast, nothing removed', async () => {
    const delivery = {
      label: 'Delivery',
      amountExTax: '40.00',
      amountIncTax: '40.00',
      taxType: 'NONE',
      isSystem: false,
    } as const;
    let reads = 0;
    const { calls, user } = setup(
      makeQuote({ pricing: { adjustments: [delivery] } }),
      () => conflict(pricingMessages.stale),
      () => {
        reads++;
        return makeQuote({
          lastUpdatedAt: '2026-11-20T10:03:00.000000Z',
          pricing: { adjustments: [delivery] },
        });
      },
    );
    await user.click(screen.getByRole('button', { name: 'Remove adjustment Delivery' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const reload = await screen.findByRole('button', { name: 'Reload' }, { timeout: 5_000 });
    expect(document.body.textContent).toContain(pricingMessages.stale);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByTestId('pricing-adjustment-0').textContent).toContain('Delivery');
    await user.click(reload);
    await waitFor(() => expect(reads).toBe(1));
    // the next removal carries the reloaded lastUpdatedAt
    await user.click(screen.getByRole('button', { name: 'Remove adjustment Delivery' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body?.lastUpdatedAt).toBe('2026-11-20T10:03:00.000000Z');
  });

  it('says so in the open modal with Reload, keeps what was typed and saves with the reloaded lastUpdatedAt', async () => {
    let answer: 'stale' | 'ok' = 'stale';
    const { calls, user } = setup(
      makeQuote({}),
      () =>
        answer === 'stale'
          ? conflict(pricingMessages.stale)
          : saved({ depositAmountOverride: '100.00', depositAmount: '100.00' }),
      // someone else's write moved the quote on
      () => makeQuote({ lastUpdatedAt: '2026-11-20T10:03:00.000000Z' }),
    );
    await user.click(screen.getByRole('button', { name: 'Change the deposit' }));
    const modal = await dialog('Deposit override');
    const amount = within(modal).getByRole('textbox', { name: /^Deposit amount/ });
    expect(descriptionOf(amount)).toContain(
      'Leave blank to use the calculated deposit: $134.50 (50% of the total)',
    );
    await user.type(amount, '100');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText(pricingMessages.stale)).toBeTruthy();
    expect(inputValue(amount)).toBe('100');
    answer = 'ok';
    await user.click(within(modal).getByRole('button', { name: 'Reload' }));
    await within(modal).findByText(/Reloaded/);
    expect(inputValue(amount)).toBe('100');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit override' })).toBeNull());
    const puts = calls;
    expect(puts.map((c) => c.body?.lastUpdatedAt)).toEqual([
      '2026-11-20T10:00:00.000000Z',
      '2026-11-20T10:03:00.000000Z',
    ]);
    expect(puts[1]?.body).toEqual({
      depositAmountOverride: '100',
      lastUpdatedAt: '2026-11-20T10:03:00.000000Z',
    });
  });
});

describe('the deposit and tax overrides (§5: blank uses the calculated value)', () => {
  it('clears the deposit override with Use the calculated value: null is sent', async () => {
    const { calls, user } = setup(
      makeQuote({ pricing: { depositAmountOverride: '100.00', depositAmount: '100.00' } }),
      () => saved({}),
    );
    expect(screen.getByTestId('pricing-deposit').textContent).toContain('Override');
    expect(screen.getByTestId('pricing-deposit').textContent).toContain('Overridden; calculated $134.50');
    await user.click(screen.getByRole('button', { name: 'Change the deposit' }));
    const modal = await dialog('Deposit override');
    expect(inputValue(within(modal).getByRole('textbox', { name: /^Deposit amount/ }))).toBe('100');
    await user.click(within(modal).getByRole('button', { name: 'Use the calculated value' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ depositAmountOverride: null });
  });

  it('refuses a negative tax amount and sends a typed one', async () => {
    const { calls, user } = setup(makeQuote({ canOverrideTax: true }), () => saved({}));
    await user.click(screen.getByRole('button', { name: 'Change the tax amount' }));
    const modal = await dialog('Tax override');
    const amount = within(modal).getByRole('textbox', { name: /^Tax amount/ });
    expect(descriptionOf(amount)).toContain('Leave blank to use the calculated tax: $24.45');
    await user.type(amount, '-1');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(amount)).toContain('Enter an amount of 0 or more'));
    await user.clear(amount);
    await user.type(amount, '20.5');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ sellTaxOverride: '20.5' });
  });
});

describe('the override total and the percentage discount (§5)', () => {
  it('asks for an amount and a percentage, fills round2(total × 0.9) from the 10 % preset and sends it', async () => {
    const { calls, user } = setup(makeQuote({}), () =>
      Response.json({ data: { lastUpdatedAt: '2026-11-20T10:05:00.000000Z', pricing: basePricing } }),
    );
    await user.click(screen.getByRole('button', { name: 'Override total…' }));
    const modal = await dialog('Override total');
    expect(within(modal).getByTestId('override-base-total').textContent).toContain('$268.99');
    const amount = within(modal).getByRole('textbox', { name: /^Override amount/ });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(amount)).toContain(pricingMessages.overrideAmountRequired));

    await user.click(within(modal).getByRole('button', { name: 'Discount %' }));
    const discount = await dialog('Percentage discount');
    const percentage = within(discount).getByRole('textbox', { name: /^Discount percentage/ });
    await user.click(within(discount).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(descriptionOf(percentage)).toContain(pricingMessages.discountPercentageRequired),
    );
    expect(
      within(within(discount).getByRole('group', { name: 'Preset discounts' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['5%', '10%', '15%', '20%']);
    await user.click(within(discount).getByRole('button', { name: '10%' }));
    expect(within(discount).getByRole('button', { name: '10%' }).getAttribute('aria-pressed')).toBe('true');
    expect(inputValue(percentage)).toBe('10');
    expect(within(discount).getByTestId('discount-result').textContent).toContain(
      '$268.99 less 10% is $242.09',
    );
    await user.click(within(discount).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Percentage discount' })).toBeNull());
    expect(inputValue(amount)).toBe('242.09');
    expect(calls).toEqual([]);

    await user.click(within(modal).getByRole('checkbox', { name: /Override taxables/ }));
    await user.type(within(modal).getByRole('textbox', { name: 'Notes' }), 'Loyal customer');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/old/quotes/70/manage-prices/apply-override-total',
      body: {
        override_total: '242.09',
        override_taxables: true,
        notes: 'Loyal customer',
        lastUpdatedAt: '2026-11-20T10:00:00.000000Z',
      },
    });
  });

  it('shows the notes saved with the override and sends them again, as changed', async () => {
    const { calls, user } = setup(
      makeQuote({ totalSellPriceOverride: '242.09', totalSellPriceOverrideNotes: 'Loyal customer' }),
      () => Response.json({ data: { lastUpdatedAt: '2026-11-20T10:05:00.000000Z', pricing: basePricing } }),
    );
    await user.click(screen.getByRole('button', { name: 'Override total…' }));
    const modal = await dialog('Override total');
    const notes = within(modal).getByRole('textbox', { name: 'Notes' });
    expect(inputValue(notes)).toBe('Loyal customer');
    await user.type(notes, ', ten years');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      body: { override_total: '242.09', notes: 'Loyal customer, ten years' },
    });
  });

  it('refuses a percentage over 100', async () => {
    const { user } = setup(makeQuote({}), () => Response.json({}));
    await user.click(screen.getByRole('button', { name: 'Override total…' }));
    const modal = await dialog('Override total');
    await user.click(within(modal).getByRole('button', { name: 'Discount %' }));
    const discount = await dialog('Percentage discount');
    const percentage = within(discount).getByRole('textbox', { name: /^Discount percentage/ });
    await user.type(percentage, '120');
    await user.click(within(discount).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(descriptionOf(percentage)).toContain(
        'Enter a percentage above 0 and up to 100, with at most 2 decimals',
      ),
    );
  });

  it('removes the override after a question', async () => {
    const { calls, user } = setup(
      makeQuote({
        totalSellPriceOverride: '242.09',
        pricing: {
          sellGrandTotalExTax: '217.64',
          sellGrandTotalIncTax: '242.09',
          adjustments: [
            {
              label: 'Total override',
              amountExTax: '-26.90',
              amountIncTax: '-26.90',
              taxType: 'NONE',
              isSystem: true,
            },
          ],
        },
      }),
      () => Response.json({ data: { lastUpdatedAt: '2026-11-20T10:05:00.000000Z', pricing: basePricing } }),
    );
    expect(screen.getByTestId('pricing-override').textContent).toContain(
      'The total is overridden to $242.09',
    );
    await user.click(screen.getByRole('button', { name: 'Remove override' }));
    const question = await dialog('Remove the override total');
    expect(question.textContent).toContain('The total goes back to $268.99');
    expect(calls).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Remove override' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ override_total: null, lastUpdatedAt: '2026-11-20T10:00:00.000000Z' });
  });
});

describe('an override total once the lines changed under it', () => {
  // 10 % off 274.89 set as 247.40 (taxable); a line of 100.00 more: 384.89 without the override
  const drifted = (drift: Partial<NonNullable<QuotePricing['overrideDrift']>> = {}) =>
    makeQuote({
      totalSellPriceOverride: '247.40',
      totalSellPriceOverrideNotes: 'Loyal customer',
      pricing: {
        sellGrandTotalIncTax: '247.40',
        adjustments: [
          {
            label: 'Total override',
            amountExTax: '-124.99',
            amountIncTax: '-137.49',
            taxType: 'STANDARD',
            isSystem: true,
          },
        ],
        overrideDrift: {
          discountPercentThen: '10.00',
          discountPercentNow: '35.72',
          totalWithoutOverrideThen: '274.89',
          totalWithoutOverrideNow: '384.89',
          reapplyTotal: '346.40',
          ...drift,
        },
      },
    });

  it('says what it was set at and what it comes to now, and Re-apply sends the old percentage off the new total', async () => {
    const before = drifted();
    const reapplied = { ...basePricing, sellGrandTotalIncTax: '346.40', overrideDrift: null };
    let written = false;
    const { calls, user } = setup(
      before,
      () => {
        written = true;
        return Response.json({ data: { lastUpdatedAt: '2026-11-20T10:05:00.000000Z', pricing: reapplied } });
      },
      // the quote as the server has it after the write
      () => (written ? { ...before, context: { ...before.context, pricing: reapplied } } : before),
    );
    const note = screen.getByTestId('pricing-override-drift');
    expect(note.textContent).toContain('Override set at 10 % off; the lines changed, it is now 35.72 % off');
    await user.click(within(note).getByRole('button', { name: 'Re-apply 10 %' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/old/quotes/70/manage-prices/apply-override-total',
      body: {
        override_total: '346.40',
        override_taxables: true,
        notes: 'Loyal customer',
        lastUpdatedAt: '2026-11-20T10:00:00.000000Z',
      },
    });
    await waitFor(() => expect(screen.queryByTestId('pricing-override-drift')).toBeNull());
  });

  it('says an override now above the total so, offers Remove override once, and it asks first', async () => {
    const { calls, user } = setup(
      drifted({ discountPercentNow: '-8.01', reapplyTotal: '247.40', totalWithoutOverrideNow: '274.89' }),
      () => Response.json({ data: { lastUpdatedAt: '2026-11-20T10:05:00.000000Z', pricing: basePricing } }),
    );
    const note = screen.getByTestId('pricing-override-drift');
    expect(note.textContent).toContain('it is now 8.01 % above the total');
    // offered once: the note's button, not a second one on the override row
    expect(screen.getAllByRole('button', { name: 'Remove override' })).toEqual([
      within(note).getByRole('button', { name: 'Remove override' }),
    ]);
    await user.click(within(note).getByRole('button', { name: 'Remove override' }));
    const question = await dialog('Remove the override total');
    expect(calls).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Remove override' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ override_total: null, lastUpdatedAt: '2026-11-20T10:00:00.000000Z' });
  });

  it('shows the note without actions on a read-only quote', () => {
    setup({ ...drifted(), isReadOnly: true }, () => Response.json({}));
    const note = screen.getByTestId('pricing-override-drift');
    expect(note.textContent).toContain('it is now 35.72 % off');
    expect(within(note).queryAllByRole('button')).toEqual([]);
  });
});

describe('the override dialog’s Override taxables hint', () => {
  it('says what each choice does to the tax', async () => {
    const { user } = setup(makeQuote({}), () => Response.json({}));
    await user.click(screen.getByRole('button', { name: 'Override total…' }));
    const modal = await dialog('Override total');
    const box = within(modal).getByRole('checkbox', { name: /Override taxables/ });
    expect(descriptionOf(box)).toContain('the difference carries no tax');
    expect(descriptionOf(box)).toContain('The tax stays as calculated on the products and adjustments');
    expect(descriptionOf(box)).not.toContain('is taxable');
    await user.click(box);
    await waitFor(() => expect(descriptionOf(box)).toContain('the difference is taxable'));
    expect(descriptionOf(box)).toContain('The tax is worked out again on the new total');
  });
});
