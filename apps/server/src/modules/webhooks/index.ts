// The webhooks module's only door: the dealer's subscriptions (Settings → Integrations) and the
// two job handlers services.ts wires (a supplier-order change → deliveries; one delivery's attempt).
import type { ApiModule } from '../../plugins/api';
import { registerWebhookRoutes } from './webhooks.routes';

export { deliverWebhook, handleSupplierOrderChanged } from './webhooks.service';

export const webhooksModule: ApiModule = { name: 'webhooks', register: registerWebhookRoutes };
