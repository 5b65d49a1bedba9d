// The quotes module's only door. Deal quotes (quotes.*), and the windows, lines (order-lines.*)
// and documents (order-documents.*) that quotes and purchase orders share: an "order" holds them,
// a deal quote's externalId or a purchase order's id, so the /old/quotes/{orderId}/… calls serve both.
import type { ApiModule } from '../../plugins/api';
import { registerOrderDocumentRoutes } from './order-documents.routes';
import { registerOrderLineRoutes } from './order-lines.routes';
import { registerQuoteAcceptRoutes } from './quote-accept.routes';
import { registerQuotePdfRoutes } from './quote-pdfs.routes';
import { registerQuotePricingRoutes } from './quote-pricing.routes';
import { registerQuoteUpdateRoutes } from './quote-updates.routes';
import { registerQuoteRoutes } from './quotes.routes';

export {
  addLine,
  addWindows,
  copyOrderContents,
  createOrder,
  type OrderSummary,
  orderLinesOf,
  orderSummaries,
  updateLine,
} from './order-lines.service';
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
export const orderLinesModule: ApiModule = { name: 'order-lines', register: registerOrderLineRoutes };
export const orderDocumentsModule: ApiModule = {
  name: 'order-documents',
  register: registerOrderDocumentRoutes,
};
/** Supplier price changes: GET /deal-quotes/{id}/pending-updates. */
export const quoteUpdatesModule: ApiModule = { name: 'quote-updates', register: registerQuoteUpdateRoutes };
/** Quote pricing: PUT /deal-quotes/{id}/pricing and the override total. */
export const quotePricingModule: ApiModule = { name: 'quote-pricing', register: registerQuotePricingRoutes };
/** Accept and revise: POST /deal-quotes/{id}/accept and /revise. */
export const quoteAcceptModule: ApiModule = { name: 'quote-accept', register: registerQuoteAcceptRoutes };
/** The quote, measure and install PDFs and the quote's stored files. */
export const quotePdfsModule: ApiModule = { name: 'quote-pdfs', register: registerQuotePdfRoutes };
