import '../strings';
import { Button, Group, Stack } from '@mantine/core';
import type { MainCompany } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressField } from '../../../components/form/address-field';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { useAppForm } from '../../../components/form/use-app-form';
import { StatusAlert } from '../../../components/ui/status-alert';
import { notifySuccess } from '../../../lib/notify';
import { accountSettingsQueryOptions, useSaveMainCompany } from '../api/account-settings';
import { emailListProblem } from '../components/email-list';
import { EmailListField } from '../components/email-list-field';
import { showSaveError } from '../components/save-errors';
import { QueryView, SettingsPage } from '../components/settings-page';

/** The company form; messages are the §5 Company texts, translated. */
function companySchema(t: TFunction) {
  const list = (label: string, required: boolean) =>
    z.string().superRefine((value, ctx) => {
      const problem = emailListProblem(value, required);
      if (!problem) return;
      ctx.addIssue({
        code: 'custom',
        message:
          problem === 'required'
            ? t('form.labelRequired', { label })
            : problem === 'invalid'
              ? t('settings.general.invalidAddress')
              : t('settings.general.duplicateAddress'),
      });
    });
  const companyName = t('settings.general.companyName');
  return z.object({
    company_name: z
      .string()
      .trim()
      .min(1, t('form.labelRequired', { label: companyName })),
    email: list(t('settings.general.email'), true),
    account_email: list(t('settings.general.accountEmail'), false),
    order_confirmation_email: list(t('settings.general.orderConfirmationEmail'), false),
    phone: z.string().trim(),
    address: z.string().trim(),
  });
}

export type CompanyForm = z.input<ReturnType<typeof companySchema>>;

const companyFormValues = (c: MainCompany): CompanyForm => ({
  company_name: c.name,
  email: c.email,
  account_email: c.account_email,
  order_confirmation_email: c.order_confirmation_email,
  phone: c.phone,
  address: c.address ?? '',
});

export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(accountSettingsQueryOptions);
  return (
    <SettingsPage section="general" intro={t('settings.general.intro')}>
      <QueryView query={query}>{(data) => <CompanyDetailsForm company={data.main_company} />}</QueryView>
    </SettingsPage>
  );
}

function CompanyDetailsForm({ company }: { company: MainCompany }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  const schema = useMemo(() => companySchema(t), [t, i18n.language]);
  const form = useAppForm(schema, companyFormValues(company));
  const save = useSaveMainCompany();
  const addressMissing = !company.address?.trim();
  const onSubmit = async (values: z.output<typeof schema>) => {
    try {
      const { main_company } = await save.mutateAsync({
        company_name: values.company_name,
        email: values.email,
        account_email: values.account_email,
        order_confirmation_email: values.order_confirmation_email,
        phone: values.phone,
        address: values.address || null,
      });
      form.reset(companyFormValues(main_company));
      notifySuccess(t('settings.saved'), t('settings.savedMessage'));
    } catch (error) {
      showSaveError(error, form);
    }
  };
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label={t('pages.settingsGeneral')}>
      <Stack gap="md">
        {addressMissing && (
          <StatusAlert kind="warning" title={t('settings.general.addressMissing')}>
            {t('settings.general.addressHint')}
          </StatusAlert>
        )}
        <TextField name="company_name" label={t('settings.general.companyName')} required maxLength={200} />
        <EmailListField name="email" label={t('settings.general.email')} required />
        <EmailListField name="account_email" label={t('settings.general.accountEmail')} />
        <EmailListField
          name="order_confirmation_email"
          label={t('settings.general.orderConfirmationEmail')}
        />
        <TextField
          name="phone"
          label={t('settings.general.phone')}
          type="tel"
          maxLength={50}
          autoComplete="tel"
        />
        <AddressField name="address" label={t('settings.general.address')} maxLength={500} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}
