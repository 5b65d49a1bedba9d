import type { RevisionChange } from '@slat/contracts';
import type { Db } from '../../db/database';

/**
 * How a revision's lines differ from the order it replaces (what the supplier must see).
 * Placeholder until the submit/revisions work lands: po-submit replaces this file with the real
 * comparison (matched through order_lines.copied_from_line_id); until then no order shows changes.
 */
export async function revisionChangesOf(
  _db: Db,
  _accountId: number,
  _orderId: number,
): Promise<RevisionChange[]> {
  return [];
}
