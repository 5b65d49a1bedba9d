import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from './navigation';
import { PublicApp, publicRouteOf } from './public-app';
import { customerQuoteFixture, paymentFixture, summaryFixture } from './testing-fixtures';

// signature_pad draws on a real canvas (jsdom has none): a stand-in that lets a test "draw".
const { FakePad, pads } = vi.hoisted(() => {
  const pads: { draw: () => void }[] = [];
  class FakePad {
    drawn = false;
    listeners = new Set<() => void>();
    constructor() {
      pads.push(this);
    }
    addEventListener(_: string, listener: () => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_: string, listener: () => void) {
      this.listeners.delete(listener);
    }
    isEmpty() {
      return !this.drawn;
    }
    clear() {
      this.drawn = false;
    }
    on() {}
    off() {}
    toDataURL() {
      return 'data:image/png;base64,c2lnbmVk';
    }
    draw() {
      this.drawn = true;
      for (const listener of this.listeners) listener();
    }
  }
  return { FakePad, pads };
});
vi.mock('signature_pad', () => ({ default: FakePad }));

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;
let calls: { url: string; method: string; body: unknown }[] = [];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return handler(url, init);
    }),
  );
}

const error = (status: number, fields: { path: string; message: string }[] = []) =>
  Response.json({ error: { code: 'X', message: 'x', fields } }, { status });

const assigned: string[] = [];
beforeEach(() => {
  pads.length = 0;
  assigned.length = 0;
  vi.spyOn(navigation, 'assign').mockImplementation((url) => {
    assigned.push(url);
  });
  stripe.loadStripe.mockReset();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url: string) => {
  const [pathname = '', search = ''] = url.split('?');
  return render(<PublicApp route={publicRouteOf(pathname, search ? `?${search}` : '')} />);
};

describe('routes', () => {
  it("tells the three pages apart and reads the return page's session id", () => {
    expect(publicRouteOf('/checkout/abc', '')).toEqual({ page: 'checkout', paymentId: 'abc' });
    expect(publicRouteOf('/checkout/abc/return', '?session_id=cs_1')).toEqual({
      page: 'checkoutReturn',
      paymentId: 'abc',
      sessionId: 'cs_1',
    });
    expect(publicRouteOf('/customer-quote/q1/', '')).toEqual({ page: 'customerQuote', quoteId: 'q1' });
    expect(publicRouteOf('/checkout/a/b', '')).toEqual({ page: 'unknown' });
  });
});

describe('the payment page', () => {
  const id = paymentFixture().paymentId;

  it("a 401 shows the spec's not-found texts; another failure the generic error", async () => {
    serve(() => error(401));
    open(`/checkout/${id}`);
    expect(
      await screen.findByRole('heading', {
        name: "Oops! We're having trouble finding the payment you're looking for",
      }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Please double-check the link and try again or contact our support team for assistance',
      ),
    ).toBeTruthy();
    cleanup();
    serve(() => error(500));
    open(`/checkout/${id}`);
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong' })).toBeTruthy();
  });

  it('a cancelled payment says its link is no longer valid; a paid one shows the success view', async () => {
    serve(() => Response.json(paymentFixture({ status: 'CANCELLED' })));
    open(`/checkout/${id}`);
    expect(await screen.findByRole('heading', { name: 'This payment link is no longer valid' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('create-session'))).toBe(false);
    cleanup();
    serve(() => Response.json(paymentFixture({ status: 'PAID', transactedAt: '2026-11-25' })));
    open(`/checkout/${id}`);
    expect(await screen.findByRole('heading', { name: 'Paid — thank you' })).toBeTruthy();
    expect(screen.getByText('This payment was received on Nov 25, 2026.')).toBeTruthy();
  });

  describe('the test checkout', () => {
    const session = {
      sessionId: 'cs_test_abcdefgh',
      clientSecret: 'cs_test_abcdefgh_secret',
      stripeAccount: 'acct_local',
    };
    const checkout = (complete: Handler) =>
      serve((url, init) => {
        if (url.endsWith('/create-session')) return Response.json(session);
        if (url.includes('/test-checkout/')) return complete(url, init);
        return Response.json(paymentFixture());
      });

    it('shows the dealer, amount with currency, description and the test label', async () => {
      checkout(() => error(500));
      open(`/checkout/${id}`);
      expect(await screen.findByRole('heading', { name: 'Test checkout — no card is charged' })).toBeTruthy();
      expect(screen.getByTestId('payment-amount').textContent).toBe('$1,250.50 USD');
      expect(screen.getByText('Deposit for the Smith house')).toBeTruthy();
      expect(screen.getAllByText('Shade & Co').length).toBeGreaterThan(0);
    });

    it('an empty email is refused here; the provider’s own message shows under the field', async () => {
      const user = userEvent.setup();
      checkout(() => error(400, [{ path: 'email', message: 'Please enter an email address' }]));
      open(`/checkout/${id}`);
      await user.click(await screen.findByRole('button', { name: /^Pay / }));
      expect(screen.getByText('Please enter your email')).toBeTruthy();
      expect(calls.some((c) => c.url.includes('/test-checkout/'))).toBe(false);
      // whatever gets past the page's required rule is the provider's to judge; its message shows
      await user.type(screen.getByLabelText(/Email/), 'pat@');
      await user.click(screen.getByRole('button', { name: /^Pay / }));
      expect(await screen.findByText('Please enter an email address')).toBeTruthy();
      expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    });

    it('Pay completes the session with its client secret and goes to the return page', async () => {
      const user = userEvent.setup();
      checkout(() =>
        Response.json({
          status: 'complete',
          returnUrl: `/checkout/${id}/return?session_id=${session.sessionId}`,
          message: null,
        }),
      );
      open(`/checkout/${id}`);
      await user.type(await screen.findByLabelText(/Email/), 'pat@example.com');
      await user.click(screen.getByRole('button', { name: 'Pay $1,250.50' }));
      await waitFor(() =>
        expect(assigned).toEqual([`/checkout/${id}/return?session_id=${session.sessionId}`]),
      );
      expect(calls.find((c) => c.url.includes('/test-checkout/'))).toMatchObject({
        url: `/api/public/test-checkout/${session.sessionId}/complete`,
        method: 'POST',
        body: { clientSecret: session.clientSecret, email: 'pat@example.com', outcome: 'succeed' },
      });
    });

    it("a decline shows the Payment Failed dialog with the provider's message", async () => {
      const user = userEvent.setup();
      checkout(() => Response.json({ status: 'open', returnUrl: '/x', message: 'Your card was declined.' }));
      open(`/checkout/${id}`);
      await user.type(await screen.findByLabelText(/Email/), 'pat@example.com');
      await user.click(screen.getByRole('button', { name: 'Decline (test a failed payment)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Payment Failed' });
      expect(within(dialog).getByText('We encountered a problem while processing your payment')).toBeTruthy();
      expect(within(dialog).getByText('Your card was declined.')).toBeTruthy();
      expect(assigned).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('a payment paid meanwhile (409) reloads and shows its state', async () => {
      let paid = false;
      serve((url) => {
        if (url.endsWith('/create-session')) {
          paid = true;
          return error(409);
        }
        return Response.json(paymentFixture(paid ? { status: 'PAID' } : {}));
      });
      open(`/checkout/${id}`);
      expect(await screen.findByRole('heading', { name: 'Paid — thank you' })).toBeTruthy();
    });
  });

  describe("Stripe's embedded checkout", () => {
    const stripePayment = paymentFixture({ mode: 'stripe', publishableKey: 'pk_test_123' });
    const session = {
      sessionId: 'cs_live_abcdefgh',
      clientSecret: 'cs_secret',
      stripeAccount: 'acct_dealer',
    };
    beforeEach(() =>
      serve((url) =>
        url.endsWith('/create-session') ? Response.json(session) : Response.json(stripePayment),
      ),
    );

    it("loads Stripe.js on the dealer's account and mounts the checkout with the session's client secret", async () => {
      const mount = vi.fn();
      const createEmbeddedCheckoutPage = vi.fn(async () => ({ mount, destroy: vi.fn(), unmount: vi.fn() }));
      stripe.loadStripe.mockResolvedValue({ createEmbeddedCheckoutPage });
      open(`/checkout/${id}`);
      await waitFor(() => expect(mount).toHaveBeenCalled());
      expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123', { stripeAccount: 'acct_dealer' });
      expect(createEmbeddedCheckoutPage).toHaveBeenCalledWith({ clientSecret: 'cs_secret' });
      expect(mount.mock.calls[0]?.[0]).toBeInstanceOf(HTMLElement);
      expect(screen.queryByText('Test checkout — no card is charged')).toBeNull();
    });

    it('Stripe.js failing to load shows the generic error', async () => {
      stripe.loadStripe.mockResolvedValue(null);
      open(`/checkout/${id}`);
      expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong' })).toBeTruthy();
    });

    it("the checkout failing to start shows Payment Failed with Stripe's message", async () => {
      stripe.loadStripe.mockResolvedValue({
        createEmbeddedCheckoutPage: vi.fn(async () => {
          throw new Error('This Checkout Session is no longer active.');
        }),
      });
      open(`/checkout/${id}`);
      const dialog = await screen.findByRole('dialog', { name: 'Payment Failed' });
      expect(within(dialog).getByText('This Checkout Session is no longer active.')).toBeTruthy();
    });
  });
});

describe('the return page', () => {
  const id = paymentFixture().paymentId;
  const returnTo = (status: string | number) => {
    serve(() =>
      typeof status === 'number' ? error(status) : Response.json({ sessionId: 'cs_test_abcdefgh', status }),
    );
    return open(`/checkout/${id}/return?session_id=cs_test_abcdefgh`);
  };

  it('COMPLETE is All Done!, with the way back to the quote it was paid from', async () => {
    window.sessionStorage.setItem('slat.customerQuoteReturn', '/customer-quote/abc');
    returnTo('COMPLETE');
    expect(await screen.findByRole('heading', { name: 'All Done!' })).toBeTruthy();
    expect(screen.getByText('Your payment has been successfully processed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your quote' }).getAttribute('href')).toBe(
      '/customer-quote/abc',
    );
    expect(calls[0]?.url).toBe(`/api/public/payment/${id}/session/cs_test_abcdefgh`);
  });

  it('OPEN is Payment Failed, with the way back to the payment', async () => {
    returnTo('OPEN');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the payment' }).getAttribute('href')).toBe(
      `/checkout/${id}`,
    );
  });

  it.each(['EXPIRED', 'UNKNOWN', 500])('%s cannot be verified', async (status) => {
    returnTo(status);
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry, we were unable to verify the status of your payment',
      }),
    ).toBeTruthy();
  });

  it('without a session id nothing is asked and it cannot be verified', async () => {
    serve(() => error(500));
    open(`/checkout/${id}/return`);
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry, we were unable to verify the status of your payment',
      }),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the customer quote page', () => {
  const id = customerQuoteFixture().id;
  const quotePage = (
    quote = customerQuoteFixture(),
    summary = summaryFixture(),
    onPost: Handler = () => error(500),
  ) => {
    serve((url, init) => {
      if (init?.method === 'POST') return onPost(url, init);
      if (url.endsWith('/payments')) return Response.json(summary);
      return Response.json(quote);
    });
    return open(`/customer-quote/${id}`);
  };

  it('an unknown link shows Quote not found with the expired-or-wrong message', async () => {
    serve(() => error(404));
    open('/customer-quote/nope');
    expect(await screen.findByRole('heading', { name: 'Quote not found' })).toBeTruthy();
    expect(
      screen.getByText(
        'This link has expired or is not quite right. Please check it, or ask us for a new one.',
      ),
    ).toBeTruthy();
  });

  it('shows the order, its number, total, deposit, PDF, company, lines and payment summary', async () => {
    quotePage(
      customerQuoteFixture(),
      summaryFixture({
        totalReceived: '100.00',
        balance: '2300.00',
        payments: [{ date: '2026-11-21', paymentMethod: 'Card', amount: '100.00', status: 'SUCCEEDED' }],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Smith house — living room' })).toBeTruthy();
    expect(screen.getByText('#1007')).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toBe('$2,400.00');
    expect(screen.getByTestId('quote-deposit').textContent).toBe('$1,200.00');
    expect(screen.getByRole('link', { name: 'Download the quote (PDF)' }).getAttribute('href')).toBe(
      customerQuoteFixture().quotePdf.url,
    );
    expect(screen.getByText('Shade & Co')).toBeTruthy();
    expect(screen.getByText('Roller blind')).toBeTruthy();
    expect(screen.getByText('36 3/8 × 48 in')).toBeTruthy();
    expect(screen.getByText('Qty 2')).toBeTruthy();
    expect(screen.getByTestId('total-received').textContent).toBe('$100.00');
    expect(screen.getByTestId('balance').textContent).toBe('$2,300.00');
    const row = screen.getByRole('row', { name: /Card/ });
    expect(within(row).getByText('Nov 21, 2026')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
  });

  it('hides the deposit when none is required; notes a revision; says when withdrawn', async () => {
    quotePage(customerQuoteFixture({ isDepositRequired: false, revisedTo: 'newer' }));
    await screen.findByTestId('quote-total');
    expect(screen.queryByTestId('quote-deposit')).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(
      'This quote has been revised. You are seeing the newest version.',
    );
    cleanup();
    quotePage(customerQuoteFixture({ withdrawn: true }));
    expect(
      await screen.findByText('This quote has been withdrawn. Please contact us for an up-to-date quote.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
  });

  it('Accept asks for a name and a signature, then sends both and shows who accepted', async () => {
    const user = userEvent.setup();
    quotePage(customerQuoteFixture(), summaryFixture(), () =>
      Response.json(
        customerQuoteFixture({
          acceptedBy: 'Pat Smith',
          order: { ...customerQuoteFixture().order, convertedAt: '2026-11-27T21:00:00.000Z' },
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please sign to accept the quote')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/Your name/), 'Pat Smith');
    act(() => pads[0]?.draw());
    expect(screen.getByTestId('signature-state').textContent).toBe('Signed');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByRole('heading', { name: 'Quote accepted' })).toBeTruthy();
    expect(screen.getByTestId('accepted-by').textContent).toBe('Accepted by Pat Smith on Nov 27, 2026');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/customerquote/${id}/accept`,
      body: { signerName: 'Pat Smith', signature: 'data:image/png;base64,c2lnbmVk' },
    });
  });

  it("shows the server's field message when it refuses the accept", async () => {
    const user = userEvent.setup();
    quotePage(customerQuoteFixture(), summaryFixture(), () =>
      error(400, [{ path: 'signerName', message: 'Please enter your name' }]),
    );
    await user.type(await screen.findByLabelText(/Your name/), 'Pat');
    act(() => pads[0]?.draw());
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
  });

  it('once accepted, offers the deposit and the full balance by card, and opens the checkout', async () => {
    const user = userEvent.setup();
    quotePage(customerQuoteFixture({ acceptedBy: 'Pat Smith' }), summaryFixture(), () =>
      Response.json({ paymentId: 'p1', checkoutUrl: '/checkout/p1' }),
    );
    expect(await screen.findByRole('button', { name: 'Pay full balance' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay deposit' }));
    await waitFor(() => expect(assigned).toEqual(['/checkout/p1']));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/customerquote/${id}/pay`,
      body: { choice: 'DEPOSIT' },
    });
    expect(window.sessionStorage.getItem('slat.customerQuoteReturn')).toBe(`/customer-quote/${id}`);
  });

  it("a refused pay shows the server's reason", async () => {
    const user = userEvent.setup();
    quotePage(customerQuoteFixture({ acceptedBy: 'Pat' }), summaryFixture(), () =>
      Response.json(
        {
          error: {
            code: 'CONFLICT',
            message: 'There is nothing left to pay by card on this quote',
            fields: [],
          },
        },
        { status: 409 },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Pay full balance' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is nothing left to pay by card on this quote',
    );
    expect(assigned).toEqual([]);
  });

  it('no deposit choice once the deposit is received; nothing to pay when paid in full or without card payments', async () => {
    quotePage(
      customerQuoteFixture({ acceptedBy: 'Pat' }),
      summaryFixture({ totalReceived: '1200.00', balance: '1200.00' }),
    );
    expect(await screen.findByRole('button', { name: 'Pay full balance' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay deposit' })).toBeNull();
    cleanup();
    quotePage(
      customerQuoteFixture({ acceptedBy: 'Pat' }),
      summaryFixture({ totalReceived: '2400.00', balance: '0.00' }),
    );
    expect(await screen.findByText('This quote is paid in full. Thank you.')).toBeTruthy();
    cleanup();
    quotePage(customerQuoteFixture({ acceptedBy: 'Pat', cardPayments: false }));
    await screen.findByRole('heading', { name: 'Quote accepted' });
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});
