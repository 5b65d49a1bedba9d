import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../shell';
import { documentSearchSchema } from './search';

const documentsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'documents',
  validateSearch: documentSearchSchema,
  component: lazyRouteComponent(() => import('./routes/documents-page'), 'DocumentsPage'),
});

export const documentRoutes = [documentsRoute];
