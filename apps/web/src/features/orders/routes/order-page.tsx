import '../strings';
import '../detail-strings';
import { Button, Group, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/ui/router-links';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { purchaseOrderQueryOptions } from '../api/order';
import { OrderDetail } from '../components/detail/order-detail';

const orderApi = getRouteApi('/signed-in/orders/$orderId');

const isId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

/**
 * §2 Order detail, /orders/{orderId}. An order replaced by a newer revision redirects to the
 * newest one; a missing (or another account's) order says so.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { orderId } = orderApi.useParams();
  const id = isId(orderId) ? Number(orderId) : 0;
  const query = useQuery({ ...purchaseOrderQueryOptions(id), enabled: id > 0 });
  const order = query.data;
  useDocumentTitle(order ? t('orderDetail.label', { tuid: order.tuid }) : t('pages.order'));
  if (id === 0) return <Navigate to="/orders" replace />;
  const latest = order?.context.latestRevision;
  if (latest && latest.id !== order.id)
    return <Navigate to="/orders/$orderId" params={{ orderId: String(latest.id) }} replace />;
  if (order)
    return (
      <>
        <OrderDetail key={order.id} order={order} />
        {/* the supplier order modal over the order */}
        <Outlet />
      </>
    );
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack maw={720} mx="auto" w="100%">
        <StatusAlert kind="error" title={notFound ? t('orderDetail.notFound') : t('orderDetail.loadFailed')}>
          <Group gap="xs" mt="xs">
            {!notFound && (
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                {t('app.retry')}
              </Button>
            )}
            <AnchorLink size="sm" to="/orders">
              {t('orderDetail.backToOrders')}
            </AnchorLink>
          </Group>
        </StatusAlert>
      </Stack>
    );
  }
  return (
    <Group justify="center" p="xl">
      <Loader role="progressbar" aria-label={t('orderDetail.loading')} />
    </Group>
  );
}
