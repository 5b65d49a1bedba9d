import '../strings';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { supplierCoreStatusSchema } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink, PaperLink } from '../../../components/ui/router-links';
import { StatusAlert } from '../../../components/ui/status-alert';
import { formatDate, localDay } from '../../../lib/format';
import { useSupplierOrderStream } from '../../supplier-orders';
import { ordersDashboardQueryOptions } from '../api/orders-dashboard';
import { chartBars, chartTotals, type DayCount, fillDays } from './orders-chart-logic';

const CORE_STATUSES = supplierCoreStatusSchema.options;

/**
 * §2 Dashboard Orders section: the past 30 days of non-archived orders, an Open card (→ the open
 * orders) and a card per supplier core status (→ the submitted orders), with orders per day.
 */
export function OrdersSection() {
  const { t } = useTranslation();
  const query = useQuery(ordersDashboardQueryOptions);
  // a supplier's answer on any order moves the supplier-status cards without a reload
  useSupplierOrderStream();
  return (
    <Stack component="section" aria-labelledby="dashboard-orders" gap="xs">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h4" id="dashboard-orders">
          <AnchorLink to="/orders" inherit>
            {t('dashboard.orders.title')}
          </AnchorLink>
        </Title>
        <Text size="sm" c="dimmed">
          {t('dashboard.orders.period')}
        </Text>
      </Group>
      {query.isError && !query.data ? (
        <StatusAlert kind="error" title={t('dashboard.orders.loadFailed')} />
      ) : !query.data ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 6 }} spacing="xs">
            <CountCard
              count={query.data.open}
              label={t('dashboard.orders.open')}
              status="OPEN"
              testId="orders-open"
            />
            {CORE_STATUSES.map((core) => (
              <CountCard
                key={core}
                count={query.data.submitted[core]}
                label={t(`dashboard.orders.coreStatuses.${core}`)}
                status="SUBMITTED"
                testId={`orders-${core}`}
              />
            ))}
          </SimpleGrid>
          <OrdersChart perDay={query.data.perDay} />
        </>
      )}
    </Stack>
  );
}

function CountCard({
  count,
  label,
  status,
  testId,
}: {
  count: number;
  label: string;
  status: 'OPEN' | 'SUBMITTED';
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <PaperLink
      withBorder
      p="sm"
      radius="md"
      to="/orders"
      search={{ status }}
      // the name starts with the visible text, "3 Open" (WCAG 2.5.3)
      aria-label={t('dashboard.orders.cardLink', { count, status: label })}
      data-testid={testId}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Text size="xl" fw={700} data-testid="order-count">
        {count}
      </Text>{' '}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </PaperLink>
  );
}

const CHART_WIDTH = 620;
const CHART_HEIGHT = 80;

/** A small stacked bar chart of orders created per day (submitted below, open above), drawn inline. */
function OrdersChart({ perDay }: { perDay: DayCount[] }) {
  const { t } = useTranslation();
  const days = fillDays(perDay);
  const bars = chartBars(days, CHART_WIDTH, CHART_HEIGHT);
  const totals = chartTotals(days);
  const first = days[0];
  const last = days[days.length - 1];
  const summary = t('dashboard.orders.chartSummary', {
    ...totals,
    from: first ? formatDate(localDay(first.date)) : '',
    to: last ? formatDate(localDay(last.date)) : '',
  });
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {t('dashboard.orders.chartTitle')}
        </Text>
        <Group gap="sm">
          <Legend color="var(--mantine-color-teal-9)" label={t('dashboard.orders.chartSubmitted')} />
          <Legend color="var(--mantine-color-blue-6)" label={t('dashboard.orders.chartOpen')} />
        </Group>
      </Group>
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={CHART_HEIGHT}
        role="img"
        aria-label={summary}
        data-testid="orders-chart"
        style={{ display: 'block' }}
      >
        <line
          x1={0}
          x2={CHART_WIDTH}
          y1={CHART_HEIGHT - 0.5}
          y2={CHART_HEIGHT - 0.5}
          stroke="var(--mantine-color-gray-4)"
        />
        {bars.map((bar, index) => {
          const day = days[index];
          const submittedTop = CHART_HEIGHT - bar.submittedHeight;
          const openTop = Math.max(0, submittedTop - bar.openHeight);
          return (
            <g key={bar.date}>
              <title>
                {t('dashboard.orders.dayBar', {
                  date: formatDate(localDay(bar.date)),
                  open: day?.open ?? 0,
                  submitted: day?.submitted ?? 0,
                })}
              </title>
              {bar.submittedHeight > 0 && (
                <rect
                  x={bar.x}
                  y={submittedTop}
                  width={bar.width}
                  height={bar.submittedHeight}
                  fill="var(--mantine-color-teal-9)"
                />
              )}
              {bar.openHeight > 0 && (
                <rect
                  x={bar.x}
                  y={openTop}
                  width={bar.width}
                  height={submittedTop - openTop}
                  fill="var(--mantine-color-blue-6)"
                />
              )}
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" mt={2}>
        <Text size="xs" c="dimmed" aria-hidden>
          {first ? formatDate(localDay(first.date)) : ''}
        </Text>
        <Text size="xs" c="dimmed" aria-hidden>
          {last ? formatDate(localDay(last.date)) : ''}
        </Text>
      </Group>
    </Paper>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: 2, background: color, display: 'inline-block' }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
