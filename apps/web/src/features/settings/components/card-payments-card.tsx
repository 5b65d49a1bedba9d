import { Button, Group, Stack, Text } from '@mantine/core';
import { updateCardPaymentSettings } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { useAppForm } from '../../../components/form/use-app-form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { notifySuccess } from '../../../lib/notify';
import { cardPaymentSettingsQueryOptions, useSaveCardPaymentSettings } from '../api/card-payments';
import { showSaveError } from './save-errors';
import { SettingsSectionCard } from './settings-page';

// the contract's own rule and message ('Enter the connected account id, like acct_1AbCdEf…')
const formSchema = z.object({ accountId: updateCardPaymentSettings.body.shape.accountId });

/** Card payments: which checkout runs (Stripe, or the test checkout that charges nothing) and the dealer's connected account. */
export function CardPaymentsCard() {
  const { t } = useTranslation();
  const query = useQuery(cardPaymentSettingsQueryOptions);
  return (
    <SettingsSectionCard title={t('settings.integrations.cardTitle')}>
      {query.isError && !query.data && (
        <StatusAlert kind="error" title={t('settings.integrations.loadError')}>
          <Button mt="xs" size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        </StatusAlert>
      )}
      {!query.data && !query.isError && <Text c="dimmed">{t('app.loading')}</Text>}
      {query.data && <CardPaymentsForm accountId={query.data.accountId} mode={query.data.mode} />}
    </SettingsSectionCard>
  );
}

function CardPaymentsForm({ accountId, mode }: { accountId: string; mode: 'stripe' | 'test' }) {
  const { t } = useTranslation();
  const save = useSaveCardPaymentSettings();
  const form = useAppForm(formSchema, { accountId });
  return (
    <AppForm
      form={form}
      aria-label={t('settings.integrations.cardTitle')}
      onSubmit={async (values) => {
        try {
          const saved = await save.mutateAsync(values.accountId);
          form.reset({ accountId: saved.accountId });
          notifySuccess(t('settings.integrations.cardSaved'), t('settings.savedMessage'));
        } catch (error) {
          showSaveError(error, form);
        }
      }}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="card-payments-mode">
          {t('settings.integrations.cardMode')}:{' '}
          <b>
            {mode === 'stripe' ? t('settings.integrations.stripe') : t('settings.integrations.testCheckout')}
          </b>
        </Text>
        <TextField
          name="accountId"
          label={t('settings.integrations.cardAccount')}
          description={t('settings.integrations.cardAccountHint')}
          placeholder="acct_…"
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('settings.integrations.cardSave')}
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}
