import '../strings';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function SupplierOrderPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.supplierOrder')} />;
}
