import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../db/database';
import { randomToken, safeEqual } from '../../lib/secrets';
import {
  type CardProvider,
  type CreateSessionInput,
  PAYMENT_METADATA_KEY,
  type ProviderEvent,
  type ProviderSession,
  verifyWebhook,
} from './card-provider';
import {
  completeTestSession,
  expireTestSession,
  findTestSession,
  insertTestSession,
  recentTestSessions,
  type TestCheckoutSessionRow,
} from './checkout.repository';

/** Stripe's default lifetime of a checkout session. */
const SESSION_HOURS = 24;

/** 144 random bits in letters and digits: the public calls take session ids of [A-Za-z0-9_] only, as Stripe's are. */
const randomId = () => randomBytes(18).toString('hex');

/** What a declined test card answers, in the provider's words. */
export const TEST_DECLINE_MESSAGE = 'Your card was declined.';

/** A test session made to look exactly like Stripe's Checkout Session object. */
export function stripeShapedSession(row: TestCheckoutSessionRow): Record<string, unknown> {
  const email = row.customerEmail;
  return {
    id: row.sessionId,
    object: 'checkout.session',
    amount_subtotal: row.amountMinor,
    amount_total: row.amountMinor,
    client_secret: row.clientSecret,
    created: Math.floor(row.createdAt.getTime() / 1000),
    currency: row.currency.toLowerCase(),
    customer_details: email ? { email } : null,
    customer_email: email,
    expires_at: Math.floor(row.expiresAt.getTime() / 1000),
    livemode: false,
    metadata: row.metadata,
    mode: 'payment',
    payment_status: row.paymentStatus,
    return_url: row.returnUrl,
    status: row.status,
    ui_mode: 'embedded_page',
  };
}

function toSession(row: TestCheckoutSessionRow): ProviderSession {
  const metadata = row.metadata as Record<string, string> | null;
  return {
    sessionId: row.sessionId,
    clientSecret: row.clientSecret,
    status: row.status,
    paymentStatus: row.paymentStatus,
    amountMinor: row.amountMinor,
    currency: row.currency.toUpperCase(),
    paymentPublicId: metadata?.[PAYMENT_METADATA_KEY] ?? null,
    customerEmail: row.customerEmail,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

export type SignedEvent = { rawBody: string; signature: string; event: ProviderEvent };

/**
 * The built-in test checkout ('Test checkout — no card is charged'): its sessions live in
 * test_checkout_sessions, and paying one delivers a checkout.session.completed event signed with
 * the local webhook secret exactly as Stripe signs, to the same webhook handler.
 */
export class TestCheckoutProvider implements CardProvider {
  readonly mode = 'test' as const;

  constructor(
    private readonly db: Db,
    private readonly webhookSecret: string,
  ) {}

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const sessionId = `cs_test_local_${randomId()}`;
    const row = await insertTestSession(this.db, {
      sessionId,
      idempotencyKey: input.idempotencyKey,
      connectedAccount: input.connectedAccount,
      clientSecret: `${sessionId}_secret_${randomToken(18)}`,
      status: 'open',
      amountMinor: input.amountMinor,
      currency: input.currency.toUpperCase(),
      customerEmail: input.customerEmail ?? null,
      returnUrl: input.returnUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
      metadata: { [PAYMENT_METADATA_KEY]: input.paymentPublicId },
      expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000),
    });
    return toSession(row);
  }

  async retrieveSession(connectedAccount: string, sessionId: string): Promise<ProviderSession> {
    // An open session past its time is expired on reading, as Stripe's would be by then.
    const row = await expireTestSession(this.db, sessionId, true);
    if (!row || row.connectedAccount !== connectedAccount)
      throw new Error(`No such checkout session: ${sessionId}`);
    return toSession(row);
  }

  async expireSession(connectedAccount: string, sessionId: string): Promise<ProviderSession> {
    const row = await expireTestSession(this.db, sessionId, false);
    if (!row || row.connectedAccount !== connectedAccount)
      throw new Error(`No such checkout session: ${sessionId}`);
    return toSession(row);
  }

  async listRecentSessions(connectedAccount: string, sinceDays = 7): Promise<ProviderSession[]> {
    return (await recentTestSessions(this.db, connectedAccount, sinceDays)).map(toSession);
  }

  constructEvent(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent {
    return verifyWebhook(rawBody, signatureHeader, this.webhookSecret);
  }

  /** The record of a session whose client secret the caller knows (else undefined, like a missing one). */
  async findForClient(sessionId: string, clientSecret: string): Promise<TestCheckoutSessionRow | undefined> {
    const row = await findTestSession(this.db, sessionId);
    return row && safeEqual(row.clientSecret, clientSecret) ? row : undefined;
  }

  /** The customer pays: the record becomes complete/paid once, and the paid event is signed for delivery. */
  async pay(sessionId: string, email: string): Promise<SignedEvent | undefined> {
    const row = await completeTestSession(this.db, sessionId, email);
    return row ? this.signedEvent(row, 'checkout.session.completed') : undefined;
  }

  /** A Stripe-shaped event about a test session, signed with the local secret as Stripe signs. */
  signedEvent(
    row: TestCheckoutSessionRow,
    type: string,
    created = Math.floor(Date.now() / 1000),
  ): SignedEvent {
    const rawBody = JSON.stringify({
      id: `evt_test_local_${randomId()}`,
      object: 'event',
      account: row.connectedAccount,
      api_version: Stripe.API_VERSION,
      created,
      data: { object: stripeShapedSession(row) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: this.webhookSecret,
    });
    return { rawBody, signature, event: this.constructEvent(rawBody, signature) };
  }
}
