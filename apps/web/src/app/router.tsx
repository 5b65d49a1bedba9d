import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PROGRESS_BAR_DELAY_MS } from '../config/constants';
import { authRoutes } from '../features/auth/routes';
import { contactRoute, contactsRoute } from '../features/contacts/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { contactDealRoutes, dealChildRoutes, workflowRoute } from '../features/deals/routes';
import { documentRoutes } from '../features/documents/routes';
import { legalRoutes } from '../features/legal/routes';
import { orderRoute, orderRoutes } from '../features/orders/routes';
import { personnelRoutes } from '../features/personnel/routes';
import { publicRoutes } from '../features/public/routes';
import { quoteRoutes } from '../features/quotes/routes';
import { settingsRoutes } from '../features/settings/routes';
import { PagePending } from '../features/shell';
import { rootRoute, shellRoutes, signedInRoute } from '../features/shell/routes';
import { supplierOrderRoutes } from '../features/supplier-orders/routes';
import { parseSearch, stringifySearch } from '../lib/search-params';

/** Each feature defines its routes (features/<area>/routes.ts); here they become one tree. */
export const routeTree = rootRoute.addChildren([
  ...authRoutes,
  ...legalRoutes,
  ...publicRoutes,
  signedInRoute.addChildren([
    ...shellRoutes,
    ...dashboardRoutes,
    workflowRoute.addChildren([...dealChildRoutes, ...quoteRoutes]),
    contactsRoute.addChildren([contactRoute.addChildren(contactDealRoutes)]),
    ...personnelRoutes,
    ...orderRoutes,
    orderRoute.addChildren(supplierOrderRoutes),
    ...documentRoutes,
    ...settingsRoutes,
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

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
