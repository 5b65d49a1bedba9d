import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../shell';
import { ordersListSearchSchema } from './search';

/** §2 /orders: the filtered, paged list; its filters stay in the URL for the modal over it. */
const ordersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders',
  validateSearch: ordersListSearchSchema,
  component: lazyRouteComponent(() => import('./routes/orders-page'), 'OrdersPage'),
});

/** /orders/new: the 'New order' modal over the list (which stays mounted). */
const newOrderRoute = createRoute({
  getParentRoute: () => ordersRoute,
  path: 'new',
  component: lazyRouteComponent(() => import('./routes/new-order-page'), 'NewOrderPage'),
});

const orderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/$orderId',
  component: lazyRouteComponent(() => import('./routes/order-page'), 'OrderPage'),
});

export const orderRoutes = [ordersRoute.addChildren([newOrderRoute]), orderRoute];
