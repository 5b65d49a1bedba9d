import { Anchor, Button, Group, Stack } from '@mantine/core';
import type { messages } from '@slat/contracts';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { preloadLazyForm, useLazyAppForm } from '../../../components/form/lazy-form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { useAction } from '../../../lib/use-action';
import { loadAuthCalls, loadCredentialsSchema, reportLater } from '../api/load-auth-calls';
import { AuthHeading } from './auth-layout';

export type LoginNotice = 'sessionExpired' | 'restoreError' | null;

/** 400 is a rejected login ('Login failed…'), 429 too many attempts, anything else the other-error text. */
export function loginErrorMessage(error: unknown): keyof typeof messages {
  if (error instanceof ApiError && error.status === 400) return 'loginFailed';
  if (error instanceof ApiError && error.status === 429) return 'tooManyAttempts';
  return 'loginOtherError';
}

type Credentials = { username: string; password: string };

type LoginFormProps = {
  notice: LoginNotice;
  /** Called once the server accepted the credentials (the session cookie is set). */
  onSignedIn: () => void;
  onForgotPassword: () => void;
};

export function LoginForm({ notice, onSignedIn, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useLazyAppForm(loadCredentialsSchema, { username: '', password: '' });
  const { state, run } = useAction(async (values: Credentials) => {
    const { signIn } = await loadAuthCalls();
    return signIn(values);
  });
  const submit = (values: Credentials) =>
    run(values).then(onSignedIn, (error: unknown) => reportLater(error));
  const failure = state.status === 'error' ? loginErrorMessage(state.error) : null;
  return (
    // the first focus fetches what a submit needs, so signing in does not wait for it
    <Stack gap="md" onFocusCapture={() => preloadLazyForm(loadCredentialsSchema)}>
      <AuthHeading title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} />
      {notice === 'sessionExpired' && !failure && (
        <StatusAlert kind="warning">{t('messages.sessionExpired')}</StatusAlert>
      )}
      {notice === 'restoreError' && !failure && (
        <StatusAlert kind="error">{t('auth.restoreError')}</StatusAlert>
      )}
      {failure && (
        // the spec's 'Login failed. Please check…' names itself: a title would say it twice
        <StatusAlert kind="error" title={failure === 'loginFailed' ? undefined : t('auth.errorTitle')}>
          {t(`messages.${failure}`)}
        </StatusAlert>
      )}
      <AppForm form={form} onSubmit={submit} aria-label={t('auth.signInTitle')}>
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
          {/* after a success the page is on its way to the app: the button keeps spinning */}
          <Button type="submit" fullWidth loading={state.status === 'pending' || state.status === 'success'}>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </AppForm>
    </Stack>
  );
}
