// The shared order module's only door: what an order holds, for a deal quote and a purchase order
// alike (decision 029). Windows and lines (order-lines.*: the /old/quotes/{orderId}/windows… calls),
// documents (order-documents.*), supplier price changes (pending-updates.service) and the owner hooks
// through which quotes and purchase orders keep their own totals without this module knowing them.
import type { ApiModule } from '../../plugins/api';
import { registerOrderDocumentRoutes } from './order-documents.routes';
import { registerOrderLineRoutes } from './order-lines.routes';

export { findOrderState, type OrderKind, type OrderState } from './order-lines.repository';
export {
  addLine,
  addWindows,
  copyOrderContents,
  copyOrderWindows,
  createOrder,
  type OrderSummary,
  orderLinesOf,
  orderLinesWithSummary,
  orderSummaries,
  updateLine,
} from './order-lines.service';
export { type OrderOwner, registerOrderOwner } from './order-owners';
export {
  definitionChanges,
  noPendingUpdates,
  type OrderRepricing,
  orderRepricing,
  type PendingUpdates,
  pendingUpdatesOf,
} from './pending-updates.service';

export const orderLinesModule: ApiModule = { name: 'order-lines', register: registerOrderLineRoutes };
export const orderDocumentsModule: ApiModule = {
  name: 'order-documents',
  register: registerOrderDocumentRoutes,
};
