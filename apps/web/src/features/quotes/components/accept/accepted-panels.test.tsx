import '../../accept-strings';
import type { DealQuote } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { AcceptedPanels } from './accepted-panels';

type Acceptance = NonNullable<DealQuote['context']['acceptance']>;

const pricing = { sellGrandTotalIncTax: '268.99', depositAmount: '134.50' } as Acceptance['pricing'];

function acceptedQuote(acceptance: Partial<Acceptance>) {
  return {
    id: 7,
    status: 'ACCEPTED',
    context: {
      orderLines: [],
      purchaseOrders: [],
      readyToOrder: [],
      acceptance: {
        acceptedAt: '2026-11-27T10:00:00.000Z',
        acceptedBy: { type: 'USER', name: 'Sam Staff' },
        signerName: null,
        acceptedWithoutSignature: false,
        signatureUrl: '/api/deal-quotes/7/files/9',
        ipAddress: '203.0.113.5',
        userAgent: '',
        pricing,
        documentSha256: null,
        ...acceptance,
      },
    },
  } as unknown as DealQuote;
}

function show(quote: DealQuote) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <AcceptedPanels quote={quote} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Acceptance' });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the acceptance record', () => {
  it('says who signed and, apart, which staff member recorded it; older acceptances keep "Accepted by"', () => {
    const record = show(acceptedQuote({ signerName: 'Jordan Homeowner' }));
    expect(within(record).getByText('Signed by')).toBeTruthy();
    expect(within(record).getByTestId('acceptance-signer').textContent).toBe('Jordan Homeowner');
    expect(within(record).getByText('Recorded by')).toBeTruthy();
    expect(within(record).getByText('Sam Staff')).toBeTruthy();
    expect(within(record).getByRole('img', { name: 'Signature of Jordan Homeowner' })).toBeTruthy();
    expect(within(record).queryByText('Accepted by')).toBeNull();
    cleanup();

    // recorded before the signer's name was asked: the staff member, as before
    const older = show(acceptedQuote({ signerName: null }));
    expect(within(older).getByText('Accepted by')).toBeTruthy();
    expect(within(older).queryByText('Signed by')).toBeNull();
    expect(within(older).getByRole('img', { name: 'Signature of Sam Staff' })).toBeTruthy();
  });
});
