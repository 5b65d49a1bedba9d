import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../shell';

/** One supplier's part of a purchase order. */
const supplierOrderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/$orderId/supplier-order/$manufacturerOrderId',
  component: lazyRouteComponent(() => import('./routes/supplier-order-pages'), 'SupplierOrderPage'),
});

export const supplierOrderRoutes = [supplierOrderRoute];
