import '../../strings';
import { Badge, Button, CopyButton, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { createWebhook, type WebhookSubscription } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../../components/form/fields';
import { AppForm } from '../../../../components/form/form';
import { useAppForm } from '../../../../components/form/use-app-form';
import { IconCopy } from '../../../../components/icons';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { confirmDestructive } from '../../../../lib/confirm';
import { formatDateTime } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestWebhook,
  useSetWebhookDisabled,
  webhooksQueryOptions,
} from '../../api/webhooks';
import { showSaveError } from '../save-errors';
import { SettingsSectionCard } from '../settings-page';
import { DeliveryStatusPill, WebhookDeliveriesModal } from './webhook-deliveries-modal';

// the contract's own rule and message ('Enter a full URL starting with http:// or https://')
const formSchema = z.object({ url: createWebhook.body.shape.url });

/**
 * Settings → Integrations → Webhooks: the dealer's endpoints for supplier-order changes, each with
 * its last delivery, its delivery log, a test event, disable/enable and delete; adding one shows
 * its signing secret once.
 */
export function WebhooksCard() {
  const { t } = useTranslation();
  const query = useQuery(webhooksQueryOptions);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);
  const webhooks = query.data?.data;
  return (
    <SettingsSectionCard title={t('settings.webhooks.title')}>
      <Text size="sm">{t('settings.webhooks.intro')}</Text>
      <Text size="sm" c="dimmed" data-testid="webhook-signing-help">
        {t('settings.webhooks.signingHelp')}
      </Text>
      <div aria-live="polite">
        {query.isError && !query.data && (
          <StatusAlert kind="error" title={t('settings.webhooks.loadError')}>
            <Button mt="xs" size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('app.retry')}
            </Button>
          </StatusAlert>
        )}
        {!query.data && !query.isError && <Text c="dimmed">{t('app.loading')}</Text>}
        {webhooks?.length === 0 && (
          <Stack gap={2} py="xs">
            <Text fw={600}>{t('settings.webhooks.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('settings.webhooks.emptyHint')}
            </Text>
          </Stack>
        )}
      </div>
      {webhooks && webhooks.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {webhooks.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} onShowLog={() => setLogOf(webhook)} />
          ))}
        </Stack>
      )}
      <AddWebhookForm onAdded={setSecret} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesModal webhook={logOf} onClose={() => setLogOf(null)} />
    </SettingsSectionCard>
  );
}

function WebhookRow({ webhook, onShowLog }: { webhook: WebhookSubscription; onShowLog: () => void }) {
  const { t } = useTranslation();
  const setDisabled = useSetWebhookDisabled();
  const remove = useDeleteWebhook();
  const test = useSendTestWebhook();
  const toggle = () =>
    setDisabled.mutate(
      { id: webhook.id, disabled: !webhook.disabled },
      {
        onSuccess: (saved) =>
          notifySuccess(
            saved.disabled ? t('settings.webhooks.disabledToast') : t('settings.webhooks.enabledToast'),
            webhook.url,
          ),
        onError: (error) => showSaveError(error),
      },
    );
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => notifySuccess(t('settings.webhooks.testSent'), t('settings.webhooks.testSentMessage')),
      onError: (error) => showSaveError(error),
    });
  const askDelete = () =>
    void confirmDestructive({
      title: t('settings.webhooks.deleteTitle'),
      message: t('settings.webhooks.deleteMessage', { url: webhook.url }),
      confirmLabel: t('settings.webhooks.delete'),
      action: () =>
        remove.mutateAsync(webhook.id).then(
          () => notifySuccess(t('settings.webhooks.deleted'), webhook.url),
          (error: unknown) => {
            showSaveError(error);
            throw error;
          },
        ),
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={webhook.url} data-testid="webhook-row">
      <Stack gap={6}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge
            variant={webhook.disabled ? 'outline' : 'filled'}
            color={webhook.disabled ? 'gray.8' : 'teal.9'}
          >
            {webhook.disabled ? t('settings.webhooks.disabled') : t('settings.webhooks.enabled')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('settings.webhooks.lastDelivery')}:
          </Text>
          {webhook.lastDeliveryStatus ? (
            <>
              <DeliveryStatusPill status={webhook.lastDeliveryStatus} />
              {webhook.lastDeliveryAt && (
                <Text size="sm" c="dimmed">
                  {formatDateTime(new Date(webhook.lastDeliveryAt))}
                </Text>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('settings.webhooks.noDeliveries')}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('settings.webhooks.createdAt', { date: formatDateTime(new Date(webhook.createdAt)) })}
        </Text>
        <Group
          gap="xs"
          wrap="wrap"
          role="group"
          aria-label={t('settings.webhooks.actionsFor', { url: webhook.url })}
        >
          <Button size="xs" variant="light" onClick={onShowLog}>
            {t('settings.webhooks.deliveries')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            disabled={webhook.disabled}
            onClick={sendTest}
          >
            {t('settings.webhooks.sendTest')}
          </Button>
          <Button size="xs" variant="default" loading={setDisabled.isPending} onClick={toggle}>
            {webhook.disabled ? t('settings.webhooks.enable') : t('settings.webhooks.disable')}
          </Button>
          <Button size="xs" variant="default" color="red.8" onClick={askDelete}>
            {t('settings.webhooks.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AddWebhookForm({ onAdded }: { onAdded: (secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const form = useAppForm(formSchema, { url: '' });
  return (
    <AppForm
      form={form}
      aria-label={t('settings.webhooks.add')}
      onSubmit={async (values) => {
        try {
          const made = await create.mutateAsync(values.url);
          form.reset({ url: '' });
          notifySuccess(t('settings.webhooks.added'), made.webhook.url);
          onAdded(made.secret);
        } catch (error) {
          showSaveError(error, form);
        }
      }}
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextField
          name="url"
          label={t('settings.webhooks.url')}
          description={t('settings.webhooks.urlHint')}
          placeholder="https://example.com/slat-webhooks"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          maxLength={2000}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" mt={{ base: 0, sm: 42 }} loading={form.formState.isSubmitting}>
          {t('settings.webhooks.add')}
        </Button>
      </Group>
    </AppForm>
  );
}

/** The new webhook's secret, shown this once with Copy. */
function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('settings.webhooks.secretTitle')}
      closeButtonProps={{ 'aria-label': t('settings.webhooks.close') }}
      size="lg"
    >
      <Stack gap="sm">
        <StatusAlert kind="warning">{t('settings.webhooks.secretHint')}</StatusAlert>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('settings.webhooks.secretLabel')}
            value={secret ?? ''}
            readOnly
            style={{ flex: '1 1 18rem' }}
            styles={{ input: { fontFamily: 'monospace', fontSize: 'var(--mantine-font-size-xs)' } }}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="webhook-secret"
          />
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={<IconCopy size={14} aria-hidden />} onClick={copy}>
                {copied ? t('settings.webhooks.copied') : t('settings.webhooks.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('settings.webhooks.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
