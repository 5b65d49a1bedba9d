import '../strings';
import { Button, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DealerSettings } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components/form/choice-fields';
import { AppForm } from '../../../components/form/form';
import { NumberField } from '../../../components/form/number-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  accountSettingsQueryOptions,
  dealerSettingsQueryOptions,
  useSaveDealerSettings,
  useUploadCompanyLogo,
} from '../api/account-settings';
import { AdjustmentFields } from '../components/adjustment-fields';
import { MarkupOverrideEditor } from '../components/markup-override-editor';
import { quoteSettingsRequest, quoteSettingsSchema, quoteSettingsValues } from '../components/quote-pricing';
import { showSaveError } from '../components/save-errors';
import { QueryView, SettingsPage, SettingsSectionCard } from '../components/settings-page';

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export function QuoteSettingsPage() {
  const { t } = useTranslation();
  const dealer = useQuery(dealerSettingsQueryOptions);
  const account = useQuery(accountSettingsQueryOptions);
  const both = {
    data: dealer.data && account.data ? { dealer: dealer.data, account: account.data } : undefined,
    isPending: dealer.isPending || account.isPending,
    isError: dealer.isError || account.isError,
    refetch: () => Promise.all([dealer.refetch(), account.refetch()]),
  };
  return (
    <SettingsPage section="quotes">
      <QueryView query={both}>
        {({ dealer: settings, account: { country } }) => (
          <Stack gap="lg">
            <QuotePricingForm settings={settings} withTaxRate={country.labor_tax_control === 1} />
            <SettingsSectionCard title={t('settings.overrides.title')}>
              <MarkupOverrideEditor />
            </SettingsSectionCard>
            <CompanyLogo settings={settings} />
          </Stack>
        )}
      </QueryView>
    </SettingsPage>
  );
}

function QuotePricingForm({ settings, withTaxRate }: { settings: DealerSettings; withTaxRate: boolean }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  const schema = useMemo(() => quoteSettingsSchema(t, withTaxRate), [t, i18n.language, withTaxRate]);
  const form = useAppForm(schema, quoteSettingsValues(settings));
  const save = useSaveDealerSettings();
  const onSubmit = async (values: Parameters<typeof quoteSettingsRequest>[0]) => {
    try {
      form.reset(quoteSettingsValues(await save.mutateAsync(quoteSettingsRequest(values, withTaxRate))));
      notifySuccess(t('settings.saved'), t('settings.savedMessage'));
    } catch (error) {
      showSaveError(error, form);
    }
  };
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label={t('settings.quotes.pricing')}>
      <Stack gap="lg">
        <SettingsSectionCard title={t('settings.quotes.pricing')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberField
              name="depositPercentage"
              label={t('settings.quotes.deposit')}
              min={0}
              max={100}
              decimalScale={2}
              suffix="%"
            />
            {withTaxRate && (
              <NumberField
                name="taxRatePercentage"
                label={t('settings.quotes.taxRate')}
                min={0}
                max={100}
                decimalScale={2}
                suffix="%"
              />
            )}
          </SimpleGrid>
          <RadioGroupField
            name="quotePricingTaxMode"
            label={t('settings.quotes.taxMode')}
            options={[
              { value: 'INCLUSIVE', label: t('settings.quotes.taxInclusive') },
              { value: 'EXCLUSIVE', label: t('settings.quotes.taxExclusive') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <AdjustmentFields
              typeName="accountAdjustmentType"
              valueName="accountAdjustmentValue"
              typeLabel={t('settings.quotes.adjustmentType')}
              valueLabel={t('settings.quotes.adjustmentValue')}
            />
          </SimpleGrid>
        </SettingsSectionCard>
        <SettingsSectionCard title={t('settings.quotes.texts')}>
          <TextareaField
            name="bindingText"
            label={t('settings.quotes.bindingText')}
            description={t('settings.quotes.bindingTextHint')}
            maxLength={10000}
          />
          <TextareaField
            name="companyDetails"
            label={t('settings.quotes.companyDetails')}
            description={t('settings.quotes.companyDetailsHint')}
            maxLength={5000}
          />
        </SettingsSectionCard>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}

function CompanyLogo({ settings }: { settings: DealerSettings }) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();
  const onFile = (file: File | null) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > MAX_LOGO_BYTES) {
      notifyError(t('settings.quotes.logo'), t('settings.quotes.logoTooLarge'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t('settings.quotes.logoUploaded'), t('settings.savedMessage')),
      onError: (error) => showSaveError(error),
    });
  };
  return (
    <SettingsSectionCard title={t('settings.quotes.logo')}>
      <Group align="center" gap="lg">
        {settings.companyLogoDocumentUrl ? (
          <Image
            src={settings.companyLogoDocumentUrl}
            alt={t('settings.quotes.logoAlt')}
            h={64}
            w="auto"
            maw={240}
            fit="contain"
          />
        ) : (
          <Text c="dimmed">{t('settings.quotes.noLogo')}</Text>
        )}
        <Stack gap={4}>
          <FileButton onChange={onFile} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {settings.companyLogoDocumentUrl
                  ? t('settings.quotes.replaceLogo')
                  : t('settings.quotes.uploadLogo')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('settings.quotes.logoHint')}
          </Text>
        </Stack>
      </Group>
    </SettingsSectionCard>
  );
}
