import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** After a write to a purchase order's windows or lines: the order's and the purchase order's timestamps move. */
export async function touchPurchaseOrder(db: Db, accountId: number, orderId: number): Promise<void> {
  await db.execute(sql`
    WITH o AS (UPDATE orders SET updated_at = now() WHERE id = ${orderId} AND account_id = ${accountId} RETURNING id)
    UPDATE purchase_orders SET updated_at = now() WHERE order_id IN (SELECT id FROM o)`);
}
