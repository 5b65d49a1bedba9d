import { type OrderLine, type RevisionChange, siteMountLabels } from '@slat/contracts';
import type { Db } from '../../db/database';
import { orderLinesOf } from '../order-contents/index';
import * as repo from './purchase-order-submit.repository';

/**
 * What a revision changes against the order it replaces, line by line, so the supplier sees
 * exactly what changed: each revision line is matched to its parent's line through
 * order_lines.copied_from_line_id (see sourceIn). A line with no source in the
 * parent was ADDED, a parent line copied into no line was REMOVED, a matched line whose quantity,
 * size as entered, options, mount or notes differ CHANGED. In window then line order: the
 * revision's lines first, then the removed ones in the parent's order.
 */
export async function revisionChangesOf(
  db: Db,
  accountId: number,
  orderId: number,
  /** The order's parent when the caller has read it already (null: none), else looked up. */
  knownParentId?: number | null,
): Promise<RevisionChange[]> {
  const parentId =
    knownParentId === undefined ? await repo.findParentOrderId(db, accountId, orderId) : knownParentId;
  if (parentId === null || parentId === undefined) return [];
  const [lines, parentLines, ancestry] = await Promise.all([
    orderLinesOf(db, accountId, orderId),
    orderLinesOf(db, accountId, parentId),
    repo.findLineAncestry(db, accountId, [orderId, parentId]),
  ]);
  const matched = new Set<number>();
  const changes: RevisionChange[] = [];
  for (const line of lines) {
    const before = sourceIn(line.id, parentLines, ancestry, matched);
    if (!before) {
      changes.push(change('ADDED', line, null, []));
      continue;
    }
    matched.add(before.id);
    const fields = changedFields(before, line);
    if (fields.length > 0) changes.push(change('CHANGED', line, before, fields));
  }
  for (const before of parentLines)
    if (!matched.has(before.id)) changes.push(change('REMOVED', null, before, []));
  return changes;
}

/**
 * The parent's line a revision's line continues (each parent line once): the one it was copied
 * from (a reopened order), else one copied from the same line it descends from (an order
 * converted from a revised quote, whose lines descend from the quote lines the parent's came from).
 */
function sourceIn(
  lineId: number,
  parentLines: OrderLine[],
  ancestry: Map<number, number[]>,
  matched: Set<number>,
): OrderLine | undefined {
  const ancestors = ancestry.get(lineId) ?? [];
  if (ancestors.length === 0) return undefined;
  const open = parentLines.filter((p) => !matched.has(p.id));
  const direct = open.find((p) => ancestors.includes(p.id));
  if (direct) return direct;
  const mine = new Set(ancestors);
  return open.find((p) => (ancestry.get(p.id) ?? []).some((a) => mine.has(a)));
}

function change(
  kind: RevisionChange['kind'],
  line: OrderLine | null,
  before: OrderLine | null,
  fields: RevisionChange['fields'],
): RevisionChange {
  const shown = (line ?? before)!;
  return {
    kind,
    lineId: line?.id ?? null,
    previousLineId: before?.id ?? null,
    windowGroupName: shown.windowGroupName,
    productName: shown.context.product.name,
    fields,
  };
}

/** A line's mount as the sheets print it ('' when not set). */
export function mountOf(line: OrderLine): string {
  const m = line.siteMount;
  return Object.hasOwn(siteMountLabels, m) ? siteMountLabels[m as keyof typeof siteMountLabels] : m;
}

/** A line's options by name, as the line list shows them ("Chain left, Blockout white"). */
export function optionNamesOf(line: OrderLine): string {
  return line.context.configuration.optionGroups.flatMap((g) => g.options.map((o) => o.itemName)).join(', ');
}

/** The fields a supplier reads, as shown (sizes as entered); '—' for an empty value. */
const FIELDS: [string, (l: OrderLine) => string][] = [
  ['Quantity', (l) => String(l.quantity)],
  ['Width', (l) => l.context.configuration.width ?? ''],
  ['Height', (l) => l.context.configuration.height ?? ''],
  ['Options', optionNamesOf],
  ['Mount', mountOf],
  ['Notes', (l) => l.notes],
];

function changedFields(before: OrderLine, after: OrderLine): RevisionChange['fields'] {
  const out: RevisionChange['fields'] = [];
  for (const [field, read] of FIELDS) {
    const a = read(before);
    const b = read(after);
    if (a !== b) out.push({ field, before: a || '—', after: b || '—' });
  }
  return out;
}
