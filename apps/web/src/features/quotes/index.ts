// The quotes feature's public door: the deal modal's Quotes section (features/deals).
import './strings';

// the payments' amount fields type money the way the pricing modals do
export { moneyTextProblem, parseMoneyInput } from './components/pricing/money';
export { MoneyField } from './components/pricing/pricing-bits';
export { QuotesSection } from './components/quotes-section';
