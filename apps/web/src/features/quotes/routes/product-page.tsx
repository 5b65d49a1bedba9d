import '../strings';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/ui/router-links';
import { ProductCrumbs, ProductScreenPage, windowIdOf } from '../../order-lines';
import { dealQuoteQueryOptions } from '../api/quotes';
import { quoteOrderView } from '../quote-order-view';

const productApi = getRouteApi(
  '/signed-in/workflows/$workflowSlug/$dealId/quotes/$quoteId/products/$productId',
);

const isId = (text: string) => /^[1-9]\d{0,9}$/.test(text);

/**
 * §2 Quote line product screen, …/quotes/{quoteId}/products/{productId}: the shared product
 * screen over the quote; a line that is not the quote's (or a quote not found) goes back to it.
 */
export function QuoteProductPage() {
  const { t } = useTranslation();
  const { workflowSlug, dealId, quoteId, productId } = productApi.useParams();
  const search = productApi.useSearch();
  const navigate = useNavigate();
  const quoteNumber = isId(quoteId) ? Number(quoteId) : 0;
  const quote = useQuery({ ...dealQuoteQueryOptions(quoteNumber), enabled: quoteNumber > 0 });

  const toQuote = useCallback(
    (replace = false) =>
      void navigate({
        to: '/workflows/$workflowSlug/$dealId/quotes/$quoteId',
        params: { workflowSlug, dealId, quoteId },
        replace,
      }),
    [navigate, workflowSlug, dealId, quoteId],
  );
  const toLine = useCallback(
    (lineId: number) =>
      void navigate({
        to: '/workflows/$workflowSlug/$dealId/quotes/$quoteId/products/$productId',
        params: { workflowSlug, dealId, quoteId, productId: String(lineId) },
        search: {},
        replace: true,
      }),
    [navigate, workflowSlug, dealId, quoteId],
  );

  return (
    <ProductScreenPage
      query={quote}
      badOrderId={quoteNumber === 0}
      viewOf={quoteOrderView}
      productId={productId}
      windowId={windowIdOf(search)}
      toOrder={toQuote}
      toLine={toLine}
      crumbs={(data, title) => {
        const { deal, workflow } = data.context;
        const params = { workflowSlug: workflow.slug, dealId: String(deal.id) };
        return (
          <ProductCrumbs title={title}>
            <AnchorLink size="sm" to="/workflows/$workflowSlug" params={{ workflowSlug: workflow.slug }}>
              {workflow.name}
            </AnchorLink>
            <AnchorLink size="sm" to="/workflows/$workflowSlug/$dealId" params={params}>
              {t('productScreen.dealCrumb', { tuid: deal.tuid, name: deal.name })}
            </AnchorLink>
            <AnchorLink
              size="sm"
              to="/workflows/$workflowSlug/$dealId/quotes/$quoteId"
              params={{ ...params, quoteId: String(data.id) }}
            >
              {t('productScreen.quoteCrumb', { tuid: data.tuid })}
            </AnchorLink>
          </ProductCrumbs>
        );
      }}
    />
  );
}
