import { Button, Group, Loader, Menu, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { DealQuote, getQuotePendingUpdates } from '@slat/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { firstClickOnly } from '../../../../lib/clicks';
import { confirmDestructive } from '../../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import '../../accept-strings';
import { pendingUpdatesQueryOptions, useUpdateNow } from '../../api/accept';
import { formatPrice } from '../line-groups';

/**
 * Supplier price changes: the 'Supplier prices changed' banner on a draft
 * whose supplier published a catalog that changes its products, its 'order update details'
 * modal (each affected line's cost and sell now and after, the total now and after) and
 * 'Update now' (every line repriced with the latest catalog, then the quote reloaded).
 *
 * Update now cannot be undone (the old catalog's prices are not brought back), so from the
 * banner it asks first (decision 012); in the details modal, which shows what changes, it acts.
 */

type UpdateKind = 'pricing' | 'fabric' | 'rule';
type Details = z.output<(typeof getQuotePendingUpdates)['response']>;

/** 'Roller Blind (prices), Roman Blind (fabrics, options and rules)'. */
export function changedProductsText(
  products: DealQuote['context']['pendingUpdates']['products'],
  kindName: (kind: UpdateKind) => string,
): string {
  return products
    .map((p) => {
      const kinds = (['pricing', 'fabric', 'rule'] as const).filter((k) => p[k]).map(kindName);
      return kinds.length ? `${p.productName} (${kinds.join(', ')})` : p.productName;
    })
    .join('; ');
}

function useUpdateNowAction(quote: DealQuote) {
  const { t } = useTranslation();
  const update = useUpdateNow(quote);
  const run = () =>
    update.mutateAsync().then(
      ({ data }) =>
        notifySuccess(
          t('quoteAccept.updatedToast'),
          t('quoteAccept.updatedToastMessage', { count: data.recalculated }),
        ),
      (error: unknown) => {
        notifyError(t('quoteAccept.updateFailed'), t('errors.serverIssues'));
        throw error;
      },
    );
  return { run, pending: update.isPending };
}

/**
 * The quote menu's Recalculate prices: Update now reachable without a banner (every line repriced
 * with its supplier's latest catalog and today's markup rules), after the same question.
 */
export function RecalculateMenuItem({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const update = useUpdateNowAction(quote);
  const ask = () =>
    void confirmDestructive({
      title: t('quoteAccept.updateConfirmTitle'),
      message: t('quoteAccept.updateConfirmMessage'),
      confirmLabel: t('quoteAccept.updateNow'),
      action: update.run,
    });
  return (
    <Menu.Item
      leftSection={<IconRefresh size={14} aria-hidden />}
      disabled={update.pending}
      onClick={firstClickOnly(ask)}
    >
      {t('quotes.recalculate')}
    </Menu.Item>
  );
}

export function PendingUpdatesBanner({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const [details, setDetails] = useState(false);
  const update = useUpdateNowAction(quote);
  const pending = quote.context.pendingUpdates;
  if (quote.isReadOnly || !pending?.hasPendingUpdates) return null;
  const askUpdate = () =>
    void confirmDestructive({
      title: t('quoteAccept.updateConfirmTitle'),
      message: t('quoteAccept.updateConfirmMessage'),
      confirmLabel: t('quoteAccept.updateNow'),
      action: update.run,
    });
  return (
    <StatusAlert kind="warning" p="sm" title={t('quoteAccept.updatesTitle')} data-testid="pending-updates">
      <Stack gap={6}>
        <Text size="sm">{t('quoteAccept.updatesMessage')}</Text>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('quoteAccept.updatesProducts', {
            list: changedProductsText(pending.products, (k) => t(`quoteAccept.updateKinds.${k}`)),
          })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setDetails(true)}>
            {t('quoteAccept.details')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={update.pending}
            onClick={firstClickOnly(askUpdate)}
          >
            {t('quoteAccept.updateNow')}
          </Button>
        </Group>
      </Stack>
      {details && <OrderUpdateDetailsModal quote={quote} onClose={() => setDetails(false)} />}
    </StatusAlert>
  );
}

/** §2's order update details modal. */
export function OrderUpdateDetailsModal({ quote, onClose }: { quote: DealQuote; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const details = useQuery(pendingUpdatesQueryOptions(quote.id));
  const update = useUpdateNowAction(quote);
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
          <Loader aria-label={t('quoteAccept.updateDetailsTitle')} />
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
