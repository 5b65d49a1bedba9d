import { Button, Stack, Text, Title } from '@mantine/core';
import { forgotPasswordRequestSchema } from '@slat/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { AppForm, useAppForm } from '../../../components/form/form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { reportError } from '../../../lib/monitoring';
import { requestPasswordReset } from '../api/auth-calls';

const emailSchema = forgotPasswordRequestSchema.pick({ email: true });

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useAppForm(emailSchema, { email: '' });
  const mutation = useMutation({
    mutationFn: (values: { email: string }) => requestPasswordReset(values),
    meta: { errorHandling: 'local' },
    onError: reportError,
  });
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2" ta="center">
          {t('auth.forgotTitle')}
        </Title>
        <Text c="dimmed" size="sm" ta="center" mt={4}>
          {t('auth.forgotSubtitle')}
        </Text>
      </div>
      {mutation.isSuccess && (
        <StatusAlert kind="success" title={t('messages.resetEmailSentTitle')}>
          {t('messages.resetEmailSent')}
        </StatusAlert>
      )}
      {mutation.isError && <StatusAlert kind="error">{t('messages.forgotFailed')}</StatusAlert>}
      <AppForm
        form={form}
        onSubmit={(values) => mutation.mutateAsync(values).catch(() => undefined)}
        aria-label={t('auth.forgotTitle')}
      >
        <Stack gap="sm">
          <TextField
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            required
            maxLength={320}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('auth.sendResetLink')}
          </Button>
          <Button type="button" variant="subtle" fullWidth onClick={onBack}>
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      </AppForm>
    </Stack>
  );
}
