import '../strings';
import { Button, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from '../../../components/ui/status-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { calendarAccountQueryOptions } from '../api/calendar';

const RETURN_AFTER_MS = 3_000;

const callbackApi = getRouteApi('/signed-in/account/$linkService/callback');

type LinkReport = { error?: string; error_description?: string; status?: string; message?: string };

/** What the link service reported: an `error` (or status=error) means it failed. */
function linkResult(search: LinkReport): { ok: boolean; message: string | null } {
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  const error = text(search.error) ?? text(search.error_description);
  const status = text(search.status)?.toLowerCase();
  const failed = error !== null || status === 'error' || status === 'failed';
  return { ok: !failed, message: error ?? text(search.message) };
}

/** /account/{link-service}/callback: shows how linking went, then returns to the integrations page. */
export function AccountLinkCallbackPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.accountLink'));
  const { linkService } = callbackApi.useParams();
  const search = callbackApi.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [result] = useState(() => linkResult(search));
  const provider = linkService.replace(/-/g, ' ');
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: calendarAccountQueryOptions.queryKey });
    if (!result.ok) return;
    const timer = setTimeout(() => void navigate({ to: '/settings/integrations' }), RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate, queryClient, result.ok]);
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        {t('pages.accountLink')}
      </Title>
      {result.ok ? (
        <StatusAlert kind="success" title={t('settings.callback.linked', { provider })}>
          {t('settings.callback.returning')}
        </StatusAlert>
      ) : (
        <StatusAlert kind="error" title={t('settings.callback.failed')}>
          {result.message}
        </StatusAlert>
      )}
      <div>
        <Button component={Link} to="/settings/integrations" variant="default">
          {t('settings.callback.back')}
        </Button>
      </div>
    </Stack>
  );
}
