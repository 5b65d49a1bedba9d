import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSales, signedInRoute } from '../shell';

const quotePages = () => import('./routes/quote-pages');

/** A deal's quote (its own page, not over the board). */
const quoteRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'workflows/$workflowSlug/$dealId/quotes/$quoteId',
  beforeLoad: requireSales,
  component: lazyRouteComponent(quotePages, 'QuotePage'),
});

const quoteProductRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'workflows/$workflowSlug/$dealId/quotes/$quoteId/products/$productId',
  beforeLoad: requireSales,
  component: lazyRouteComponent(quotePages, 'QuoteProductPage'),
});

export const quoteRoutes = [quoteRoute, quoteProductRoute];
