import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orderRoute } from '../orders/routes';

/** §2 Supplier order: a modal over the order (a child of the order's route, which stays mounted). */
const supplierOrderRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'supplier-order/$manufacturerOrderId',
  component: lazyRouteComponent(() => import('./routes/supplier-order-pages'), 'SupplierOrderPage'),
});

export const supplierOrderRoutes = [supplierOrderRoute];
