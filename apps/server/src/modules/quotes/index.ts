// The quotes module's only door. Deal quotes (quotes.*), their pricing, acceptance, revisions and
// PDFs. What a quote holds (windows, lines, documents) is the shared order module's
// (../order-contents, decision 029): a quote owns one order, addressed by its externalId.
import { quoteMessages } from '@slat/contracts';
import type { ApiModule } from '../../plugins/api';
import { type OrderOwner, registerOrderOwner } from '../order-contents/index';
import { registerQuoteAcceptRoutes } from './quote-accept.routes';
import { registerQuotePdfRoutes } from './quote-pdfs.routes';
import { registerQuotePricingRoutes } from './quote-pricing.routes';
import { touchQuote } from './quote-pricing.service';
import { registerQuoteUpdateRoutes } from './quote-updates.routes';
import { registerQuoteRoutes } from './quotes.routes';

export { type AcceptDeps, type Acceptor, acceptQuote, reviseQuote } from './quote-accept.service';
export {
  ensureAcceptedDocument,
  inProcessPdfMaker,
  type PdfMaker,
  pdfProcessMaker,
  quoteFile,
  shownPrice,
} from './quote-pdfs.service';
export { quotePricing, updatePricing as updateQuotePricing } from './quote-pricing.service';
export { addDealQuote, cloneDealQuote, setQuoteArchived } from './quotes.service';

export const quotesModule: ApiModule = { name: 'quotes', register: registerQuoteRoutes };
/**
 * A deal quote as the owner of its order: after a write to its lines the order's and the quote's
 * timestamps move and the grand total cache follows, in the write's transaction.
 */
export const quoteOrderOwner: OrderOwner = {
  kind: 'QUOTE',
  readOnlyMessage: quoteMessages.readOnly,
  async afterContentsChange(db, accountId, orderId) {
    await touchQuote(db, accountId, orderId);
  },
};
registerOrderOwner(quoteOrderOwner);
/** Supplier price changes: GET /deal-quotes/{id}/pending-updates. */
export const quoteUpdatesModule: ApiModule = { name: 'quote-updates', register: registerQuoteUpdateRoutes };
/** Quote pricing: PUT /deal-quotes/{id}/pricing and the override total. */
export const quotePricingModule: ApiModule = { name: 'quote-pricing', register: registerQuotePricingRoutes };
/** Accept and revise: POST /deal-quotes/{id}/accept and /revise. */
export const quoteAcceptModule: ApiModule = { name: 'quote-accept', register: registerQuoteAcceptRoutes };
/** The quote, measure and install PDFs and the quote's stored files. */
export const quotePdfsModule: ApiModule = { name: 'quote-pdfs', register: registerQuotePdfRoutes };
