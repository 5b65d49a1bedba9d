import { applyOverrideTotal, updateQuotePricing } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as pricing from './quote-pricing.service';

// Quote pricing (§7): adjustments and the deposit and tax overrides, and the override total.
export function registerQuotePricingRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, updateQuotePricing, async ({ session, params, body }) => {
    const s = session();
    return pricing.updatePricing(db, s.accountId, s.userId, params.id, body);
  });
  route(app, applyOverrideTotal, async ({ session, params, body }) =>
    pricing.applyOverride(db, session().accountId, params.externalId, body),
  );
}
