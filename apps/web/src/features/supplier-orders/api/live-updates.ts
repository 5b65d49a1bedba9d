import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '../../../lib/api/client';
import { PURCHASE_ORDERS_KEY, supplierOrderKeys } from './supplier-orders';

const BATCH_MS = 100;

export type SupplierOrderEvent = { orderId: number; supplierOrderId: number };

/** The event's order, or null when it is not one (a malformed event refreshes everything watched). */
export function parseSupplierOrderEvent(data: string): SupplierOrderEvent | null {
  try {
    const value = JSON.parse(data) as Partial<SupplierOrderEvent>;
    return typeof value.orderId === 'number' && typeof value.supplierOrderId === 'number'
      ? { orderId: value.orderId, supplierOrderId: value.supplierOrderId }
      : null;
  } catch {
    return null;
  }
}

/**
 * A supplier's answer (its API, its page, another tab) arrives over GET /api/orders/stream: the
 * supplier orders and the purchase orders (panels, modal, history, lists, dashboard) refetch.
 * `orderId` listens for that order only; without it every change counts (the dashboard). The
 * browser reconnects by itself.
 */
export function useSupplierOrderStream(orderId?: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (orderId === 0 || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/orders/stream`, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: supplierOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: PURCHASE_ORDERS_KEY });
    };
    source.addEventListener('supplier-order', (event) => {
      const change = parseSupplierOrderEvent((event as MessageEvent<string>).data);
      if (orderId !== undefined && change && change.orderId !== orderId) return;
      // a burst of changes (a status, then the ETA) refetches once
      timer ??= setTimeout(flush, BATCH_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [orderId, queryClient]);
}
