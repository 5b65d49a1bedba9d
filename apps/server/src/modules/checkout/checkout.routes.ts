import {
  completeTestCheckout,
  createCheckoutSession,
  getCheckoutSessionStatus,
  getPublicPayment,
  stripeWebhook,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { onCardPaymentCancelled } from '../payments/index';
import * as checkout from './checkout.service';

export function registerCheckoutRoutes(app: FastifyInstance, services: Services): void {
  const deps = checkout.depsOf(services);
  const limits = services.rateLimiter;

  // The dealer's cancel marks the sessions expired here; the provider's copies are expired after it.
  const forget = onCardPaymentCancelled(async ({ sessions }) => {
    await checkout.expireAtProvider(
      deps.provider,
      sessions.filter((s) => s.provider === deps.provider.mode),
    );
  });
  app.addHook('onClose', async () => forget());

  // Public answers are never stored by a browser or a proxy: a payment's state changes under its link.
  app.register(async (pub) => {
    pub.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    route(pub, getPublicPayment, async ({ params, request }) => {
      await limits.take([checkout.publicReadLimit(request.ip, services.config.publicReadsPerMinute)]);
      return checkout.publicPayment(deps, params.paymentId);
    });

    route(pub, createCheckoutSession, async ({ params, request }) => {
      await limits.take([checkout.createSessionLimit(request.ip)]);
      return checkout.createCheckoutSession(deps, params.paymentId);
    });

    route(pub, getCheckoutSessionStatus, async ({ params, request }) => {
      await limits.take([checkout.publicReadLimit(request.ip, services.config.publicReadsPerMinute)]);
      return checkout.checkoutSessionStatus(deps, params.paymentId, params.sessionId);
    });

    route(pub, completeTestCheckout, async ({ params, body, request }) => {
      await limits.take([checkout.createSessionLimit(request.ip)]);
      return checkout.completeTestCheckout(deps, params.sessionId, body);
    });
  });

  // The webhook reads its body as raw bytes: the signature is over them exactly.
  app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    route(hooks, stripeWebhook, async ({ request }) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await checkout.handleWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    });
  });
}
