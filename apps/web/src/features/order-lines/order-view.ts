import type { DealQuote, OrderLine } from '@slat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';

/** How a line's sell price shows (a quote's config); a purchase order shows cost only. */
export type PriceConfig = Pick<DealQuote['config'], 'taxMode' | 'taxPercentage'>;

export type PendingUpdates = DealQuote['context']['pendingUpdates'];

/**
 * An order as the shared line parts see it, whoever owns it (a deal quote or a purchase order):
 * each owner builds one with its adapter, so these parts never know a DealQuote or a PurchaseOrder.
 */
export type OrderView = {
  /** Whose lines: the words in messages and the `type` the line calls send. */
  kind: 'quote' | 'order';
  /** The id the shared calls address (/old/quotes/{orderId}/…): a quote's externalId, a purchase order's id. */
  orderId: number;
  lines: OrderLine[];
  /** No add, edit or remove controls; the server answers 409 anyway. */
  readOnly: boolean;
  /** The owner's words for the 409 of a read-only order. */
  readOnlyMessage: string;
  measureSystem: 'METRIC' | 'IMPERIAL';
  /** Sell prices as the quote shows them; null: cost only (a purchase order). */
  priceConfig: PriceConfig | null;
  pendingUpdates: PendingUpdates;
  /** A line's product screen (`new` adds a product; `windowId` adds it to that window). */
  productLink: (productId: string, windowId?: number) => LinkProps;
  /** The order's own screen (where the product screen returns). */
  orderLink: LinkProps;
  /** Puts a saved line into the owner's cached order at once (the refresh brings the totals). */
  cacheLine: (queryClient: QueryClient, line: OrderLine) => void;
  /** Everything a change to the lines makes stale (the owner's order, its lists, its windows). */
  refresh: (queryClient: QueryClient) => Promise<unknown>;
};

/** The order's lines with `line` put in (added at the end, or in place of the line with its id). */
export function withLine(lines: OrderLine[], line: OrderLine): OrderLine[] {
  const at = lines.findIndex((l) => l.id === line.id);
  return at === -1 ? [...lines, line] : lines.map((l) => (l.id === line.id ? line : l));
}
