import '../strings';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

const quoteApi = getRouteApi('/signed-in/workflows/$workflowSlug/$dealId/quotes/$quoteId');

export function QuotePage() {
  const { t } = useTranslation();
  const { quoteId } = quoteApi.useParams();
  return <PlaceholderPage title={`${t('pages.quote')} ${quoteId}`} />;
}

export function QuoteProductPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.quoteProduct')} />;
}
