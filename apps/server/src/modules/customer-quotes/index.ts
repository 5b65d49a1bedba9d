// The customer-quotes module's only door: the customer's quote page calls (public, by the quote's
// random id) and the dealer's customer link of a quote (send it, see when it was opened).
import type { ApiModule } from '../../plugins/api';
import { registerCustomerQuoteRoutes } from './customer-quotes.routes';

export { customerQuoteUrl } from './customer-quotes.service';

/** GET/POST /customerquote/{id}…, GET /deal-quotes/{id}/customer-link, POST …/send-to-customer. */
export const customerQuotesModule: ApiModule = {
  name: 'customer-quotes',
  register: registerCustomerQuoteRoutes,
};
