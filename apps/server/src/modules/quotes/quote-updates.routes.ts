import { getQuotePendingUpdates } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as updates from './quote-updates.service';

// Supplier price changes: what 'Update now' (POST /old/quotes/{orderId}/windows/recalculate) would change.
export function registerQuoteUpdateRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, getQuotePendingUpdates, async ({ session, params }) =>
    updates.getPendingUpdates(db, session().accountId, params.id),
  );
}
