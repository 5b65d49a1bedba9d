import { createRoute, type ParsedLocation, redirect } from '@tanstack/react-router';
import { rootRoute } from '../shell';

/**
 * The customer's pages are their own small document (public.html, src/public-main.tsx): the
 * SPA never draws them; a link to one inside the SPA is a full page load.
 */
const spaDocumentPath = typeof window === 'undefined' ? '' : window.location.pathname;
const toPublicDocument = ({ location }: { location: ParsedLocation }) => {
  // this SPA document was itself served for a public path: reloading it would loop
  if (location.pathname === spaDocumentPath)
    throw new Error(`${location.pathname} is served without public.html`);
  throw redirect({ href: location.href, reloadDocument: true });
};

const customerQuoteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'customer-quote/$id',
  beforeLoad: toPublicDocument,
});

const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout/$paymentId',
  beforeLoad: toPublicDocument,
});

const checkoutReturnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout/$paymentId/return',
  beforeLoad: toPublicDocument,
});

const supplierOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'supplier-order/$linkId',
  beforeLoad: toPublicDocument,
});

export const publicRoutes = [customerQuoteRoute, checkoutRoute, checkoutReturnRoute, supplierOrderRoute];
