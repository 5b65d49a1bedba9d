import { readFile } from 'node:fs/promises';
import { fromScaled, toScaled } from '@slat/domain';
import { sql } from 'drizzle-orm';
import { importCatalog } from '../../modules/catalog/index';
import { addLine, addWindows } from '../../modules/order-contents/index';
import type { Db } from '../database';

/**
 * The demo's pending supplier update: one draft quote gets a Wave Fold curtain (no other demo quote
 * has one), then Harbour Workroom publishes a newer catalog in which only that curtain costs 6 %
 * more. That quote and the supplier's open purchase order show 'Supplier prices changed' and
 * Update now, with no setup. Call after the quotes and the acceptance; `catalogPath` is the demo catalog.
 */
export const UPDATED_SUPPLIER = 'harbour-workroom';
export const UPDATED_PRODUCT = 'curtain-wave';
const RISE_PERCENT = 106n;

type CatalogProduct = {
  key: string;
  priceGrid: { rows: string[][] };
  optionGroups: { required?: boolean; options: { key: string }[] }[];
};
type CatalogFile = { suppliers: { key: string; products: CatalogProduct[] }[] };

export async function seedDemoSupplierUpdate(db: Db, accountId: number, catalogPath: string): Promise<void> {
  const catalog = JSON.parse(await readFile(catalogPath, 'utf8')) as CatalogFile;
  const supplier = catalog.suppliers.find((s) => s.key === UPDATED_SUPPLIER);
  const product = supplier?.products.find((p) => p.key === UPDATED_PRODUCT);
  if (!supplier || !product) return;
  // The last clean draft of a signed-for deal (InProgress or Closed) of the first workflow: not the
  // accepted one, and not a Quoting deal's, which the walkthroughs start from.
  const { rows } = await db.execute<{ order_id: number }>(sql`
    SELECT q.order_id FROM deal_quotes q
      JOIN deals d ON d.id = q.deal_id
      JOIN workflows w ON w.id = d.workflow_id
      JOIN workflow_statuses s ON s.id = d.status_id
     WHERE q.account_id = ${accountId} AND NOT q.is_archived AND NOT d.is_archived AND q.status = 'DRAFT'
       AND s.phase IN ('InProgress', 'Closed')
       AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id)
       AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id AND l.errors <> '[]'::jsonb)
     ORDER BY w.sort_order, w.id, s.sort_order DESC, d.tuid DESC, q.id DESC
     LIMIT 1`);
  const orderId = rows[0]?.order_id;
  if (orderId === undefined) return;
  const { rows: ids } = await db.execute<{ id: number }>(sql`
    SELECT p.id FROM products p JOIN manufacturers m ON m.id = p.manufacturer_id
     WHERE m.key = ${UPDATED_SUPPLIER} AND p.key = ${UPDATED_PRODUCT}`);
  const productId = ids[0]?.id;
  if (productId === undefined) return;
  const { data: windows } = await addWindows(db, accountId, orderId, [
    { order_id: orderId, name: 'Home/Dining/Bay window' },
  ]);
  await addLine(db, accountId, orderId, windows[0]!.id, {
    product_id: productId,
    quantity: 1,
    width: 2400,
    height: 2400,
    unit: 'mm',
    details: { options: product.optionGroups.filter((g) => g.required).map((g) => g.options[0]!.key) },
  });
  // The same curtain on the supplier's open purchase order (seeded before this): it shows the
  // update too, which blocks its Review until Update now.
  const { rows: openOrders } = await db.execute<{ order_id: number }>(sql`
    SELECT p.order_id FROM purchase_orders p JOIN manufacturers m ON m.id = p.manufacturer_id
     WHERE p.account_id = ${accountId} AND m.key = ${UPDATED_SUPPLIER} AND p.status = 'OPEN'
       AND NOT p.is_archived AND p.replaced_by_order_id IS NULL AND p.source_quote_id IS NULL
     ORDER BY p.order_id LIMIT 1`);
  const openOrderId = openOrders[0]?.order_id;
  if (openOrderId !== undefined) {
    const { data: orderWindows } = await addWindows(db, accountId, openOrderId, [
      { order_id: openOrderId, name: 'Home/Dining/Bay window' },
    ]);
    await addLine(db, accountId, openOrderId, orderWindows[0]!.id, {
      product_id: productId,
      quantity: 1,
      width: 2400,
      height: 2400,
      unit: 'mm',
      details: { options: product.optionGroups.filter((g) => g.required).map((g) => g.options[0]!.key) },
    });
  }
  // The supplier's next catalog: this product's grid 6 % dearer (to the cent), the rest unchanged.
  product.priceGrid.rows = product.priceGrid.rows.map((row) =>
    row.map((price) => fromScaled((toScaled(price) * RISE_PERCENT) / 100n)),
  );
  await importCatalog(db, { suppliers: [supplier] });
}
