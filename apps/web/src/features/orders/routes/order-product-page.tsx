import '../detail-strings';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/ui/router-links';
import { ProductCrumbs, ProductScreenPage, windowIdOf } from '../../order-lines';
import { purchaseOrderQueryOptions } from '../api/order';
import { purchaseOrderView } from '../components/detail/purchase-order-view';

const productApi = getRouteApi('/signed-in/orders/$orderId/products/$productId');

const isId = (text: string) => /^[1-9]\d{0,9}$/.test(text);

/**
 * §2 the order line product screen, /orders/{orderId}/products/{productId}: the shared product
 * screen over the purchase order; a product not among the order's lines returns to the order.
 */
export function OrderProductPage() {
  const { t } = useTranslation();
  const { orderId, productId } = productApi.useParams();
  const search = productApi.useSearch();
  const navigate = useNavigate();
  const orderNumber = isId(orderId) ? Number(orderId) : 0;
  const order = useQuery({ ...purchaseOrderQueryOptions(orderNumber), enabled: orderNumber > 0 });

  const toOrder = useCallback(
    (replace = false) => void navigate({ to: '/orders/$orderId', params: { orderId }, replace }),
    [navigate, orderId],
  );
  const toLine = useCallback(
    (lineId: number) =>
      void navigate({
        to: '/orders/$orderId/products/$productId',
        params: { orderId, productId: String(lineId) },
        search: {},
        replace: true,
      }),
    [navigate, orderId],
  );

  return (
    <ProductScreenPage
      query={order}
      badOrderId={orderNumber === 0}
      viewOf={purchaseOrderView}
      productId={productId}
      windowId={windowIdOf(search)}
      toOrder={toOrder}
      toLine={toLine}
      crumbs={(data, title) => (
        <ProductCrumbs title={title}>
          <AnchorLink size="sm" to="/orders">
            {t('orderDetail.orders')}
          </AnchorLink>
          <AnchorLink size="sm" to="/orders/$orderId" params={{ orderId: String(data.id) }}>
            {t('orderDetail.label', { tuid: data.tuid })}
          </AnchorLink>
        </ProductCrumbs>
      )}
    />
  );
}
