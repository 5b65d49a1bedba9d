import '../strings';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { CalendarAccount } from '@slat/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/ui/query-view';
import { StatusAlert } from '../../../components/ui/status-alert';
import { notifySuccess } from '../../../lib/notify';
import { providersQueryOptions } from '../api/account-settings';
import {
  calendarAccountQueryOptions,
  linkServiceUrl,
  useLinkVirtualCalendar,
  useUnlinkCalendarAccount,
} from '../api/calendar';
import { cardPaymentSettingsQueryOptions } from '../api/card-payments';
import { webhooksQueryOptions } from '../api/webhooks';
import { CardPaymentsCard } from '../components/card-payments-card';
import { showSaveError } from '../components/save-errors';
import { SettingsPage, SettingsSectionCard } from '../components/settings-page';
import { WebhooksCard } from '../components/webhooks/webhooks-card';

export type CalendarState = 'loading' | 'error' | 'notLinked' | 'virtual' | 'valid' | 'invalid';

/** The four calendar account states of foundation §4, plus loading and the load error. */
export function calendarState(account: CalendarAccount | undefined, isError: boolean): CalendarState {
  if (isError) return 'error';
  if (!account) return 'loading';
  const c = account.connection;
  if (!c) return 'notLinked';
  if (c.status === 'INVALID') return 'invalid';
  return c.provider === 'VIRTUAL_CALENDAR' ? 'virtual' : 'valid';
}

export function IntegrationSettingsPage() {
  const { t } = useTranslation();
  // The four sections' data asked for together and shown together: each arriving on its own grew
  // its section and moved the ones below it (a layout shift a reader loses their place to). The
  // sections are mounted from the start (their queries are these, asked once) and shown once every
  // answer is in, a failed one included; after that they stay shown, whatever a refetch does.
  const settled = useQueries({
    queries: [
      calendarAccountQueryOptions,
      cardPaymentSettingsQueryOptions,
      webhooksQueryOptions,
      providersQueryOptions,
    ],
    combine: (results) => !results.some((r) => r.isPending),
  });
  const [shown, setShown] = useState(settled);
  if (settled && !shown) setShown(true);
  return (
    <SettingsPage section="integrations" intro={t('settings.integrations.intro')}>
      {!shown && <LoadingSkeleton rows={3} height={180} gap="lg" radius="md" />}
      <Stack gap="lg" style={shown ? undefined : { display: 'none' }}>
        <CalendarAccountCard />
        <CardPaymentsCard />
        <WebhooksCard />
        <ProvidersCard />
      </Stack>
    </SettingsPage>
  );
}

function CalendarAccountCard() {
  const { t } = useTranslation();
  const query = useQuery(calendarAccountQueryOptions);
  const link = useLinkVirtualCalendar();
  const unlink = useUnlinkCalendarAccount();
  const state = calendarState(query.data, query.isError && !query.data);
  const providerName = (p: string) =>
    t(`settings.integrations.providers.${p}` as 'settings.integrations.providers.GOOGLE');
  const connection = query.data?.connection;
  // the built-in calendar first: it is the one that always works
  const services = [...(query.data?.services ?? [])].sort(
    (a, b) => Number(b.provider === 'VIRTUAL_CALENDAR') - Number(a.provider === 'VIRTUAL_CALENDAR'),
  );
  const linked = state === 'valid' || state === 'virtual' || state === 'invalid';
  return (
    <SettingsSectionCard title={t('settings.integrations.calendarTitle')}>
      <div aria-live="polite">
        {state === 'loading' && <Text c="dimmed">{t('app.loading')}</Text>}
        {state === 'error' && (
          <StatusAlert kind="error" title={t('settings.integrations.loadError')}>
            <Button mt="xs" size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('app.retry')}
            </Button>
          </StatusAlert>
        )}
        {state === 'notLinked' && (
          <Group gap="xs">
            <Badge variant="outline" color="gray.8">
              {t('settings.integrations.notLinked')}
            </Badge>
          </Group>
        )}
        {state === 'valid' && connection && (
          <StatusAlert kind="success" title={providerName(connection.provider)}>
            {t('settings.integrations.linkedAs', {
              provider: providerName(connection.provider),
              email: connection.email,
            })}
          </StatusAlert>
        )}
        {state === 'virtual' && (
          <StatusAlert kind="success" title={t('settings.integrations.virtualLinked')}>
            {t('settings.integrations.virtualHint')}
          </StatusAlert>
        )}
        {state === 'invalid' && (
          <StatusAlert kind="warning" title={connection ? providerName(connection.provider) : undefined}>
            {t('settings.integrations.invalid')}
          </StatusAlert>
        )}
      </div>
      {linked && (
        <Group>
          <Button
            variant="default"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () =>
                  notifySuccess(t('settings.integrations.unlinked'), t('settings.savedMessage')),
              })
            }
          >
            {t('settings.integrations.unlink')}
          </Button>
        </Group>
      )}
      {query.data && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {linked ? t('settings.integrations.linkAnother') : t('settings.integrations.services')}
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {services.map((service) => (
              <Group component="li" key={service.provider} gap="sm" wrap="wrap">
                {service.provider === 'VIRTUAL_CALENDAR' ? (
                  <Button
                    variant="light"
                    disabled={state === 'virtual'}
                    loading={link.isPending}
                    onClick={() =>
                      link.mutate(undefined, {
                        onError: (error) => showSaveError(error),
                      })
                    }
                  >
                    {t('settings.integrations.useVirtual')}
                  </Button>
                ) : (
                  <>
                    <Button
                      variant="default"
                      disabled={!service.available || !service.linkPath}
                      onClick={() => {
                        if (service.linkPath)
                          window.location.assign(
                            linkServiceUrl(service.linkPath, service.provider, window.location.origin),
                          );
                      }}
                    >
                      {t('settings.integrations.link', { provider: providerName(service.provider) })}
                    </Button>
                    {!service.available && (
                      <Text size="sm" c="dimmed">
                        {t('settings.integrations.notConfigured')}
                      </Text>
                    )}
                  </>
                )}
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </SettingsSectionCard>
  );
}

function ProvidersCard() {
  const { t } = useTranslation();
  const query = useQuery(providersQueryOptions);
  if (!query.data) return null;
  const p = query.data;
  return (
    <SettingsSectionCard title={t('settings.integrations.otherProviders')}>
      <List spacing={4}>
        <List.Item>
          {t('settings.integrations.pdf')}:{' '}
          {p.pdfGeneration ? t('settings.integrations.available') : t('settings.integrations.unavailable')}
        </List.Item>
        <List.Item>
          {t('settings.integrations.payments')}:{' '}
          {p.cardPayments
            ? p.cardPaymentsMode === 'stripe'
              ? t('settings.integrations.stripe')
              : t('settings.integrations.testCheckout')
            : t('settings.integrations.unavailable')}
        </List.Item>
      </List>
    </SettingsSectionCard>
  );
}
