import { Anchor, Badge, Box, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SupplierOrder, SupplierOrderLine } from '@slat/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from '../../../components/ui/status-alert';
import { formatDate, formatDateTime, formatMoney, localDay } from '../../../lib/format';
import {
  acknowledgementColor,
  acknowledgementKey,
  coreStatusColor,
  lineName,
  safeLink,
} from './supplier-order-logic';

/** A labelled value; an empty one shows the dash. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const empty = children === '' || children === null || children === undefined;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text
        component="div"
        size="sm"
        style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}
        data-testid={testId}
      >
        {empty ? t('supplierOrders.none') : children}
      </Text>
    </Group>
  );
}

export const dayText = (value: string | null, none: string) =>
  value ? formatDate(localDay(value.slice(0, 10))) : none;

/** The core status pill with the supplier's own name for the status beside it. */
export function CoreStatusPill({ order }: { order: SupplierOrder }) {
  const { t } = useTranslation();
  const status = order.context.orderStatus;
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={coreStatusColor[status.coreStatus]} variant="filled" data-testid="supplier-core-status">
        {t(`supplierOrders.coreStatuses.${status.coreStatus}`)}
      </Badge>
      {status.name && status.name !== t(`supplierOrders.coreStatuses.${status.coreStatus}`) && (
        <Text size="sm" data-testid="supplier-status-name">
          {status.name}
        </Text>
      )}
    </Group>
  );
}

// a narrow phone column would cut 'Not acknowledged yet' to 'Not acknowledge…': the pill wraps instead
const WRAPPING_PILL = {
  root: { maxWidth: '100%', height: 'auto' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/** The acknowledgement pill; `withMeaning` adds what it means in words. */
export function AcknowledgementView({
  order,
  withMeaning = false,
}: {
  order: SupplierOrder;
  withMeaning?: boolean;
}) {
  const { t } = useTranslation();
  const key = acknowledgementKey(order.acknowledgement);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Badge
          color={acknowledgementColor[order.acknowledgement]}
          variant="outline"
          styles={WRAPPING_PILL}
          data-testid="supplier-acknowledgement"
        >
          {t(`supplierOrders.acknowledgements.${key}`)}
        </Badge>
        {order.acknowledgedAt && (
          <Text size="xs" c="dimmed">
            {t('supplierOrders.acknowledgedAt', { date: formatDateTime(new Date(order.acknowledgedAt)) })}
          </Text>
        )}
      </Group>
      {withMeaning && (
        <Text size="sm" c="dimmed">
          {t(`supplierOrders.acknowledgementMeanings.${key}`)}
        </Text>
      )}
    </Stack>
  );
}

/** Tracking: the line as given, and the carrier's page when it is a web address. */
export function TrackingView({ order }: { order: SupplierOrder }) {
  const { t } = useTranslation();
  // carrier and number when given apart (the link follows as a link), else the line as given
  const text =
    [order.tracking.carrier, order.tracking.number].filter(Boolean).join(' ') || order.trackingInformation;
  const link = order.tracking.url ? safeLink(order.tracking.url) : null;
  // Fact's own placeholder cannot see that this element renders nothing: say none here.
  if (!text && !link) return <>{t('supplierOrders.none')}</>;
  return (
    <>
      {text}
      {link && (
        <>
          {text && ' '}
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" data-testid="tracking-link">
            {t('supplierOrders.trackingLink')}
          </Anchor>
        </>
      )}
    </>
  );
}

/** A line's place, size and options in one line of text. */
function lineDescription(line: SupplierOrderLine, size: string): string {
  const { width, height, options } = line.configuration;
  return [
    line.externalOrderLineId,
    line.windowGroupName,
    width && height ? size : '',
    ...options.map((o) => `${o.group}: ${o.name}`),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The Details tab of an online supplier order: the supplier's answer, shipping and the lines. */
export function SupplierOrderDetails({ order }: { order: SupplierOrder }) {
  const { t } = useTranslation();
  const none = t('supplierOrders.notGiven');
  const lines = order.context.orderLines;
  return (
    <Stack gap="md" data-testid="supplier-order-details">
      {/* the supplier's answer first, each on its own row: the meaning in words can run long */}
      <Stack gap="xs">
        <Fact label={t('supplierOrders.status')}>
          <CoreStatusPill order={order} />
        </Fact>
        <Fact label={t('supplierOrders.acknowledgement')}>
          <AcknowledgementView order={order} withMeaning />
        </Fact>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Fact label={t('supplierOrders.reference')} testId="supplier-reference">
          {order.reference}
        </Fact>
        <Fact label={t('supplierOrders.eta')} testId="supplier-eta">
          {dayText(order.eta, none)}
        </Fact>
        <Fact label={t('supplierOrders.requiredDate')}>
          {dayText(order.context.requiredDate, t('supplierOrders.none'))}
        </Fact>
        <Fact label={t('supplierOrders.freight')} testId="supplier-freight">
          {order.freight === null ? none : formatMoney(order.freight)}
        </Fact>
        <Box style={{ gridColumn: '1 / -1' }}>
          <Fact label={t('supplierOrders.tracking')} testId="supplier-tracking">
            <TrackingView order={order} />
          </Fact>
        </Box>
        <Fact label={t('supplierOrders.shippingMethod')}>{order.context.shippingMethod?.name ?? ''}</Fact>
        <Fact label={t('supplierOrders.shippingAddress')}>{order.context.shippingAddress}</Fact>
        <Box style={{ gridColumn: '1 / -1' }}>
          <Fact label={t('supplierOrders.shippingInstructions')}>{order.shippingInstructions}</Fact>
        </Box>
        <Box style={{ gridColumn: '1 / -1' }}>
          <Fact label={t('supplierOrders.notes')} testId="supplier-notes">
            {order.customerNotes}
          </Fact>
        </Box>
      </SimpleGrid>

      {order.acknowledgement === 'REJECTED' && (
        <StatusAlert
          kind="error"
          p="xs"
          title={t('supplierOrders.rejectionReason')}
          data-testid="rejection-reason"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {order.rejectionReason || t('supplierOrders.none')}
          </Text>
        </StatusAlert>
      )}

      {order.lineChanges.length > 0 && (
        <Stack gap={4} data-testid="line-changes">
          <Title order={3} size="h5">
            {t('supplierOrders.lineChanges')}
          </Title>
          <List size="sm" spacing={4}>
            {order.lineChanges.map((change) => (
              <List.Item key={change.orderLineId}>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {lineName(change.orderLineId, lines)}
                </Text>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {[
                    change.quantity !== undefined &&
                      t('supplierOrders.changedQuantity', { quantity: change.quantity }),
                    change.size && t('supplierOrders.changedSize', { size: change.size }),
                    change.date && t('supplierOrders.changedDate', { date: dayText(change.date, '') }),
                    change.note,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}

      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('supplierOrders.lines')}
        </Title>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supplierOrders.noLines')}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="supplier-order-lines"
          >
            {lines.map((line) => (
              <Paper
                component="li"
                key={line.id}
                withBorder
                radius="sm"
                p="xs"
                data-testid="supplier-order-line"
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                      {line.productName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                      {lineDescription(
                        line,
                        t('supplierOrders.size', {
                          width: line.configuration.width,
                          height: line.configuration.height,
                        }),
                      )}
                    </Text>
                  </Stack>
                  <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="sm">{t('supplierOrders.quantity', { count: line.quantity })}</Text>
                    {line.sellPrice !== null && <Text size="sm">{formatMoney(line.sellPrice)}</Text>}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
