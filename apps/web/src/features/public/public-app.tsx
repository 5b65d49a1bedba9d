import { lazy, Suspense } from 'react';
import { CheckoutPage } from './components/checkout-page';
import { CheckoutReturnPage } from './components/checkout-return-page';
import { CustomerQuotePage } from './components/customer-quote-page';
import { Loading, MessagePanel, Page } from './components/ui';
import { quoteText } from './strings';

export type PublicRoute =
  | { page: 'checkout'; paymentId: string }
  | { page: 'checkoutReturn'; paymentId: string; sessionId: string | null }
  | { page: 'customerQuote'; quoteId: string }
  | { page: 'supplierOrder'; linkId: string }
  | { page: 'unknown' };

// its own chunk: the customers' pages do not carry the supplier's page
const SupplierOrderPage = lazy(() =>
  import('./supplier-order/supplier-order-page').then((m) => ({ default: m.SupplierOrderPage })),
);

const CHECKOUT = /^\/checkout\/([^/]+)\/?$/;
const CHECKOUT_RETURN = /^\/checkout\/([^/]+)\/return\/?$/;
const CUSTOMER_QUOTE = /^\/customer-quote\/([^/]+)\/?$/;
const SUPPLIER_ORDER = /^\/supplier-order\/([^/]+)\/?$/;

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** Which public page a URL is (foundation §2's routes and the supplier's order page; no router). */
export function publicRouteOf(pathname: string, search: string): PublicRoute {
  let match = CHECKOUT_RETURN.exec(pathname);
  if (match?.[1]) {
    return {
      page: 'checkoutReturn',
      paymentId: decode(match[1]),
      sessionId: new URLSearchParams(search).get('session_id'),
    };
  }
  match = CHECKOUT.exec(pathname);
  if (match?.[1]) return { page: 'checkout', paymentId: decode(match[1]) };
  match = CUSTOMER_QUOTE.exec(pathname);
  if (match?.[1]) return { page: 'customerQuote', quoteId: decode(match[1]) };
  match = SUPPLIER_ORDER.exec(pathname);
  if (match?.[1]) return { page: 'supplierOrder', linkId: decode(match[1]) };
  return { page: 'unknown' };
}

/** The document's title for each page. */
export const PAGE_TITLES = {
  checkout: 'Payment',
  checkoutReturn: 'Payment result',
  customerQuote: 'Quote',
  supplierOrder: 'Purchase order',
  unknown: 'Not found',
};

/** The customer's pages (public.html): no sign-in, no shell. */
export function PublicApp({ route }: { route: PublicRoute }) {
  switch (route.page) {
    case 'checkout':
      return <CheckoutPage paymentId={route.paymentId} />;
    case 'checkoutReturn':
      return <CheckoutReturnPage paymentId={route.paymentId} sessionId={route.sessionId} />;
    case 'customerQuote':
      return <CustomerQuotePage quoteId={route.quoteId} />;
    case 'supplierOrder':
      return (
        <Suspense
          fallback={
            <Page>
              <Loading />
            </Page>
          }
        >
          <SupplierOrderPage linkId={route.linkId} />
        </Suspense>
      );
    default:
      return (
        <Page>
          <MessagePanel title={quoteText.notFoundTitle} body={quoteText.notFoundBody} />
        </Page>
      );
  }
}
