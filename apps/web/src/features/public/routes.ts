import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../shell';

/** The customer's pages: no sign-in, outside the shell. */
const publicPages = () => import('./routes/public-pages');

const customerQuoteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'customer-quote/$id',
  component: lazyRouteComponent(publicPages, 'CustomerQuotePage'),
});

const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout/$paymentId',
  component: lazyRouteComponent(publicPages, 'CheckoutPage'),
});

const checkoutReturnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout/$paymentId/return',
  component: lazyRouteComponent(publicPages, 'CheckoutReturnPage'),
});

export const publicRoutes = [customerQuoteRoute, checkoutRoute, checkoutReturnRoute];
