import '../strings';
import { Badge, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { Manufacturer } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from '../../../components/ui/status-alert';
import { notifySuccess } from '../../../lib/notify';
import { accountSettingsQueryOptions, useSaveSupplierShipping } from '../api/account-settings';
import { showSaveError } from '../components/save-errors';
import { QueryView, SettingsPage } from '../components/settings-page';

export function SupplierSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(accountSettingsQueryOptions);
  return (
    <SettingsPage section="suppliers" intro={t('settings.suppliers.intro')}>
      <QueryView query={query}>
        {({ manufacturers }) =>
          manufacturers.length === 0 ? (
            <StatusAlert kind="info" title={t('settings.suppliers.emptyTitle')}>
              {t('settings.suppliers.emptyMessage')}
            </StatusAlert>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {manufacturers.map((m) => (
                <SupplierRow key={m.id} supplier={m} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </SettingsPage>
  );
}

function SupplierRow({ supplier }: { supplier: Manufacturer }) {
  const { t } = useTranslation();
  const save = useSaveSupplierShipping();
  const saved = supplier.customer_settings.default_shipping_method_id;
  // a failed save keeps the choice on screen
  const [choice, setChoice] = useState(saved === null ? '' : String(saved));
  const onChange = (value: string) => {
    setChoice(value);
    save.mutate(
      { manufacturerId: supplier.id, shippingMethodId: value ? Number(value) : null },
      {
        onSuccess: () => notifySuccess(t('settings.saved'), supplier.name),
        onError: (error) => showSaveError(error),
      },
    );
  };
  return (
    <Stack
      component="li"
      gap="xs"
      p="md"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap="xs">
        <Text fw={600}>{supplier.name}</Text>
        {supplier.offline_only && (
          <Badge variant="outline" color="gray.8">
            {t('settings.suppliers.offlineOnly')}
          </Badge>
        )}
        {supplier.manufacturer_customer_settings.is_internal && (
          <Badge variant="outline" color="gray.8">
            {t('settings.suppliers.internal')}
          </Badge>
        )}
      </Group>
      {supplier.email && (
        <Text size="sm" c="dimmed">
          {supplier.email}
        </Text>
      )}
      <NativeSelect
        label={t('settings.suppliers.defaultShipping')}
        value={choice}
        disabled={save.isPending}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[
          { value: '', label: t('settings.suppliers.noDefault') },
          ...supplier.shipping_methods.map((s) => ({
            value: String(s.id),
            label: s.address ? `${s.name} — ${s.address}` : s.name,
          })),
        ]}
        maw={480}
      />
    </Stack>
  );
}
