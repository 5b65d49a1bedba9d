import {
  estimatePurchaseOrderFreight,
  legacyPurchaseOrderPdf,
  type PurchaseOrder,
  purchaseOrderPdf,
  submitPurchaseOrder,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_BASE, callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

/**
 * The calls of the Review order modal (§7 Purchase orders): the freight estimate for a shipping
 * method, the PDF preview (with its legacy fallback on 501) and the submission.
 */

// Not under the order's own keys: a change to the order (a submission) must not make the open
// review ask for its PDF again.
export const reviewKeys = {
  freight: (orderId: number, manufacturerId: number, shippingMethodId: number) =>
    ['purchase-order-review', orderId, 'freight', manufacturerId, shippingMethodId] as const,
  pdf: (orderId: number, shipping: PdfShipping) =>
    ['purchase-order-review', orderId, 'pdf', shipping] as const,
};

/** No answer, or 503: the PDF process was busy ('try again in a moment'); a 4xx or 501 is final. */
const isTransient = (error: unknown): boolean => !(error instanceof ApiError) || error.status === 503;

/** What the PDF preview is made with: the review form as it stands. */
export type PdfShipping = {
  requiredDate: string;
  shippingMethodId: number | null;
  shippingAddress: string;
  shippingInstructions: string;
};

/**
 * POST /order/{orderId}/manufacturer/{manufacturerId}/freight: the estimate for a method. Kept a
 * minute per method (flipping methods back and forth asks once); a 4xx is not retried.
 */
export const freightEstimateQueryOptions = (
  orderId: number,
  manufacturerId: number,
  shippingMethodId: number,
) =>
  queryOptions({
    queryKey: reviewKeys.freight(orderId, manufacturerId, shippingMethodId),
    queryFn: ({ signal }) =>
      callApi(
        estimatePurchaseOrderFreight,
        { params: { orderId, manufacturerId }, body: { shippingMethodId } },
        { signal },
      ),
    meta: { errorHandling: 'local' },
    staleTime: 60_000,
    retry: (failures, error) => failures < 2 && isTransient(error),
  });

/** §7: the legacy generator's address, with the empty shipping fields dropped. */
export function legacyPdfUrl(
  order: Pick<PurchaseOrder, 'id' | 'manufacturerId'>,
  shipping: PdfShipping,
): string {
  const query: Record<string, string> = {
    type: 'purchase_order',
    manufacturer_id: String(order.manufacturerId),
    order_id: String(order.id),
    required_date: shipping.requiredDate,
    shipping_method_id: shipping.shippingMethodId === null ? '' : String(shipping.shippingMethodId),
    shipping_address: shipping.shippingAddress.trim(),
    shipping_instructions: shipping.shippingInstructions.trim(),
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  return `${API_BASE}${legacyPurchaseOrderPdf.path}?${search.toString()}`;
}

export type ReviewPdf = { url: string; legacy: boolean };

/**
 * POST /purchaseorder/{id}/pdf with the review's values → its url; §8: a 501 (no template) falls
 * back to the legacy generator. Made again whenever the values change, never kept.
 */
export const reviewPdfQueryOptions = (order: PurchaseOrder, shipping: PdfShipping) =>
  queryOptions({
    queryKey: reviewKeys.pdf(order.id, shipping),
    queryFn: async ({ signal }): Promise<ReviewPdf> => {
      try {
        const { url } = await callApi(
          purchaseOrderPdf,
          {
            params: { id: order.id },
            body: {
              requiredDate: shipping.requiredDate,
              shippingMethodId: shipping.shippingMethodId,
              shippingAddress: shipping.shippingAddress.trim() || null,
              shippingInstructions: shipping.shippingInstructions.trim() || null,
            },
          },
          { signal },
        );
        return { url, legacy: false };
      } catch (error) {
        if (error instanceof ApiError && error.status === 501)
          return { url: legacyPdfUrl(order, shipping), legacy: true };
        throw error;
      }
    },
    meta: { errorHandling: 'local' },
    staleTime: 0,
    gcTime: 0,
    retry: (failures, error) => failures < 2 && isTransient(error),
  });

export type SubmitOrderBody = z.input<typeof submitPurchaseOrder.body>;

/**
 * POST /old/quotes/{id}/convert: submits the order (or, for a manual supplier, records the
 * supplier order entered by hand). The modal shows a refusal (400 on its fields, 409) itself.
 */
export function useSubmitOrder(order: PurchaseOrder) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: SubmitOrderBody) => callApi(submitPurchaseOrder, { params: { id: order.id }, body }),
    onSuccess: (submitted) => {
      // the order's own keys (api/order.ts, which imports this file) all start so: the page,
      // the lists and the dashboard refresh, and the submission does not wait for them
      queryClient.setQueryData(['purchase-orders', 'detail', order.id], submitted);
      void queryClient.invalidateQueries({ queryKey: ['purchase-orders'] });
    },
  });
}
