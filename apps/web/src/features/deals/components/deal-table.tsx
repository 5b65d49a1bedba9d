import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { Workflow } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/ui/router-links';
import { formatDateTime } from '../../../lib/format';
import { TABLE_PAGE_SIZE, tableQueryOptions } from '../api/deals';
import { DealAlerts, FlagPicker, StatusPicker } from './deal-bits';

/** §2 table view: a status picker and a picker per flag on every row. */
export function DealTable({ workflow, filters }: { workflow: Workflow; filters: Record<string, string> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useQuery(tableQueryOptions(workflow.id, filters, page));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));
  if (query.isError) return <Text c="red.8">{t('deals.loadFailed')}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table
          aria-label={workflow.name}
          verticalSpacing="xs"
          striped
          highlightOnHover
          aria-busy={query.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('deals.deal')}</Table.Th>
              <Table.Th>{t('deals.contact')}</Table.Th>
              <Table.Th>{t('deals.status')}</Table.Th>
              {workflow.flags.map((f) => (
                <Table.Th key={f.id}>{f.name}</Table.Th>
              ))}
              <Table.Th>{t('deals.alerts')}</Table.Th>
              <Table.Th>{t('deals.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(query.data?.data ?? []).map((deal) => (
              <Table.Tr key={deal.id} data-deal-id={deal.id}>
                <Table.Td maw={260}>
                  <AnchorLink
                    to="/workflows/$workflowSlug/$dealId"
                    params={{ workflowSlug: workflow.slug, dealId: String(deal.id) }}
                    search
                    size="sm"
                    fw={600}
                  >
                    #{deal.tuid} {deal.name}
                  </AnchorLink>
                  {deal.isArchived && (
                    <Text size="xs" c="dimmed">
                      {t('deals.archived')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{deal.contact?.name ?? ''}</Text>
                </Table.Td>
                <Table.Td miw={150}>
                  <StatusPicker
                    deal={deal}
                    workflow={workflow}
                    hideLabel
                    label={`${t('deals.status')} #${deal.tuid}`}
                  />
                </Table.Td>
                {workflow.flags.map((flag) => (
                  <Table.Td key={flag.id} miw={140}>
                    <FlagPicker deal={deal} flag={flag} hideLabel label={`${flag.name} #${deal.tuid}`} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <DealAlerts deal={deal} compact />
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDateTime(new Date(deal.updatedAt))}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.data && query.data.data.length === 0 && <Text c="dimmed">{t('deals.noDeals')}</Text>}
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
