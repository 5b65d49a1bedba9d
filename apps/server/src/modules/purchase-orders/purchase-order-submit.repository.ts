import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** All SQL of submitting, reopening (revisions) and the freight estimate. Scoped by the account; `db` first. */

/** A purchase order's row as submit and reopen decide on it. */
export type SubmitOrderRow = {
  order_id: number;
  tuid: number;
  manufacturer_id: number;
  status: 'OPEN' | 'SUBMITTED';
  is_archived: boolean;
  replaced_by_order_id: number | null;
  parent_order_id: number | null;
  revision_number: number;
  source_quote_id: number | null;
  timezone: string | null;
};

/** The purchase order of the account (locked FOR UPDATE with `lock`), with the company's time zone. */
export async function findSubmitOrder(
  db: Db,
  accountId: number,
  orderId: number,
  lock = false,
): Promise<SubmitOrderRow | undefined> {
  const { rows } = await db.execute<SubmitOrderRow>(sql`
    SELECT p.order_id, p.tuid, p.manufacturer_id, p.status, p.is_archived, p.replaced_by_order_id,
           p.parent_order_id, p.revision_number, p.source_quote_id,
           (SELECT co.timezone FROM companies co WHERE co.account_id = p.account_id) AS timezone
      FROM purchase_orders p
     WHERE p.order_id = ${orderId} AND p.account_id = ${accountId}
     ${lock ? sql`FOR UPDATE OF p` : sql``}`);
  return rows[0];
}

/** The company's time zone (UTC when it has none). */
export async function findTimezone(db: Db, accountId: number): Promise<string> {
  const { rows } = await db.execute<{ timezone: string }>(
    sql`SELECT timezone FROM companies WHERE account_id = ${accountId}`,
  );
  return rows[0]?.timezone || 'UTC';
}

export type SupplierRow = {
  id: number;
  name: string;
  email: string;
  offline_only: boolean;
  is_internal: boolean;
};

/** A supplier as submit needs it. */
export async function findSupplier(db: Db, manufacturerId: number): Promise<SupplierRow | undefined> {
  const { rows } = await db.execute<SupplierRow>(sql`
    SELECT id, name, email, offline_only, is_internal FROM manufacturers WHERE id = ${manufacturerId}`);
  return rows[0];
}

export type ShippingMethodRow = { id: number; name: string; address: string | null };

/** One of the supplier's shipping methods, or undefined when the id is not one of them. */
export async function findShippingMethod(
  db: Db,
  manufacturerId: number,
  methodId: number,
): Promise<ShippingMethodRow | undefined> {
  const { rows } = await db.execute<ShippingMethodRow>(sql`
    SELECT id, name, address FROM shipping_methods
     WHERE id = ${methodId} AND manufacturer_id = ${manufacturerId}`);
  return rows[0];
}

/** The review's values as stored at submission. */
export type Submission = {
  userId: number;
  requiredDate: string;
  shippingMethodId: number | null;
  shippingAddress: string;
  shippingInstructions: string;
  freightEstimate: string | null;
};

/** OPEN → SUBMITTED with what the review sent; false when it was not OPEN (another submit won). */
export async function markSubmitted(
  db: Db,
  accountId: number,
  orderId: number,
  s: Submission,
): Promise<boolean> {
  const { rows } = await db.execute<{ order_id: number }>(sql`
    UPDATE purchase_orders
       SET status = 'SUBMITTED', submitted_at = now(), submitted_by = ${s.userId},
           required_date = ${s.requiredDate}::date, shipping_method_id = ${s.shippingMethodId},
           shipping_address = ${s.shippingAddress}, shipping_instructions = ${s.shippingInstructions},
           freight_estimate = ${s.freightEstimate}::numeric, updated_at = now()
     WHERE order_id = ${orderId} AND account_id = ${accountId} AND status = 'OPEN'
     RETURNING order_id`);
  return rows.length === 1;
}

export type NewSupplierOrder = {
  orderId: number;
  manufacturerId: number;
  isOffline: boolean;
  reference: string;
  orderStatusText: string;
  requiredDate: string;
  eta: string | null;
  freight: string | null;
  shippingMethodId: number | null;
  shippingAddress: string;
  shippingInstructions: string;
  customerNotes: string;
};

/**
 * The supplier order of a submission (one per order and supplier: a second is ignored). Answers
 * its id, or undefined when it already existed.
 */
export async function insertSupplierOrder(
  db: Db,
  accountId: number,
  o: NewSupplierOrder,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, is_offline, reference,
                                 order_status_text, required_date, eta, freight, shipping_method_id,
                                 shipping_address, shipping_instructions, customer_notes)
    VALUES (${accountId}, ${o.orderId}, ${o.manufacturerId}, ${o.isOffline}, ${o.reference},
            ${o.orderStatusText}, ${o.requiredDate}::date, ${o.eta}::date, ${o.freight}::numeric,
            ${o.shippingMethodId}, ${o.shippingAddress}, ${o.shippingInstructions}, ${o.customerNotes})
    ON CONFLICT (order_id, manufacturer_id) DO NOTHING
    RETURNING id`);
  return rows[0]?.id;
}

/** The supplier's page link of a supplier order; the database makes its random public id. */
export async function insertSupplierOrderLink(
  db: Db,
  accountId: number,
  supplierOrderId: number,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO supplier_order_links (account_id, supplier_order_id)
    VALUES (${accountId}, ${supplierOrderId})
    ON CONFLICT (supplier_order_id) WHERE revoked_at IS NULL DO NOTHING`);
}

/** The live page link of an order's online supplier order (none when revoked or offline). */
export async function findLiveSupplierOrderLink(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ public_id: string }>(sql`
    SELECT l.public_id FROM supplier_order_links l
      JOIN supplier_orders s ON s.id = l.supplier_order_id AND s.account_id = l.account_id
     WHERE s.order_id = ${orderId} AND l.account_id = ${accountId} AND l.revoked_at IS NULL
       AND NOT s.is_offline
     ORDER BY l.id DESC LIMIT 1`);
  return rows[0]?.public_id;
}

/** The deal of the quote a purchase order was converted from (its board card shows the order). */
export async function findSourceDeal(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ deal_id: number }>(
    sql`SELECT deal_id FROM deal_quotes WHERE id = ${quoteId} AND account_id = ${accountId}`,
  );
  return rows[0]?.deal_id;
}

/**
 * The new revision's purchase order row: the parent's words, number and supplier, revision + 1,
 * OPEN. Answers false when the parent already has a revision (the unique parent key).
 */
export async function insertRevision(
  db: Db,
  accountId: number,
  parentOrderId: number,
  orderId: number,
  userId: number,
): Promise<boolean> {
  const { rows } = await db.execute<{ order_id: number }>(sql`
    INSERT INTO purchase_orders (order_id, account_id, tuid, manufacturer_id, status, sidemark, details,
                                 notes, sales_rep_override, created_by, source_quote_id, parent_order_id,
                                 revision_number, shipping_method_id, shipping_address, shipping_instructions)
    SELECT ${orderId}, p.account_id, p.tuid, p.manufacturer_id, 'OPEN', p.sidemark, p.details, p.notes,
           p.sales_rep_override, ${userId}, p.source_quote_id, p.order_id, p.revision_number + 1,
           p.shipping_method_id, p.shipping_address, p.shipping_instructions
      FROM purchase_orders p
     WHERE p.order_id = ${parentOrderId} AND p.account_id = ${accountId}
    ON CONFLICT (parent_order_id) DO NOTHING
    RETURNING order_id`);
  return rows.length === 1;
}

/** Marks the parent as replaced by its revision (it stays SUBMITTED: what was sent is kept). */
export async function setReplacedBy(
  db: Db,
  accountId: number,
  parentOrderId: number,
  revisionOrderId: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE purchase_orders SET replaced_by_order_id = ${revisionOrderId}, updated_at = now()
     WHERE order_id = ${parentOrderId} AND account_id = ${accountId}`);
}

/** Σ quantity of the order's lines (the per-unit part of the freight rule). */
export async function findTotalQuantity(db: Db, accountId: number, orderId: number): Promise<number> {
  const { rows } = await db.execute<{ n: string | null }>(sql`
    SELECT COALESCE(SUM(quantity), 0) AS n FROM order_lines
     WHERE order_id = ${orderId} AND account_id = ${accountId}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Each line of the orders with the lines it descends from through copied_from_line_id, nearest
 * first (a revision's line → the submitted line, or → a revised quote's line → the quote line the
 * replaced order was made from). A source deleted since still ends its line's chain.
 */
export async function findLineAncestry(
  db: Db,
  accountId: number,
  orderIds: number[],
): Promise<Map<number, number[]>> {
  const { rows } = await db.execute<{ line_id: number; ancestors: number[] }>(sql`
    WITH RECURSIVE chain AS (
      SELECT l.id AS line_id, l.copied_from_line_id AS ancestor, 1 AS depth
        FROM order_lines l
       WHERE l.order_id = ANY(${sql.param(orderIds)}::int[]) AND l.account_id = ${accountId}
         AND l.copied_from_line_id IS NOT NULL
      UNION ALL
      SELECT c.line_id, s.copied_from_line_id, c.depth + 1
        FROM chain c JOIN order_lines s ON s.id = c.ancestor AND s.account_id = ${accountId}
       WHERE s.copied_from_line_id IS NOT NULL AND c.depth < 50
    )
    SELECT line_id, array_agg(ancestor ORDER BY depth) AS ancestors FROM chain GROUP BY line_id`);
  return new Map(rows.map((r) => [Number(r.line_id), r.ancestors.map(Number)]));
}

/** The order a revision replaces (null for an original, undefined for none of the account's). */
export async function findParentOrderId(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<number | null | undefined> {
  const { rows } = await db.execute<{ parent_order_id: number | null }>(sql`
    SELECT parent_order_id FROM purchase_orders WHERE order_id = ${orderId} AND account_id = ${accountId}`);
  return rows[0] ? rows[0].parent_order_id : undefined;
}

/** The newest revision of an order, following replaced_by_order_id (the order itself when never replaced). */
export async function findNewestRevision(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<{ order_id: number; status: 'OPEN' | 'SUBMITTED'; is_archived: boolean } | undefined> {
  const { rows } = await db.execute<{
    order_id: number;
    status: 'OPEN' | 'SUBMITTED';
    is_archived: boolean;
  }>(sql`
    WITH RECURSIVE chain AS (
      SELECT order_id, replaced_by_order_id, status, is_archived, 0 AS depth FROM purchase_orders
       WHERE order_id = ${orderId} AND account_id = ${accountId}
      UNION ALL
      SELECT p.order_id, p.replaced_by_order_id, p.status, p.is_archived, c.depth + 1
        FROM purchase_orders p JOIN chain c ON p.order_id = c.replaced_by_order_id
       WHERE p.account_id = ${accountId} AND c.depth < 1000
    )
    SELECT order_id, status, is_archived FROM chain ORDER BY depth DESC LIMIT 1`);
  return rows[0];
}

/** Whether the supplier is one of the account's (manufacturer_customers). */
export async function isAccountSupplier(db: Db, accountId: number, manufacturerId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM manufacturer_customers WHERE account_id = ${accountId} AND manufacturer_id = ${manufacturerId}`);
  return rows.length > 0;
}
