import type { Deal } from '@slat/contracts';

/** The cards of one board column as loaded so far (pages of the column's list call). */
export type ColumnPage = {
  data: Deal[];
  total: number;
  counts: Record<string, number>;
  /** Per status id: the sum of its deals' latest quote totals. */
  quoteTotals?: Record<string, string>;
};
export type ColumnData = { pages: ColumnPage[]; pageParams: unknown[] };

export type MoveRequest = {
  dealId: number;
  currentStatusId: number;
  targetStatusId: number;
  /** The card it lands just below; null: the top of the column. */
  belowId: number | null;
  belowSortOrder: string | null;
  workflowId: number;
};

/**
 * Where a drop lands: the target column's cards without the dragged one, and the index it takes
 * there. `overIndex` is the position of the card it was dropped on in the target column as
 * shown (null: the column's empty space, i.e. the end of what is loaded).
 */
export function planMove(
  deal: Deal,
  target: Deal[],
  targetStatusId: number,
  overIndex: number | null,
): MoveRequest | null {
  const sameColumn = deal.statusId === targetStatusId;
  const fromIndex = sameColumn ? target.findIndex((d) => d.id === deal.id) : -1;
  const others = target.filter((d) => d.id !== deal.id);
  // The card takes the index of the one it is over (below it when dragged down a column, as
  // arrayMove does), or the end of the loaded cards.
  const index = Math.max(0, Math.min(overIndex === null ? others.length : overIndex, others.length));
  if (sameColumn && index === fromIndex) return null;
  const above = index > 0 ? others[index - 1] : undefined;
  return {
    dealId: deal.id,
    currentStatusId: deal.statusId,
    targetStatusId,
    belowId: above?.id ?? null,
    belowSortOrder: above?.sortOrder ?? null,
    workflowId: deal.workflowId,
  };
}

const mapCounts = (counts: Record<string, number>, from: number, to: number): Record<string, number> => {
  if (from === to) return counts;
  const next = { ...counts };
  next[from] = Math.max(0, (next[from] ?? 0) - 1);
  next[to] = (next[to] ?? 0) + 1;
  return next;
};

/** The column without the deal (its count one less when it leaves the column). */
export function removeFromColumn(column: ColumnData, move: MoveRequest): ColumnData {
  return {
    ...column,
    pages: column.pages.map((page) => ({
      ...page,
      data: page.data.filter((d) => d.id !== move.dealId),
      counts: mapCounts(page.counts, move.currentStatusId, move.targetStatusId),
    })),
  };
}

/** The column with the deal placed just below `belowId` (or at the top). */
export function insertIntoColumn(column: ColumnData, deal: Deal, move: MoveRequest): ColumnData {
  const moved: Deal = { ...deal, statusId: move.targetStatusId };
  let placed = false;
  const pages = column.pages.map((page, pageIndex) => {
    const data = page.data.filter((d) => d.id !== move.dealId);
    const counts = mapCounts(page.counts, move.currentStatusId, move.targetStatusId);
    if (placed) return { ...page, data, counts };
    if (move.belowId === null) {
      if (pageIndex !== 0) return { ...page, data, counts };
      placed = true;
      return { ...page, data: [moved, ...data], counts };
    }
    const at = data.findIndex((d) => d.id === move.belowId);
    if (at === -1) return { ...page, data, counts };
    placed = true;
    return { ...page, data: [...data.slice(0, at + 1), moved, ...data.slice(at + 1)], counts };
  });
  return { ...column, pages };
}

/** Every card of a column, in order. */
export const columnDeals = (column: ColumnData | undefined): Deal[] =>
  column ? column.pages.flatMap((p) => p.data) : [];

/** The column's true count (from the server's counts under the filters). */
export const columnCount = (column: ColumnData | undefined, statusId: number): number | undefined =>
  column?.pages[0] ? (column.pages[0].counts[String(statusId)] ?? 0) : undefined;
