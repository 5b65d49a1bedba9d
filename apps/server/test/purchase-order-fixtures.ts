import type pg from 'pg';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import type { TestApp, TestClient } from './harness';
import { ok, type QuoteDealer, quoteDealer, rollerSupplier } from './quote-fixtures';

// Purchase-order tests: a dealer with two suppliers of their own (each with one roller blind),
// orders and accepted quotes made through the API.

export type Supplier = { id: number; name: string; productId: number };

async function supplierOfProduct(pool: pg.Pool, productId: number): Promise<Supplier> {
  const { rows } = await pool.query<{ id: number; name: string }>(
    `SELECT m.id, m.name FROM products p JOIN manufacturers m ON m.id = p.manufacturer_id WHERE p.id = $1`,
    [productId],
  );
  return { id: rows[0]!.id, name: rows[0]!.name, productId };
}

/** A signed-in dealer with two linked suppliers: `first` (quoteDealer's) and `second`. */
export async function orderDealer(t: TestApp, label: string) {
  const d = await quoteDealer(t, label);
  const key = `${label.toLowerCase()}-second-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  await importCatalog(t.db, { suppliers: [rollerSupplier(key, `${label} Second`)] });
  await linkAccountToSupplier(t.db, d.dealer.accountId, key);
  const { rows } = await t.pool.query<{ id: number }>(
    `SELECT p.id FROM products p JOIN manufacturers s ON s.id = p.manufacturer_id WHERE s.key = $1`,
    [key],
  );
  const first = await supplierOfProduct(t.pool, d.productId);
  const second = await supplierOfProduct(t.pool, rows[0]!.id);
  return { ...d, first, second };
}
export type OrderDealer = Awaited<ReturnType<typeof orderDealer>> & QuoteDealer;

/** A new open purchase order of the supplier (POST /old/quotes); answers its id and number. */
export async function newOrder(
  client: TestClient,
  manufacturerId: number,
  body: Record<string, unknown> = {},
): Promise<{ id: number; tuid: number }> {
  return ok(await client.post('/api/old/quotes', { manufacturer_id: manufacturerId, ...body })).data;
}

/** Adds a window named `window` to an order with one line of `productId` in it; answers both ids. */
export async function addWindowWithLine(
  client: TestClient,
  orderId: number,
  window: string,
  productId: number,
  size: { width: number; height: number; quantity?: number } = { width: 900, height: 900 },
): Promise<{ windowId: number; lineId: number }> {
  const windowId = ok(
    await client.post(`/api/old/quotes/${orderId}/windows`, {
      order_windows: [{ order_id: orderId, name: window }],
    }),
  ).data[0].id as number;
  const lineId = ok(
    await client.post(`/api/old/quotes/${orderId}/windows/${windowId}/products`, {
      product_id: productId,
      width: size.width,
      height: size.height,
      unit: 'mm',
      ...(size.quantity ? { quantity: size.quantity } : {}),
    }),
  ).order_window_product_id as number;
  return { windowId, lineId };
}

/** The purchase order's detail (GET /purchaseorder/{id}). */
export async function readOrder(client: TestClient, id: number) {
  return ok(await client.get(`/api/purchaseorder/${id}`));
}

/** The list's answer for these filters and pagination. */
export async function listOrders(
  client: TestClient,
  filters: Record<string, unknown> = {},
  pagination?: { limit: number; offset: number },
): Promise<{ total: number; data: { id: number; [k: string]: unknown }[] }> {
  return ok(await client.post('/api/purchaseorder', { filters, ...(pagination ? { pagination } : {}) }));
}
