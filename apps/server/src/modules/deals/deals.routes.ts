import {
  archiveDeal,
  createDeal,
  dashboardDeals,
  getDeal,
  linkRelatedDeal,
  listDeals,
  moveDeal,
  setDealFlag,
  setDealStatus,
  streamDealChanges,
  unarchiveDeal,
  unlinkRelatedDeal,
  updateDeal,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { DEAL_CHANNEL } from '../../lib/cache-bus';
import { rawRoute, route } from '../../plugins/api';
import { eventStreams } from '../../plugins/event-stream';
import type { Services } from '../../services';
import { ColumnCounts } from './column-counts';
import * as deals from './deals.service';

export function registerDealRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;
  const columnCounts = new ColumnCounts(services.bus);

  route(app, listDeals, async ({ session, query, request }) =>
    deals.listBoard(db, session().accountId, query, columnCounts, request.arrivedAt),
  );

  route(app, createDeal, async ({ session, body }) => deals.createDeal(db, session().accountId, body));
  route(app, getDeal, async ({ session, params }) => deals.dealDetail(db, session().accountId, params.id));
  route(app, updateDeal, async ({ session, params, body }) =>
    deals.updateDeal(db, session().accountId, params.id, body),
  );

  route(app, moveDeal, async ({ session, params, body }) =>
    deals.moveDeal(db, session().accountId, params.id, body),
  );
  route(app, setDealStatus, async ({ session, params, body }) =>
    deals.setStatus(db, session().accountId, params.id, body),
  );
  route(app, setDealFlag, async ({ session, params, body }) =>
    deals.setFlag(db, session().accountId, params.id, params.flagId, body.valueId),
  );
  route(app, archiveDeal, async ({ session, params }) =>
    deals.setArchived(db, session().accountId, params.id, true),
  );
  route(app, unarchiveDeal, async ({ session, params }) =>
    deals.setArchived(db, session().accountId, params.id, false),
  );
  route(app, linkRelatedDeal, async ({ session, params, body }) =>
    deals.relate(db, session().accountId, params.id, body.relatedDealId, true),
  );
  route(app, unlinkRelatedDeal, async ({ session, params }) =>
    deals.relate(db, session().accountId, params.id, params.relatedDealId, false),
  );
  route(app, dashboardDeals, async ({ session }) => deals.dashboard(db, session().accountId));

  // Live boards: the account's deal changes in one workflow from any process (migration 0006).
  const openStream = eventStreams(app, services.bus);
  rawRoute(app, streamDealChanges, async ({ query, session, reply, request }) => {
    const { accountId } = session();
    const { workflowId } = query;
    openStream(request, reply, DEAL_CHANNEL, (payload) => {
      const [account, workflow, deal] = payload.split(':').map(Number);
      return account === accountId && workflow === workflowId
        ? { event: 'deal', data: { dealId: deal, workflowId } }
        : undefined;
    });
  });
}
