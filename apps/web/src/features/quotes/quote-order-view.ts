import { type DealQuote, quoteMessages } from '@slat/contracts';
import type { OrderView } from '../order-lines';
import { withLine } from '../order-lines';
import { quoteKeys } from './api/quotes';

/** The route parameters of a quote (its product screens hang from it). */
export type QuoteParams = { workflowSlug: string; dealId: string; quoteId: string };

/** The quote line product screen's route (§2 'Quote line product screen'). */
export const QUOTE_PRODUCT_PATH = '/workflows/$workflowSlug/$dealId/quotes/$quoteId/products/$productId';

/** A deal quote as the shared line parts see it: its order, lines, prices and product screens. */
export function quoteOrderView(quote: DealQuote): OrderView {
  const params = {
    workflowSlug: quote.context.workflow.slug,
    dealId: String(quote.dealId),
    quoteId: String(quote.id),
  };
  return {
    kind: 'quote',
    orderId: quote.externalId,
    lines: quote.context.orderLines,
    readOnly: quote.isReadOnly,
    readOnlyMessage: quoteMessages.readOnly,
    measureSystem: quote.context.measureSystem,
    priceConfig: quote.config,
    pendingUpdates: quote.context.pendingUpdates,
    productLink: (productId, windowId) => ({
      to: QUOTE_PRODUCT_PATH,
      params: { ...params, productId },
      search: windowId === undefined ? {} : { window: String(windowId) },
    }),
    orderLink: { to: '/workflows/$workflowSlug/$dealId/quotes/$quoteId', params },
    cacheLine: (queryClient, line) =>
      queryClient.setQueryData<DealQuote>(quoteKeys.detail(quote.id), (cached) =>
        cached
          ? {
              ...cached,
              context: { ...cached.context, orderLines: withLine(cached.context.orderLines, line) },
            }
          : cached,
      ),
    // every quote query: the quote with its lines and totals, the deal's quote lists
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  };
}
