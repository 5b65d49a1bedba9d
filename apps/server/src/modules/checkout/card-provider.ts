import { toScaled } from '@slat/domain';
import Stripe from 'stripe';

/**
 * The card provider as the checkout sees it: Stripe (direct charges on the dealer's connected
 * account) or the built-in test checkout, which plays Stripe's part without keys. Both sign their
 * events the way Stripe does, so the webhook handler cannot tell them apart.
 */
export type ProviderSessionStatus = 'open' | 'complete' | 'expired';

export type ProviderSession = {
  sessionId: string;
  clientSecret: string;
  status: ProviderSessionStatus;
  /** Stripe's payment_status: 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string;
  amountMinor: number;
  currency: string;
  /** The payment's public id the session was made for (its metadata), when it carries one. */
  paymentPublicId: string | null;
  customerEmail: string | null;
  createdAt: Date;
  expiresAt: Date | null;
};

export type CreateSessionInput = {
  connectedAccount: string;
  amountMinor: number;
  /** ISO code, any case (Stripe wants lower case). */
  currency: string;
  description: string;
  paymentPublicId: string;
  returnUrl: string;
  idempotencyKey: string;
  customerEmail?: string | null;
};

/** A verified provider event about a checkout session. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** When the provider made the event (seconds since the epoch). */
  created: number;
  /** The connected account the event happened on (Connect events carry it). */
  account: string | null;
  /** The session the event is about, when it is a checkout.session.* event. */
  session: ProviderSession | null;
};

export interface CardProvider {
  readonly mode: 'stripe' | 'test';
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  retrieveSession(connectedAccount: string, sessionId: string): Promise<ProviderSession>;
  /** Expires an open session; answers the session as it is afterwards (already complete stays complete). */
  expireSession(connectedAccount: string, sessionId: string): Promise<ProviderSession>;
  listRecentSessions(connectedAccount: string, sinceDays?: number): Promise<ProviderSession[]>;
  /** Verifies the signature of a raw webhook body (300 s tolerance); throws WebhookSignatureError. */
  constructEvent(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent;
}

/** The webhook's signature or timestamp did not verify: nothing may be written. */
export class WebhookSignatureError extends Error {}

/** Stripe's default, and what the issue asks for. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The metadata key each session carries: the payment's public id. */
export const PAYMENT_METADATA_KEY = 'paymentId';

/** "12.50" → 1250 (the amounts are NUMERIC(14,2), so this is exact). */
export function toMinorUnits(amount: string): number {
  return Number(toScaled(amount) / 100n);
}

/** 1250 → "12.50". */
export function fromMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A Stripe Checkout Session object (or the test checkout's copy of one) in the provider's terms. */
export function sessionFromStripe(s: Stripe.Checkout.Session): ProviderSession {
  const status: ProviderSessionStatus =
    s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open';
  return {
    sessionId: s.id,
    clientSecret: s.client_secret ?? '',
    status,
    paymentStatus: s.payment_status,
    amountMinor: s.amount_total ?? 0,
    currency: (s.currency ?? '').toUpperCase(),
    paymentPublicId: s.metadata?.[PAYMENT_METADATA_KEY] ?? null,
    customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
    createdAt: new Date(s.created * 1000),
    expiresAt: s.expires_at ? new Date(s.expires_at * 1000) : null,
  };
}

/**
 * Verifies a webhook body with Stripe's own code (HMAC-SHA256 of `t.payload`, 300 s tolerance) and
 * reads the checkout session it carries. Used by both providers.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature');
  }
  const object = (event.data as { object?: { object?: string } } | undefined)?.object;
  const session =
    event.type.startsWith('checkout.session.') && object?.object === 'checkout.session'
      ? sessionFromStripe(object as Stripe.Checkout.Session)
      : null;
  return { id: event.id, type: event.type, created: event.created, account: event.account ?? null, session };
}
