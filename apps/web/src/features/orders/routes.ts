import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { productScreenSearchSchema } from '../order-lines/routes';
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

/** §2 Order detail; the supplier order modal (features/supplier-orders) is its child. */
export const orderRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/$orderId',
  component: lazyRouteComponent(() => import('./routes/order-page'), 'OrderPage'),
});

/** The order line product screen: `new` or a line's id; `?window=` adds to that window. */
const orderProductRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'orders/$orderId/products/$productId',
  validateSearch: productScreenSearchSchema,
  component: lazyRouteComponent(() => import('./routes/order-product-page'), 'OrderProductPage'),
});

/** The order's own route joins the tree with its children in app/router.tsx. */
export const orderRoutes = [ordersRoute.addChildren([newOrderRoute]), orderProductRoute];
