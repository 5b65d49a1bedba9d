import '../../strings';
import { Badge, Button, type ButtonProps, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { PurchaseOrderListItem } from '@slat/contracts';
import { createLink, useNavigate } from '@tanstack/react-router';
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../../components/ui/router-links';
import { formatDate, formatMoney, localDay } from '../../../../lib/format';
import {
  type OrderColumn,
  type OrdersListParams,
  orderColumns,
  orderEtas,
  orderNumber,
  supplierStatuses,
} from './list-logic';

/** A button that is a router link (New order: middle-click opens the modal in a new tab). */
export const ButtonLink = createLink(
  (props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) => (
    <Button component="a" {...props} />
  ),
);

type ListProps = {
  orders: PurchaseOrderListItem[];
  multiSupplier: boolean;
  params: OrdersListParams;
  onClearFilters: () => void;
  filtered: boolean;
};

/** The order's number, a real link to it (keyboard, middle-click and 'open in new tab' work). */
function OrderLink({ order }: { order: PurchaseOrderListItem }) {
  const { t } = useTranslation();
  const { number, revision } = orderNumber(order);
  return (
    <AnchorLink
      to="/orders/$orderId"
      params={{ orderId: String(order.id) }}
      fw={600}
      aria-label={t('ordersList.openOrder', { number: revision ? `${number} ${revision}` : number })}
      style={{ whiteSpace: 'nowrap' }}
    >
      {number}
      {revision && (
        <>
          {/* the space keeps the visible text '#4 Rev 2', the start of the link's name (WCAG 2.5.3) */}{' '}
          <Text span size="xs" fw={600} c="dimmed" inherit={false}>
            {revision}
          </Text>
        </>
      )}
    </AnchorLink>
  );
}

// a squeezed table column would otherwise cut 'Submitted' to 'Sub…'
const PILL_STYLES = { root: { flexShrink: 0, minWidth: 'max-content' }, label: { overflow: 'visible' } };

/** Open or Submitted, and Archived beside it when it is. */
export function StatusPills({ order }: { order: Pick<PurchaseOrderListItem, 'status' | 'isArchived'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" preventGrowOverflow={false}>
      <Badge
        size="sm"
        variant={order.status === 'SUBMITTED' ? 'filled' : 'light'}
        color={order.status === 'SUBMITTED' ? 'teal.9' : 'blue'}
        data-status={order.status}
        styles={PILL_STYLES}
      >
        {t(`ordersList.statuses.${order.status}`)}
      </Badge>
      {order.isArchived && (
        <Badge size="sm" variant="outline" color="gray" styles={PILL_STYLES}>
          {t('ordersList.archivedPill')}
        </Badge>
      )}
    </Group>
  );
}

function SupplierStatusText({ order }: { order: PurchaseOrderListItem }) {
  const { t } = useTranslation();
  const statuses = supplierStatuses(order);
  if (statuses.length === 0) return null;
  return (
    <>
      {statuses.map((s, index) => (
        // a supplier order has one status; the index keeps two equal texts apart
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this row
        <Text key={index} size="sm">
          {s.kind === 'offline' ? s.text : t(`ordersList.coreStatuses.${s.coreStatus}`)}
        </Text>
      ))}
    </>
  );
}

const etaText = (order: PurchaseOrderListItem) =>
  orderEtas(order)
    .map((eta) => formatDate(localDay(eta)))
    .join(', ');

const createdText = (order: PurchaseOrderListItem) => formatDate(new Date(order.createdAt));

/** A cell's content for a column (the Order column is the link). */
function cell(column: OrderColumn, order: PurchaseOrderListItem): ReactNode {
  switch (column) {
    case 'order':
      return <OrderLink order={order} />;
    case 'status':
      return <StatusPills order={order} />;
    case 'supplierStatus':
      return <SupplierStatusText order={order} />;
    case 'eta':
      return etaText(order);
    case 'supplier':
      return order.manufacturerName;
    case 'sidemark':
      return order.sidemark;
    case 'salesRep':
      return order.salesRep ?? '';
    case 'products':
      return order.orderLineCount;
    case 'total':
      return formatMoney(order.totalCost);
    case 'created':
      return createdText(order);
    default: {
      const never: never = column;
      return never;
    }
  }
}

const NUMERIC: ReadonlySet<OrderColumn> = new Set(['products', 'total']);
const NO_WRAP: ReadonlySet<OrderColumn> = new Set(['status', 'eta', 'total', 'created', 'products']);

/** What the list shows when no order matches: the words, and a way back to every order. */
export function EmptyOrders({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={4} py="lg">
      <Text fw={600}>{t('ordersList.empty')}</Text>
      <Text c="dimmed" size="sm" ta="center">
        {filtered ? t('ordersList.emptyFiltered') : t('ordersList.emptyHint')}
      </Text>
      {filtered && (
        <Button variant="default" size="xs" mt="xs" onClick={onClearFilters}>
          {t('ordersList.clearFilters')}
        </Button>
      )}
    </Stack>
  );
}

/** A click on the row away from its link opens the order too (the link stays the keyboard's way). */
function useRowOpen() {
  const navigate = useNavigate();
  return (order: PurchaseOrderListItem) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((event.target as HTMLElement).closest('a, button, input, select')) return;
    // a click that ends a text selection copies, it does not open
    if (window.getSelection()?.toString()) return;
    void navigate({ to: '/orders/$orderId', params: { orderId: String(order.id) } });
  };
}

/** From 448 px: the table with §2's columns (Supplier only with the multi-supplier permission). */
export function OrderTable({ orders, multiSupplier, onClearFilters, filtered }: ListProps) {
  const { t } = useTranslation();
  const columns = orderColumns(multiSupplier);
  const open = useRowOpen();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table aria-label={t('ordersList.table')} highlightOnHover striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column}
                ta={NUMERIC.has(column) ? 'right' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {t(`ordersList.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <EmptyOrders filtered={filtered} onClearFilters={onClearFilters} />
              </Table.Td>
            </Table.Tr>
          )}
          {orders.map((order) => (
            <Table.Tr
              key={order.id}
              data-order-id={order.id}
              onClick={open(order)}
              style={{ cursor: 'pointer' }}
            >
              {columns.map((column) => (
                <Table.Td
                  key={column}
                  data-column={column}
                  ta={NUMERIC.has(column) ? 'right' : undefined}
                  style={NO_WRAP.has(column) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
                >
                  {cell(column, order)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A label and its value on a card; nothing when there is no value. */
function CardField({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** On a phone: a card per order (number, pills, sidemark, supplier status, total), nothing off-screen. */
export function OrderCards({ orders, multiSupplier, onClearFilters, filtered }: ListProps) {
  const { t } = useTranslation();
  if (orders.length === 0) return <EmptyOrders filtered={filtered} onClearFilters={onClearFilters} />;
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      aria-label={t('ordersList.table')}
      style={{ listStyle: 'none' }}
    >
      {orders.map((order) => (
        <Paper component="li" key={order.id} withBorder radius="sm" px="sm" py="xs" data-order-id={order.id}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <OrderLink order={order} />
            <StatusPills order={order} />
          </Group>
          {order.sidemark && (
            <Text size="sm" fw={500} mt={4} style={{ overflowWrap: 'anywhere' }}>
              {order.sidemark}
            </Text>
          )}
          <Stack gap={2} mt={4}>
            {multiSupplier && (
              <CardField label={t('ordersList.columns.supplier')}>{order.manufacturerName}</CardField>
            )}
            <CardField label={t('ordersList.columns.supplierStatus')}>
              {supplierStatuses(order).length > 0 ? <SupplierStatusText order={order} /> : null}
            </CardField>
            <CardField label={t('ordersList.columns.eta')}>{etaText(order)}</CardField>
            <CardField label={t('ordersList.columns.salesRep')}>{order.salesRep ?? ''}</CardField>
          </Stack>
          <Group justify="space-between" gap="xs" mt={6}>
            <Text size="xs" c="dimmed">
              {createdText(order)} · {t('ordersList.products', { count: order.orderLineCount })}
            </Text>
            <Text size="sm" fw={600} data-column="total">
              {formatMoney(order.totalCost)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
