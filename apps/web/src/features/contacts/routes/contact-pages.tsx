import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function ContactsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.contacts')} />;
}

export function ContactPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.contact')} />;
}

export function ContactDealPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.deal')} />;
}
