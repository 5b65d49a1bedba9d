import type { DealPayment, DealPaymentTotals } from '@slat/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  balanceFor,
  createBody,
  defaultPaymentValues,
  needsAboveBalanceConfirmation,
  type PaymentFormValues,
  paymentActions,
  paymentFormSchema,
  showsTransactionDetails,
  updateBody,
} from './payment-logic';

// the keys stand in for the words: what is checked is which message, not its language
const t = ((key: string, options?: Record<string, unknown>) =>
  options?.amount ? `${key}:${String(options.amount)}` : key) as unknown as TFunction;

const values = (over: Partial<PaymentFormValues> = {}): PaymentFormValues => ({
  type: 'MANUAL',
  status: 'PAID',
  amount: '100',
  description: '',
  transactedAt: '2026-11-20',
  reference: '',
  ...over,
});

const payment = (over: Partial<DealPayment> = {}): DealPayment => ({
  id: 1,
  dealId: 2,
  type: 'MANUAL',
  status: 'PAID',
  amount: '250.00',
  currency: 'USD',
  description: '',
  transactedAt: '2026-11-20',
  reference: '',
  isArchived: false,
  dealQuoteId: null,
  paymentUrl: null,
  linkSentAt: null,
  customerEmail: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  mismatches: [],
  ...over,
});

const totals = (over: Partial<DealPaymentTotals> = {}): DealPaymentTotals => ({
  currency: 'USD',
  received: '250.00',
  requested: '0.00',
  acceptedQuote: { id: 9, tuid: 3, total: '1000.00', depositAmount: '500.00' },
  balance: '750.00',
  requestableByCard: '750.00',
  cardPayments: true,
  ...over,
});

const messages = (v: PaymentFormValues, cardMaximum: string | null = '750.00') => {
  const result = paymentFormSchema(t, cardMaximum, 'AUD').safeParse(v);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}=${i.message}`);
};

describe('the payment form', () => {
  it('accepts money as a person types it', () => {
    expect(messages(values({ amount: '1,250.50' }))).toEqual([]);
    expect(messages(values({ amount: '$99.5' }))).toEqual([]);
  });

  it("says 'Amount must be greater than 0' for blank, zero and negative amounts", () => {
    for (const amount of ['', '0', '0.00', '-5'])
      expect(messages(values({ amount }))).toEqual(['amount=payments.messages.amountPositive']);
  });

  it('says what is wrong with text that is not an amount', () => {
    expect(messages(values({ amount: '12abc' }))).toEqual(['amount=payments.messages.amountLike']);
    expect(messages(values({ amount: '1.234' }))).toEqual(['amount=payments.messages.amountInvalid']);
  });

  it('needs a transaction date only when Paid', () => {
    expect(messages(values({ transactedAt: '' }))).toEqual([
      'transactedAt=payments.messages.transactionDateRequired',
    ]);
    expect(messages(values({ status: 'REQUESTED', transactedAt: '' }))).toEqual([]);
  });

  it('keeps a card request within what is requestable, and refuses one without an accepted quote', () => {
    const card = values({ type: 'STRIPE', status: 'REQUESTED', transactedAt: '', amount: '750.01' });
    expect(messages(card)).toEqual(['amount=payments.cardAboveMaximum:$750.00']);
    expect(messages({ ...card, amount: '750' })).toEqual([]);
    expect(messages({ ...card, amount: '10' }, null)).toEqual(['amount=payments.cardAboveMaximum:$0.00']);
  });
});

describe('the request bodies', () => {
  it('sends the transaction date only with a Paid status', () => {
    expect(createBody(values({ amount: '1,250.50' }), false)).toEqual({
      type: 'MANUAL',
      status: 'PAID',
      amount: '1250.50',
      description: '',
      reference: '',
      transactedAt: '2026-11-20',
    });
    const requested = createBody(values({ status: 'REQUESTED' }), false);
    expect('transactedAt' in requested).toBe(false);
    expect('transactedAt' in updateBody(values({ status: 'CANCELLED' }), false)).toBe(false);
  });

  it('makes a card payment a request for the accepted quote, without a date or reference', () => {
    const body = createBody(values({ type: 'STRIPE', status: 'PAID', reference: 'chq 12' }), false, 9);
    expect(body).toMatchObject({ type: 'STRIPE', status: 'REQUESTED', reference: '', dealQuoteId: 9 });
    expect('dealQuoteId' in createBody(values(), false, 9)).toBe(false);
    expect('transactedAt' in body).toBe(false);
  });

  it('sends confirmAboveBalance only when the dealer confirmed', () => {
    expect(createBody(values(), true).confirmAboveBalance).toBe(true);
    expect('confirmAboveBalance' in createBody(values(), false)).toBe(false);
    expect(updateBody(values(), true).confirmAboveBalance).toBe(true);
  });

  it('fills the edit form from a payment, the cents trimmed when whole', () => {
    expect(defaultPaymentValues(payment({ amount: '250.00' })).amount).toBe('250');
    expect(defaultPaymentValues(payment({ amount: '250.50' })).amount).toBe('250.50');
    expect(defaultPaymentValues(payment({ status: 'REQUESTED', transactedAt: null })).transactedAt).toBe('');
  });
});

describe('the above-balance question', () => {
  it('is asked for a manual Paid or Requested payment above the balance, not at it nor for a cancelled one', () => {
    expect(needsAboveBalanceConfirmation(values({ amount: '750.01' }), '750.00')).toBe(true);
    expect(needsAboveBalanceConfirmation(values({ amount: '750' }), '750.00')).toBe(false);
    expect(needsAboveBalanceConfirmation(values({ amount: '900', status: 'CANCELLED' }), '750.00')).toBe(
      false,
    );
    expect(needsAboveBalanceConfirmation(values({ amount: '900' }), null)).toBe(false);
  });

  it('counts an edited Paid payment back into the balance it is weighed against', () => {
    expect(balanceFor(totals(), payment())).toBe('1000.00');
    expect(balanceFor(totals(), payment({ status: 'REQUESTED' }))).toBe('750.00');
    expect(balanceFor(totals(), null)).toBe('750.00');
    expect(balanceFor(totals({ balance: null }), payment())).toBeNull();
  });
});

describe('what the dealer may do to a payment', () => {
  it('edits and archives manual payments, never card ones', () => {
    expect(paymentActions(payment(), false)).toMatchObject({ edit: true, archive: true, cancel: false });
    const card = payment({ type: 'STRIPE', status: 'REQUESTED', paymentUrl: '/checkout/abc' });
    expect(paymentActions(card, false)).toMatchObject({
      edit: false,
      cancel: true,
      archive: false,
      link: true,
      emailLink: true,
    });
    expect(paymentActions({ ...card, status: 'CANCELLED' }, false)).toMatchObject({
      cancel: false,
      archive: true,
      link: false,
    });
  });

  it('changes nothing on an archived deal', () => {
    const card = payment({ type: 'STRIPE', status: 'REQUESTED', paymentUrl: '/checkout/abc' });
    expect(paymentActions(payment(), true)).toMatchObject({ edit: false, archive: false, unarchive: false });
    expect(paymentActions(card, true)).toMatchObject({ cancel: false, emailLink: false, link: true });
  });

  it('shows the transaction date and reference for manual payments or a Paid status', () => {
    expect(showsTransactionDetails({ type: 'MANUAL', status: 'REQUESTED' })).toBe(true);
    expect(showsTransactionDetails({ type: 'STRIPE', status: 'PAID' })).toBe(true);
    expect(showsTransactionDetails({ type: 'STRIPE', status: 'REQUESTED' })).toBe(false);
  });
});
