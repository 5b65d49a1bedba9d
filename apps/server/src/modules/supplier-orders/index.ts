// The supplier-orders module's only door (decision 007): what suppliers do with submitted
// purchase orders. supplier-orders.routes.ts (the dealer's calls) and supplier-api.routes.ts (the
// supplier API) → supplier-orders.service.ts / supplier-api.service.ts (rules, tenancy,
// transactions) → supplier-orders.repository.ts (all SQL). Contracts in
// packages/contracts/src/supplier-orders/, tables in db/schema/supplier-orders.ts.
import type { FastifyInstance } from 'fastify';
import type { ApiModule } from '../../plugins/api';
import type { Services } from '../../services';
import { registerSupplierApiRoutes } from './supplier-api.routes';
import { registerSupplierOrderRoutes } from './supplier-orders.routes';

export {
  acknowledgeSupplierOrder,
  issueSupplierToken,
  type SupplierActor,
  supplierAuthor,
  updateSupplierOrder,
} from './supplier-api.service';
export type { ChangeAuthor, ChangeJobs } from './supplier-order-changes';
export { findSuppliersByRef as findSupplierByRef } from './supplier-orders.repository';
export { supplierOrderUrl, upsertOfflineSupplierOrder } from './supplier-orders.service';

export const supplierOrdersModule: ApiModule = {
  name: 'supplier-orders',
  register(app: FastifyInstance, services: Services): void {
    registerSupplierOrderRoutes(app, services);
    registerSupplierApiRoutes(app, services);
  },
};
