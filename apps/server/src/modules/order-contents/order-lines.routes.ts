import {
  addOrderLine,
  addOrderWindows,
  copyOrderWindow,
  deleteOrderLine,
  deleteOrderWindow,
  getOrderLineOptions,
  listOrderWindows,
  listSalesReps,
  recalculateOrder,
  updateOrderLine,
  updateOrderWindow,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as lines from './order-lines.service';

export function registerOrderLineRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listOrderWindows, async ({ session, params }) =>
    lines.listWindows(db, session().accountId, params.orderId),
  );
  route(app, addOrderWindows, async ({ session, params, body }) =>
    lines.addWindows(db, session().accountId, params.orderId, body.order_windows),
  );
  route(app, copyOrderWindow, async ({ session, params, body }) =>
    lines.copyWindow(db, session().accountId, params.orderId, body),
  );
  route(app, recalculateOrder, async ({ session, params, body }) =>
    lines.recalculate(db, session().accountId, params.orderId, body),
  );
  route(app, updateOrderWindow, async ({ session, params, body }) =>
    lines.updateWindow(db, session().accountId, params.orderId, params.windowId, body),
  );
  route(app, deleteOrderWindow, async ({ session, params }) =>
    lines.deleteWindow(db, session().accountId, params.orderId, params.windowId),
  );
  route(app, addOrderLine, async ({ session, params, body }) =>
    lines.addLine(db, session().accountId, params.orderId, params.windowId, body),
  );
  route(app, updateOrderLine, async ({ session, params, body }) =>
    lines.updateLine(db, session().accountId, params.orderId, params.windowId, params.id, body),
  );
  route(app, deleteOrderLine, async ({ session, params }) =>
    lines.deleteLine(db, session().accountId, params.orderId, params.windowId, params.id),
  );
  route(app, getOrderLineOptions, async ({ session, params }) =>
    lines.lineOptions(db, session().accountId, params.orderId, params.windowId, params.productId),
  );
  route(app, listSalesReps, async ({ session }) => lines.salesReps(db, session().accountId));
}
