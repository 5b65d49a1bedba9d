// The payments feature's public door: the deal modal's Payments section and the quote's customer link.
import './strings';

export { CustomerLinkPanel } from './components/customer-link-panel';
export { PaymentsSection } from './components/payments-section';
