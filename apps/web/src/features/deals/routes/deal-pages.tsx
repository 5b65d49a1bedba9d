import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

type DealParams = { workflowSlug?: string; dealId?: string; quoteId?: string; productId?: string };

export function WorkflowPage() {
  const { t } = useTranslation();
  const { workflowSlug } = useParams({ strict: false }) as DealParams;
  return <PlaceholderPage title={`${t('pages.workflow')}: ${workflowSlug ?? ''}`} />;
}

export function DealPage() {
  const { t } = useTranslation();
  const { dealId } = useParams({ strict: false }) as DealParams;
  return <PlaceholderPage title={`${t('pages.deal')} ${dealId ?? ''}`} />;
}

export function QuotePage() {
  const { t } = useTranslation();
  const { quoteId } = useParams({ strict: false }) as DealParams;
  return <PlaceholderPage title={`${t('pages.quote')} ${quoteId ?? ''}`} />;
}

export function QuoteProductPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.quoteProduct')} />;
}
