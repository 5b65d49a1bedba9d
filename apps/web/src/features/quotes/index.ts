// The quotes feature's public door: the deal modal's Quotes section (features/deals).
import './strings';

export { QuotesSection } from './components/quotes-section';
