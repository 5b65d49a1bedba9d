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
import { eventStreams } from '../../plugins/event-stream';
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

  // Live supplier orders: the account's supplier-order changes from any process (migration 0019).
  const openStream = eventStreams(app, services.bus);
  rawRoute(app, streamSupplierOrderChanges, async ({ session, reply, request }) => {
    const { accountId } = session();
    openStream(request, reply, SUPPLIER_ORDER_CHANNEL, (payload) => {
      const [account, orderId, supplierOrderId] = payload.split(':').map(Number);
      return account === accountId
        ? { event: 'supplier-order', data: { orderId, supplierOrderId } }
        : undefined;
    });
  });
}
