import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function PersonnelPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.personnel')} />;
}

export function PersonPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.person')} />;
}
