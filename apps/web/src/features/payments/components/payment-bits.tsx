import { Badge, Text } from '@mantine/core';
import type { DealPayment } from '@slat/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

const statusColor = { REQUESTED: 'blue.8', PAID: 'teal.9', CANCELLED: 'gray.7' } as const;

export function PaymentStatusBadges({ payment }: { payment: DealPayment }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="outline" color="gray.8" size="sm">
        {t(`payments.type.${payment.type}`)}
      </Badge>
      <Badge
        variant={payment.status === 'PAID' ? 'filled' : 'light'}
        color={statusColor[payment.status]}
        size="sm"
      >
        {t(`payments.status.${payment.status}`)}
      </Badge>
      {payment.isArchived && (
        <Badge variant="outline" color="gray" size="sm">
          {t('payments.archived')}
        </Badge>
      )}
    </>
  );
}

/** 'Added by Sam on 14/03/2026'. */
export function CreatedText({ payment }: { payment: DealPayment }) {
  const { t } = useTranslation();
  const date = formatDate(new Date(payment.createdAt));
  return (
    <Text size="xs" c="dimmed">
      {payment.createdBy
        ? t('payments.createdBy', { name: payment.createdBy.name, date })
        : t('payments.createdOn', { date })}
    </Text>
  );
}
