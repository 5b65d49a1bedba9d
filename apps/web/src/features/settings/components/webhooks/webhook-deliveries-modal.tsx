import '../../strings';
import '../../../../lib/i18n/locales/en-lists';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookSubscription,
} from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../../components/ui/list-pager';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { formatDateTime } from '../../../../lib/format';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { webhookDeliveriesQueryOptions } from '../../api/webhooks';

const pillColors: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'blue.8',
  DELIVERED: 'teal.9',
  FAILED: 'red.8',
};

export function DeliveryStatusPill({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant={status === 'PENDING' ? 'outline' : 'filled'}
      color={pillColors[status]}
      data-testid="delivery-status"
    >
      {t(`settings.webhooks.statuses.${status}`)}
    </Badge>
  );
}

/** A webhook's delivery log, newest first, paged; refreshed every 2 s while one is still being tried. */
export function WebhookDeliveriesModal({
  webhook,
  onClose,
}: {
  webhook: WebhookSubscription | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={webhook ? t('settings.webhooks.deliveriesOf', { url: webhook.url }) : ''}
      closeButtonProps={{ 'aria-label': t('settings.webhooks.close') }}
      size="xl"
      fullScreen={phone}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {webhook && <DeliveryLog webhookId={webhook.id} phone={phone} />}
    </Modal>
  );
}

function DeliveryLog({ webhookId, phone }: { webhookId: number; phone: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(webhookDeliveriesQueryOptions(webhookId, page));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / WEBHOOK_DELIVERIES_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button size="xs" variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('settings.webhooks.refresh')}
        </Button>
      </Group>
      <div aria-live="polite">
        {query.isError && !query.data && (
          <StatusAlert kind="error" title={t('settings.webhooks.logError')}>
            <Button mt="xs" size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('app.retry')}
            </Button>
          </StatusAlert>
        )}
        {!query.data && !query.isError && <Text c="dimmed">{t('app.loading')}</Text>}
        {query.data?.total === 0 && <Text c="dimmed">{t('settings.webhooks.logEmpty')}</Text>}
      </div>
      {query.data && query.data.total > 0 && (
        <>
          {pages > 1 && (
            <ListPager
              total={query.data.total}
              page={page}
              pages={pages}
              onPage={setPage}
              endLabel={t('settings.webhooks.pagerEnd')}
            />
          )}
          {phone ? (
            <DeliveryCards deliveries={query.data.data} />
          ) : (
            <DeliveryTable deliveries={query.data.data} />
          )}
        </>
      )}
    </Stack>
  );
}

function DeliveryTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('settings.webhooks.deliveries')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.webhooks.time')}</Table.Th>
            <Table.Th>{t('settings.webhooks.event')}</Table.Th>
            <Table.Th>{t('settings.webhooks.status')}</Table.Th>
            <Table.Th>{t('settings.webhooks.attempts')}</Table.Th>
            <Table.Th>{t('settings.webhooks.code')}</Table.Th>
            <Table.Th>{t('settings.webhooks.error')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(d.createdAt))}</Table.Td>
              <Table.Td>{t(`settings.webhooks.eventTypes.${d.eventType}`)}</Table.Td>
              <Table.Td>
                <DeliveryStatusPill status={d.status} />
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.lastStatusCode ?? '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.lastError || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each delivery is a small card: the table's six columns do not fit 375 px. */
function DeliveryCards({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {deliveries.map((d) => (
        <Paper component="li" key={d.id} withBorder radius="md" p="xs" data-testid="delivery-row">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t(`settings.webhooks.eventTypes.${d.eventType}`)}
            </Text>
            <DeliveryStatusPill status={d.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(new Date(d.createdAt))}
          </Text>
          <Text size="sm">
            {t('settings.webhooks.attempts')}: {d.attempts} · {t('settings.webhooks.code')}:{' '}
            {d.lastStatusCode ?? '—'}
          </Text>
          {d.lastError && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('settings.webhooks.error')}: {d.lastError}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
