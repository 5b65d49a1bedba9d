import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

// The §7 Purchase orders calls, registered from their contracts (packages/contracts/src/orders/).
export function registerPurchaseOrderRoutes(_app: FastifyInstance, _services: Services): void {}
