import {
  archivePurchaseOrders,
  clonePurchaseOrder,
  getPurchaseOrder,
  type PurchaseOrder,
  purchaseOrderPdf,
  reopenPurchaseOrder,
  unarchivePurchaseOrders,
  updatePurchaseOrderDetails,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { reopenedAtOnce } from '../components/detail/detail-logic';
import { legacyPdfUrl } from './review';

/**
 * The order detail's calls (§7 Purchase orders). Every key starts with 'purchase-orders', so a
 * change to one order refreshes the lists and the dashboard too.
 */
export const orderKeys = {
  all: ['purchase-orders'] as const,
  detail: (orderId: number) => ['purchase-orders', 'detail', orderId] as const,
};

/** GET /purchaseorder/{id}: the order with its lines, supplier, revisions and pending updates. */
export const purchaseOrderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => callApi(getPurchaseOrder, { params: { id: orderId } }, { signal }),
    meta: { errorHandling: 'local' },
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

export type OrderDetailsBody = z.input<(typeof updatePurchaseOrderDetails)['body']>;

/** POST /old/quotes/{id}/update-details: the answer is the order as saved. */
export function useUpdateOrderDetails(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: OrderDetailsBody) =>
      callApi(updatePurchaseOrderDetails, { params: { id: orderId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(orderKeys.detail(orderId), saved);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** POST /old/quotes/{id}/clone: a new open order with copies of every window. */
export function useCloneOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => callApi(clonePurchaseOrder, { params: { id: orderId }, body: { type: 'order' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Archive (true) or unarchive (false) one order; the caller asks first. */
export function useArchiveOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (archive: boolean) =>
      callApi(archive ? archivePurchaseOrders : unarchivePurchaseOrders, { body: { ids: [orderId] } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * POST /purchaseorder/{id}/reopen (§4): the order shows Open at once; if the call fails the
 * order as it was comes back. The answer is the new open revision.
 */
export function useReopenOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () => callApi(reopenPurchaseOrder, { params: { id: orderId } }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: orderKeys.detail(orderId) });
      const before = queryClient.getQueryData<PurchaseOrder>(orderKeys.detail(orderId));
      if (before) queryClient.setQueryData(orderKeys.detail(orderId), reopenedAtOnce(before));
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(orderKeys.detail(orderId), context.before);
    },
    onSuccess: (revision) => {
      queryClient.setQueryData(orderKeys.detail(revision.id), revision);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/**
 * View PDF of a submitted order: the PDF as submitted, else POST /purchaseorder/{id}/pdf with the
 * order's own values; §8 a 501 falls back to the legacy generator (empty fields dropped).
 */
export async function submittedOrderPdfUrl(order: PurchaseOrder): Promise<string> {
  if (order.context.orderDocument) return order.context.orderDocument.url;
  const shipping = {
    requiredDate: order.requiredDate ?? '',
    shippingMethodId: order.shippingMethodId,
    shippingAddress: order.shippingAddress,
    shippingInstructions: order.shippingInstructions,
  };
  try {
    const { url } = await callApi(purchaseOrderPdf, {
      params: { id: order.id },
      body: {
        requiredDate: shipping.requiredDate || null,
        shippingMethodId: shipping.shippingMethodId,
        shippingAddress: shipping.shippingAddress.trim() || null,
        shippingInstructions: shipping.shippingInstructions.trim() || null,
      },
    });
    return url;
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return legacyPdfUrl(order, shipping);
    throw error;
  }
}
