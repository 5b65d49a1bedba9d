import {
  addOrderLine,
  addOrderWindows,
  type DealQuote,
  type OrderLine,
  type SiteMount,
  updateOrderLine,
} from '@slat/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { quoteKeys } from './quotes';

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

/** Puts the saved line into the cached quote at once (the refetch that follows brings the totals). */
function upsertLine(queryClient: QueryClient, quoteId: number, line: OrderLine): void {
  queryClient.setQueryData<DealQuote>(quoteKeys.detail(quoteId), (quote) => {
    if (!quote) return quote;
    const lines = quote.context.orderLines;
    const at = lines.findIndex((l) => l.id === line.id);
    const orderLines = at === -1 ? [...lines, line] : lines.map((l) => (l.id === line.id ? line : l));
    return { ...quote, context: { ...quote.context, orderLines } };
  });
}

/**
 * After a change to a quote's lines (here or in the options frame): every quote query is stale —
 * the quote with its lines and totals, its windows, the deal's quote lists (awaited, so the new
 * line is in the quote before the screen moves to it).
 */
export const refreshQuotes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: quoteKeys.all });

export type AddProductInput = Omit<LineFields, 'siteMount'> & {
  product: { id: number; brandId: number; categoryId: number };
  /** An existing window to add to (`?window=`), else a new window is made with `windowName`. */
  windowId?: number | undefined;
  windowName: string;
  /** Told the new window's id as soon as it exists, so a retry after a refused line reuses it. */
  onWindowCreated?: (windowId: number) => void;
};

/**
 * Adds a product to a quote: into the given window, or into a new window (POST …/windows with
 * one order_windows entry) and then the product (POST …/windows/{windowId}/products).
 */
export function useAddProduct(quoteId: number, orderId: number) {
  const queryClient = useQueryClient();
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
      upsertLine(queryClient, quoteId, line);
      await refreshQuotes(queryClient);
    },
  });
}

/** Changes a line's sizes, quantity, notes and mount (PUT …/products/{id}); answers the repriced line. */
export function useUpdateLine(quoteId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: async (input: LineFields & { line: Pick<OrderLine, 'id' | 'orderWindowId'> }) => {
      const updated = await callApi(updateOrderLine, {
        params: { orderId, windowId: input.line.orderWindowId, id: input.line.id },
        body: {
          type: 'quote',
          ...lineBody(input),
          ...(input.siteMount === undefined ? {} : { site_mount: input.siteMount }),
        },
      });
      return updated.data;
    },
    onSuccess: async (line) => {
      upsertLine(queryClient, quoteId, line);
      await refreshQuotes(queryClient);
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
