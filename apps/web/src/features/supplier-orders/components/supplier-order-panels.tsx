import '../strings';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OfflineSupplierOrder, PurchaseOrder, SupplierOrder } from '@slat/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy, IconLinkOff, IconRefresh } from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { pageOrigin } from '../../../lib/first-screen';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyError, notifySuccess, showToast } from '../../../lib/notify';
import { useSupplierOrderStream } from '../api/live-updates';
import {
  offlineSupplierOrdersQueryOptions,
  supplierOrderLinkQueryOptions,
  supplierOrdersQueryOptions,
  useSupplierOrderLinkAction,
} from '../api/supplier-orders';
import { AcknowledgementView, CoreStatusPill, dayText, Fact, TrackingView } from './supplier-order-details';

/**
 * A submitted order's supplier-order panels (§2): per supplier order its core status, the
 * acknowledgement, ETA, tracking and freight, the way to the supplier order and, online, the
 * supplier's page link. Changes arrive live (GET /api/orders/stream).
 */
export function SupplierOrderPanels({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const titleId = useId();
  const offline = order.context.supplier.offlineOnly;
  useSupplierOrderStream(order.id);
  const online = useQuery({ ...supplierOrdersQueryOptions(order.id), enabled: !offline });
  const manual = useQuery({ ...offlineSupplierOrdersQueryOptions(order.id), enabled: offline });
  const query: UseQueryResult<(SupplierOrder | OfflineSupplierOrder)[], unknown> = offline ? manual : online;
  let body: ReactNode;
  if (query.isError && !query.data)
    body = (
      <StatusAlert kind="error" title={t('supplierOrders.panelsFailed')}>
        <Button size="xs" variant="default" mt="xs" onClick={() => void query.refetch()}>
          {t('supplierOrders.retry')}
        </Button>
      </StatusAlert>
    );
  else if (!query.data)
    body = <Loader role="progressbar" size="sm" aria-label={t('supplierOrders.loading')} />;
  else if (query.data.length === 0) body = null;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {offline
          ? manual.data?.map((so) => (
              <OfflinePanel
                key={so.id}
                orderId={order.id}
                supplierOrder={so}
                supplier={order.manufacturerName}
              />
            ))
          : online.data?.map((so) => <OnlinePanel key={so.id} orderId={order.id} supplierOrder={so} />)}
      </SimpleGrid>
    );
  if (body === null) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="sm"
      data-testid="supplier-orders"
    >
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('supplierOrders.panels')}
      </Title>
      {body}
    </Paper>
  );
}

function ViewLink({
  orderId,
  supplierOrderId,
  supplier,
}: {
  orderId: number;
  supplierOrderId: number | string;
  supplier: string;
}) {
  const { t } = useTranslation();
  return (
    <AnchorLink
      size="sm"
      to="/orders/$orderId/supplier-order/$manufacturerOrderId"
      params={{ orderId: String(orderId), manufacturerOrderId: String(supplierOrderId) }}
      aria-label={t('supplierOrders.viewOf', { supplier })}
      data-testid="view-supplier-order"
    >
      {t('supplierOrders.view')}
    </AnchorLink>
  );
}

/** One supplier order's panel: its supplier (marked when offline), the way to it, then its facts. */
function PanelFrame({
  orderId,
  supplierOrderId,
  supplier,
  offline,
  children,
}: {
  orderId: number;
  supplierOrderId: number | string;
  supplier: string;
  offline?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      bg="gray.0"
      data-testid="supplier-order"
      data-supplier-order-id={supplierOrderId}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6}>
            <Text fw={600} size="sm">
              {supplier}
            </Text>
            {offline && (
              <Badge variant="outline" color="gray.7" size="sm">
                {t('supplierOrders.offline')}
              </Badge>
            )}
          </Group>
          <ViewLink orderId={orderId} supplierOrderId={supplierOrderId} supplier={supplier} />
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function OnlinePanel({ orderId, supplierOrder: so }: { orderId: number; supplierOrder: SupplierOrder }) {
  const { t } = useTranslation();
  const none = t('supplierOrders.notGiven');
  return (
    <PanelFrame orderId={orderId} supplierOrderId={so.id} supplier={so.manufacturerName}>
      <Fact label={t('supplierOrders.status')}>
        <CoreStatusPill order={so} />
      </Fact>
      <Fact label={t('supplierOrders.acknowledgement')}>
        <AcknowledgementView order={so} />
      </Fact>
      <Fact label={t('supplierOrders.eta')} testId="panel-eta">
        {dayText(so.eta, none)}
      </Fact>
      <Fact label={t('supplierOrders.tracking')} testId="panel-tracking">
        <TrackingView order={so} />
      </Fact>
      <Fact label={t('supplierOrders.freight')} testId="panel-freight">
        {so.freight === null ? none : formatMoney(so.freight)}
      </Fact>
      <SupplierLink orderId={orderId} supplierOrderId={so.id} />
    </PanelFrame>
  );
}

function OfflinePanel({
  orderId,
  supplierOrder: so,
  supplier,
}: {
  orderId: number;
  supplierOrder: OfflineSupplierOrder;
  supplier: string;
}) {
  const { t } = useTranslation();
  const none = t('supplierOrders.notGiven');
  return (
    <PanelFrame orderId={orderId} supplierOrderId={so.id} supplier={supplier} offline>
      <Fact label={t('supplierOrders.orderStatus')} testId="panel-status">
        {so.orderStatus}
      </Fact>
      <Fact label={t('supplierOrders.reference')}>{so.reference}</Fact>
      <Fact label={t('supplierOrders.eta')} testId="panel-eta">
        {dayText(so.eta, none)}
      </Fact>
      <Fact label={t('supplierOrders.tracking')} testId="panel-tracking">
        {so.trackingInformation}
      </Fact>
      <Fact label={t('supplierOrders.freight')} testId="panel-freight">
        {so.freight === null ? none : formatMoney(so.freight)}
      </Fact>
    </PanelFrame>
  );
}

/** The supplier's page link (in the PO mail): Copy, Revoke (asks first) and Make a new link. */
function SupplierLink({ orderId, supplierOrderId }: { orderId: number; supplierOrderId: number }) {
  const { t } = useTranslation();
  const link = useQuery(supplierOrderLinkQueryOptions(orderId, supplierOrderId));
  const action = useSupplierOrderLinkAction(orderId, supplierOrderId);
  const data = link.data;
  const url = data?.url ? new URL(data.url, pageOrigin()).href : null;
  const failed = (error: unknown) =>
    notifyError(
      t('supplierOrders.linkActionFailed'),
      error instanceof ApiError && error.status < 500
        ? translateMessage(error.message)
        : t('errors.serverIssues'),
    );
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast({ message: t('supplierOrders.copied'), color: 'teal' });
    } catch {
      showToast({ message: t('supplierOrders.copyFailed'), color: 'red' });
    }
  };
  const revoke = () =>
    void confirmDestructive({
      title: t('supplierOrders.revokeTitle'),
      message: t('supplierOrders.revokeConfirm'),
      confirmLabel: t('supplierOrders.revokeYes'),
      action: () =>
        action.mutateAsync('revoke').catch((error: unknown) => {
          failed(error);
          throw error;
        }),
    }).then((done) => {
      if (done) notifySuccess(t('supplierOrders.revoked'), '');
    });
  const renew = () =>
    action.mutate('renew', {
      onSuccess: () => notifySuccess(t('supplierOrders.renewed'), t('supplierOrders.renewedMessage')),
      onError: failed,
    });
  return (
    <Stack gap={4} mt={4} data-testid="supplier-link">
      <Text size="sm" fw={600}>
        {t('supplierOrders.link')}
      </Text>
      {link.isError && !data ? (
        <Text size="sm" c="red.8">
          {t('supplierOrders.linkFailed')}
        </Text>
      ) : !data ? (
        <Loader size="xs" role="progressbar" aria-label={t('app.loading')} />
      ) : (
        <>
          {url ? (
            <Text size="xs" style={{ wordBreak: 'break-all' }} data-testid="supplier-link-url">
              {url}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="supplier-link-none">
              {data.revokedAt ? t('supplierOrders.linkNone') : t('supplierOrders.linkNotYet')}
            </Text>
          )}
          {url && data.createdAt && (
            <Text size="xs" c="dimmed">
              {t('supplierOrders.linkCreated', { date: formatDateTime(new Date(data.createdAt)) })}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} aria-hidden />}
              disabled={!url}
              onClick={() => void copy()}
            >
              {t('supplierOrders.copy')}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red.9"
              leftSection={<IconLinkOff size={14} aria-hidden />}
              disabled={!url || action.isPending}
              onClick={firstClickOnly(revoke)}
            >
              {t('supplierOrders.revoke')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={action.isPending && action.variables === 'renew'}
              disabled={action.isPending}
              onClick={firstClickOnly(renew)}
            >
              {t('supplierOrders.renew')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
