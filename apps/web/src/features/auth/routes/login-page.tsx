import { Anchor, Loader, Stack, Text } from '@mantine/core';
import type { MeResponse } from '@slat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { safeReturnUrl } from '../../../lib/session/return-url';
import { completeSignIn } from '../../../lib/session/session-query';
import { sessionExpiredFlag, useSessionState } from '../../../lib/session/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm, type LoginNotice } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { returnUrl?: string };
  const { status, restoreError } = useSessionState();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  useDocumentTitle(mode === 'login' ? t('auth.signIn') : t('auth.forgotTitle'));

  const notice: LoginNotice = sessionExpiredFlag.isSet()
    ? 'sessionExpired'
    : restoreError
      ? 'restoreError'
      : null;

  const onSignedIn = (profile: MeResponse) => {
    completeSignIn(queryClient, profile);
    router.history.push(safeReturnUrl(search.returnUrl));
  };

  return (
    <AuthLayout>
      {status === 'loggingOut' ? (
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
            terms: <Anchor component={Link} to="/terms" size="xs" underline="always" />,
            privacy: <Anchor component={Link} to="/privacy" size="xs" underline="always" />,
          }}
        />
      </Text>
    </AuthLayout>
  );
}
