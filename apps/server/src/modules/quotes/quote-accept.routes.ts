import { acceptDealQuote, reviseDealQuote } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as accepts from './quote-accept.service';

// Accepting a quote and revising an accepted one.
export function registerQuoteAcceptRoutes(app: FastifyInstance, { db, files, jobs }: Services): void {
  route(app, acceptDealQuote, async ({ session, params, body, request }) => {
    const s = session();
    return accepts.acceptQuote(
      { db, files, jobs },
      {
        accountId: s.accountId,
        userId: s.userId,
        ipAddress: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      },
      params.id,
      body,
    );
  });
  route(app, reviseDealQuote, async ({ session, params }) => {
    const s = session();
    return accepts.reviseQuote(db, s.accountId, s.userId, params.id);
  });
}
