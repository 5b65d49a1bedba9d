import type { MeResponse } from '@slat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { restoreSession } from '../../lib/session/session-query';
import { RootErrorPage, RootLayout } from './components/root-layout';

export type RouterContext = { queryClient: QueryClient };

/** Every page's parent: the toasts, and the §8 dialog for an error no page handled. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootErrorPage,
});

/**
 * The signed-in area's parent: restores the session once; without one, to
 * /login?returnUrl=<path and query>. Its pages are in the shell's frame.
 */
export const signedInRoute = createRoute({
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
  component: lazyRouteComponent(() => import('./components/app-shell-layout'), 'AppShellLayout'),
});

/** A sales page's beforeLoad: without the sales module, the dashboard. */
export const requireSales = ({ context }: { context: { profile: MeResponse } }) => {
  if (!context.profile.modules['dealer_portal.sales']) throw redirect({ to: '/dashboard' });
};

const toDashboard = () => {
  throw redirect({ to: '/dashboard' });
};

const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: toDashboard,
});

/** Any other path in the signed-in area goes to the dashboard. */
const unknownRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '$',
  beforeLoad: toDashboard,
});

export const shellRoutes = [indexRoute, unknownRoute];
