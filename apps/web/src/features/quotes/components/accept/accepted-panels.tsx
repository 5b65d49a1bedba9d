import {
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { DealQuote, DealSupplierOrder, SupplierCoreStatus } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTruckDelivery } from '../../../../components/icons';
import { AnchorLink } from '../../../../components/ui/router-links';
import { ApiError } from '../../../../lib/api/errors';
import { formatDate, formatDateTime, localDay } from '../../../../lib/format';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { dealQueryOptions } from '../../../deals';
import '../../accept-strings';
import { formatPrice, lineSize } from '../../../order-lines';
import { linkedSuppliersQueryOptions, useConvertQuote } from '../../api/accept';
import { readyToOrder, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './accept-logic';

/** An accepted quote's acceptance record and its Ready to Order list (§2 Quote detail). */
export function AcceptedPanels({ quote }: { quote: DealQuote }) {
  if (quote.status !== 'ACCEPTED' && quote.context.purchaseOrders.length === 0) return null;
  return (
    <Stack gap="md">
      {quote.status === 'ACCEPTED' && quote.context.acceptance && (
        <AcceptanceRecord acceptance={quote.context.acceptance} />
      )}
      {quote.status === 'ACCEPTED' && <ReadyToOrder quote={quote} />}
      <QuoteOrders quote={quote} />
    </Stack>
  );
}

type QuotePurchaseOrder = DealQuote['context']['purchaseOrders'][number];

/**
 * §2 Quote detail: the quote's Orders table, each row linking /orders/{id}, with what each
 * order's supplier says (status and ETA). A phone gets the same as a list: five columns do not fit.
 */
function QuoteOrders({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const headingId = useId();
  const phone = useBreakpoint() === 'verySmall';
  const orders = quote.context.purchaseOrders;
  // What the suppliers say comes with the deal, which live boards refresh when a supplier answers.
  const deal = useQuery({ ...dealQueryOptions(quote.dealId), enabled: orders.length > 0 });
  const supplierOrders = deal.data?.context.supplierOrders ?? [];
  const ofOrder = (order: QuotePurchaseOrder) => supplierOrders.filter((so) => so.orderId === order.id);
  if (orders.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" data-testid="quote-orders">
      <Title order={3} size="h5" id={headingId}>
        {t('quoteAccept.orders')}
      </Title>
      {phone ? (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          aria-label={t('quoteAccept.ordersTable')}
          style={{ listStyle: 'none' }}
        >
          {orders.map((order) => (
            <Paper component="li" key={order.id} data-order-id={order.id} withBorder p="sm" radius="md">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <OrderLink order={order} />
                  <OrderStatusPills order={order} />
                </Group>
                <Text size="sm">{order.manufacturerName}</Text>
                {ofOrder(order).length > 0 && (
                  <Group gap="md" wrap="wrap">
                    <Group gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {t('quoteAccept.supplierStatusColumn')}
                      </Text>
                      <SupplierStatus orders={ofOrder(order)} />
                    </Group>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {t('quoteAccept.etaColumn')}
                      </Text>
                      <SupplierEta orders={ofOrder(order)} />
                    </Group>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder striped aria-label={t('quoteAccept.ordersTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quoteAccept.orderColumn')}</Table.Th>
                <Table.Th>{t('quoteAccept.supplierColumn')}</Table.Th>
                <Table.Th>{t('quoteAccept.statusColumn')}</Table.Th>
                <Table.Th>{t('quoteAccept.supplierStatusColumn')}</Table.Th>
                <Table.Th>{t('quoteAccept.etaColumn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.id} data-order-id={order.id}>
                  <Table.Td>
                    <OrderLink order={order} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{order.manufacturerName}</Text>
                  </Table.Td>
                  <Table.Td>
                    <OrderStatusPills order={order} />
                  </Table.Td>
                  <Table.Td>
                    <SupplierStatus orders={ofOrder(order)} />
                  </Table.Td>
                  <Table.Td>
                    <SupplierEta orders={ofOrder(order)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function OrderLink({ order }: { order: QuotePurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <span>
      <AnchorLink size="sm" fw={600} to="/orders/$orderId" params={{ orderId: String(order.id) }}>
        {t('quoteAccept.orderLink', { tuid: order.tuid })}
      </AnchorLink>
      {order.revisionNumber > 1 && (
        <Text span size="xs" c="dimmed">
          {' '}
          {t('quoteAccept.revisionShort', { number: order.revisionNumber })}
        </Text>
      )}
    </span>
  );
}

function OrderStatusPills({ order }: { order: QuotePurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        size="sm"
        variant={order.status === 'SUBMITTED' ? 'filled' : 'light'}
        color={order.status === 'SUBMITTED' ? 'teal.9' : 'blue'}
      >
        {t(`quoteAccept.orderStatuses.${order.status}`)}
      </Badge>
      {order.isArchived && (
        <Badge size="sm" variant="outline" color="gray">
          {t('quoteAccept.orderArchived')}
        </Badge>
      )}
    </Group>
  );
}

/** A core status's pill colour: dark shades, so white text keeps its contrast (axe). */
const CORE_STATUS_COLOR: Record<SupplierCoreStatus, string> = {
  UNSTARTED: 'gray.7',
  IN_PROGRESS: 'blue.8',
  ON_HOLD: 'orange.9',
  COMPLETED: 'teal.9',
  CANCELLED: 'red.9',
};

/** An order's supplier status pills (an offline order's typed status beside its pill). */
function SupplierStatus({ orders }: { orders: DealSupplierOrder[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap" data-testid="supplier-status">
      {orders.map((so) => (
        <Group key={so.id} gap={4} wrap="nowrap">
          <Badge size="sm" variant="filled" color={CORE_STATUS_COLOR[so.coreStatus]}>
            {t(`quoteAccept.supplierCoreStatuses.${so.coreStatus}`)}
          </Badge>
          {so.isOffline && so.status.trim() !== '' && <Text size="xs">{so.status}</Text>}
        </Group>
      ))}
    </Group>
  );
}

/** An order's supplier ETAs, or a dash while none is given. */
function SupplierEta({ orders }: { orders: DealSupplierOrder[] }) {
  const { t } = useTranslation();
  const etas = orders.map((so) => so.eta).filter((eta): eta is string => eta !== null);
  return (
    <Text size="sm" data-testid="supplier-eta">
      {etas.length > 0 ? etas.map((eta) => formatDate(localDay(eta))).join(', ') : t('quoteAccept.noEta')}
    </Text>
  );
}

/**
 * A supplier's way on from Ready to Order: 'Create order' (one click, one order: it waits for
 * the answer, then opens the order), or the link to the order already made.
 */
function SupplierOrderAction({
  quote,
  manufacturerId,
  name,
}: {
  quote: DealQuote;
  manufacturerId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const convert = useConvertQuote(quote);
  const sent = useRef(false);
  const entry = quote.context.readyToOrder.find((r) => r.manufacturerId === manufacturerId);
  if (entry?.orderId) {
    const order = quote.context.purchaseOrders.find((o) => o.id === entry.orderId);
    return (
      <AnchorLink size="sm" fw={600} to="/orders/$orderId" params={{ orderId: String(entry.orderId) }}>
        {order ? t('quoteAccept.orderLink', { tuid: order.tuid }) : t('quoteAccept.orders')}
      </AnchorLink>
    );
  }
  // An archived deal orders nothing more: the server refuses it (409), so it is not offered.
  if (quote.context.deal.isArchived) return null;
  const create = () => {
    if (sent.current) return;
    sent.current = true;
    convert.mutate(manufacturerId, {
      onSuccess: ({ id, tuid }) => {
        notifySuccess(
          t('quoteAccept.orderCreated', { tuid }),
          t('quoteAccept.orderCreatedMessage', { supplier: name }),
        );
        void navigate({ to: '/orders/$orderId', params: { orderId: String(id) } });
      },
      onError: (error) => {
        sent.current = false;
        if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 419)
          notifyError(t('quoteAccept.convertFailed'), translateMessage(error.message));
        else notifyError(t('quoteAccept.convertFailed'), t('errors.serverIssues'));
      },
    });
  };
  return (
    <Button
      size="xs"
      loading={convert.isPending}
      disabled={convert.isPending || quote.isArchived}
      onClick={create}
      aria-label={t('quoteAccept.createOrderFor', { supplier: name })}
    >
      {t('quoteAccept.createOrder')}
    </Button>
  );
}

type Acceptance = NonNullable<DealQuote['context']['acceptance']>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Who accepted, when, from where, with which signature, and what was frozen: the record a dealer
 * shows in a dispute.
 */
function AcceptanceRecord({ acceptance }: { acceptance: Acceptance }) {
  const { t } = useTranslation();
  const headingId = useId();
  const who =
    acceptance.acceptedBy.type === 'CUSTOMER'
      ? t('quoteAccept.acceptedByCustomer', { name: acceptance.acceptedBy.name })
      : acceptance.acceptedBy.name;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      data-testid="acceptance"
    >
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('quoteAccept.acceptanceHeading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Stack gap="xs">
          {acceptance.signerName ? (
            <>
              <Fact label={t('quoteAccept.signedBy')}>
                <span data-testid="acceptance-signer">{acceptance.signerName}</span>
              </Fact>
              <Fact label={t('quoteAccept.recordedBy')}>{who}</Fact>
            </>
          ) : (
            <Fact label={t('quoteAccept.acceptedBy')}>{who}</Fact>
          )}
          <Fact label={t('quoteAccept.acceptedAt')}>{formatDateTime(new Date(acceptance.acceptedAt))}</Fact>
          <Group gap="lg">
            <Fact label={t('quoteAccept.acceptedTotal')}>
              {formatPrice(acceptance.pricing.sellGrandTotalIncTax)}
            </Fact>
            <Fact label={t('quoteAccept.acceptedDeposit')}>
              {formatPrice(acceptance.pricing.depositAmount)}
            </Fact>
          </Group>
          <Fact label={t('quoteAccept.ipAddress')}>{acceptance.ipAddress}</Fact>
          {acceptance.userAgent && (
            <Fact label={t('quoteAccept.userAgent')}>
              <Text span size="xs">
                {acceptance.userAgent}
              </Text>
            </Fact>
          )}
          {acceptance.documentSha256 && (
            <Fact label={t('quoteAccept.documentHash')}>
              <Text span size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {acceptance.documentSha256}
              </Text>
            </Fact>
          )}
        </Stack>
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            {t('quoteAccept.signature')}
          </Text>
          {acceptance.signatureUrl && !acceptance.acceptedWithoutSignature ? (
            <Image
              src={acceptance.signatureUrl}
              alt={t('quoteAccept.signatureImage', {
                name: acceptance.signerName ?? acceptance.acceptedBy.name,
              })}
              w="100%"
              maw={SIGNATURE_WIDTH / 2}
              style={{
                aspectRatio: `${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT}`,
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 'var(--mantine-radius-sm)',
                background: '#fff',
              }}
              data-testid="acceptance-signature"
            />
          ) : (
            <Text size="sm" fs="italic">
              {t('quoteAccept.noSignature')}
            </Text>
          )}
        </Box>
      </SimpleGrid>
    </Paper>
  );
}

/** The accepted lines by supplier, each group a purchase order to be: Create order, or the order made. */
function ReadyToOrder({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const headingId = useId();
  const suppliers = useQuery(linkedSuppliersQueryOptions);
  const groups = readyToOrder(quote.context.orderLines, suppliers.data);
  if (groups.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" data-testid="ready-to-order">
      <Group gap="xs">
        <IconTruckDelivery size={18} aria-hidden />
        <Title order={3} size="h5" id={headingId}>
          {t('quoteAccept.readyToOrder')}
        </Title>
      </Group>
      <Text size="xs" c="dimmed">
        {t('quoteAccept.readyToOrderHint')}
      </Text>
      {groups.map((group) => {
        const name =
          group.name ??
          quote.context.readyToOrder.find((r) => r.manufacturerId === group.manufacturerId)
            ?.manufacturerName ??
          t('quoteAccept.supplierFallback', { id: group.manufacturerId });
        const cost = formatPrice(group.cost);
        return (
          <Paper key={group.manufacturerId} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
              <Text fw={600} size="sm">
                {name}
              </Text>
              <Group gap={6}>
                <Badge variant="light" color="gray" size="sm">
                  {t('quoteAccept.supplierLines', { count: group.lines.length })}
                </Badge>
                <Text size="sm" c="dimmed">
                  {t('quoteAccept.supplierQuantity', { count: group.quantity })}
                </Text>
                {cost && (
                  <Text size="sm" c="dimmed">
                    {t('quoteAccept.supplierCost', { amount: cost })}
                  </Text>
                )}
                <SupplierOrderAction quote={quote} manufacturerId={group.manufacturerId} name={name} />
              </Group>
            </Group>
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={name}>
              {group.lines.map((line) => (
                <li key={line.id}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" style={{ wordBreak: 'break-word', flex: '1 1 12rem' }}>
                      {line.context.product.name}
                      {line.windowGroupName && (
                        <Text span size="xs" c="dimmed">
                          {' · '}
                          {line.windowGroupName}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[lineSize(line), `${t('quotes.qty')} ${line.quantity}`].filter(Boolean).join(' · ')}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
