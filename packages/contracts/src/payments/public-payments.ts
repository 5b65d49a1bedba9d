import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** A public id (payment, customer quote): base64url of ≥ 128 random bits, nothing else. */
export const publicIdParam = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a valid link id');

/** The public pages' texts (foundation §2, §8), letter for letter. */
export const publicPaymentMessages = {
  notFoundTitle: "Oops! We're having trouble finding the payment you're looking for",
  notFoundBody: 'Please double-check the link and try again or contact our support team for assistance',
  cancelled: 'This payment link is no longer valid',
  failedTitle: 'Payment Failed',
  failedBody: 'We encountered a problem while processing your payment',
  doneTitle: 'All Done!',
  doneBody: 'Your payment has been successfully processed',
  unverified: 'Sorry, we were unable to verify the status of your payment',
  emailRequired: 'Please enter your email',
  emailMissing: 'Please enter an email address',
  testCheckoutLabel: 'Test checkout — no card is charged',
  /** 409 to create-session for a payment that is no longer REQUESTED. */
  notPayable: 'This payment can no longer be paid',
} as const;

/** Spec "Public payment": paymentId, amount, currency, description, status, dealer name. */
export const publicPaymentSchema = z.object({
  paymentId: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(['REQUESTED', 'PAID', 'CANCELLED']),
  dealerName: z.string(),
  /** Which checkout the page embeds: Stripe's, or the labelled built-in test checkout. */
  mode: z.enum(['stripe', 'test']),
  /** Stripe's publishable key (null in test mode): the page loads Stripe.js with it. */
  publishableKey: z.string().nullable(),
  /** Set when PAID. */
  transactedAt: z.string().nullable(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

/** Spec "Checkout session": sessionId, clientSecret, stripeAccount (the dealer's connected account). */
export const checkoutSessionSchema = z.object({
  sessionId: z.string(),
  clientSecret: z.string(),
  stripeAccount: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** Spec "Session status": OPEN means failed or declined, COMPLETE success, anything else unverifiable. */
export const sessionStatusSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['OPEN', 'COMPLETE', 'EXPIRED', 'UNKNOWN']),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

const paymentParams = z.object({ paymentId: publicIdParam });

export const getPublicPayment = defineEndpoint({
  method: 'GET',
  path: '/public/payment/:paymentId',
  summary: 'A payment as its customer sees it (no sign-in; unknown ids answer 401 as the spec says)',
  // Public: the customer opens the payment link without an account; the random id is the credential.
  auth: 'public',
  params: paymentParams,
  response: publicPaymentSchema,
});

export const createCheckoutSession = defineEndpoint({
  method: 'POST',
  path: '/public/payment/:paymentId/create-session',
  summary: 'Open (or reuse) the one embedded checkout session of a requested payment',
  // Public: called by the customer's payment page; the random id is the credential, no cookie to forge.
  auth: 'public',
  csrf: false,
  params: paymentParams,
  // A POST without a body (what a page sends) arrives as null; an empty object is taken too.
  body: z.strictObject({}).nullish(),
  response: checkoutSessionSchema,
});

export const getCheckoutSessionStatus = defineEndpoint({
  method: 'GET',
  path: '/public/payment/:paymentId/session/:sessionId',
  summary: "The return page's status read: fulfils a completed session exactly like the webhook",
  // Public: the return page of the customer's checkout.
  auth: 'public',
  params: z.object({
    paymentId: publicIdParam,
    sessionId: z.string().regex(/^[A-Za-z0-9_]{8,255}$/, 'Not a valid session id'),
  }),
  response: sessionStatusSchema,
});

/** The built-in test checkout: the customer "pays" with this call, which delivers a signed paid event to the webhook handler. */
export const completeTestCheckout = defineEndpoint({
  method: 'POST',
  path: '/public/test-checkout/:sessionId/complete',
  summary: 'Test checkout only (no card is charged): complete or decline a test session',
  // Public: plays the card provider's checkout form in local mode; refused when Stripe is configured.
  auth: 'public',
  csrf: false,
  params: z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_]{8,255}$/, 'Not a valid session id') }),
  body: z.strictObject({
    clientSecret: z.string().min(1),
    email: z
      .string()
      .trim()
      .min(1, publicPaymentMessages.emailMissing)
      .email(publicPaymentMessages.emailRequired),
    /** A test card outcome: succeed, or decline with the provider's message. */
    outcome: z.enum(['succeed', 'decline']).default('succeed'),
  }),
  response: z.object({
    status: z.enum(['complete', 'open']),
    returnUrl: z.string(),
    message: z.string().nullable(),
  }),
});
