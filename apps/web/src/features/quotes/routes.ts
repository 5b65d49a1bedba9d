import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { workflowRoute } from '../deals/routes';
import { productScreenSearchSchema } from '../order-lines/routes';

const quotePages = () => import('./routes/quote-pages');

/** §2 Quote detail: a modal over the deal's board (a child of the board, beside the deal modal). */
const quoteRoute = createRoute({
  getParentRoute: () => workflowRoute,
  path: '$dealId/quotes/$quoteId',
  component: lazyRouteComponent(quotePages, 'QuotePage'),
});

/** §2 the quote line product screen: `new` or a line's id; `?window=` adds to that window. */
const quoteProductRoute = createRoute({
  getParentRoute: () => workflowRoute,
  path: '$dealId/quotes/$quoteId/products/$productId',
  validateSearch: productScreenSearchSchema,
  component: lazyRouteComponent(() => import('./routes/product-page'), 'QuoteProductPage'),
});

export const quoteRoutes = [quoteRoute, quoteProductRoute];
