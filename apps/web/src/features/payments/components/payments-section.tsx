import { Button, Group, Paper, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import type { DealDetail, DealPayment, DealPaymentTotals } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconPlus } from '../../../components/icons';
import { QueryView } from '../../../components/ui/query-view';
import { formatCurrency, formatInputDate } from '../../../lib/currency';
import '../strings';
import { dealPaymentsQueryOptions } from '../api';
import { CreatedText, PaymentStatusBadges } from './payment-bits';
import { showsTransactionDetails } from './payment-logic';
import { PaymentDetailModal, PaymentFormModal } from './payment-modals';

/** A dark orange that keeps 4.5:1 on white (the reconciliation warning's text). */
const WARNING_TEXT = '#a63a0b';

/**
 * The deal's Payments section: the payments (Show archived adds the archived ones), what was
 * received and requested against the accepted quote's balance, and Add payment (not on an archived deal).
 */
export function PaymentsSection({ deal, readOnly }: { deal: DealDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [showArchived, setShowArchived] = useState(false);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery(dealPaymentsQueryOptions(deal.id, showArchived));
  const open = query.data?.payments.find((p) => p.id === openId) ?? null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" data-testid="payments-section">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('payments.section')}
        </Title>
        <Group gap="xs">
          <Switch
            size="xs"
            label={t('payments.showArchived')}
            checked={showArchived}
            onChange={(e) => setShowArchived(e.currentTarget.checked)}
          />
          {!readOnly && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={!query.data}
              onClick={() => setAdding(true)}
            >
              {t('payments.add')}
            </Button>
          )}
        </Group>
      </Group>
      <QueryView query={query} failedTitle={t('payments.listFailed')} skeletonRows={2}>
        {(data) => (
          <Stack gap="xs">
            <Totals totals={data.totals} />
            {data.payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {showArchived ? t('payments.noneArchived') : t('payments.none')}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap={6}
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-labelledby={headingId}
              >
                {data.payments.map((payment) => (
                  <li key={payment.id}>
                    <PaymentRow payment={payment} onOpen={() => setOpenId(payment.id)} />
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </QueryView>
      {query.data && (
        <PaymentFormModal
          opened={adding}
          onClose={() => setAdding(false)}
          deal={deal}
          totals={query.data.totals}
          payment={null}
        />
      )}
      {query.data && open && (
        <PaymentDetailModal
          onClose={() => setOpenId(null)}
          deal={deal}
          totals={query.data.totals}
          payment={open}
          readOnly={readOnly}
        />
      )}
    </Stack>
  );
}

/** Received, requested and the accepted quote's balance, in one line that wraps on a phone. */
function Totals({ totals }: { totals: DealPaymentTotals }) {
  const { t } = useTranslation();
  const quote = totals.acceptedQuote;
  return (
    <Group gap="md" wrap="wrap" data-testid="payment-totals" role="group" aria-label={t('payments.section')}>
      <Text size="sm">
        {t('payments.received')}:{' '}
        <b data-testid="payments-received">{formatCurrency(totals.received, totals.currency)}</b>
      </Text>
      <Text size="sm">
        {t('payments.requested')}:{' '}
        <b data-testid="payments-requested">{formatCurrency(totals.requested, totals.currency)}</b>
      </Text>
      {quote && totals.balance !== null ? (
        <Text size="sm">
          {t('payments.balance')}:{' '}
          <b data-testid="payments-balance">{formatCurrency(totals.balance, totals.currency)}</b>{' '}
          <Text span size="sm" c="dimmed">
            {t('payments.balanceOf', {
              tuid: quote.tuid,
              total: formatCurrency(quote.total, totals.currency),
            })}
          </Text>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('payments.noAcceptedQuote')}
        </Text>
      )}
    </Group>
  );
}

function PaymentRow({ payment, onOpen }: { payment: DealPayment; onOpen: () => void }) {
  const { t } = useTranslation();
  const amount = formatCurrency(payment.amount, payment.currency);
  const details = showsTransactionDetails(payment);
  return (
    <Paper withBorder radius="md" bg={payment.isArchived ? 'gray.0' : undefined} data-payment-id={payment.id}>
      <UnstyledButton onClick={onOpen} w="100%" px="sm" py={8}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="center">
          <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
            <Text fw={700} size="sm">
              {amount}
            </Text>
            <Text
              size="sm"
              c={payment.description ? undefined : 'dimmed'}
              lineClamp={2}
              style={{ wordBreak: 'break-word' }}
            >
              {payment.description || t('payments.noDescription')}
            </Text>
            {details && (payment.transactedAt || payment.reference) && (
              <Text size="xs">
                {[
                  payment.transactedAt &&
                    `${t('payments.transactedAt')}: ${formatInputDate(payment.transactedAt)}`,
                  payment.reference && `${t('payments.reference')}: ${payment.reference}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
            <CreatedText payment={payment} />
          </Stack>
          <Group gap={6} wrap="wrap" justify="flex-end">
            <PaymentStatusBadges payment={payment} />
            {payment.mismatches.length > 0 && (
              <Group gap={4} wrap="nowrap" c={WARNING_TEXT} title={t('payments.mismatch')}>
                <IconAlertTriangle size={18} aria-hidden />
                <Text size="xs" fw={600} c={WARNING_TEXT}>
                  {t('payments.mismatch')}
                </Text>
              </Group>
            )}
          </Group>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}
