import {
  Badge,
  Box,
  Button,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Deal, Workflow } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconArrowRight,
  IconArrowsSort,
  IconSortAscending,
  IconSortDescending,
} from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { formatDateTime } from '../../../lib/format';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { TABLE_PAGE_SIZE, tableQueryOptions } from '../api/deals';
import { nextSort, sortColumns, sortDirection, sortLabel } from './board-filters';
import { DealAlerts, FlagPicker, StatusPicker } from './deal-bits';

type TableProps = {
  workflow: Workflow;
  /** The list call's filters (flag.<slug> form). */
  filters: Record<string, string>;
  /** 'name', '-updated', 'flag:payment'…; null: board order. */
  sort: string | null;
  onSort: (sort: string | null) => void;
};

/**
 * §2 table view: a status picker and a picker per flag on every row, sortable by its headers.
 * On a phone every deal is a card (one cell) with the same pickers, labelled, so no column is
 * ever off-screen; wider, the table scrolls sideways only when it must, and says so.
 */
export function DealTable({ workflow, filters, sort, onSort }: TableProps) {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();
  const phone = breakpoint === 'verySmall' || breakpoint === 'small';
  const [page, setPage] = useState(0);
  const query = useQuery(tableQueryOptions(workflow.id, sort ? { ...filters, sort } : filters, page));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));
  const deals = query.data?.data ?? [];
  const sortAndRestart = (next: string | null) => {
    setPage(0);
    onSort(next);
  };
  if (query.isError) return <Text c="red.8">{t('deals.loadFailed')}</Text>;
  const table = (
    <Table
      aria-label={workflow.name}
      verticalSpacing={6}
      horizontalSpacing={6}
      striped
      highlightOnHover
      aria-busy={query.isFetching}
    >
      {phone ? (
        <PhoneRows workflow={workflow} deals={deals} />
      ) : (
        <WideRows workflow={workflow} deals={deals} sort={sort} onSort={sortAndRestart} />
      )}
    </Table>
  );
  return (
    <Stack gap="sm">
      {phone && <PhoneSort workflow={workflow} sort={sort} onSort={sortAndRestart} />}
      {phone ? table : <SideScroll label={workflow.name}>{table}</SideScroll>}
      {query.data && deals.length === 0 && <Text c="dimmed">{t('deals.noDeals')}</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('deals.dealCount', { count: total })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${t('deals.page')} ${control}` })}
          />
        )}
      </Group>
    </Stack>
  );
}

function WideRows({
  workflow,
  deals,
  sort,
  onSort,
}: {
  workflow: Workflow;
  deals: Deal[];
  sort: string | null;
  onSort: (sort: string | null) => void;
}) {
  const { t } = useTranslation();
  const statusNames = workflow.statuses.map((s) => s.name);
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          {sortColumns(workflow, t).map(({ key, label }) => (
            <SortHeader
              key={key}
              label={label}
              direction={sortDirection(sort, key)}
              onClick={() => onSort(nextSort(sort, key))}
            />
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deals.map((deal) => (
          <Table.Tr key={deal.id} data-deal-id={deal.id}>
            <Table.Td miw={180}>
              <Stack gap={2}>
                <DealName deal={deal} workflow={workflow} />
                <DealAlerts deal={deal} compact />
              </Stack>
            </Table.Td>
            <Table.Td maw={140}>
              <Text size="sm" lineClamp={2}>
                {deal.contact?.name ?? ''}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusPicker
                deal={deal}
                workflow={workflow}
                hideLabel
                label={`${t('deals.status')} #${deal.tuid}`}
                fitTo={statusNames}
              />
            </Table.Td>
            {workflow.flags.map((flag) => (
              <Table.Td key={flag.id}>
                <FlagPicker
                  deal={deal}
                  flag={flag}
                  hideLabel
                  label={`${flag.name} #${deal.tuid}`}
                  fitTo={flag.values.map((v) => v.label)}
                />
              </Table.Td>
            ))}
            <Table.Td maw={80}>
              <Text size="xs">{formatDateTime(new Date(deal.updatedAt))}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

/** A column header that sorts: ascending, descending, then the board's order (aria-sort says which). */
function SortHeader({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onClick: () => void;
}) {
  const Icon =
    direction === 'ascending'
      ? IconSortAscending
      : direction === 'descending'
        ? IconSortDescending
        : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        onClick={onClick}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon
          size={14}
          aria-hidden
          color={direction === 'none' ? 'var(--mantine-color-gray-6)' : 'var(--mantine-color-slat-8)'}
        />
      </UnstyledButton>
    </Table.Th>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** On a phone: one cell per deal, a card with every field of the wide table, pickers labelled. */
function PhoneRows({ workflow, deals }: { workflow: Workflow; deals: Deal[] }) {
  const { t } = useTranslation();
  return (
    <>
      {/* the cards need no header row on screen: a screen reader still hears the column's name */}
      <Table.Thead style={VISUALLY_HIDDEN}>
        <Table.Tr>
          <Table.Th>{t('deals.deal')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deals.map((deal) => (
          <Table.Tr key={deal.id} data-deal-id={deal.id}>
            <Table.Td>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <DealName deal={deal} workflow={workflow} />
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(new Date(deal.updatedAt))}
                  </Text>
                </Group>
                {deal.contact && (
                  <Text size="sm" lineClamp={1}>
                    {deal.contact.name}
                  </Text>
                )}
                <DealAlerts deal={deal} compact />
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                  <StatusPicker
                    deal={deal}
                    workflow={workflow}
                    ariaLabel={`${t('deals.status')} #${deal.tuid}`}
                  />
                  {workflow.flags.map((flag) => (
                    <FlagPicker
                      key={flag.id}
                      deal={deal}
                      flag={flag}
                      ariaLabel={`${flag.name} #${deal.tuid}`}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

function DealName({ deal, workflow }: { deal: Deal; workflow: Workflow }) {
  const { t } = useTranslation();
  return (
    <Box style={{ minWidth: 0 }}>
      <AnchorLink
        to="/workflows/$workflowSlug/$dealId"
        params={{ workflowSlug: workflow.slug, dealId: String(deal.id) }}
        search
        size="sm"
        fw={600}
        lineClamp={2}
      >
        #{deal.tuid} {deal.name}
      </AnchorLink>
      {deal.isArchived && (
        <Badge size="xs" color="gray" variant="light" mt={2}>
          {t('deals.archived')}
        </Badge>
      )}
    </Box>
  );
}

/** The phone's sort (it has no headers): the same columns and directions as the wide table. */
function PhoneSort({
  workflow,
  sort,
  onSort,
}: {
  workflow: Workflow;
  sort: string | null;
  onSort: (sort: string | null) => void;
}) {
  const { t } = useTranslation();
  const options = sortColumns(workflow, t).flatMap(({ key }) =>
    [key, `-${key}`].map((value) => ({ value, label: sortLabel(value, workflow, t) })),
  );
  return (
    <Select
      label={t('deals.sortBy')}
      size="xs"
      data={[{ value: '', label: t('deals.boardOrder') }, ...options]}
      value={sort ?? ''}
      onChange={(value) => onSort(value || null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      maw={280}
    />
  );
}

/**
 * A table wider than its place scrolls sideways, and shows it: a fade and a 'More columns' button
 * on the side that hides columns. It takes the keyboard's focus only when it scrolls.
 */
function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.left === left && old.right === right ? old : { left, right }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  const scrolls = edges.left || edges.right;
  return (
    <Box pos="relative">
      <section
        ref={ref}
        onScroll={measure}
        style={{ overflowX: 'auto' }}
        aria-label={label}
        // a region that scrolls takes the focus, so the keyboard scrolls it too
        tabIndex={scrolls ? 0 : undefined}
        data-scrolls={scrolls || undefined}
      >
        {children}
      </section>
      {edges.right && (
        <>
          <Box
            aria-hidden
            pos="absolute"
            top={0}
            right={0}
            bottom={0}
            w={48}
            style={{
              pointerEvents: 'none',
              background: 'linear-gradient(to right, transparent, var(--mantine-color-body))',
            }}
          />
          <Button
            size="compact-xs"
            variant="default"
            pos="absolute"
            top={6}
            right={4}
            rightSection={<IconArrowRight size={14} aria-hidden />}
            onClick={() => ref.current?.scrollBy({ left: ref.current.clientWidth * 0.8, behavior: 'smooth' })}
          >
            {t('deals.moreColumns')}
          </Button>
        </>
      )}
    </Box>
  );
}
