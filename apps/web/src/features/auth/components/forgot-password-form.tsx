import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { useLazyAppForm } from '../../../components/form/lazy-form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { useAction } from '../../../lib/use-action';
import { loadAuthCalls, loadForgotEmailSchema, reportLater } from '../api/load-auth-calls';
import { AuthHeading } from './auth-layout';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useLazyAppForm(loadForgotEmailSchema, { email: '' });
  const { state, run } = useAction(async (values: { email: string }) => {
    const { requestPasswordReset } = await loadAuthCalls();
    return requestPasswordReset(values);
  });
  const submit = (values: { email: string }) => run(values).catch((error: unknown) => reportLater(error));
  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} />
      {state.status === 'success' && (
        <StatusAlert kind="success" title={t('messages.resetEmailSentTitle')}>
          {t('messages.resetEmailSent')}
        </StatusAlert>
      )}
      {state.status === 'error' && <StatusAlert kind="error">{t('messages.forgotFailed')}</StatusAlert>}
      <AppForm form={form} onSubmit={submit} aria-label={t('auth.forgotTitle')}>
        <Stack gap="sm">
          <TextField
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            required
            maxLength={320}
          />
          <Button type="submit" fullWidth loading={state.status === 'pending'}>
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
