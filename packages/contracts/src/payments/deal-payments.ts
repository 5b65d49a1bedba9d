import { z } from 'zod';
import { idParam, idSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { moneyInput } from '../quotes/pricing';
import { dateOnlySchema } from '../wire-formats';

/** The spec's payment messages, letter for letter, and ours beside them. */
export const paymentMessages = {
  amountPositive: 'Amount must be greater than 0',
  transactionDateRequired: 'Transaction date is required',
  transactionDateNotAllowed: 'Transaction date not allowed for this status',
  /** A card request can never ask for more than the accepted quote still needs. */
  cardAboveBalance: 'A card payment request cannot be more than the outstanding balance',
  /** A manual payment above the balance is allowed only when the dealer confirms it. */
  aboveBalanceNeedsConfirmation:
    'This payment is more than the outstanding balance. Confirm to record it anyway.',
  cardPaymentsOff: 'Card payments are not set up for this account',
  cardReadOnly: 'Card payments cannot be edited',
  onlyRequestedCardCancels: 'Only a requested card payment can be cancelled',
  cardArchiveOnlyCancelled: 'A card payment can be archived only when it is cancelled',
  dealArchived: 'This deal is archived and cannot be changed',
  noLinkForThisPayment: 'Only a requested card payment has a payment link',
  customerEmailRequired: 'The deal has no contact email to send the link to',
} as const;

export const PAYMENT_TYPES = ['MANUAL', 'STRIPE'] as const;
export const PAYMENT_STATUSES = ['REQUESTED', 'PAID', 'CANCELLED'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Spec "Deal payment": id, dealId, type, status, amount, description, transactedAt, reference; and what the screens need. */
export const dealPaymentSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  type: paymentTypeSchema,
  status: paymentStatusSchema,
  /** Decimal text, 2 places. */
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  /** yyyy-mm-dd, set exactly when PAID. */
  transactedAt: z.string().nullable(),
  reference: z.string(),
  isArchived: z.boolean(),
  dealQuoteId: z.number().int().nullable(),
  /** Card payments: the public link the customer pays at (/checkout/{publicId}). */
  paymentUrl: z.string().nullable(),
  linkSentAt: z.string().nullable(),
  customerEmail: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Problems the daily reconciliation found with this payment (empty when none). */
  mismatches: z.array(z.object({ kind: z.string(), detail: z.string(), foundAt: z.string() })),
});
export type DealPayment = z.infer<typeof dealPaymentSchema>;

/** What the deal shows above its payments: received, requested and the balance of its accepted quote. */
export const dealPaymentTotalsSchema = z.object({
  currency: z.string(),
  received: z.string(),
  requested: z.string(),
  /** The accepted (non-archived, newest) quote's total and deposit, null when none is accepted. */
  acceptedQuote: z
    .object({ id: z.number().int(), tuid: z.number().int(), total: z.string(), depositAmount: z.string() })
    .nullable(),
  /** Total of the accepted quote less what is received (never below 0); null without an accepted quote. */
  balance: z.string().nullable(),
  /** What a new card request may ask for at most (balance less open card requests); null without an accepted quote. */
  requestableByCard: z.string().nullable(),
  cardPayments: z.boolean(),
});
export type DealPaymentTotals = z.infer<typeof dealPaymentTotalsSchema>;

export const dealPaymentsSchema = z.object({
  payments: z.array(dealPaymentSchema),
  totals: dealPaymentTotalsSchema,
});
export type DealPayments = z.infer<typeof dealPaymentsSchema>;

/** Spec §5: Paid needs a transaction date, every other status refuses one. */
function transactionDateOnlyWhenPaid(
  b: { status: PaymentStatus; transactedAt: string | null },
  ctx: z.RefinementCtx,
) {
  if (b.status === 'PAID' && !b.transactedAt)
    ctx.addIssue({
      code: 'custom',
      path: ['transactedAt'],
      message: paymentMessages.transactionDateRequired,
    });
  if (b.status !== 'PAID' && b.transactedAt)
    ctx.addIssue({
      code: 'custom',
      path: ['transactedAt'],
      message: paymentMessages.transactionDateNotAllowed,
    });
}

const positiveMoney = moneyInput.refine((v) => Number(v) > 0, paymentMessages.amountPositive);

/** Create a payment; transactedAt only with PAID (spec §5: sent only when Paid, otherwise null). */
export const createDealPaymentBody = z
  .strictObject({
    type: paymentTypeSchema,
    status: paymentStatusSchema,
    amount: z.union([z.number(), z.string()], { error: paymentMessages.amountPositive }).pipe(positiveMoney),
    description: z.string().trim().max(500).default(''),
    transactedAt: dateOnlySchema.nullable().default(null),
    reference: z.string().trim().max(200).default(''),
    dealQuoteId: idSchema.nullable().default(null),
    /** The dealer's explicit yes to a manual payment above the outstanding balance. */
    confirmAboveBalance: z.boolean().default(false),
  })
  .superRefine(transactionDateOnlyWhenPaid);
export type CreateDealPaymentBody = z.input<typeof createDealPaymentBody>;

/** Edit a manual payment (card payments are read-only). */
export const updateDealPaymentBody = z
  .strictObject({
    status: paymentStatusSchema,
    amount: z.union([z.number(), z.string()], { error: paymentMessages.amountPositive }).pipe(positiveMoney),
    description: z.string().trim().max(500).default(''),
    transactedAt: dateOnlySchema.nullable().default(null),
    reference: z.string().trim().max(200).default(''),
    confirmAboveBalance: z.boolean().default(false),
  })
  .superRefine(transactionDateOnlyWhenPaid);
export type UpdateDealPaymentBody = z.input<typeof updateDealPaymentBody>;

const dealParams = z.object({ dealId: idParam() });
const paymentParams = z.object({ dealId: idParam(), paymentId: idParam() });

export const listDealPayments = defineEndpoint({
  method: 'GET',
  path: '/deals/:dealId/payments',
  summary: "A deal's payments (archived ones with ?archived=1) and its received, requested and balance",
  auth: 'session',
  params: dealParams,
  query: z.object({ archived: z.enum(['0', '1']).optional() }),
  response: dealPaymentsSchema,
});

export const createDealPayment = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/payments',
  summary: 'Record a manual payment or request a card payment',
  auth: 'session',
  params: dealParams,
  body: createDealPaymentBody,
  response: dealPaymentSchema,
});

export const updateDealPayment = defineEndpoint({
  method: 'PUT',
  path: '/deals/:dealId/payments/:paymentId',
  summary: 'Edit a manual payment',
  auth: 'session',
  params: paymentParams,
  body: updateDealPaymentBody,
  response: dealPaymentSchema,
});

export const cancelDealPayment = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/payments/:paymentId/cancel',
  summary: 'Cancel a requested card payment (its link stops working, its open checkout expires)',
  auth: 'session',
  params: paymentParams,
  response: dealPaymentSchema,
});

export const archiveDealPayment = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/payments/:paymentId/archive',
  summary: 'Archive a payment (a card payment only when cancelled)',
  auth: 'session',
  params: paymentParams,
  response: dealPaymentSchema,
});

export const unarchiveDealPayment = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/payments/:paymentId/unarchive',
  summary: 'Bring an archived payment back',
  auth: 'session',
  params: paymentParams,
  response: dealPaymentSchema,
});

export const emailPaymentLink = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/payments/:paymentId/email-link',
  summary: "Mail a requested card payment's link to the customer (through the job queue)",
  auth: 'session',
  params: paymentParams,
  body: z.strictObject({ email: z.email({ error: 'Please enter a valid email address' }).optional() }),
  response: dealPaymentSchema,
});
