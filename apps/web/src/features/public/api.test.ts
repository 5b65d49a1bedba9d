import type {
  CheckoutSession as ContractCheckoutSession,
  CustomerQuote as ContractCustomerQuote,
  PaymentSummary as ContractPaymentSummary,
  PublicPayment as ContractPublicPayment,
  SessionStatus as ContractSessionStatus,
} from '@slat/contracts';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  type CheckoutSession,
  type CustomerQuote,
  isCustomerQuote,
  isPaymentSummary,
  isPublicPayment,
  type PaymentSummary,
  PublicApiError,
  type PublicPayment,
  publicApi,
  type SessionStatus,
} from './api';
import { customerQuoteFixture, paymentFixture } from './testing-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the public pages' hand-checked answers", () => {
  it("mirror the contracts' types", () => {
    expectTypeOf<ContractPublicPayment>().toEqualTypeOf<PublicPayment>();
    expectTypeOf<ContractCheckoutSession>().toEqualTypeOf<CheckoutSession>();
    expectTypeOf<ContractSessionStatus>().toEqualTypeOf<SessionStatus>();
    expectTypeOf<ContractCustomerQuote>().toEqualTypeOf<CustomerQuote>();
    expectTypeOf<ContractPaymentSummary>().toEqualTypeOf<PaymentSummary>();
  });

  it('accept a well-formed answer and refuse a field of the wrong type or value', () => {
    expect(isPublicPayment(paymentFixture())).toBe(true);
    expect(isPublicPayment({ ...paymentFixture(), amount: 12 })).toBe(false);
    expect(isPublicPayment({ ...paymentFixture(), status: 'REFUNDED' })).toBe(false);
    expect(isPublicPayment(null)).toBe(false);
    expect(isCustomerQuote(customerQuoteFixture())).toBe(true);
    expect(isCustomerQuote({ ...customerQuoteFixture(), lines: [{ room: 'Bed' }] })).toBe(false);
    expect(
      isCustomerQuote({ ...customerQuoteFixture(), order: { ...customerQuoteFixture().order, tuid: '7' } }),
    ).toBe(false);
    expect(isPaymentSummary({ id: 'x', totalReceived: '0', balance: '1', payments: [] })).toBe(true);
    expect(
      isPaymentSummary({
        id: 'x',
        totalReceived: '0',
        balance: '1',
        payments: [{ date: '', paymentMethod: '', amount: '1', status: 'OK' }],
      }),
    ).toBe(false);
  });

  it('turn an error body into its status and field messages, and a wrong shape into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'VALIDATION',
              message: 'Invalid',
              fields: [{ path: 'email', message: 'Please enter an email address' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await publicApi
      .completeTestCheckout('cs_test_12345678', { clientSecret: 's', email: ' ', outcome: 'succeed' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublicApiError);
    expect(error).toMatchObject({
      status: 400,
      fields: [{ path: 'email', message: 'Please enter an email address' }],
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ paymentId: 'x' })),
    );
    await expect(publicApi.payment('abc')).rejects.toMatchObject({ status: 0 });
  });

  it('send POST bodies as JSON, with the ids in the path encoded', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ paymentId: 'p1', checkoutUrl: '/checkout/p1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await publicApi.pay('a/b', 'DEPOSIT');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/customerquote/a%2Fb/pay');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ choice: 'DEPOSIT' });
  });
});
