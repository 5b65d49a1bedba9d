import '../strings';
import { Button, Group, Loader, Modal, Tabs } from '@mantine/core';
import type { OfflineSupplierOrder, PurchaseOrder, SupplierOrder } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form/form-modal';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { purchaseOrderQueryOptions } from '../../orders';
import {
  offlineSupplierOrdersQueryOptions,
  supplierOrderHistoryQueryOptions,
  supplierOrdersQueryOptions,
} from '../api/supplier-orders';
import { HistoryList } from '../components/history-list';
import { OfflineSupplierOrderEditor } from '../components/offline-editor';
import { SupplierOrderDetails } from '../components/supplier-order-details';
import { idOf } from '../components/supplier-order-logic';

const pageApi = getRouteApi('/signed-in/orders/$orderId/supplier-order/$manufacturerOrderId');

/**
 * §2 Supplier order, /orders/{orderId}/supplier-order/{manufacturerOrderId}, over the order: an
 * online supplier's order read-only with Details and History tabs, an offline-only supplier's in
 * the manual editor. A supplier order that is not the order's goes back to the order.
 */
export function SupplierOrderPage() {
  const { t } = useTranslation();
  const { orderId, manufacturerOrderId } = pageApi.useParams();
  const navigate = useNavigate();
  const orderNumber = idOf(orderId);
  const supplierOrderId = idOf(manufacturerOrderId);
  const order = useQuery({ ...purchaseOrderQueryOptions(orderNumber), enabled: orderNumber > 0 });
  useModalTitle(t('pages.supplierOrder'));
  const toOrder = useCallback(
    () => void navigate({ to: '/orders/$orderId', params: { orderId } }),
    [navigate, orderId],
  );
  if (orderNumber === 0) return <Navigate to="/orders" replace />;
  if (supplierOrderId === 0) return <Navigate to="/orders/$orderId" params={{ orderId }} replace />;
  // the order page under this one says why an order is missing
  if (!order.data) return null;
  return order.data.context.supplier.offlineOnly ? (
    <OfflineSupplierOrderModal order={order.data} supplierOrderId={supplierOrderId} onClose={toOrder} />
  ) : (
    <OnlineSupplierOrderModal order={order.data} supplierOrderId={supplierOrderId} onClose={toOrder} />
  );
}

/** The modal's title while it is open; closing gives the order under it its own back. */
function useModalTitle(title: string) {
  useEffect(() => {
    const under = document.title;
    document.title = `${title} | Slat`;
    return () => {
      document.title = under;
    };
  }, [title]);
}

function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failed)
    return (
      <StatusAlert kind="error" title={t('supplierOrders.loadFailed')}>
        <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
          {t('supplierOrders.retry')}
        </Button>
      </StatusAlert>
    );
  return (
    <Group justify="center" p="xl">
      <Loader role="progressbar" aria-label={t('supplierOrders.loading')} />
    </Group>
  );
}

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function OnlineSupplierOrderModal({
  order,
  supplierOrderId,
  onClose,
}: {
  order: PurchaseOrder;
  supplierOrderId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const [tab, setTab] = useState<string | null>('details');
  const [page, setPage] = useState(1);
  const list = useQuery(supplierOrdersQueryOptions(order.id));
  const supplierOrder: SupplierOrder | undefined = list.data?.find((so) => so.id === supplierOrderId);
  const history = useQuery({
    ...supplierOrderHistoryQueryOptions(supplierOrderId, page),
    enabled: tab === 'history' && supplierOrder !== undefined,
  });
  if ((list.data && !supplierOrder) || notFound(list.error))
    return <Navigate to="/orders/$orderId" params={{ orderId: String(order.id) }} replace />;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('supplierOrders.title', { supplier: order.manufacturerName })}
      closeButtonProps={{ 'aria-label': t('errors.close') }}
      fullScreen={phone}
      size="xl"
    >
      {!supplierOrder ? (
        <LoadState failed={list.isError} onRetry={() => void list.refetch()} />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="details">{t('supplierOrders.details')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('supplierOrders.history')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <SupplierOrderDetails order={supplierOrder} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryList query={history} page={page} onPage={setPage} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

function OfflineSupplierOrderModal({
  order,
  supplierOrderId,
  onClose,
}: {
  order: PurchaseOrder;
  supplierOrderId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery(offlineSupplierOrdersQueryOptions(order.id));
  const supplierOrder: OfflineSupplierOrder | undefined = list.data?.find(
    (so) => so.id === String(supplierOrderId),
  );
  if ((list.data && !supplierOrder) || notFound(list.error))
    return <Navigate to="/orders/$orderId" params={{ orderId: String(order.id) }} replace />;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('supplierOrders.editTitle', { supplier: order.manufacturerName })}
      size="xl"
    >
      {!supplierOrder ? (
        <LoadState failed={list.isError} onRetry={() => void list.refetch()} />
      ) : (
        <OfflineSupplierOrderEditor
          // a live change elsewhere must not swap values under the dealer's typing: the form keeps its start
          key={supplierOrder.id}
          orderId={order.id}
          supplierOrder={supplierOrder}
          supplier={order.context.supplier}
        />
      )}
    </FormModal>
  );
}
