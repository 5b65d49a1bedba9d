import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { flagsReady, isFlagOn } from '../../lib/feature-flags';
import { signedInRoute } from '../shell';
import { personnelSearchSchema } from './search';

/** Personnel is behind its feature flag: without it, the dashboard. */
const requirePersonnelFlag = async () => {
  await flagsReady();
  if (!isFlagOn('Personnel')) throw redirect({ to: '/dashboard' });
};

const personnelPages = () => import('./routes/personnel-pages');

const personnelRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'personnel',
  validateSearch: personnelSearchSchema,
  beforeLoad: requirePersonnelFlag,
  component: lazyRouteComponent(personnelPages, 'PersonnelPage'),
});

/** A person opens over the list, which keeps its filters. */
const personRoute = createRoute({
  getParentRoute: () => personnelRoute,
  path: '$personId',
  component: lazyRouteComponent(personnelPages, 'PersonPage'),
});

export const personnelRoutes = [personnelRoute.addChildren([personRoute])];
