import { Badge, Text } from '@mantine/core';
import type { DealPayment } from '@slat/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

// colours that keep 4.5:1 for the badge's text (the quotes' status pills use the same)
const statusLook = {
  REQUESTED: { variant: 'light', color: 'blue' },
  PAID: { variant: 'filled', color: 'teal.9' },
  CANCELLED: { variant: 'outline', color: 'gray.8' },
} as const;

export function PaymentStatusBadges({ payment }: { payment: DealPayment }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="outline" color="gray.8" size="sm">
        {t(`payments.type.${payment.type}`)}
      </Badge>
      <Badge {...statusLook[payment.status]} size="sm">
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
