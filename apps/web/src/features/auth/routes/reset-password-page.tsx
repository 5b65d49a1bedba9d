import { Button, Progress, Stack, Text, Title } from '@mantine/core';
import { messages, newPasswordSchema } from '@slat/contracts';
import { passwordStrength } from '@slat/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/form/fields';
import { AppForm, useAppForm } from '../../../components/form/form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { reportError } from '../../../lib/monitoring';
import { notifySuccess } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { setNewPassword } from '../api/auth-calls';
import { AuthLayout } from '../components/auth-layout';

const resetFormSchema = z
  .object({
    password: newPasswordSchema,
    confirm_password: z.string().min(1, messages.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
type ResetForm = z.infer<typeof resetFormSchema>;

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

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSearch({ strict: false }) as { token?: string };
  useDocumentTitle(t('reset.title'));
  const form = useAppForm(resetFormSchema, { password: '', confirm_password: '' });
  const mutation = useMutation({
    mutationFn: (values: ResetForm) => setNewPassword({ token: token ?? '', ...values }),
    meta: { errorHandling: 'local' },
    onError: reportError,
    onSuccess: async () => {
      notifySuccess(t('messages.resetSuccessTitle'), t('messages.resetSuccess'));
      await navigate({ to: '/login' });
    },
  });
  return (
    <AuthLayout>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" ta="center">
            {t('reset.title')}
          </Title>
          <Text c="dimmed" size="sm" ta="center" mt={4}>
            {t('reset.subtitle')}
          </Text>
        </div>
        {mutation.isError && (
          <StatusAlert kind="error" title={t('messages.resetFailedTitle')}>
            {t('messages.resetFailed')}
          </StatusAlert>
        )}
        <AppForm
          form={form}
          onSubmit={(values) => mutation.mutateAsync(values).catch(() => undefined)}
          aria-label={t('reset.title')}
        >
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
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </AppForm>
      </Stack>
    </AuthLayout>
  );
}
