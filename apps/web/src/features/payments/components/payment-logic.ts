import type {
  CreateDealPaymentBody,
  DealPayment,
  DealPaymentTotals,
  PaymentStatus,
  PaymentType,
  UpdateDealPaymentBody,
} from '@slat/contracts';
import { compareDecimals, sumDecimals } from '@slat/domain';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatCurrency } from '../../../lib/currency';
import { moneyTextProblem, parseMoneyInput } from '../../quotes';

/** What the payment form holds: the amount as typed, the date as the date input gives it. */
export type PaymentFormValues = {
  type: PaymentType;
  status: PaymentStatus;
  amount: string;
  description: string;
  transactedAt: string;
  reference: string;
};

/** Today as the date input writes it (yyyy-mm-dd, the browser's day). */
export function todayInput(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function defaultPaymentValues(payment: DealPayment | null): PaymentFormValues {
  if (!payment)
    return { type: 'MANUAL', status: 'PAID', amount: '', description: '', transactedAt: '', reference: '' };
  return {
    type: payment.type,
    status: payment.status,
    amount: payment.amount.replace(/\.00$/, ''),
    description: payment.description,
    transactedAt: payment.transactedAt ?? '',
    reference: payment.reference,
  };
}

/**
 * The form's schema: the spec's messages ('Amount must be greater than 0', 'Transaction date is
 * required'); a card request at most `cardMaximum` (null: no accepted quote, nothing requestable),
 * written in the account's `currency`.
 */
export function paymentFormSchema(t: TFunction, cardMaximum: string | null, currency: string) {
  return z
    .object({
      type: z.enum(['MANUAL', 'STRIPE']),
      status: z.enum(['REQUESTED', 'PAID', 'CANCELLED']),
      amount: z.string(),
      description: z.string().max(500),
      transactedAt: z.string(),
      reference: z.string().max(200),
    })
    .superRefine((v, ctx) => {
      const amountIssue = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
      const text = v.amount.trim();
      const problem = text === '' ? undefined : moneyTextProblem(text);
      const amount = text === '' ? null : parseMoneyInput(text);
      if (text === '') amountIssue(t('payments.messages.amountPositive'));
      else if (problem === 'notAmount') amountIssue(t('payments.messages.amountLike'));
      else if (problem === 'decimals') amountIssue(t('payments.messages.amountInvalid'));
      else if (problem === 'tooLarge') amountIssue(t('payments.messages.amountTooLarge'));
      else if (amount === null || compareDecimals(amount, '0') <= 0)
        amountIssue(t('payments.messages.amountPositive'));
      else if (v.type === 'STRIPE' && (cardMaximum === null || compareDecimals(amount, cardMaximum) > 0))
        amountIssue(t('payments.cardAboveMaximum', { amount: formatCurrency(cardMaximum ?? '0', currency) }));
      if (v.status === 'PAID' && v.transactedAt.trim() === '')
        ctx.addIssue({
          code: 'custom',
          path: ['transactedAt'],
          message: t('payments.messages.transactionDateRequired'),
        });
    });
}

/** The amount typed, as the request's decimal ('1,250.50' → '1250.50'). */
export const amountOf = (values: PaymentFormValues): string =>
  parseMoneyInput(values.amount.trim()) ?? values.amount.trim();

/** The create call's body: the transaction date only when Paid (the server refuses one otherwise). */
export function createBody(
  values: PaymentFormValues,
  confirmAboveBalance: boolean,
  acceptedQuoteId: number | null = null,
): CreateDealPaymentBody {
  return {
    type: values.type,
    status: values.type === 'STRIPE' ? 'REQUESTED' : values.status,
    amount: amountOf(values),
    description: values.description.trim(),
    reference: values.type === 'STRIPE' ? '' : values.reference.trim(),
    ...(values.type === 'MANUAL' && values.status === 'PAID' ? { transactedAt: values.transactedAt } : {}),
    // a card request is for the accepted quote's balance
    ...(values.type === 'STRIPE' && acceptedQuoteId !== null ? { dealQuoteId: acceptedQuoteId } : {}),
    ...(confirmAboveBalance ? { confirmAboveBalance: true } : {}),
  };
}

export function updateBody(values: PaymentFormValues, confirmAboveBalance: boolean): UpdateDealPaymentBody {
  return {
    status: values.status,
    amount: amountOf(values),
    description: values.description.trim(),
    reference: values.reference.trim(),
    ...(values.status === 'PAID' ? { transactedAt: values.transactedAt } : {}),
    ...(confirmAboveBalance ? { confirmAboveBalance: true } : {}),
  };
}

/**
 * The balance a manual payment is weighed against: the deal's balance, plus what this payment
 * already counts in it when it is an edit of a Paid one; null without an accepted quote.
 */
export function balanceFor(totals: DealPaymentTotals, editing: DealPayment | null): string | null {
  if (totals.balance === null) return null;
  if (editing && editing.status === 'PAID' && !editing.isArchived)
    return sumDecimals([totals.balance, editing.amount]);
  return totals.balance;
}

/** A manual payment, Paid or Requested, above the outstanding balance needs the dealer's explicit yes. */
export function needsAboveBalanceConfirmation(values: PaymentFormValues, balance: string | null): boolean {
  if (values.type !== 'MANUAL' || values.status === 'CANCELLED' || balance === null) return false;
  const amount = parseMoneyInput(values.amount.trim());
  return amount !== null && compareDecimals(amount, balance) > 0;
}

/** Transaction date and reference show for manual payments or Paid status (spec). */
export const showsTransactionDetails = (payment: Pick<DealPayment, 'type' | 'status'>): boolean =>
  payment.type === 'MANUAL' || payment.status === 'PAID';

/** What the dealer may do to a payment (spec §4): card payments are read-only. */
export function paymentActions(payment: DealPayment, dealArchived: boolean) {
  const card = payment.type === 'STRIPE';
  const open = !dealArchived;
  return {
    edit: open && !card && !payment.isArchived,
    cancel: open && card && payment.status === 'REQUESTED' && !payment.isArchived,
    archive: open && !payment.isArchived && (!card || payment.status === 'CANCELLED'),
    unarchive: open && payment.isArchived,
    link: card && payment.status === 'REQUESTED' && !payment.isArchived && payment.paymentUrl !== null,
    emailLink: open && card && payment.status === 'REQUESTED' && !payment.isArchived,
  };
}
