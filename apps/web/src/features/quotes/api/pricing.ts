import {
  applyOverrideTotal,
  type DealQuote,
  pricingMessages,
  type QuotePricing,
  quoteMessages,
  updateQuotePricing,
} from '@slat/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { dealKeys } from '../../deals';
import { quoteKeys } from './quotes';

/** PUT /deal-quotes/{id}/pricing's body without lastUpdatedAt (added from the quote at call time). */
export type PricingChange = Omit<z.input<typeof updateQuotePricing.body>, 'lastUpdatedAt'>;
/** apply-override-total's body without lastUpdatedAt. */
export type OverrideChange = Omit<z.input<typeof applyOverrideTotal.body>, 'lastUpdatedAt'>;

type PricingAnswer = { lastUpdatedAt: string; pricing: QuotePricing };

/**
 * What a 409 on a pricing write means: `stale` (someone changed the quote since it was loaded:
 * reload, nothing typed is lost) or `readOnly` (accepted or archived meanwhile); null otherwise.
 */
export function pricingConflict(error: unknown): 'stale' | 'readOnly' | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return error.message === quoteMessages.readOnly || error.message === pricingMessages.alreadyAccepted
    ? 'readOnly'
    : 'stale';
}

/** The quote as the app knows it now (after any write or reload), else the one given. */
function latestQuote(queryClient: QueryClient, quote: DealQuote): DealQuote {
  return queryClient.getQueryData<DealQuote>(quoteKeys.detail(quote.id)) ?? quote;
}

/**
 * A write's answer goes into the cached quote at once (so the next write carries the new
 * lastUpdatedAt), then the quote, its deal's quote lists and the deal's board (quote totals)
 * are refreshed.
 */
function applyAnswer(queryClient: QueryClient, quote: DealQuote, answer: PricingAnswer) {
  queryClient.setQueryData<DealQuote>(quoteKeys.detail(quote.id), (old) =>
    old
      ? { ...old, lastUpdatedAt: answer.lastUpdatedAt, context: { ...old.context, pricing: answer.pricing } }
      : old,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quote.id) }),
    queryClient.invalidateQueries({ queryKey: quoteKeys.dealLists(quote.dealId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.detail(quote.dealId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.board(quote.context.workflow.id) }),
  ]);
}

/**
 * PUT /deal-quotes/{id}/pricing. The change is built from the latest quote when the call is made
 * (an adjustment list is the current one with one change), with that quote's lastUpdatedAt: a
 * stale one answers 409 and the caller keeps what was typed (pricingConflict).
 */
export function useUpdatePricing(quote: DealQuote) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (change: (latest: DealQuote) => PricingChange) => {
      const latest = latestQuote(queryClient, quote);
      return callApi(updateQuotePricing, {
        params: { id: quote.id },
        body: { ...change(latest), lastUpdatedAt: latest.lastUpdatedAt },
      });
    },
    onSuccess: (answer) => applyAnswer(queryClient, quote, answer),
  });
}

/** POST /old/quotes/{externalId}/manage-prices/apply-override-total (override_total null removes it). */
export function useApplyOverrideTotal(quote: DealQuote) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (change: OverrideChange) => {
      const latest = latestQuote(queryClient, quote);
      return callApi(applyOverrideTotal, {
        params: { externalId: quote.externalId },
        body: { ...change, lastUpdatedAt: latest.lastUpdatedAt },
      });
    },
    onSuccess: (answer) => applyAnswer(queryClient, quote, answer.data),
  });
}

/** Reload: the quote as it is now (after a stale answer); what is typed in an open modal stays. */
export function useReloadQuote(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () =>
      queryClient.refetchQueries({ queryKey: quoteKeys.detail(quoteId) }, { throwOnError: true }),
  });
}
