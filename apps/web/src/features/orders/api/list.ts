import {
  createPurchaseOrder,
  listOrderSuppliers,
  listPurchaseOrders,
  listSalesReps,
  purchaseOrderDashboard,
} from '@slat/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api/client';

type ListBody = z.input<(typeof listPurchaseOrders)['body']>;
export type OrderListFilters = NonNullable<ListBody['filters']>;
export type CreateOrderBody = z.input<(typeof createPurchaseOrder)['body']>;

/** Every purchase-order query starts with 'purchase-orders': a change to an order refreshes them all. */
export const purchaseOrderListKeys = {
  all: ['purchase-orders'] as const,
  list: (filters: OrderListFilters, limit: number, offset: number) =>
    ['purchase-orders', 'list', filters, limit, offset] as const,
  suppliers: ['purchase-orders', 'suppliers'] as const,
  dashboard: ['purchase-orders', 'dashboard'] as const,
  salesReps: ['sales-reps'] as const,
};

/** One page of POST /purchaseorder (newest first) and the total; the previous page stays while the next loads. */
export const purchaseOrderListQueryOptions = (filters: OrderListFilters, limit: number, offset: number) =>
  queryOptions({
    queryKey: purchaseOrderListKeys.list(filters, limit, offset),
    queryFn: ({ signal }) =>
      callApi(listPurchaseOrders, { body: { filters, pagination: { limit, offset } } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The account's suppliers and the multi-supplier permission (the filter, the column and the choice). */
export const orderSuppliersQueryOptions = queryOptions({
  queryKey: purchaseOrderListKeys.suppliers,
  queryFn: ({ signal }) => callApi(listOrderSuppliers, {}, { signal }),
  staleTime: 60_000,
});

/** The names an order may give as its sales rep (GET /quotes/sales-reps). */
export const salesRepsQueryOptions = queryOptions({
  queryKey: purchaseOrderListKeys.salesReps,
  queryFn: ({ signal }) => callApi(listSalesReps, {}, { signal }),
  staleTime: 60_000,
});

/** The dashboard's Orders section: the past 30 days' counts and orders per day. */
export const purchaseOrderDashboardQueryOptions = queryOptions({
  queryKey: purchaseOrderListKeys.dashboard,
  queryFn: ({ signal }) => callApi(purchaseOrderDashboard, {}, { signal }),
});

/** POST /old/quotes: a new open purchase order; the lists and the dashboard then refresh. */
export function useCreatePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: CreateOrderBody) => callApi(createPurchaseOrder, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: purchaseOrderListKeys.all }),
  });
}
