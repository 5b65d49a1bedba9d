import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * The card provider's Connect webhook: every checkout.session.* event of every dealer's connected
 * account. The body is read as raw bytes (the signature covers them exactly), so it has no schema.
 */
export const stripeWebhook = defineEndpoint({
  method: 'POST',
  path: '/webhooks/stripe',
  summary: 'Card provider events (signed with the webhook secret; each event id is handled once)',
  // Public: Stripe calls it without a session; the Stripe-Signature header (HMAC of the raw body) is the credential.
  auth: 'public',
  csrf: false,
  response: z.object({ received: z.literal(true) }),
});
