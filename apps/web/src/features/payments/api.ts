import {
  archiveDealPayment,
  type CreateDealPaymentBody,
  cancelDealPayment,
  createDealPayment,
  type DealPayment,
  emailPaymentLink,
  getCustomerLink,
  listDealPayments,
  sendQuoteToCustomer,
  type UpdateDealPaymentBody,
  unarchiveDealPayment,
  updateDealPayment,
} from '@slat/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { dealKeys } from '../deals';

export const paymentKeys = {
  deal: (dealId: number) => ['payments', 'deal', dealId] as const,
  list: (dealId: number, archived: boolean) => ['payments', 'deal', dealId, archived] as const,
  customerLink: (quoteId: number) => ['payments', 'customer-link', quoteId] as const,
};

/** The deal's payments (archived ones too with `archived`) and its received, requested and balance. */
export const dealPaymentsQueryOptions = (dealId: number, archived: boolean) =>
  queryOptions({
    queryKey: paymentKeys.list(dealId, archived),
    queryFn: ({ signal }) =>
      callApi(listDealPayments, { params: { dealId }, query: archived ? { archived: '1' } : {} }, { signal }),
  });

/** A payment changed: its lists and totals, and the deal (its Payment flag and alerts follow the payments). */
function refresh(queryClient: QueryClient, dealId: number) {
  void queryClient.invalidateQueries({ queryKey: paymentKeys.deal(dealId) });
  void queryClient.invalidateQueries({ queryKey: dealKeys.detail(dealId) });
  // the board's cards show the Payment flag
  void queryClient.invalidateQueries({ queryKey: ['deals', 'board'] });
  void queryClient.invalidateQueries({ queryKey: dealKeys.dashboard });
}

export type SavePaymentInput =
  | { kind: 'create'; body: CreateDealPaymentBody }
  | { kind: 'update'; paymentId: number; body: UpdateDealPaymentBody };

export function useSavePayment(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: SavePaymentInput): Promise<DealPayment> =>
      input.kind === 'create'
        ? callApi(createDealPayment, { params: { dealId }, body: input.body })
        : callApi(updateDealPayment, { params: { dealId, paymentId: input.paymentId }, body: input.body }),
    onSettled: () => refresh(queryClient, dealId),
  });
}

export type PaymentAction = 'cancel' | 'archive' | 'unarchive';

const actionEndpoints = {
  cancel: cancelDealPayment,
  archive: archiveDealPayment,
  unarchive: unarchiveDealPayment,
} as const;

export function usePaymentAction(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ action, paymentId }: { action: PaymentAction; paymentId: number }) =>
      callApi(actionEndpoints[action], { params: { dealId, paymentId } }),
    onSettled: () => refresh(queryClient, dealId),
  });
}

export function useEmailPaymentLink(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ paymentId, email }: { paymentId: number; email: string }) =>
      callApi(emailPaymentLink, { params: { dealId, paymentId }, body: { email } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.deal(dealId) }),
  });
}

/** The quote's customer link: where it goes, when it was sent and first opened. */
export const customerLinkQueryOptions = (quoteId: number) =>
  queryOptions({
    queryKey: paymentKeys.customerLink(quoteId),
    queryFn: ({ signal }) => callApi(getCustomerLink, { params: { id: quoteId } }, { signal }),
  });

export function useSendQuoteToCustomer(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: { email: string; message: string }) =>
      callApi(sendQuoteToCustomer, { params: { id: quoteId }, body }),
    onSuccess: (link) => queryClient.setQueryData(paymentKeys.customerLink(quoteId), link),
  });
}
