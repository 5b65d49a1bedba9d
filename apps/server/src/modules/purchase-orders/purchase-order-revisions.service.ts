import { type OrderLine, type RevisionChange, siteMountLabels } from '@slat/contracts';
import type { Db } from '../../db/database';
import { orderLinesOf } from '../order-contents/index';
import * as repo from './purchase-order-submit.repository';

/**
 * What a revision changes against the order it replaces, line by line, so the supplier sees
 * exactly what changed: each revision line is matched to its parent's line through
 * order_lines.copied_from_line_id (set when the revision copied it). A line with no source in the
 * parent was ADDED, a parent line copied into no line was REMOVED, a matched line whose quantity,
 * size as entered, options, mount or notes differ CHANGED. In window then line order: the
 * revision's lines first, then the removed ones in the parent's order.
 */
export async function revisionChangesOf(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<RevisionChange[]> {
  const parentId = await repo.findParentOrderId(db, accountId, orderId);
  if (parentId === null || parentId === undefined) return [];
  const [lines, parentLines, sources] = await Promise.all([
    orderLinesOf(db, accountId, orderId),
    orderLinesOf(db, accountId, parentId),
    repo.findLineSources(db, accountId, orderId),
  ]);
  const parentById = new Map(parentLines.map((l) => [l.id, l]));
  const matched = new Set<number>();
  const changes: RevisionChange[] = [];
  for (const line of lines) {
    const sourceId = sources.get(line.id) ?? null;
    const before = sourceId === null ? undefined : parentById.get(sourceId);
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
