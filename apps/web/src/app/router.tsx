import type { MeResponse } from '@slat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type ParsedLocation,
  redirect,
} from '@tanstack/react-router';
import { PROGRESS_BAR_DELAY_MS } from '../config/constants';
import { flagsReady, isFlagOn } from '../lib/feature-flags';
import { restoreSession } from '../lib/session/session-query';
import { PagePending, RootErrorPage, RootLayout } from './root-layout';
import { parseSearch, stringifySearch } from './search-params';

export type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootErrorPage,
});

// ── public ───────────────────────────────────────────────────────────────
/**
 * The sign-in and reset pages are their own small document (auth.html, src/auth-main.tsx) so
 * the first page a visitor sees loads fast; reaching them from the SPA is a full page load.
 */
const spaDocumentPath = typeof window === 'undefined' ? '' : window.location.pathname;
const toAuthDocument = ({ location }: { location: ParsedLocation }) => {
  // this SPA document was itself served for a sign-in path: reloading it would loop
  if (location.pathname === spaDocumentPath)
    throw new Error(`${location.pathname} is served without auth.html`);
  throw redirect({ href: location.href, reloadDocument: true });
};
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: toAuthDocument,
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  beforeLoad: toAuthDocument,
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms',
  component: lazyRouteComponent(() => import('../features/legal/routes/legal-pages'), 'TermsPage'),
});
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy',
  component: lazyRouteComponent(() => import('../features/legal/routes/legal-pages'), 'PrivacyPage'),
});

const publicPages = () => import('../features/public/routes/public-pages');
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

// ── signed in ────────────────────────────────────────────────────────────
/** Restores the session once; without one, to /login?returnUrl=<path and query>. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }): Promise<{ profile: MeResponse }> => {
    const profile = await restoreSession(context.queryClient);
    if (!profile) {
      const returnUrl = location.href === '/' ? undefined : location.href;
      throw redirect({ to: '/login', search: returnUrl ? { returnUrl } : {}, reloadDocument: true });
    }
    return { profile };
  },
  component: lazyRouteComponent(
    () => import('../features/shell/components/app-shell-layout'),
    'AppShellLayout',
  ),
});

const requireSales = ({ context }: { context: { profile: MeResponse } }) => {
  if (!context.profile.modules['dealer_portal.sales']) throw redirect({ to: '/dashboard' });
};

const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

/** Any other path in the signed-in area goes to the dashboard. */
const unknownRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'dashboard',
  component: lazyRouteComponent(() => import('../features/dashboard/routes/dashboard-page'), 'DashboardPage'),
});

const dealPages = () => import('../features/deals/routes/deal-pages');
const workflowRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'workflows/$workflowSlug',
  beforeLoad: requireSales,
  component: lazyRouteComponent(dealPages, 'WorkflowPage'),
});
/** The deal modal opens over its board (a child route), so closing it goes up one level. */
const dealRoute = createRoute({
  getParentRoute: () => workflowRoute,
  path: '$dealId',
  component: lazyRouteComponent(dealPages, 'DealPage'),
});
const quoteRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'workflows/$workflowSlug/$dealId/quotes/$quoteId',
  beforeLoad: requireSales,
  component: lazyRouteComponent(dealPages, 'QuotePage'),
});
const quoteProductRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'workflows/$workflowSlug/$dealId/quotes/$quoteId/products/$productId',
  beforeLoad: requireSales,
  component: lazyRouteComponent(dealPages, 'QuoteProductPage'),
});

const contactPages = () => import('../features/contacts/routes/contact-pages');
const contactsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'contacts',
  beforeLoad: requireSales,
  component: lazyRouteComponent(contactPages, 'ContactsPage'),
});
// the contact (and a deal opened from it) is a modal over the list, which stays mounted
const contactRoute = createRoute({
  getParentRoute: () => contactsRoute,
  path: '$contactId',
  component: lazyRouteComponent(contactPages, 'ContactPage'),
});
const contactDealRoute = createRoute({
  getParentRoute: () => contactsRoute,
  path: '$contactId/$workflowSlug/$dealId',
  component: lazyRouteComponent(contactPages, 'ContactDealPage'),
});

const requirePersonnelFlag = async () => {
  await flagsReady();
  if (!isFlagOn('Personnel')) throw redirect({ to: '/dashboard' });
};
const personnelPages = () => import('../features/personnel/routes/personnel-pages');
const personnelRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'personnel',
  beforeLoad: requirePersonnelFlag,
  component: lazyRouteComponent(personnelPages, 'PersonnelPage'),
});
const personRoute = createRoute({
  getParentRoute: () => personnelRoute,
  path: '$personId',
  component: lazyRouteComponent(personnelPages, 'PersonPage'),
});

const orderPages = () => import('../features/orders/routes/order-pages');
const ordersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders',
  component: lazyRouteComponent(orderPages, 'OrdersPage'),
});
const newOrderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/new',
  component: lazyRouteComponent(orderPages, 'NewOrderPage'),
});
const orderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/$orderId',
  component: lazyRouteComponent(orderPages, 'OrderPage'),
});
const supplierOrderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/$orderId/supplier-order/$manufacturerOrderId',
  component: lazyRouteComponent(orderPages, 'SupplierOrderPage'),
});

const documentsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'documents',
  component: lazyRouteComponent(() => import('../features/documents/routes/documents-page'), 'DocumentsPage'),
});

const accountLinkCallbackRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'account/$linkService/callback',
  component: lazyRouteComponent(
    () => import('../features/settings/routes/account-link-callback-page'),
    'AccountLinkCallbackPage',
  ),
});

// ── settings ─────────────────────────────────────────────────────────────
const toGeneralSettings = () => {
  throw redirect({ to: '/settings/general' });
};
const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'settings',
  component: lazyRouteComponent(
    () => import('../features/settings/routes/settings-layout'),
    'SettingsLayout',
  ),
});
const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: toGeneralSettings,
});
const settingsUnknownRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '$',
  beforeLoad: toGeneralSettings,
});
/** Each settings page is its own chunk, loaded when it is opened. */
const settingsPage = <M extends Record<string, unknown>>(
  path: string,
  load: () => Promise<M>,
  exportName: keyof M & string,
  beforeLoad?: (ctx: { context: { profile: MeResponse } }) => void,
) =>
  createRoute({
    getParentRoute: () => settingsRoute,
    path,
    ...(beforeLoad ? { beforeLoad } : {}),
    // biome-ignore lint/suspicious/noExplicitAny: the module's export is a component by construction
    component: lazyRouteComponent(load as () => Promise<any>, exportName),
  });
const settingsChildren = [
  settingsIndexRoute,
  settingsPage(
    'general',
    () => import('../features/settings/routes/general-settings-page'),
    'GeneralSettingsPage',
  ),
  settingsPage(
    'orders',
    () => import('../features/settings/routes/order-settings-page'),
    'OrderSettingsPage',
  ),
  settingsPage(
    'quotes',
    () => import('../features/settings/routes/quote-settings-page'),
    'QuoteSettingsPage',
    ({ context }) => {
      if (!context.profile.modules['dealer_portal.sales']) toGeneralSettings();
    },
  ),
  settingsPage(
    'suppliers',
    () => import('../features/settings/routes/supplier-settings-page'),
    'SupplierSettingsPage',
  ),
  settingsPage(
    'bundles',
    () => import('../features/settings/routes/bundle-settings-page'),
    'BundleSettingsPage',
  ),
  settingsPage(
    'integrations',
    () => import('../features/settings/routes/integration-settings-page'),
    'IntegrationSettingsPage',
  ),
  settingsPage(
    'workflows',
    () => import('../features/settings/routes/workflow-settings-page'),
    'WorkflowSettingsPage',
    ({ context }) => {
      if (!context.profile.user.main_admin_access) toGeneralSettings();
    },
  ),
  settingsUnknownRoute,
];

export const routeTree = rootRoute.addChildren([
  loginRoute,
  resetPasswordRoute,
  termsRoute,
  privacyRoute,
  customerQuoteRoute,
  checkoutRoute,
  checkoutReturnRoute,
  signedInRoute.addChildren([
    indexRoute,
    dashboardRoute,
    workflowRoute.addChildren([dealRoute]),
    quoteRoute,
    quoteProductRoute,
    contactsRoute.addChildren([contactRoute, contactDealRoute]),
    personnelRoute.addChildren([personRoute]),
    ordersRoute,
    newOrderRoute,
    orderRoute,
    supplierOrderRoute,
    documentsRoute,
    accountLinkCallbackRoute,
    settingsRoute.addChildren(settingsChildren),
    unknownRoute,
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultPendingMs: PROGRESS_BAR_DELAY_MS,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
