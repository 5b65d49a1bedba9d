import type { ServerResponse } from 'node:http';
import {
  getSupplierOrderLink,
  listOfflineSupplierOrderHistory,
  listOfflineSupplierOrders,
  listSupplierOrderStatuses,
  listSupplierOrders,
  listTrackers,
  renewSupplierOrderLink,
  revokeSupplierOrderLink,
  streamSupplierOrderChanges,
  upsertOfflineSupplierOrder,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { SUPPLIER_ORDER_CHANNEL } from '../../lib/cache-bus';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as orders from './supplier-orders.service';

// The dealer's supplier-order calls (session): read, enter offline orders, history, links, live changes.
export function registerSupplierOrderRoutes(app: FastifyInstance, services: Services): void {
  const { db, jobs } = services;
  const publicUrl = services.config.publicUrl;

  route(app, listSupplierOrders, async ({ session, params }) =>
    orders.listSupplierOrders(db, session().accountId, params.id),
  );
  route(app, listSupplierOrderStatuses, async ({ session, params }) =>
    orders.listStatuses(db, session().accountId, params.id),
  );
  route(app, listTrackers, async ({ session, query }) => orders.listTrackers(db, session().accountId, query));
  route(app, listOfflineSupplierOrders, async ({ session, params }) =>
    orders.listOfflineSupplierOrders(db, session().accountId, params.id),
  );
  route(app, upsertOfflineSupplierOrder, async ({ session, params, body }) => {
    const s = session();
    const user = await orders.staffMember(db, s.accountId, s.userId);
    return orders.upsertOfflineSupplierOrder(db, jobs, s.accountId, user, params.id, body);
  });
  route(app, listOfflineSupplierOrderHistory, async ({ session, params, query }) =>
    orders.listOfflineHistory(db, session().accountId, params.id, params.mid, query.page),
  );
  route(app, getSupplierOrderLink, async ({ session, params }) =>
    orders.getLink(db, publicUrl, session().accountId, params.id, params.mid),
  );
  route(app, revokeSupplierOrderLink, async ({ session, params }) =>
    orders.revokeLink(db, publicUrl, session().accountId, params.id, params.mid),
  );
  route(app, renewSupplierOrderLink, async ({ session, params }) =>
    orders.renewLink(db, publicUrl, session().accountId, params.id, params.mid),
  );

  const streams = new Set<ServerResponse>();
  // End open streams when the server begins closing, so a graceful shutdown does not wait on them.
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });

  // Live supplier orders: server-sent events of the account's supplier-order changes, pushed from
  // PostgreSQL NOTIFY (migration 0019), so a change made through any server process arrives.
  rawRoute(app, streamSupplierOrderChanges, async ({ session, reply, request }) => {
    const s = session();
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
    const unsubscribe = bus?.on(SUPPLIER_ORDER_CHANNEL, (payload) => {
      const [account, orderId, supplierOrderId] = payload.split(':').map(Number);
      if (account !== s.accountId) return;
      raw.write(`event: supplier-order\ndata: ${JSON.stringify({ orderId, supplierOrderId })}\n\n`);
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
