import {
  addOrderLine,
  addOrderWindows,
  type OrderLine,
  type SiteMount,
  updateOrderLine,
} from '@slat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import type { OrderView } from '../order-view';
import { refreshOrderLines } from './windows';

/**
 * A line's sizes, quantity and notes as the API takes them: sizes are numbers in `unit`, whole
 * millimetres or inches in sixteenths (every sixteenth is exact in binary, so 36.375 is 36 3/8).
 */
export type LineFields = {
  width?: number;
  height?: number;
  unit: 'mm' | 'in';
  quantity?: number;
  notes: string;
  /** How the product is fitted on site (`site_mount`); left out: unchanged. */
  siteMount?: SiteMount;
};

export type AddProductInput = Omit<LineFields, 'siteMount'> & {
  product: { id: number; brandId: number; categoryId: number };
  /** An existing window to add to (`?window=`), else a new window is made with `windowName`. */
  windowId?: number | undefined;
  windowName: string;
  /** Told the new window's id as soon as it exists, so a retry after a refused line reuses it. */
  onWindowCreated?: (windowId: number) => void;
};

/**
 * Adds a product to an order: into the given window, or into a new window (POST …/windows with
 * one order_windows entry) and then the product (POST …/windows/{windowId}/products).
 */
export function useAddProduct(view: OrderView) {
  const queryClient = useQueryClient();
  const { orderId } = view;
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: async (input: AddProductInput): Promise<OrderLine> => {
      let windowId = input.windowId;
      if (windowId === undefined) {
        const created = await callApi(addOrderWindows, {
          params: { orderId },
          body: { order_windows: [{ order_id: orderId, quantity: 1, name: input.windowName }] },
        });
        // the answer lists the windows made (the newest has the highest id either way)
        windowId = Math.max(...created.data.map((w) => w.id));
        input.onWindowCreated?.(windowId);
      }
      const added = await callApi(addOrderLine, {
        params: { orderId, windowId },
        body: {
          order_id: orderId,
          order_window_id: windowId,
          product_id: input.product.id,
          brand_id: input.product.brandId,
          category_id: input.product.categoryId,
          ...lineBody(input),
        },
      });
      return added.data;
    },
    onSuccess: async (line) => {
      view.cacheLine(queryClient, line);
      // awaited, so the new line is in the order before the screen moves to it
      await refreshOrderLines(queryClient, view);
    },
  });
}

/** Changes a line's sizes, quantity, notes and mount (PUT …/products/{id}); answers the repriced line. */
export function useUpdateLine(view: OrderView) {
  const queryClient = useQueryClient();
  const { orderId } = view;
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: async (input: LineFields & { line: Pick<OrderLine, 'id' | 'orderWindowId'> }) => {
      const updated = await callApi(updateOrderLine, {
        params: { orderId, windowId: input.line.orderWindowId, id: input.line.id },
        body: {
          type: view.kind,
          ...lineBody(input),
          ...(input.siteMount === undefined ? {} : { site_mount: input.siteMount }),
        },
      });
      return updated.data;
    },
    onSuccess: async (line) => {
      view.cacheLine(queryClient, line);
      // awaited, so the new line is in the order before the screen moves to it
      await refreshOrderLines(queryClient, view);
    },
  });
}

function lineBody(fields: LineFields) {
  return {
    unit: fields.unit,
    notes: fields.notes,
    ...(fields.width === undefined ? {} : { width: fields.width }),
    ...(fields.height === undefined ? {} : { height: fields.height }),
    ...(fields.quantity === undefined ? {} : { quantity: fields.quantity }),
  };
}
