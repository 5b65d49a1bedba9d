import '../strings';
import { Button, Group, Stack } from '@mantine/core';
import type { DealerSettings } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressField } from '../../../components/form/address-field';
import { AppForm } from '../../../components/form/form';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { notifySuccess } from '../../../lib/notify';
import { dealerSettingsQueryOptions, useSaveDealerSettings } from '../api/account-settings';
import { showSaveError } from '../components/save-errors';
import { QueryView, SettingsPage } from '../components/settings-page';

const orderDefaultsSchema = z.object({
  companyDeliveryAddress: z.string().trim().max(500),
  defaultShippingInstructions: z.string().trim().max(2000),
});
type OrderDefaults = z.input<typeof orderDefaultsSchema>;

const orderDefaults = (s: DealerSettings): OrderDefaults => ({
  companyDeliveryAddress: s.companyDeliveryAddress,
  defaultShippingInstructions: s.defaultShippingInstructions,
});

export function OrderSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(dealerSettingsQueryOptions);
  return (
    <SettingsPage section="orders" intro={t('settings.orders.intro')}>
      <QueryView query={query}>{(data) => <OrderDefaultsForm settings={data} />}</QueryView>
    </SettingsPage>
  );
}

function OrderDefaultsForm({ settings }: { settings: DealerSettings }) {
  const { t } = useTranslation();
  const form = useAppForm(orderDefaultsSchema, orderDefaults(settings));
  const save = useSaveDealerSettings();
  const onSubmit = async (values: OrderDefaults) => {
    try {
      form.reset(orderDefaults(await save.mutateAsync(values)));
      notifySuccess(t('settings.saved'), t('settings.savedMessage'));
    } catch (error) {
      showSaveError(error, form);
    }
  };
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label={t('pages.settingsOrders')}>
      <Stack gap="md">
        <AddressField
          name="companyDeliveryAddress"
          label={t('settings.orders.deliveryAddress')}
          maxLength={500}
        />
        <TextareaField
          name="defaultShippingInstructions"
          label={t('settings.orders.shippingInstructions')}
          maxLength={2000}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}
