import { Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { DealQuote, getQuotePendingUpdates } from '@slat/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { IconRefresh } from '../../../../components/icons';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { firstClickOnly } from '../../../../lib/clicks';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import {
  formatPrice,
  PendingUpdatesBanner,
  RecalculateMenuItem,
  useUpdateNowAction,
} from '../../../order-lines';
import '../../accept-strings';
import { acceptKeys, pendingUpdatesQueryOptions } from '../../api/accept';
import { quoteOrderView } from '../../quote-order-view';

type Details = z.output<(typeof getQuotePendingUpdates)['response']>;

/** Update now also makes the quote's update details stale. */
const refreshQuoteUpdateDetails = (quoteId: number) => (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: acceptKeys.pendingUpdates(quoteId) });

/** The shared 'Supplier prices changed' banner, with the quote's order update details. */
export function QuotePendingUpdates({ quote }: { quote: DealQuote }) {
  const [details, setDetails] = useState(false);
  return (
    <>
      <PendingUpdatesBanner
        view={quoteOrderView(quote)}
        onDetails={() => setDetails(true)}
        also={refreshQuoteUpdateDetails(quote.id)}
      />
      {details && <OrderUpdateDetailsModal quote={quote} onClose={() => setDetails(false)} />}
    </>
  );
}

/** The quote menu's Recalculate prices. */
export function QuoteRecalculateMenuItem({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  return (
    <RecalculateMenuItem
      view={quoteOrderView(quote)}
      label={t('quotes.recalculate')}
      also={refreshQuoteUpdateDetails(quote.id)}
    />
  );
}

/** §2's order update details modal. */
export function OrderUpdateDetailsModal({ quote, onClose }: { quote: DealQuote; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const details = useQuery(pendingUpdatesQueryOptions(quote.id));
  const update = useUpdateNowAction(quoteOrderView(quote), refreshQuoteUpdateDetails(quote.id));
  return (
    <Modal
      opened
      onClose={onClose}
      size="56rem"
      fullScreen={phone}
      title={t('quoteAccept.updateDetailsTitle')}
      closeButtonProps={{ 'aria-label': t('quoteAccept.close') }}
    >
      {details.isPending && (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label={t('quoteAccept.updateDetailsTitle')} />
        </Group>
      )}
      {details.isError && (
        <StatusAlert kind="error" title={t('quoteAccept.detailsFailed')}>
          <Button size="xs" variant="default" mt="xs" onClick={() => void details.refetch()}>
            {t('quoteAccept.retry')}
          </Button>
        </StatusAlert>
      )}
      {details.data && (
        <Stack gap="md">
          <Text size="sm">{t('quoteAccept.updateDetailsIntro')}</Text>
          {details.data.lines.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('quoteAccept.noLineChanges')}
            </Text>
          ) : phone ? (
            <LineCards lines={details.data.lines} />
          ) : (
            <LineTable lines={details.data.lines} />
          )}
          <SimpleGrid cols={2} spacing="xs" data-testid="update-totals">
            <Paper withBorder p="xs" radius="md">
              <Text size="xs" c="dimmed">
                {t('quoteAccept.grandTotalNow')}
              </Text>
              <Text fw={700} data-testid="update-total-now">
                {formatPrice(details.data.sellGrandTotalIncTaxNow)}
              </Text>
            </Paper>
            <Paper withBorder p="xs" radius="md">
              <Text size="xs" c="dimmed">
                {t('quoteAccept.grandTotalAfter')}
              </Text>
              <Text fw={700} data-testid="update-total-after">
                {formatPrice(details.data.sellGrandTotalIncTaxAfter)}
              </Text>
            </Paper>
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('quoteAccept.close')}
            </Button>
            {!quote.isReadOnly && details.data.pendingUpdates.hasPendingUpdates && (
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={update.pending}
                onClick={firstClickOnly(() => void update.run().then(onClose, () => undefined))}
              >
                {t('quoteAccept.updateNow')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

type Line = Details['lines'][number];

function Money({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return <>{formatPrice(value) ?? t('quoteAccept.noPrice')}</>;
}

function LineTable({ lines }: { lines: Line[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder data-testid="update-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('quoteAccept.product')}</Table.Th>
            <Table.Th ta="right">{t('quoteAccept.costNow')}</Table.Th>
            <Table.Th ta="right">{t('quoteAccept.costAfter')}</Table.Th>
            <Table.Th ta="right">{t('quoteAccept.sellNow')}</Table.Th>
            <Table.Th ta="right">{t('quoteAccept.sellAfter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.lineId} data-line-id={line.lineId}>
              <Table.Td>
                <Text size="sm">{line.productName}</Text>
                {line.windowGroupName && (
                  <Text size="xs" c="dimmed">
                    {line.windowGroupName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.costNow} />
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                <Money value={line.costAfter} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.sellNow} />
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                <Money value={line.sellAfter} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone, one card per line (a five-column table does not fit 375 px). */
function LineCards({ lines }: { lines: Line[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="update-lines">
      {lines.map((line) => (
        <Paper component="li" key={line.lineId} withBorder radius="md" p="xs" data-line-id={line.lineId}>
          <Text size="sm" fw={600}>
            {line.productName}
          </Text>
          {line.windowGroupName && (
            <Text size="xs" c="dimmed">
              {line.windowGroupName}
            </Text>
          )}
          <SimpleGrid cols={2} spacing={4} mt={4}>
            <Text size="xs">
              {t('quoteAccept.costNow')}: <Money value={line.costNow} />
            </Text>
            <Text size="xs" fw={600}>
              {t('quoteAccept.costAfter')}: <Money value={line.costAfter} />
            </Text>
            <Text size="xs">
              {t('quoteAccept.sellNow')}: <Money value={line.sellNow} />
            </Text>
            <Text size="xs" fw={600}>
              {t('quoteAccept.sellAfter')}: <Money value={line.sellAfter} />
            </Text>
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
