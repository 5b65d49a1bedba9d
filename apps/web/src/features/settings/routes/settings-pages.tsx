import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type SettingsSection, sectionTitleKey } from '../components/settings-sections';

function SettingsPlaceholder({ section }: { section: SettingsSection }) {
  const { t } = useTranslation();
  const title = t(sectionTitleKey[section]);
  useDocumentTitle(`${title} · ${t('pages.settings')}`);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{t('pages.comingSoon')}</Text>
    </Stack>
  );
}

export const GeneralSettingsPage = () => <SettingsPlaceholder section="general" />;
export const OrderSettingsPage = () => <SettingsPlaceholder section="orders" />;
export const QuoteSettingsPage = () => <SettingsPlaceholder section="quotes" />;
export const SupplierSettingsPage = () => <SettingsPlaceholder section="suppliers" />;
export const BundleSettingsPage = () => <SettingsPlaceholder section="bundles" />;
export const IntegrationSettingsPage = () => <SettingsPlaceholder section="integrations" />;
export const WorkflowSettingsPage = () => <SettingsPlaceholder section="workflows" />;

export function AccountLinkCallbackPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.accountLink'));
  return (
    <Title order={1} size="h2">
      {t('pages.accountLink')}
    </Title>
  );
}
