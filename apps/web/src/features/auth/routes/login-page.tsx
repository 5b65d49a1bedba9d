import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { safeReturnUrl } from '../../../lib/session/return-url';
import { markSignedIn } from '../../../lib/session/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { AuthHandoff } from '../auth-handoff';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm, type LoginNotice } from '../components/login-form';

type LoginPageProps = {
  returnUrl: string | undefined;
  handoff: AuthHandoff;
  /** Leaves for the signed-in app (a full page load). */
  goTo: (url: string) => void;
};

export function LoginPage({ returnUrl, handoff, goTo }: LoginPageProps) {
  const { t } = useTranslation();
  const [loggingOut, setLoggingOut] = useState(handoff.endingSession !== null);
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  useDocumentTitle(mode === 'login' ? t('auth.signIn') : t('auth.forgotTitle'));

  useEffect(() => {
    let live = true;
    void handoff.endingSession?.then(() => live && setLoggingOut(false));
    return () => {
      live = false;
    };
  }, [handoff]);

  const notice: LoginNotice = handoff.sessionExpired
    ? 'sessionExpired'
    : handoff.restoreError
      ? 'restoreError'
      : null;

  const onSignedIn = () => {
    markSignedIn();
    goTo(safeReturnUrl(returnUrl));
  };

  return (
    <AuthLayout>
      {loggingOut ? (
        <Stack align="center" gap="sm" py="xl" role="status">
          <Loader aria-hidden />
          <Text>{t('auth.loggingOut')}</Text>
        </Stack>
      ) : mode === 'login' ? (
        <LoginForm notice={notice} onSignedIn={onSignedIn} onForgotPassword={() => setMode('forgot')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('login')} />
      )}
      <Text size="xs" c="dimmed" ta="center">
        <Trans
          i18nKey="auth.disclaimer"
          components={{
            terms: <Anchor href="/terms" size="xs" underline="always" />,
            privacy: <Anchor href="/privacy" size="xs" underline="always" />,
          }}
        />
      </Text>
    </AuthLayout>
  );
}
