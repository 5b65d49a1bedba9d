import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../shell';

const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'dashboard',
  component: lazyRouteComponent(() => import('./routes/dashboard-page'), 'DashboardPage'),
});

export const dashboardRoutes = [dashboardRoute];
