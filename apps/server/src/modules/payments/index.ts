// The payments module's only door (decision 007): a deal's payments and their totals, the one Paid
// transition the card checkout and the return page share, the card request the customer's quote page
// makes, and the dealer's connected card account.
import type { ApiModule } from '../../plugins/api';
import { registerPaymentRoutes } from './payments.routes';

export {
  type CardPaymentCancelled,
  cancelDealPayment,
  createDealPayment,
  dealPaymentTotals,
  findPaymentByPublicId,
  hasCardPayments,
  lockPayment,
  markPaymentPaid,
  onCardPaymentCancelled,
  type PaymentDeps,
  type PaymentRow,
  paymentUrl,
  requestCardPayment,
  setCardPaymentSettings,
  setDealPaymentArchived,
} from './payments.service';
export const paymentsModule: ApiModule = { name: 'payments', register: registerPaymentRoutes };
