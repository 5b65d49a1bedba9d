import {
  addDealQuote,
  archiveDealQuote,
  cloneDealQuote,
  getDealQuote,
  listDealQuotes,
  quoteMessages,
  unarchiveDealQuote,
  updateDealQuote,
} from '@slat/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { notifyError } from '../../../lib/notify';
import { dealKeys } from '../../deals';

export const quoteKeys = {
  all: ['quotes'] as const,
  /** Every list of one deal's quotes (with and without the archived ones). */
  dealLists: (dealId: number) => ['quotes', 'deal', dealId] as const,
  list: (dealId: number, archived: boolean) => ['quotes', 'deal', dealId, archived] as const,
  detail: (quoteId: number) => ['quotes', 'detail', quoteId] as const,
};

/** A deal's quotes, newest first; `archived` includes the archived ones. */
export const dealQuotesQueryOptions = (dealId: number, archived: boolean) =>
  queryOptions({
    queryKey: quoteKeys.list(dealId, archived),
    queryFn: ({ signal }) =>
      callApi(
        listDealQuotes,
        { params: { dealId }, query: { archived: archived ? 'true' : 'false' } },
        { signal },
      ),
    meta: { errorHandling: 'local' },
  });

/** One quote with its lines, deal and workflow (the quote modal). */
export const dealQuoteQueryOptions = (quoteId: number) =>
  queryOptions({
    queryKey: quoteKeys.detail(quoteId),
    queryFn: ({ signal }) => callApi(getDealQuote, { params: { id: quoteId } }, { signal }),
    meta: { errorHandling: 'local' },
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

/** 409: the quote is read-only (accepted or archived, or its deal archived); others the generic toast. */
export function notifyQuoteError(error: unknown): void {
  if (error instanceof ApiError && error.status === 409)
    notifyError(i18n.t('quotes.readOnlyTitle'), translateMessage(quoteMessages.readOnly));
  else if (error instanceof ApiError && error.status === 404)
    notifyError(i18n.t('errors.genericTitle'), i18n.t('quotes.notFound'));
  else notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
}

type DealRef = { dealId: number; workflowId: number };

/**
 * A quote added, cloned, archived or unarchived: the deal's quote lists, and the deal itself —
 * its quote count and its 'Quoting with no quotes' alert — on the modal, the board and the dashboard.
 */
export function refreshDealQuotes(
  queryClient: QueryClient,
  { dealId, workflowId }: DealRef,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: quoteKeys.dealLists(dealId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.detail(dealId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.board(workflowId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.dashboard }),
  ]);
}

/** A quote's fields changed: the quote and its deal's lists. */
function refreshQuote(queryClient: QueryClient, quoteId: number, dealId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quoteId) }),
    queryClient.invalidateQueries({ queryKey: quoteKeys.dealLists(dealId) }),
  ]);
}

export type QuoteFields = { description: string; customerNotes: string };

export function useAddQuote(deal: DealRef) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: QuoteFields) => callApi(addDealQuote, { params: { dealId: deal.dealId }, body }),
    onSuccess: () => refreshDealQuotes(queryClient, deal),
  });
}

export function useUpdateQuote(quoteId: number, dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: QuoteFields) => callApi(updateDealQuote, { params: { id: quoteId }, body }),
    onSuccess: () => refreshQuote(queryClient, quoteId, dealId),
  });
}

export function useCloneQuote(quoteId: number, deal: DealRef) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (description: string) =>
      callApi(cloneDealQuote, { params: { id: quoteId }, body: { description } }),
    onSuccess: () => refreshDealQuotes(queryClient, deal),
  });
}

/** Archive (true) or unarchive (false); the caller asks first and reports a failure. */
export function useArchiveQuote(quoteId: number, deal: DealRef) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (archive: boolean) =>
      callApi(archive ? archiveDealQuote : unarchiveDealQuote, { params: { id: quoteId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quoteId) }),
        refreshDealQuotes(queryClient, deal),
      ]),
    onError: notifyQuoteError,
  });
}
