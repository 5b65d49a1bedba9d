import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import type { PurchaseOrder } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconExternalLink } from '../../../../components/icons';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { type PdfShipping, reviewPdfQueryOptions } from '../../api/review';
import type { SubmitBlock } from './review-logic';

/**
 * The review step's PDF: the purchase order as it would be sent, made with the form's values
 * (POST /purchaseorder/{id}/pdf, the legacy generator on 501), in a frame like the quote's PDF.
 */
export function ReviewPdfPreview({ order, shipping }: { order: PurchaseOrder; shipping: PdfShipping }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const pdf = useQuery(reviewPdfQueryOptions(order, shipping));
  if (pdf.isPending)
    return (
      <Group justify="center" p="xl" mih={200}>
        <Loader role="progressbar" aria-label={t('orderReview.pdfLoading')} />
      </Group>
    );
  if (pdf.isError)
    return (
      <StatusAlert kind="error" title={t('orderReview.pdfFailed')} data-testid="review-pdf-failed">
        <Text size="sm">{t('orderReview.pdfFailedMessage')}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={() => void pdf.refetch()}>
          {t('orderReview.retry')}
        </Button>
      </StatusAlert>
    );
  const { url } = pdf.data;
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="flex-end">
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          size="xs"
          variant="default"
          leftSection={<IconExternalLink size={14} aria-hidden />}
        >
          {t('orderReview.pdfOpen')}
        </Button>
      </Group>
      <iframe
        src={url}
        title={t('orderReview.pdfFrame', { tuid: order.tuid })}
        data-testid="review-pdf-frame"
        style={{
          width: '100%',
          height: phone ? 'calc(100dvh - 20rem)' : '60vh',
          minHeight: '16rem',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-1)',
        }}
      />
    </Stack>
  );
}

/** §5/§8: why the order cannot be submitted yet, with the products that have errors. */
export function SubmitBlockAlert({ block }: { block: Exclude<SubmitBlock, null> }) {
  const { t } = useTranslation();
  if (block.kind === 'zeroQuantity')
    return (
      <StatusAlert kind="warning" data-testid="review-blocked">
        {t('orderReview.zeroQuantity')}
      </StatusAlert>
    );
  if (block.kind === 'pendingUpdates')
    return (
      <StatusAlert kind="warning" data-testid="review-blocked">
        {t('orderReview.pendingUpdates')}
      </StatusAlert>
    );
  return (
    <StatusAlert kind="warning" title={t('orderReview.productsHaveErrors')} data-testid="review-blocked">
      <Text size="sm">{t('orderReview.resolveBeforeSubmitting')}</Text>
      <List size="sm" mt={4}>
        {block.lines.map((line) => (
          <List.Item key={line.id}>
            <Text span size="sm" fw={600}>
              {line.windowGroupName || t('orderReview.noGroup')}
            </Text>{' '}
            — {line.product}: {line.message}
          </List.Item>
        ))}
      </List>
    </StatusAlert>
  );
}
