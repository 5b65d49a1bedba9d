import {
  copyOrderWindow,
  deleteOrderLine,
  deleteOrderWindow,
  listOrderWindows,
  recalculateOrder,
  updateOrderWindow,
} from '@slat/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { notifyError } from '../../../lib/notify';
import type { OrderView } from '../order-view';

export const orderLineKeys = {
  all: ['order-lines'] as const,
  /** An order's windows (empty ones included), addressed by its order id. */
  windows: (orderId: number) => ['order-lines', orderId, 'windows'] as const,
};

/** The windows of an order, empty ones included (the lines come with the owner's order). */
export const orderWindowsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderLineKeys.windows(orderId),
    queryFn: ({ signal }) => callApi(listOrderWindows, { params: { orderId } }, { signal }),
    meta: { errorHandling: 'local' },
  });

/** 409: the order is read-only (the owner's words); 404 not found; others the generic toast. */
export function notifyOrderLinesError(error: unknown, view: Pick<OrderView, 'readOnlyMessage'>): void {
  if (error instanceof ApiError && error.status === 409)
    notifyError(i18n.t('orderLines.readOnlyTitle'), translateMessage(view.readOnlyMessage));
  else if (error instanceof ApiError && error.status === 404)
    notifyError(i18n.t('errors.genericTitle'), i18n.t('orderLines.notFound'));
  else notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
}

/** A change to the lines: the owner's order (and lists) and the windows. */
export function refreshOrderLines(queryClient: QueryClient, view: OrderView): Promise<unknown> {
  return Promise.all([
    view.refresh(queryClient),
    queryClient.invalidateQueries({ queryKey: orderLineKeys.windows(view.orderId) }),
  ]);
}

/** The line list's actions: duplicate, rename or delete a window; remove a product. */
export function useWindowActions(view: OrderView) {
  const queryClient = useQueryClient();
  const { orderId } = view;
  const refresh = () => refreshOrderLines(queryClient, view);
  const onError = (error: unknown) => notifyOrderLinesError(error, view);
  const duplicate = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (windowId: number) =>
      callApi(copyOrderWindow, { params: { orderId }, body: { order_window_id: windowId, type: view.kind } }),
    onError,
    onSettled: refresh,
  });
  const rename = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ windowId, name }: { windowId: number; name: string }) =>
      callApi(updateOrderWindow, { params: { orderId, windowId }, body: { name } }),
    onSettled: refresh,
  });
  const removeWindow = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (windowId: number) =>
      callApi(deleteOrderWindow, { params: { orderId, windowId }, body: { _method: 'DELETE' } }),
    onError,
    onSettled: refresh,
  });
  const removeLine = useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ windowId, lineId }: { windowId: number; lineId: number }) =>
      callApi(deleteOrderLine, { params: { orderId, windowId, id: lineId }, body: { _method: 'DELETE' } }),
    onError,
    onSettled: refresh,
  });
  return { duplicate, rename, removeWindow, removeLine };
}

/**
 * 'Update now': every line repriced with its supplier's latest catalog, then the order reloaded
 * (`also`: what else the owner keeps stale, e.g. a quote's update details).
 */
export function useUpdateNow(view: OrderView, also?: (queryClient: QueryClient) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: () =>
      callApi(recalculateOrder, {
        params: { orderId: view.orderId },
        body: { order_id: view.orderId, type: view.kind },
      }),
    onSuccess: () => Promise.all([refreshOrderLines(queryClient, view), also?.(queryClient)]),
  });
}
