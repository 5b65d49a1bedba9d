import { type PurchaseOrder, purchaseOrderMessages } from '@slat/contracts';
import { type OrderView, withLine } from '../../../order-lines';
import { orderKeys } from '../../api/order';

/** The order product screen's route (§2: {detailPath}/{orderId}/products/{productId}). */
export const ORDER_PRODUCT_PATH = '/orders/$orderId/products/$productId';

/** A purchase order as the shared line parts see it: cost only, its own product screens. */
export function purchaseOrderView(order: PurchaseOrder): OrderView {
  const params = { orderId: String(order.id) };
  return {
    kind: 'order',
    orderId: order.id,
    lines: order.context.orderLines,
    readOnly: order.isReadOnly,
    readOnlyMessage: purchaseOrderMessages.readOnly,
    measureSystem: order.context.measureSystem,
    priceConfig: null,
    pendingUpdates: order.context.pendingUpdates,
    productLink: (productId, windowId) => ({
      to: ORDER_PRODUCT_PATH,
      params: { ...params, productId },
      search: windowId === undefined ? {} : { window: String(windowId) },
    }),
    orderLink: { to: '/orders/$orderId', params },
    cacheLine: (queryClient, line) =>
      queryClient.setQueryData<PurchaseOrder>(orderKeys.detail(order.id), (cached) =>
        cached
          ? {
              ...cached,
              context: { ...cached.context, orderLines: withLine(cached.context.orderLines, line) },
            }
          : cached,
      ),
    // the order with its totals, and the lists and dashboard that count it
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  };
}
