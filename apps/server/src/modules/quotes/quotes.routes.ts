import {
  addDealQuote,
  archiveDealQuote,
  cloneDealQuote,
  getDealQuote,
  listDealQuotes,
  unarchiveDealQuote,
  updateDealQuote,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as quotes from './quotes.service';

// Deal quotes (§7 Deal quotes): the quote's words and state; its windows and lines are the
// order-lines routes at /old/quotes/{externalId}/…
export function registerQuoteRoutes(app: FastifyInstance, { db, config }: Services): void {
  // The quote detail's written answers, per app (decision 014).
  const detailCache = quotes.dealQuoteCache(config.quoteCache);
  route(app, listDealQuotes, async ({ session, params, query }) =>
    quotes.listDealQuotes(db, session().accountId, params.dealId, query.archived === 'true'),
  );
  route(app, getDealQuote, async ({ session, params }) => {
    const s = session();
    return quotes.getDealQuote(db, detailCache, s.accountId, params.id, s.userId);
  });
  route(app, addDealQuote, async ({ session, params, body }) => {
    const s = session();
    return quotes.addDealQuote(db, s.accountId, s.userId, params.dealId, body);
  });
  route(app, updateDealQuote, async ({ session, params, body }) =>
    quotes.updateDealQuote(db, session().accountId, params.id, body),
  );
  route(app, cloneDealQuote, async ({ session, params, body }) => {
    const s = session();
    return quotes.cloneDealQuote(db, s.accountId, s.userId, params.id, body);
  });
  route(app, archiveDealQuote, async ({ session, params }) =>
    quotes.setQuoteArchived(db, session().accountId, params.id, true),
  );
  route(app, unarchiveDealQuote, async ({ session, params }) =>
    quotes.setQuoteArchived(db, session().accountId, params.id, false),
  );
}
