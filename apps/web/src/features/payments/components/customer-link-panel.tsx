import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { IconCopy, IconSend } from '../../../components/icons';
import { pageOrigin } from '../../../lib/first-screen';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess, showToast } from '../../../lib/notify';
import '../strings';
import { dealQueryOptions } from '../../deals';
import { customerLinkQueryOptions, useSendQuoteToCustomer } from '../api';
import { notifyPaymentError } from './payment-modals';

/**
 * The quote's customer link: Send quote to customer (the deal contact's email prefilled), when it
 * was sent and first opened, and Copy customer link.
 */
export function CustomerLinkPanel({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const link = useQuery({ ...customerLinkQueryOptions(quote.id), enabled: !quote.isArchived });
  const deal = useQuery(dealQueryOptions(quote.context.deal.id));
  if (quote.isArchived) return null;
  const data = link.data;
  const url = data ? new URL(data.url, pageOrigin()).href : null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast({ message: t('payments.copied'), color: 'teal' });
    } catch {
      showToast({ message: t('payments.copyFailed'), color: 'red' });
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('customerLink.heading')}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t('customerLink.heading')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} aria-hidden />}
              disabled={!url}
              onClick={() => void copy()}
            >
              {t('customerLink.copy')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} aria-hidden />}
              disabled={quote.context.deal.isArchived || !data}
              onClick={() => setSending(true)}
            >
              {t('customerLink.send')}
            </Button>
          </Group>
        </Group>
        {link.isError && (
          <Text size="sm" c="red.8">
            {t('customerLink.loadFailed')}
          </Text>
        )}
        {data && (
          <Group gap="md" wrap="wrap" data-testid="customer-link-status">
            <Text size="sm">
              {data.sentAt && data.sentToEmail
                ? t('customerLink.sent', {
                    email: data.sentToEmail,
                    date: formatDateTime(new Date(data.sentAt)),
                  })
                : t('customerLink.notSent')}
            </Text>
            <Text size="sm" c={data.openedAt ? undefined : 'dimmed'}>
              {data.openedAt
                ? t('customerLink.opened', { date: formatDateTime(new Date(data.openedAt)) })
                : t('customerLink.notOpened')}
            </Text>
          </Group>
        )}
      </Stack>
      <FormModal
        opened={sending}
        onClose={() => setSending(false)}
        title={t('customerLink.sendTitle')}
        size="md"
      >
        <SendForm quoteId={quote.id} email={data?.sentToEmail ?? deal.data?.contact?.email ?? ''} />
      </FormModal>
    </Paper>
  );
}

function SendForm({ quoteId, email }: { quoteId: number; email: string }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const send = useSendQuoteToCustomer(quoteId);
  const schema = useMemo(
    () => z.object({ email: z.email(t('customerLink.emailInvalid')), message: z.string().max(2000) }),
    [t],
  );
  const form = useAppForm(schema, { email, message: '' });
  return (
    <AppForm
      form={form}
      aria-label={t('customerLink.sendTitle')}
      onSubmit={async (values) => {
        try {
          await send.mutateAsync({ email: values.email, message: values.message.trim() });
          notifySuccess(t('customerLink.sentToast', { email: values.email }), '');
          modal.close();
        } catch (error) {
          notifyPaymentError(error, t('customerLink.sendFailed'));
        }
      }}
    >
      <Stack gap="sm">
        <TextField name="email" type="email" label={t('customerLink.email')} required data-autofocus />
        <TextareaField name="message" label={t('customerLink.message')} maxLength={2000} minRows={3} />
        <FormButtons submitLabel={t('customerLink.sendButton')} />
      </Stack>
    </AppForm>
  );
}
