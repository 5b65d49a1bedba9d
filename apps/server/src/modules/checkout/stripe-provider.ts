import Stripe from 'stripe';
import {
  type CardProvider,
  type CreateSessionInput,
  PAYMENT_METADATA_KEY,
  type ProviderEvent,
  type ProviderSession,
  sessionFromStripe,
  verifyWebhook,
} from './card-provider';

/**
 * The embedded checkout's ui_mode in the API version this SDK pins (2026-10-28.endive): Stripe
 * renamed 'embedded' to 'embedded_page' in 2026-03-25, and the SDK's types only know the new name.
 */
export const EMBEDDED_UI_MODE = 'embedded_page' satisfies Stripe.Checkout.SessionCreateParams.UiMode;

/** The most sessions reconciliation reads per account and day range (Stripe pages by 100). */
const LIST_LIMIT = 2000;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (contract tests point the real SDK at a loopback server). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Network retries of the SDK (idempotency keys make them safe); 1 unless said. */
  maxNetworkRetries?: number;
};

/** Stripe: direct charges on the dealer's connected account (the Stripe-Account header). */
export class StripeProvider implements CardProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 1,
      timeout: 20_000,
      telemetry: false,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const metadata = { [PAYMENT_METADATA_KEY]: input.paymentPublicId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        ui_mode: EMBEDDED_UI_MODE,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountMinor,
              product_data: { name: input.description.trim() || 'Payment' },
            },
          },
        ],
        return_url: input.returnUrl,
        metadata,
        payment_intent_data: { metadata },
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      },
      { stripeAccount: input.connectedAccount, idempotencyKey: input.idempotencyKey },
    );
    return sessionFromStripe(session);
  }

  async retrieveSession(connectedAccount: string, sessionId: string): Promise<ProviderSession> {
    const session = await this.stripe.checkout.sessions.retrieve(
      sessionId,
      {},
      { stripeAccount: connectedAccount },
    );
    return sessionFromStripe(session);
  }

  async expireSession(connectedAccount: string, sessionId: string): Promise<ProviderSession> {
    try {
      const session = await this.stripe.checkout.sessions.expire(
        sessionId,
        {},
        { stripeAccount: connectedAccount },
      );
      return sessionFromStripe(session);
    } catch (error) {
      // Only an open session can be expired: one that completed or expired meanwhile is read as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return this.retrieveSession(connectedAccount, sessionId);
      }
      throw error;
    }
  }

  async listRecentSessions(connectedAccount: string, sinceDays = 7): Promise<ProviderSession[]> {
    const since = Math.floor(Date.now() / 1000) - sinceDays * 86_400;
    const sessions: ProviderSession[] = [];
    for await (const s of this.stripe.checkout.sessions.list(
      { created: { gte: since }, limit: 100 },
      { stripeAccount: connectedAccount },
    )) {
      sessions.push(sessionFromStripe(s));
      if (sessions.length >= LIST_LIMIT) break;
    }
    return sessions;
  }

  constructEvent(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent {
    return verifyWebhook(rawBody, signatureHeader, this.options.webhookSecret);
  }
}
