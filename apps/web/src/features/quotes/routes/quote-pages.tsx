import '../strings';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { QuoteModal } from '../components/quote-modal';

const quoteApi = getRouteApi('/signed-in/workflows/$workflowSlug/$dealId/quotes/$quoteId');

const isId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

/** §2 Quote detail: the quote modal; closing it goes back to the deal (its modal over the same filtered board). */
export function QuotePage() {
  const params = quoteApi.useParams();
  // the board's filters, kept under the deal and the quote
  const search = quoteApi.useSearch();
  const navigate = useNavigate();
  const { workflowSlug, dealId } = params;
  const close = useCallback(
    () => void navigate({ to: '/workflows/$workflowSlug/$dealId', params: { workflowSlug, dealId }, search }),
    [navigate, workflowSlug, dealId, search],
  );
  if (!isId(params.quoteId))
    return <Navigate to="/workflows/$workflowSlug/$dealId" params={{ workflowSlug, dealId }} replace />;
  return <QuoteModal params={params} onClose={close} />;
}
