import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';
import { publicIdParam } from './public-payments';

export const customerQuoteMessages = {
  notFoundTitle: 'Quote not found',
  notFoundBody: 'This link has expired or is not quite right. Please check it, or ask us for a new one.',
  withdrawn: 'This quote has been withdrawn. Please contact us for an up-to-date quote.',
  signerNameRequired: 'Please enter your name',
  signatureRequired: 'Please sign to accept the quote',
  /** Paying comes after accepting, and only on an account that takes cards. */
  payNeedsAcceptance: 'Please accept the quote before paying',
  nothingToPay: 'There is nothing left to pay by card on this quote',
} as const;

/** A line as the customer needs it to recognise the job: room, product, size as entered, price as the PDF shows it. */
export const customerQuoteLineSchema = z.object({
  room: z.string(),
  product: z.string(),
  /** e.g. '1200 × 1500 mm' or '36 3/8 × 48 in', exactly as entered. */
  size: z.string(),
  quantity: z.number().int(),
  price: z.string(),
});

/** Spec "Customer quote", with the lines, logo, status and our link bookkeeping beside it. */
export const customerQuoteSchema = z.object({
  id: z.string(),
  isDepositRequired: z.boolean(),
  order: z.object({
    id: z.number().int(),
    tuid: z.number().int(),
    name: z.string(),
    total: z.string(),
    depositAmount: z.string(),
    createdAt: z.string(),
    convertedAt: z.string().nullable(),
  }),
  quotePdf: z.object({ id: z.string(), url: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string(), logoUrl: z.string().nullable() }),
  currency: z.string(),
  lines: z.array(customerQuoteLineSchema),
  /** Who signed, when accepted. */
  acceptedBy: z.string().nullable(),
  /** When this link was for an older revision: the newest revision's id (the page shows that one). */
  revisedTo: z.string().nullable(),
  /** True when the quote was archived without a newer revision: the page says it was withdrawn. */
  withdrawn: z.boolean(),
  cardPayments: z.boolean(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

/** Spec "Payment summary": id, totalReceived, balance, payments (date, paymentMethod, amount, status). */
export const paymentSummarySchema = z.object({
  id: z.string(),
  totalReceived: z.string(),
  balance: z.string(),
  payments: z.array(
    z.object({
      date: z.string(),
      paymentMethod: z.string(),
      amount: z.string(),
      status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    }),
  ),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

const params = z.object({ id: publicIdParam });

export const getCustomerQuote = defineEndpoint({
  method: 'GET',
  path: '/customerquote/:id',
  summary: 'A quote as its customer sees it (no sign-in; unknown ids answer 404 with no hint)',
  // Public: the customer opens the quote link without an account; the random id is the credential.
  auth: 'public',
  params,
  response: customerQuoteSchema,
});

export const getCustomerQuotePayments = defineEndpoint({
  method: 'GET',
  path: '/customerquote/:id/payments',
  summary: "The quote's payment summary: received, balance, each payment",
  // Public: shown on the customer's quote page.
  auth: 'public',
  params,
  response: paymentSummarySchema,
});

export const getCustomerQuotePdf = defineRawEndpoint({
  method: 'GET',
  path: '/customerquote/:id/pdf',
  summary: "The quote's PDF as the dealer's 'quote' PDF is (the frozen one once accepted), for its customer",
  // Public: the PDF link on the customer's quote page; the random id is the credential.
  auth: 'public',
  produces: 'application/pdf',
  params,
});

export const acceptCustomerQuote = defineEndpoint({
  method: 'POST',
  path: '/customerquote/:id/accept',
  summary:
    'The customer accepts the quote with a signature and their name (once; a second accept changes nothing)',
  // Public: the customer accepts without an account; the random id is the credential.
  auth: 'public',
  csrf: false,
  params,
  body: z.strictObject({
    signerName: z
      .string({ error: customerQuoteMessages.signerNameRequired })
      .trim()
      .min(1, customerQuoteMessages.signerNameRequired)
      .max(200),
    /** data:image/png;base64,… from the signature pad. */
    signature: z
      .string({ error: customerQuoteMessages.signatureRequired })
      .min(1, customerQuoteMessages.signatureRequired),
  }),
  response: customerQuoteSchema,
});

export const payCustomerQuote = defineEndpoint({
  method: 'POST',
  path: '/customerquote/:id/pay',
  summary:
    'After accepting: the customer pays the deposit or the full balance by card; answers the payment to check out',
  // Public: the customer chooses on the quote page; the amount is the server's, never the client's.
  auth: 'public',
  csrf: false,
  params,
  body: z.strictObject({ choice: z.enum(['DEPOSIT', 'BALANCE']) }),
  response: z.object({ paymentId: z.string(), checkoutUrl: z.string() }),
});

/** The customer's link of a quote, as the dealer sees it on the quote: where it goes, when it was sent and first opened. */
export const customerLinkSchema = z.object({
  url: z.string(),
  sentAt: z.string().nullable(),
  sentToEmail: z.string().nullable(),
  openedAt: z.string().nullable(),
});
export type CustomerLink = z.infer<typeof customerLinkSchema>;

export const getCustomerLink = defineEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id/customer-link',
  summary: "The quote's customer link, when it was sent and when the customer first opened it",
  auth: 'session',
  params: z.object({ id: idParam() }),
  response: customerLinkSchema,
});

export const sendQuoteToCustomer = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/send-to-customer',
  summary: "Mail the quote's link to the customer (through the job queue)",
  auth: 'session',
  params: z.object({ id: idParam() }),
  body: z.strictObject({
    email: z.email({ error: 'Please enter a valid email address' }),
    message: z.string().trim().max(2000).default(''),
  }),
  response: customerLinkSchema,
});
