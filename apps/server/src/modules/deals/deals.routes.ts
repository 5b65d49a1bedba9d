import type { ServerResponse } from 'node:http';
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
import type { Services } from '../../services';
import { ColumnCounts } from './column-counts';
import * as deals from './deals.service';

export function registerDealRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;
  const columnCounts = new ColumnCounts(services.bus);

  route(app, listDeals, async ({ session, query }) =>
    deals.listBoard(db, session().accountId, query, columnCounts),
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

  const streams = new Set<ServerResponse>();
  // End open streams when the server begins closing, so a graceful shutdown does not wait on them.
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });

  // Live boards: server-sent events of the account's deal changes in one workflow, pushed from
  // PostgreSQL NOTIFY (migration 0006), so a change made through any server process arrives.
  rawRoute(app, streamDealChanges, async ({ query, session, reply, request }) => {
    const s = session();
    const { workflowId } = query;
    const bus = services.bus;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 2000\n: connected\n\n`);
    const unsubscribe = bus?.on(DEAL_CHANNEL, (payload) => {
      const [account, workflow, deal] = payload.split(':').map(Number);
      if (account !== s.accountId || workflow !== workflowId) return;
      raw.write(`event: deal\ndata: ${JSON.stringify({ dealId: deal, workflowId })}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), 25_000);
    streams.add(raw);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe?.();
      streams.delete(raw);
    };
    request.raw.on('close', close);
  });
}
