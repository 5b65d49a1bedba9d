import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

// Submit, reopen, freight, PDFs and supplier orders of a purchase order: filled by the submit work
// (po-submit); registered from the module's door beside the core routes.
export function registerPurchaseOrderSubmitRoutes(_app: FastifyInstance, _services: Services): void {}
