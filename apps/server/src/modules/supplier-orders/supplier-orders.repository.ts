import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** A supplier order with what every answer about it needs: its supplier, status, method and purchase order. */
export type SupplierOrderRow = {
  id: number;
  account_id: number;
  order_id: number;
  manufacturer_id: number;
  manufacturer_name: string;
  is_offline: boolean;
  reference: string;
  core_status: 'UNSTARTED' | 'IN_PROGRESS' | 'ON_HOLD' | 'COMPLETED' | 'CANCELLED';
  order_status_text: string;
  /** Dates as yyyy-MM-dd. */
  required_date: string | null;
  eta: string | null;
  freight: string | null;
  shipping_method_id: number | null;
  shipping_method_name: string | null;
  shipping_address: string;
  shipping_instructions: string;
  tracking_information: string;
  customer_notes: string;
  order_status_id: number | null;
  status_name: string | null;
  tracking_carrier: string;
  tracking_number: string;
  tracking_url: string;
  acknowledgement: '' | 'RECEIVED' | 'ACCEPTED' | 'ACCEPTED_WITH_CHANGES' | 'REJECTED';
  acknowledged_at: string | null;
  rejection_reason: string;
  line_changes: unknown;
  created_at: string;
  updated_at: string;
  tuid: number;
  revision_number: number;
  submitted_at: string | null;
  parent_order_id: number | null;
  document_file_id: number | null;
  po_status: 'OPEN' | 'SUBMITTED';
  dealer_name: string;
};

const SELECT = sql`
  SELECT so.id, so.account_id, so.order_id, so.manufacturer_id, m.name AS manufacturer_name,
         so.is_offline, so.reference, so.core_status, so.order_status_text,
         to_char(so.required_date, 'YYYY-MM-DD') AS required_date, to_char(so.eta, 'YYYY-MM-DD') AS eta,
         so.freight, so.shipping_method_id, sm.name AS shipping_method_name, so.shipping_address,
         so.shipping_instructions, so.tracking_information, so.customer_notes, so.order_status_id,
         st.name AS status_name, so.tracking_carrier, so.tracking_number, so.tracking_url,
         so.acknowledgement, so.acknowledged_at, so.rejection_reason, so.line_changes,
         so.created_at, so.updated_at, po.tuid, po.revision_number, po.submitted_at,
         po.parent_order_id, po.document_file_id, po.status AS po_status,
         COALESCE(c.name, a.name) AS dealer_name
    FROM supplier_orders so
    JOIN manufacturers m ON m.id = so.manufacturer_id
    JOIN purchase_orders po ON po.order_id = so.order_id
    JOIN accounts a ON a.id = so.account_id
    LEFT JOIN companies c ON c.account_id = so.account_id
    LEFT JOIN shipping_methods sm ON sm.id = so.shipping_method_id
    LEFT JOIN supplier_order_statuses st ON st.id = so.order_status_id`;

/** The account's supplier orders of one purchase order (online or offline), oldest first. */
export async function findOrderSupplierOrders(
  db: Db,
  accountId: number,
  orderId: number,
  offline: boolean,
): Promise<SupplierOrderRow[]> {
  const { rows } = await db.execute<SupplierOrderRow>(sql`${SELECT}
     WHERE so.account_id = ${accountId} AND so.order_id = ${orderId} AND so.is_offline = ${offline}
     ORDER BY so.id`);
  return rows;
}

/** One of the account's supplier orders (undefined for another account's), locked when `lock`. */
export async function findAccountSupplierOrder(
  db: Db,
  accountId: number,
  supplierOrderId: number,
  lock = false,
): Promise<SupplierOrderRow | undefined> {
  const { rows } = await db.execute<SupplierOrderRow>(sql`${SELECT}
     WHERE so.account_id = ${accountId} AND so.id = ${supplierOrderId}
     ${lock ? sql`FOR UPDATE OF so` : sql``}`);
  return rows[0];
}

/**
 * A supplier order as a supplier may see it: its own, online, of a submitted purchase order;
 * locked when `lock` (every change locks the row first, so concurrent answers queue).
 */
export async function findSupplierVisibleOrder(
  db: Db,
  manufacturerId: number,
  supplierOrderId: number,
  lock = false,
): Promise<SupplierOrderRow | undefined> {
  const { rows } = await db.execute<SupplierOrderRow>(sql`${SELECT}
     WHERE so.id = ${supplierOrderId} AND so.manufacturer_id = ${manufacturerId}
       AND so.is_offline = false AND po.status = 'SUBMITTED'
     ${lock ? sql`FOR UPDATE OF so` : sql``}`);
  return rows[0];
}

export type SupplierListFilter = {
  manufacturerId: number;
  /** A link's one order; null for a token (all the supplier's orders). */
  onlyId: number | null;
  coreStatus?: string | undefined;
  unacknowledged: boolean;
  offset: number;
  limit: number;
};

/** The supplier's visible orders, newest submitted first, with the total and each one's line count. */
export async function listSupplierVisibleOrders(
  db: Db,
  f: SupplierListFilter,
): Promise<{ rows: (SupplierOrderRow & { line_count: number })[]; total: number }> {
  const where = sql`so.manufacturer_id = ${f.manufacturerId} AND so.is_offline = false AND po.status = 'SUBMITTED'
    ${f.onlyId === null ? sql`` : sql`AND so.id = ${f.onlyId}`}
    ${f.coreStatus ? sql`AND so.core_status = ${f.coreStatus}` : sql``}
    ${f.unacknowledged ? sql`AND so.acknowledgement = ''` : sql``}`;
  const [page, count] = await Promise.all([
    db.execute<SupplierOrderRow & { line_count: number }>(sql`
      SELECT x.*, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = x.order_id) AS line_count
        FROM (${SELECT} WHERE ${where}) x
       ORDER BY x.submitted_at DESC NULLS LAST, x.id DESC
       OFFSET ${f.offset} LIMIT ${f.limit}`),
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM supplier_orders so JOIN purchase_orders po ON po.order_id = so.order_id
       WHERE ${where}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}

export type StatusRow = { id: number; name: string; core_status: SupplierOrderRow['core_status'] };

/** The supplier's own statuses, else the defaults (manufacturer_id NULL), in their order. */
export async function findStatuses(db: Db, manufacturerId: number): Promise<StatusRow[]> {
  const { rows } = await db.execute<StatusRow>(sql`
    SELECT id, name, core_status FROM supplier_order_statuses
     WHERE manufacturer_id = ${manufacturerId}
        OR (manufacturer_id IS NULL AND NOT EXISTS (
              SELECT 1 FROM supplier_order_statuses WHERE manufacturer_id = ${manufacturerId}))
     ORDER BY sort_order, id`);
  return rows;
}

/** A status's name by id (any supplier's: history shows what was set then). */
export async function findStatusNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT id, name FROM supplier_order_statuses WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the account deals with the supplier (manufacturer_customers). */
export async function isAccountSupplier(db: Db, accountId: number, manufacturerId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM manufacturer_customers WHERE account_id = ${accountId} AND manufacturer_id = ${manufacturerId}`);
  return rows.length > 0;
}

export type SupplierRow = { id: number; name: string; offline_only: boolean };

export async function findSupplier(db: Db, manufacturerId: number): Promise<SupplierRow | undefined> {
  const { rows } = await db.execute<SupplierRow>(
    sql`SELECT id, name, offline_only FROM manufacturers WHERE id = ${manufacturerId}`,
  );
  return rows[0];
}

export type PurchaseOrderRow = {
  order_id: number;
  manufacturer_id: number;
  status: 'OPEN' | 'SUBMITTED';
  required_date: string | null;
  shipping_method_id: number | null;
  shipping_address: string;
  shipping_instructions: string;
};

/** The account's purchase order, locked for the rest of the transaction when `lock`. */
export async function findPurchaseOrder(
  db: Db,
  accountId: number,
  orderId: number,
  lock = false,
): Promise<PurchaseOrderRow | undefined> {
  const { rows } = await db.execute<PurchaseOrderRow>(sql`
    SELECT order_id, manufacturer_id, status, to_char(required_date, 'YYYY-MM-DD') AS required_date,
           shipping_method_id, shipping_address, shipping_instructions
      FROM purchase_orders WHERE order_id = ${orderId} AND account_id = ${accountId}
      ${lock ? sql`FOR UPDATE` : sql``}`);
  return rows[0];
}

/** A shipping method of the supplier's (undefined when the id is not one of them). */
export async function findShippingMethodName(
  db: Db,
  manufacturerId: number,
  methodId: number,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT name FROM shipping_methods WHERE id = ${methodId} AND manufacturer_id = ${manufacturerId}`);
  return rows[0]?.name;
}

export async function findShippingMethodNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT id, name FROM shipping_methods WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Makes the offline order of a purchase order and supplier, or answers the one there (locked). */
export async function insertOfflineSupplierOrder(
  db: Db,
  accountId: number,
  orderId: number,
  manufacturerId: number,
  /** The purchase order's required date and shipping, the new order's starting values. */
  from: Pick<
    PurchaseOrderRow,
    'required_date' | 'shipping_method_id' | 'shipping_address' | 'shipping_instructions'
  >,
): Promise<number> {
  await db.execute(sql`
    INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, is_offline, required_date,
                                 shipping_method_id, shipping_address, shipping_instructions)
    VALUES (${accountId}, ${orderId}, ${manufacturerId}, true, ${from.required_date}::date,
            ${from.shipping_method_id}, ${from.shipping_address}, ${from.shipping_instructions})
    ON CONFLICT (order_id, manufacturer_id) DO NOTHING`);
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM supplier_orders
     WHERE order_id = ${orderId} AND manufacturer_id = ${manufacturerId} AND account_id = ${accountId}`);
  return rows[0]!.id;
}

/** The columns a change may set, by column name. */
export type SupplierOrderPatch = Partial<{
  reference: string;
  order_status_text: string;
  required_date: string | null;
  eta: string | null;
  freight: string | null;
  shipping_method_id: number | null;
  shipping_address: string;
  shipping_instructions: string;
  tracking_information: string;
  customer_notes: string;
  order_status_id: number | null;
  core_status: SupplierOrderRow['core_status'];
  tracking_carrier: string;
  tracking_number: string;
  tracking_url: string;
  acknowledgement: SupplierOrderRow['acknowledgement'];
  rejection_reason: string;
  line_changes: unknown[];
}>;

const CASTS: Record<string, string> = {
  required_date: '::date',
  eta: '::date',
  freight: '::numeric',
  line_changes: '::jsonb',
};

/** Sets the patch's columns (and updated_at; acknowledged_at with an acknowledgement). */
export async function updateSupplierOrder(db: Db, id: number, patch: SupplierOrderPatch): Promise<void> {
  const sets = Object.entries(patch).map(([column, value]) => {
    const v = column === 'line_changes' ? JSON.stringify(value) : value;
    return sql`${sql.identifier(column)} = ${v}${sql.raw(CASTS[column] ?? '')}`;
  });
  if ('acknowledgement' in patch) sets.push(sql`acknowledged_at = now()`);
  sets.push(sql`updated_at = now()`);
  await db.execute(sql`UPDATE supplier_orders SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

export type NewHistory = {
  accountId: number;
  supplierOrderId: number;
  changes: Record<string, { old: unknown; new: unknown }>;
  source: 'DEALER' | 'SUPPLIER_API' | 'SUPPLIER_LINK';
  userId: number | null;
  actorName: string;
};

export async function insertHistory(db: Db, h: NewHistory): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO supplier_order_history (account_id, supplier_order_id, changes, source, user_id, actor_name)
    VALUES (${h.accountId}, ${h.supplierOrderId}, ${JSON.stringify(h.changes)}::jsonb, ${h.source},
            ${h.userId}, ${h.actorName})
    RETURNING id`);
  return rows[0]!.id;
}

export type HistoryRow = {
  id: number;
  created_at: string;
  type: 'order-update' | 'order-line-split' | 'order-dl';
  changes: Record<string, { old: unknown; new: unknown }>;
  source: 'DEALER' | 'SUPPLIER_API' | 'SUPPLIER_LINK';
  actor_name: string;
};

/** A supplier order's history, newest first, a page of it and the total. */
export async function findHistory(
  db: Db,
  supplierOrderId: number,
  types: string[] | null,
  offset: number,
  limit: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const typeFilter =
    types && types.length > 0
      ? sql`AND type IN (${sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  const [page, count] = await Promise.all([
    db.execute<HistoryRow>(sql`
      SELECT id, created_at, type, changes, source, actor_name FROM supplier_order_history
       WHERE supplier_order_id = ${supplierOrderId} ${typeFilter}
       ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`),
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM supplier_order_history
       WHERE supplier_order_id = ${supplierOrderId} ${typeFilter}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}

export type LinkRow = { public_id: string; created_at: string; revoked_at: string | null };

/** The order's newest link (live or the last revoked one). */
export async function findNewestLink(db: Db, supplierOrderId: number): Promise<LinkRow | undefined> {
  const { rows } = await db.execute<LinkRow>(sql`
    SELECT public_id, created_at, revoked_at FROM supplier_order_links
     WHERE supplier_order_id = ${supplierOrderId}
     ORDER BY (revoked_at IS NULL) DESC, id DESC LIMIT 1`);
  return rows[0];
}

/** Makes the order's live link unless it has one (one live link per order: the unique index). */
export async function ensureLiveLink(db: Db, accountId: number, supplierOrderId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO supplier_order_links (account_id, supplier_order_id) VALUES (${accountId}, ${supplierOrderId})
    ON CONFLICT (supplier_order_id) WHERE revoked_at IS NULL DO NOTHING`);
}

export async function revokeLinks(db: Db, supplierOrderId: number): Promise<void> {
  await db.execute(sql`
    UPDATE supplier_order_links SET revoked_at = now()
     WHERE supplier_order_id = ${supplierOrderId} AND revoked_at IS NULL`);
}

/** Revokes the supplier's live token and stores a new one's hash, in the caller's transaction. */
export async function replaceToken(
  db: Db,
  manufacturerId: number,
  tokenHash: string,
  prefix: string,
): Promise<{ created_at: string }> {
  // Rotations of one supplier queue on its row, so two at once leave exactly one live token.
  await db.execute(sql`SELECT id FROM manufacturers WHERE id = ${manufacturerId} FOR UPDATE`);
  await db.execute(sql`
    UPDATE supplier_tokens SET revoked_at = now() WHERE manufacturer_id = ${manufacturerId} AND revoked_at IS NULL`);
  const { rows } = await db.execute<{ created_at: string }>(sql`
    INSERT INTO supplier_tokens (manufacturer_id, token_hash, prefix) VALUES (${manufacturerId}, ${tokenHash}, ${prefix})
    RETURNING created_at`);
  return rows[0]!;
}

/** The supplier order of a purchase order and supplier (a revision's parent's), if any. */
export async function findSupplierOrderIdOf(
  db: Db,
  accountId: number,
  orderId: number,
  manufacturerId: number,
): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM supplier_orders
     WHERE account_id = ${accountId} AND order_id = ${orderId} AND manufacturer_id = ${manufacturerId}`);
  return rows[0]?.id ?? null;
}

/** The revision number of an order (the parent a revision replaces). */
export async function findRevisionNumber(db: Db, accountId: number, orderId: number): Promise<number> {
  const { rows } = await db.execute<{ revision_number: number }>(sql`
    SELECT revision_number FROM purchase_orders WHERE order_id = ${orderId} AND account_id = ${accountId}`);
  return rows[0]?.revision_number ?? 1;
}

/** A staff member's full name ('' parts left out). */
export async function findUserFullName(db: Db, accountId: number, userId: number): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT trim(first_name || ' ' || last_name) AS name FROM users
     WHERE id = ${userId} AND account_id = ${accountId}`);
  return rows[0]?.name ?? '';
}

/** Suppliers named by id, key or name (case-insensitive), for the command line. */
export async function findSuppliersByRef(db: Db, ref: string): Promise<{ id: number; name: string }[]> {
  const id = /^[1-9]\d{0,9}$/.test(ref) ? Number(ref) : null;
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT id, name FROM manufacturers
     WHERE id = ${id} OR key = ${ref} OR lower(name) = lower(${ref})
     ORDER BY id`);
  return rows;
}
