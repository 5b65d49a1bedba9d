import '../strings';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /orders/{orderId}: a placeholder until the order detail page lands. */
export function OrderPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.order')} />;
}
