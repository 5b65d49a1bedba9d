import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../shell';

const legalPages = () => import('./routes/legal-pages');

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms',
  component: lazyRouteComponent(legalPages, 'TermsPage'),
});

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy',
  component: lazyRouteComponent(legalPages, 'PrivacyPage'),
});

export const legalRoutes = [termsRoute, privacyRoute];
