import type { OrderLine, PurchaseOrder, RevisionChange } from '@slat/contracts';

/** The Products filter (§2 Order detail): every line, or the lines with errors. */
export type LineFilter = 'all' | 'problems';

/** The window-group filter: null any group, '' the lines without a group ('(None)'), else one group. */
export type GroupFilter = string | null;

/** The groups the window-group filter offers: the lines' groups in order, '' ('(None)') first when any line has none. */
export function groupChoices(lines: readonly OrderLine[]): string[] {
  const named = [...new Set(lines.map((l) => l.windowGroupName.trim()).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
  return lines.some((l) => !l.windowGroupName.trim()) ? ['', ...named] : named;
}

/** The lines the filters let through. */
export function filterLines(
  lines: readonly OrderLine[],
  filter: LineFilter,
  group: GroupFilter,
): OrderLine[] {
  return lines.filter(
    (l) =>
      (filter === 'all' || l.context.errors.length > 0) &&
      (group === null || l.windowGroupName.trim() === group),
  );
}

export type EmptyProducts = 'emptyNoProducts' | 'emptyNoProductsYet' | 'emptyNoMatch';

/**
 * Which empty state the Products section shows, or null when it has lines to show: an order
 * that can no longer take products has none ('No products added'), an open one has none yet,
 * and a filter that lets nothing through says so.
 */
export function emptyProducts(
  order: Pick<PurchaseOrder, 'isReadOnly'>,
  allLines: number,
  shownLines: number,
): EmptyProducts | null {
  if (allLines === 0) return order.isReadOnly ? 'emptyNoProducts' : 'emptyNoProductsYet';
  return shownLines === 0 ? 'emptyNoMatch' : null;
}

/** §4: Reopen is offered only for a non-archived submitted order of an offline-only supplier. */
export const canReopen = (order: PurchaseOrder): boolean =>
  order.status === 'SUBMITTED' && !order.isArchived && order.context.supplier.offlineOnly;

export type ReviewBlock = 'readOnly' | 'zeroQuantity' | 'pendingUpdates';

/** §4: why Review is disabled (read-only, zero quantity, pending updates), or null when it is not. */
export function reviewBlock(order: PurchaseOrder): ReviewBlock | null {
  if (order.isReadOnly) return 'readOnly';
  if (order.totalQuantity <= 0) return 'zeroQuantity';
  if (order.context.pendingUpdates.hasPendingUpdates) return 'pendingUpdates';
  return null;
}

/**
 * The order as Reopen shows it at once (§4, optimistic): Open and editable. The server's new
 * revision replaces it when the call succeeds; the order as it was comes back when it fails.
 */
export function reopenedAtOnce(order: PurchaseOrder): PurchaseOrder {
  return { ...order, status: 'OPEN', isReadOnly: false, submittedAt: null };
}

/** One revision change as the panel lists it: 'Added: Roller Blind (Office / Front)', fields below. */
export function revisionChangeTitle(
  change: RevisionChange,
  kindName: (kind: RevisionChange['kind']) => string,
): string {
  const where = change.windowGroupName.trim();
  return `${kindName(change.kind)}: ${change.productName}${where ? ` (${where})` : ''}`;
}

/** A changed field as 'Quantity: 1 → 3' (an empty value shows as '—'). */
export function revisionFieldText(field: RevisionChange['fields'][number]): string {
  const shown = (value: string) => (value.trim() === '' ? '—' : value);
  return `${field.field}: ${shown(field.before)} → ${shown(field.after)}`;
}
