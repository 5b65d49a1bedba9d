import '../strings';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function OrdersPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.orders')} />;
}

export function NewOrderPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.newOrder')} />;
}

export function OrderPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.order')} />;
}
