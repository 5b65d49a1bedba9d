import type { CustomerQuote, PaymentSummary, PublicPayment } from './api';

/** Answers as the API gives them, for this feature's tests. */
export const paymentFixture = (over: Partial<PublicPayment> = {}): PublicPayment => ({
  paymentId: 'UGF5bWVudElkT2ZUZXN0czEy',
  amount: '1250.5',
  currency: 'usd',
  description: 'Deposit for the Smith house',
  status: 'REQUESTED',
  dealerName: 'Shade & Co',
  mode: 'test',
  publishableKey: null,
  transactedAt: null,
  ...over,
});

export const customerQuoteFixture = (over: Partial<CustomerQuote> = {}): CustomerQuote => ({
  id: 'UXVvdGVJZE9mVGVzdHMxMjM0',
  isDepositRequired: true,
  order: {
    id: 41,
    tuid: 1007,
    name: 'Smith house — living room',
    total: '2400.00',
    depositAmount: '1200.00',
    createdAt: '2026-11-20T10:00:00.000Z',
    convertedAt: null,
  },
  quotePdf: { id: 'pdf1', url: '/api/customerquote/UXVvdGVJZE9mVGVzdHMxMjM0/pdf' },
  company: { id: 3, name: 'Shade & Co', logoUrl: null },
  currency: 'USD',
  lines: [
    { room: 'Living', product: 'Roller blind', size: '1200 × 1500 mm', quantity: 1, price: '800.00' },
    { room: 'Bedroom', product: 'Venetian', size: '36 3/8 × 48 in', quantity: 2, price: '1600.00' },
  ],
  acceptedBy: null,
  revisedTo: null,
  withdrawn: false,
  cardPayments: true,
  ...over,
});

export const summaryFixture = (over: Partial<PaymentSummary> = {}): PaymentSummary => ({
  id: 'UXVvdGVJZE9mVGVzdHMxMjM0',
  totalReceived: '0.00',
  balance: '2400.00',
  payments: [],
  ...over,
});
