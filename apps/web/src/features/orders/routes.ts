import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../shell';

const orderPages = () => import('./routes/order-pages');

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

export const orderRoutes = [ordersRoute, newOrderRoute, orderRoute];
