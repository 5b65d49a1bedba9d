import type { TrackedField } from '@slat/contracts';
import type { Db } from '../../db/database';
import { type Jobs, SUPPLIER_ORDER_CHANGED_QUEUE } from '../../lib/jobs';
import { money2 } from './supplier-order-views';
import * as repo from './supplier-orders.repository';

/** Who makes a change, as its history entry records it. */
export type ChangeAuthor = {
  source: 'DEALER' | 'SUPPLIER_API' | 'SUPPLIER_LINK';
  userId: number | null;
  actorName: string;
};

export type ChangeJobs = Pick<Jobs, 'send'>;

/** The history field each tracked column is recorded under (freight is the spec's override). */
const TRACKED: Partial<Record<keyof repo.SupplierOrderPatch, TrackedField>> = {
  customer_notes: 'customer_notes',
  eta: 'eta',
  order_status_id: 'order_status_id',
  tracking_information: 'tracking_information',
  freight: 'total_freight_override',
  acknowledgement: 'acknowledgement',
  reference: 'reference',
  order_status_text: 'order_status',
  required_date: 'required_date',
  shipping_method_id: 'shipping_method_id',
  shipping_address: 'shipping_address',
  shipping_instructions: 'shipping_instructions',
};

/** A value as compared: money by its 2-decimal value, '' and null alike for text. */
function comparable(column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (column === 'freight') return money2(String(value));
  if (column === 'line_changes') return JSON.stringify(value);
  return value;
}

/**
 * Applies a patch to a supplier order locked by the caller's transaction: only what differs is
 * written, and when a tracked field differs, ONE history entry with each such field's old and new
 * value, and the change's job (in the same transaction). Answers the entry's id, or null when
 * nothing tracked changed (no entry, no job).
 */
export async function applyChange(
  tx: Db,
  jobs: ChangeJobs,
  row: repo.SupplierOrderRow,
  patch: repo.SupplierOrderPatch,
  author: ChangeAuthor,
): Promise<number | null> {
  const changed: repo.SupplierOrderPatch = {};
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  const current = row as unknown as Record<string, unknown>;
  for (const [column, value] of Object.entries(patch) as [keyof repo.SupplierOrderPatch, unknown][]) {
    if (value === undefined) continue;
    const before = current[column] ?? null;
    if (comparable(column, before) === comparable(column, value)) continue;
    (changed as Record<string, unknown>)[column] = value;
    const field = TRACKED[column];
    if (field) {
      changes[field] = {
        old: column === 'freight' && before !== null ? money2(String(before)) : before,
        new: column === 'freight' && value !== null ? money2(String(value)) : value,
      };
    }
  }
  if (Object.keys(changed).length === 0) return null;
  await repo.updateSupplierOrder(tx, row.id, changed);
  if (Object.keys(changes).length === 0) return null;
  const historyId = await repo.insertHistory(tx, {
    accountId: row.account_id,
    supplierOrderId: row.id,
    changes,
    ...author,
  });
  await jobs.send(
    SUPPLIER_ORDER_CHANGED_QUEUE,
    { accountId: row.account_id, supplierOrderId: row.id, historyId },
    tx,
  );
  return historyId;
}
