import {
  acceptDealQuote,
  convertDealQuote,
  type DealQuote,
  getQuoteInstallPdf,
  getQuoteMeasurePdf,
  getQuotePdf,
  getQuotePendingUpdates,
  listLinkedManufacturers,
  reviseDealQuote,
} from '@slat/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { dealKeys } from '../../deals';
import { orderLineKeys } from '../../order-lines';
import { quoteKeys } from './quotes';

/**
 * The calls from the quote modal: accept (with a signature), revise, the three PDFs and
 * supplier price changes (the pending updates and 'Update now', a recalculation of every line).
 */

export const acceptKeys = {
  pdf: (quoteId: number, kind: PdfKind) => ['quotes', 'detail', quoteId, 'pdf', kind] as const,
  pendingUpdates: (quoteId: number) => ['quotes', 'detail', quoteId, 'pending-updates'] as const,
  suppliers: ['quotes', 'suppliers'] as const,
};

/** A quote changed state (accepted, revised, repriced): the quote, its deal's lists and board. */
export function refreshAfterQuoteChange(queryClient: QueryClient, quote: DealQuote): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quote.id) }),
    queryClient.invalidateQueries({ queryKey: quoteKeys.dealLists(quote.dealId) }),
    queryClient.invalidateQueries({ queryKey: orderLineKeys.windows(quote.externalId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.detail(quote.dealId) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.board(quote.context.workflow.id) }),
    queryClient.invalidateQueries({ queryKey: dealKeys.dashboard }),
  ]);
}

export type AcceptInput = {
  signature: string | null;
  acceptWithoutSignature: boolean;
  /** Who signs; required with a signature. */
  signerName: string;
};

/** POST /deal-quotes/{id}/accept; the modal shows a refusal (400, 409) itself. */
export function useAcceptQuote(quote: DealQuote) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: AcceptInput) =>
      callApi(acceptDealQuote, {
        params: { id: quote.id },
        body: {
          ...(input.acceptWithoutSignature
            ? { signature: null, acceptWithoutSignature: true }
            : { signature: input.signature, acceptWithoutSignature: false }),
          signerName: input.signerName.trim() || null,
        },
      }),
    onSuccess: () => refreshAfterQuoteChange(queryClient, quote),
  });
}

/** POST /deal-quotes/{id}/revise: a new DRAFT revision of an accepted quote (its id). */
export function useReviseQuote(quote: DealQuote) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => callApi(reviseDealQuote, { params: { id: quote.id } }),
    onSuccess: () => refreshAfterQuoteChange(queryClient, quote),
  });
}

export const PDF_KINDS = ['quote', 'measure', 'install'] as const;
export type PdfKind = (typeof PDF_KINDS)[number];
const pdfEndpoints = {
  quote: getQuotePdf,
  measure: getQuoteMeasurePdf,
  install: getQuoteInstallPdf,
} as const;

/** 501: the company has no template for this PDF (§8 'Template Not Configured'). */
export const isTemplateNotConfigured = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 501;

/**
 * GET /deal-quotes/{id}/pdf, /measure-pdf or /install-pdf: the PDF's url. Never kept: the PDF
 * follows the quote (a later change makes a new one), and a 501 or 4xx is not retried.
 */
export const quotePdfQueryOptions = (quoteId: number, kind: PdfKind) =>
  queryOptions({
    queryKey: acceptKeys.pdf(quoteId, kind),
    queryFn: ({ signal }) => callApi(pdfEndpoints[kind], { params: { id: quoteId } }, { signal }),
    meta: { errorHandling: 'local' },
    staleTime: 0,
    gcTime: 0,
    retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
  });

/** GET /deal-quotes/{id}/pending-updates: the order update details. */
export const pendingUpdatesQueryOptions = (quoteId: number) =>
  queryOptions({
    queryKey: acceptKeys.pendingUpdates(quoteId),
    queryFn: ({ signal }) => callApi(getQuotePendingUpdates, { params: { id: quoteId } }, { signal }),
    meta: { errorHandling: 'local' },
    staleTime: 0,
  });

/** The suppliers the dealer is linked to (names for the Ready to Order list). */
export const linkedSuppliersQueryOptions = queryOptions({
  queryKey: acceptKeys.suppliers,
  queryFn: ({ signal }) => callApi(listLinkedManufacturers, {}, { signal }),
  meta: { errorHandling: 'local' },
  staleTime: 300_000,
});

/**
 * POST /deal-quotes/convert (§7): the accepted quote's lines of one supplier as an open purchase
 * order. The server answers the same order however often it is asked; the button also waits.
 */
export function useConvertQuote(quote: DealQuote) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (manufacturerId: number) =>
      callApi(convertDealQuote, { body: { quoteId: quote.id, manufacturerId } }),
    onSuccess: () =>
      Promise.all([
        refreshAfterQuoteChange(queryClient, quote),
        // the orders list and dashboard count the new order
        queryClient.invalidateQueries({ queryKey: ['purchase-orders'] }),
      ]),
  });
}
