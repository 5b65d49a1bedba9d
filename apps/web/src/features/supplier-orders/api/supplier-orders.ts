import {
  getSupplierOrderLink,
  listOfflineSupplierOrderHistory,
  listOfflineSupplierOrders,
  listSupplierOrders,
  listTrackers,
  type OfflineSupplierOrder,
  renewSupplierOrderLink,
  revokeSupplierOrderLink,
  SUPPLIER_ORDER_HISTORY_PAGE_SIZE,
  upsertOfflineSupplierOrder,
} from '@slat/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

/**
 * The supplier orders' calls (§7 Supplier orders). Every key starts with 'supplier-orders', so a
 * live change refreshes the panels, the modal and its history at once.
 */
export const supplierOrderKeys = {
  all: ['supplier-orders'] as const,
  online: (orderId: number) => ['supplier-orders', 'online', orderId] as const,
  offline: (orderId: number) => ['supplier-orders', 'offline', orderId] as const,
  history: (supplierOrderId: number, page: number) =>
    ['supplier-orders', 'history', supplierOrderId, page] as const,
  offlineHistory: (orderId: number, supplierOrderId: number, page: number) =>
    ['supplier-orders', 'offline-history', orderId, supplierOrderId, page] as const,
  link: (orderId: number, supplierOrderId: number) =>
    ['supplier-orders', 'link', orderId, supplierOrderId] as const,
};

/** The purchase orders' keys all start so (features/orders): the order, the lists, the dashboard. */
export const PURCHASE_ORDERS_KEY = ['purchase-orders'] as const;

// a refusal (404, 400) is an answer: asking again cannot change it
const retry = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

/** GET /purchaseorder/{id}/manufacturerorders: the order's online supplier orders with lines. */
export const supplierOrdersQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: supplierOrderKeys.online(orderId),
    queryFn: ({ signal }) => callApi(listSupplierOrders, { params: { id: orderId } }, { signal }),
    meta: { errorHandling: 'local' },
    retry,
  });

/** GET /purchaseorder/{id}/offline-manufacturer-orders: the orders entered by hand. */
export const offlineSupplierOrdersQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: supplierOrderKeys.offline(orderId),
    queryFn: ({ signal }) => callApi(listOfflineSupplierOrders, { params: { id: orderId } }, { signal }),
    meta: { errorHandling: 'local' },
    retry,
  });

/** GET /old/trackers: an online supplier order's history, newest first, 40 a page (§9). */
export const supplierOrderHistoryQueryOptions = (supplierOrderId: number, page: number) =>
  queryOptions({
    queryKey: supplierOrderKeys.history(supplierOrderId, page),
    queryFn: ({ signal }) =>
      callApi(
        listTrackers,
        {
          query: {
            model: 'ManufacturerOrder',
            id: String(supplierOrderId),
            offset: (page - 1) * SUPPLIER_ORDER_HISTORY_PAGE_SIZE,
            limit: SUPPLIER_ORDER_HISTORY_PAGE_SIZE,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'local' },
    retry,
  });

/** GET …/offline-manufacturer-orders/{mid}/history: the manual order's history, 40 a page. */
export const offlineHistoryQueryOptions = (orderId: number, supplierOrderId: number, page: number) =>
  queryOptions({
    queryKey: supplierOrderKeys.offlineHistory(orderId, supplierOrderId, page),
    queryFn: ({ signal }) =>
      callApi(
        listOfflineSupplierOrderHistory,
        { params: { id: orderId, mid: supplierOrderId }, query: { page } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'local' },
    retry,
  });

/** GET …/manufacturerorders/{mid}/link: the supplier's page link. */
export const supplierOrderLinkQueryOptions = (orderId: number, supplierOrderId: number) =>
  queryOptions({
    queryKey: supplierOrderKeys.link(orderId, supplierOrderId),
    queryFn: ({ signal }) =>
      callApi(getSupplierOrderLink, { params: { id: orderId, mid: supplierOrderId } }, { signal }),
    meta: { errorHandling: 'local' },
    retry,
  });

/** Revoke (the old address stops answering) or renew (a new address, the old one revoked). */
export function useSupplierOrderLinkAction(orderId: number, supplierOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (action: 'revoke' | 'renew') =>
      callApi(action === 'revoke' ? revokeSupplierOrderLink : renewSupplierOrderLink, {
        params: { id: orderId, mid: supplierOrderId },
        body: {},
      }),
    onSuccess: (link) => queryClient.setQueryData(supplierOrderKeys.link(orderId, supplierOrderId), link),
  });
}

export type OfflineSupplierOrderBody = z.input<(typeof upsertOfflineSupplierOrder)['body']>;

/**
 * POST …/offline-manufacturer-orders/upsert: the answer is the order as saved; the history and
 * the order (its panels, list and dashboard) refetch.
 */
export function useUpsertOfflineSupplierOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: OfflineSupplierOrderBody) =>
      callApi(upsertOfflineSupplierOrder, { params: { id: orderId }, body }),
    onSuccess: (saved: OfflineSupplierOrder) => {
      queryClient.setQueryData<OfflineSupplierOrder[]>(supplierOrderKeys.offline(orderId), (list) =>
        list ? list.map((o) => (o.id === saved.id ? saved : o)) : list,
      );
      void queryClient.invalidateQueries({ queryKey: supplierOrderKeys.all });
      return queryClient.invalidateQueries({ queryKey: PURCHASE_ORDERS_KEY });
    },
  });
}
