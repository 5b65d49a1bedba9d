import { Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import type { SupplierOrderHistoryEntry } from '@slat/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/ui/list-pager';
import { StatusAlert } from '../../../components/ui/status-alert';
import { formatDateTime } from '../../../lib/format';
import { historyPages } from './supplier-order-logic';

type HistoryPage = { data: SupplierOrderHistoryEntry[]; total: number };

/**
 * A supplier order's history (§3 history entry), newest first: when, who, and each field's label
 * with its old and new value; 40 a page with the list pager above and below.
 */
export function HistoryList({
  query,
  page,
  onPage,
}: {
  query: UseQueryResult<HistoryPage, unknown>;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data)
    return (
      <StatusAlert kind="error" title={t('supplierOrders.historyFailed')}>
        <Button size="xs" variant="default" mt="xs" onClick={() => void query.refetch()}>
          {t('supplierOrders.retry')}
        </Button>
      </StatusAlert>
    );
  if (!query.data)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" role="progressbar" aria-label={t('app.loading')} />
      </Group>
    );
  const { data, total } = query.data;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        {t('supplierOrders.historyEmpty')}
      </Text>
    );
  const pages = historyPages(total);
  return (
    <Stack gap="sm" data-testid="supplier-order-history" aria-busy={query.isFetching}>
      <ListPager
        total={total}
        page={page}
        pages={pages}
        onPage={onPage}
        endLabel=""
        countTestId="history-count"
      />
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.map((entry) => (
          <Paper component="li" key={entry.id} withBorder radius="sm" p="xs" data-testid="history-entry">
            <Text size="sm" fw={600}>
              {t('supplierOrders.historyEntry', {
                who: entry.employee.fullName,
                when: formatDateTime(new Date(entry.createdAt)),
              })}
            </Text>
            <List size="sm" spacing={2}>
              {entry.changes.map((change) => (
                <List.Item key={change.field}>
                  <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="history-change">
                    {t('supplierOrders.change', {
                      label: change.label,
                      old: change.old || t('supplierOrders.emptyValue'),
                      new: change.new || t('supplierOrders.emptyValue'),
                    })}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && (
        <ListPager
          total={total}
          page={page}
          pages={pages}
          onPage={onPage}
          end
          endLabel={t('supplierOrders.historyEnd')}
        />
      )}
    </Stack>
  );
}
