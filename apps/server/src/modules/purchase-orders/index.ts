// The purchase orders module's only door (decision 029): a purchase order owns one order of kind
// PURCHASE_ORDER (its id is the purchase order's id) whose windows, lines and documents are the
// shared order module's. It follows decision 007: purchase-orders.routes.ts (HTTP only) →
// purchase-orders.service.ts (rules, tenancy, transactions) → purchase-orders.repository.ts (all SQL).
import { purchaseOrderMessages } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import type { ApiModule } from '../../plugins/api';
import type { Services } from '../../services';
import { type OrderOwner, registerOrderOwner } from '../order-contents/index';
import { registerPurchaseOrderSubmitRoutes } from './purchase-order-submit.routes';
import { touchPurchaseOrder } from './purchase-orders.repository';
import { registerPurchaseOrderRoutes } from './purchase-orders.routes';

/** A purchase order as the owner of its order: a write to its lines moves its timestamps. */
export const purchaseOrderOwner: OrderOwner = {
  kind: 'PURCHASE_ORDER',
  readOnlyMessage: purchaseOrderMessages.readOnly,
  afterContentsChange: touchPurchaseOrder,
};
registerOrderOwner(purchaseOrderOwner);

export { mailSubmittedPurchaseOrder } from './purchase-order-mail';
export {
  inProcessPurchaseOrderPdfMaker,
  type PurchaseOrderPdfMaker,
  pdfProcessPurchaseOrderMaker,
} from './purchase-order-pdfs.service';
export { revisionChangesOf } from './purchase-order-revisions.service';
export { minRequiredDateOf, reopenOrder, submitOrder } from './purchase-order-submit.service';
export { convertDealQuote, createPurchaseOrder, setPurchaseOrdersArchived } from './purchase-orders.service';

export const purchaseOrdersModule: ApiModule = {
  name: 'purchase-orders',
  register(app: FastifyInstance, services: Services): void {
    // The core calls (list, detail, create, edit, clone, archive, convert)…
    registerPurchaseOrderRoutes(app, services);
    // …and submit, reopen, PDFs, freight and supplier orders (purchase-order-submit.routes.ts).
    registerPurchaseOrderSubmitRoutes(app, services);
  },
};
