import '@mantine/core/styles/Progress.css';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { newPasswordSchema } from '@slat/contracts';
import { passwordStrength } from '@slat/domain';
import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { useAppForm } from '../../../components/form/use-app-form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { reportError } from '../../../lib/monitoring';
import { notifySuccess } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type ResetForm, resetFormSchema, setNewPassword } from '../api/auth-calls';
import { AuthHeading, AuthLayout } from '../components/auth-layout';

const strengthColors = ['red', 'orange', 'yellow', 'lime', 'teal'] as const;

/** Shown once the password passes the §5 rules. */
function StrengthIndicator({ control }: { control: Control<ResetForm> }) {
  const { t } = useTranslation();
  const password = useWatch({ control, name: 'password' }) ?? '';
  if (!newPasswordSchema.safeParse(password).success) return null;
  const { score, label } = passwordStrength(password);
  const text = t('reset.strength', { label: t(`reset.strengthLabels.${label}`) });
  return (
    <Stack gap={4}>
      <Progress value={(score + 1) * 20} color={strengthColors[score]} aria-label={text} size="sm" />
      <Text size="sm" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}

type ResetPasswordPageProps = {
  token: string;
  /** To the sign-in page, in this document (the success toast stays up). */
  onDone: () => void;
};

/** Loaded on demand by the sign-in document: zod and the password rules come with it. */
export function ResetPasswordPage({ token, onDone }: ResetPasswordPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('reset.title'));
  const form = useAppForm(resetFormSchema, { password: '', confirm_password: '' });
  const { state, run } = useAction((values: ResetForm) => setNewPassword({ token, ...values }));
  const submit = (values: ResetForm) =>
    run(values).then(
      () => {
        notifySuccess(t('messages.resetSuccessTitle'), t('messages.resetSuccess'));
        onDone();
      },
      (error: unknown) => reportError(error),
    );
  return (
    <AuthLayout>
      <Stack gap="md">
        <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
        {state.status === 'error' && (
          <StatusAlert kind="error" title={t('messages.resetFailedTitle')}>
            {t('messages.resetFailed')}
          </StatusAlert>
        )}
        <AppForm form={form} onSubmit={submit} aria-label={t('reset.title')}>
          <Stack gap="sm">
            <PasswordField
              name="password"
              label={t('reset.newPassword')}
              autoComplete="new-password"
              required
              maxLength={1000}
            />
            <StrengthIndicator control={form.control} />
            <PasswordField
              name="confirm_password"
              label={t('reset.confirmPassword')}
              autoComplete="new-password"
              required
              maxLength={1000}
            />
            <Button type="submit" fullWidth loading={state.status === 'pending'}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </AppForm>
      </Stack>
    </AuthLayout>
  );
}
