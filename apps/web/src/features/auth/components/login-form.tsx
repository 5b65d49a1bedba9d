import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MeResponse } from '@slat/contracts';
import { loginRequestSchema, type messages } from '@slat/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/form/fields';
import { AppForm, useAppForm } from '../../../components/form/form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { reportError } from '../../../lib/monitoring';
import { type Credentials, signIn } from '../api/auth-calls';

const credentialsSchema = loginRequestSchema.pick({ username: true, password: true });

export type LoginNotice = 'sessionExpired' | 'restoreError' | null;

/** 400 is a rejected login ('Login failed…'), 429 too many attempts, anything else the other-error text. */
export function loginErrorMessage(error: unknown): keyof typeof messages {
  if (error instanceof ApiError && error.status === 400) return 'loginFailed';
  if (error instanceof ApiError && error.status === 429) return 'tooManyAttempts';
  return 'loginOtherError';
}

type LoginFormProps = {
  notice: LoginNotice;
  onSignedIn: (profile: MeResponse) => void;
  onForgotPassword: () => void;
};

export function LoginForm({ notice, onSignedIn, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useAppForm(credentialsSchema, { username: '', password: '' });
  const mutation = useMutation({
    mutationFn: (values: Credentials) => signIn(values),
    meta: { errorHandling: 'local' },
    onSuccess: onSignedIn,
    onError: reportError,
  });
  const failure = mutation.error ? loginErrorMessage(mutation.error) : null;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2" ta="center">
          {t('auth.signInTitle')}
        </Title>
        <Text c="dimmed" size="sm" ta="center" mt={4}>
          {t('auth.signInSubtitle')}
        </Text>
      </div>
      {notice === 'sessionExpired' && !failure && (
        <StatusAlert kind="warning">{t('messages.sessionExpired')}</StatusAlert>
      )}
      {notice === 'restoreError' && !failure && (
        <StatusAlert kind="error">{t('auth.restoreError')}</StatusAlert>
      )}
      {failure && (
        <StatusAlert
          kind="error"
          title={failure === 'loginFailed' ? t('auth.loginFailedTitle') : t('auth.errorTitle')}
        >
          {t(`messages.${failure}`)}
        </StatusAlert>
      )}
      <AppForm
        form={form}
        onSubmit={(values) => mutation.mutateAsync(values).catch(() => undefined)}
        aria-label={t('auth.signInTitle')}
      >
        <Stack gap="sm">
          <TextField
            name="username"
            label={t('auth.username')}
            autoComplete="username"
            required
            maxLength={200}
          />
          <PasswordField
            name="password"
            label={t('auth.password')}
            autoComplete="current-password"
            required
            maxLength={1000}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </AppForm>
    </Stack>
  );
}
