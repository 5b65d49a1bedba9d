import {
  archivePurchaseOrders,
  clonePurchaseOrder,
  convertDealQuote,
  createPurchaseOrder,
  getPurchaseOrder,
  listOrderSuppliers,
  listPurchaseOrders,
  purchaseOrderDashboard,
  unarchivePurchaseOrders,
  updatePurchaseOrderDetails,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { SignedInSession } from '../../plugins/sessions';
import type { Services } from '../../services';
import { AccountZones } from './account-zones';
import * as orders from './purchase-orders.service';

const actor = (s: SignedInSession): orders.Actor => ({
  accountId: s.accountId,
  userId: s.userId,
  companyId: s.companyId,
});

// The §7 Purchase orders calls (list, detail, create, edit, clone, archive, suppliers, dashboard)
// and the quote side of converting, registered from their contracts (packages/contracts/src/orders/).
export function registerPurchaseOrderRoutes(app: FastifyInstance, { db, config, bus }: Services): void {
  const detailCache = orders.purchaseOrderCache(config.quoteCache);
  const zones = new AccountZones(bus);
  route(app, listPurchaseOrders, async ({ session, body, request }) =>
    orders.listPurchaseOrders(db, zones, session().accountId, body, request.arrivedAt),
  );
  route(app, listOrderSuppliers, async ({ session }) => orders.listOrderSuppliers(db, session().accountId));
  route(app, purchaseOrderDashboard, async ({ session }) =>
    orders.purchaseOrderDashboard(db, session().accountId),
  );
  route(app, getPurchaseOrder, async ({ session, params }) =>
    orders.getPurchaseOrderAnswer(db, detailCache, session().accountId, params.id),
  );
  route(app, createPurchaseOrder, async ({ session, body }) =>
    orders.createPurchaseOrder(db, actor(session()), body),
  );
  route(app, updatePurchaseOrderDetails, async ({ session, params, body }) =>
    orders.updatePurchaseOrderDetails(db, actor(session()), params.id, body),
  );
  route(app, clonePurchaseOrder, async ({ session, params, body }) =>
    orders.clonePurchaseOrder(db, actor(session()), params.id, body),
  );
  route(app, archivePurchaseOrders, async ({ session, body }) =>
    orders.setPurchaseOrdersArchived(db, session().accountId, body.ids, true),
  );
  route(app, unarchivePurchaseOrders, async ({ session, body }) =>
    orders.setPurchaseOrdersArchived(db, session().accountId, body.ids, false),
  );
  route(app, convertDealQuote, async ({ session, body }) =>
    orders.convertDealQuote(db, session().accountId, body.quoteId, body.manufacturerId),
  );
}
