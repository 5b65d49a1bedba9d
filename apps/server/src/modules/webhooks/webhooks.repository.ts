import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ListedSubscription = SubscriptionRow & {
  lastDeliveryStatus: DeliveryRow['status'] | null;
  lastDeliveryAt: Date | null;
};

/** The account's subscriptions, oldest first, each with its newest delivery's status. */
export async function listSubscriptions(db: Db, accountId: number): Promise<ListedSubscription[]> {
  const { rows } = await db.execute<{
    id: number;
    account_id: number;
    url: string;
    secret: string;
    created_at: Date;
    disabled_at: Date | null;
    last_status: DeliveryRow['status'] | null;
    last_at: Date | null;
  }>(sql`
    SELECT s.*, d.status AS last_status, d.created_at AS last_at
    FROM webhook_subscriptions s
    LEFT JOIN LATERAL (
      SELECT status, created_at FROM webhook_deliveries
      WHERE subscription_id = s.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) d ON true
    WHERE s.account_id = ${accountId}
    ORDER BY s.id`);
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    url: r.url,
    secret: r.secret,
    createdAt: new Date(r.created_at),
    disabledAt: r.disabled_at ? new Date(r.disabled_at) : null,
    lastDeliveryStatus: r.last_status,
    lastDeliveryAt: r.last_at ? new Date(r.last_at) : null,
  }));
}

/** Holds the account's row until the transaction ends, so two creates cannot both pass the limit. */
export async function lockAccount(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`SELECT 1 FROM accounts WHERE id = ${accountId} FOR UPDATE`);
}

export async function countSubscriptions(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.accountId, accountId));
  return row?.n ?? 0;
}

export async function insertSubscription(
  db: Db,
  accountId: number,
  url: string,
  secret: string,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(webhookSubscriptions).values({ accountId, url, secret }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findSubscription(
  db: Db,
  accountId: number,
  id: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, id)));
  return row;
}

/** Disables (keeping the first time it was disabled) or enables; undefined when not the account's. */
export async function setDisabled(
  db: Db,
  accountId: number,
  id: number,
  disabled: boolean,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ disabledAt: disabled ? sql`COALESCE(${webhookSubscriptions.disabledAt}, now())` : null })
    .where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, id)))
    .returning();
  return row;
}

/** Deletes the subscription and (by cascade) its deliveries; false when not the account's. */
export async function deleteSubscription(db: Db, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, id)))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

export async function listDeliveries(
  db: Db,
  accountId: number,
  subscriptionId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.accountId, accountId),
    eq(webhookDeliveries.subscriptionId, subscriptionId),
  );
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function enabledSubscriptionIds(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), isNull(webhookSubscriptions.disabledAt)))
    .orderBy(webhookSubscriptions.id);
  return rows.map((r) => r.id);
}

/**
 * One delivery of an event to one subscription. With a history id, a second insert for the same
 * subscription and change does nothing and answers undefined (the changed-job ran twice).
 */
export async function insertDelivery(
  db: Db,
  values: {
    accountId: number;
    subscriptionId: number;
    eventId: string;
    eventType: string;
    historyId: number | null;
    payload: unknown;
  },
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [webhookDeliveries.subscriptionId, webhookDeliveries.historyId] })
    .returning();
  return row;
}

/** What the payload of a supplier-order event says: the order as it is now and the one change. */
export type SupplierOrderEventRow = {
  supplier_order_id: number;
  purchase_order_id: number;
  purchase_order_number: number;
  manufacturer_name: string;
  core_status: 'UNSTARTED' | 'IN_PROGRESS' | 'ON_HOLD' | 'COMPLETED' | 'CANCELLED';
  status_name: string | null;
  order_status_text: string;
  acknowledgement: '' | 'RECEIVED' | 'ACCEPTED' | 'ACCEPTED_WITH_CHANGES' | 'REJECTED';
  eta: string | null;
  freight: string | null;
  tracking_information: string;
  source: 'DEALER' | 'SUPPLIER_API' | 'SUPPLIER_LINK';
  actor_name: string;
  changes: Record<string, { old?: unknown; new?: unknown }>;
  changed_at: Date;
};

export async function readSupplierOrderEvent(
  db: Db,
  accountId: number,
  supplierOrderId: number,
  historyId: number,
): Promise<SupplierOrderEventRow | undefined> {
  const { rows } = await db.execute<SupplierOrderEventRow>(sql`
    SELECT so.id AS supplier_order_id, so.order_id AS purchase_order_id, po.tuid AS purchase_order_number,
           m.name AS manufacturer_name, so.core_status, st.name AS status_name, so.order_status_text,
           so.acknowledgement, to_char(so.eta, 'YYYY-MM-DD') AS eta, so.freight::text AS freight,
           so.tracking_information, h.source, h.actor_name, h.changes, h.created_at AS changed_at
    FROM supplier_order_history h
    JOIN supplier_orders so ON so.id = h.supplier_order_id AND so.account_id = h.account_id
    JOIN purchase_orders po ON po.order_id = so.order_id AND po.account_id = so.account_id
    JOIN manufacturers m ON m.id = so.manufacturer_id
    LEFT JOIN supplier_order_statuses st ON st.id = so.order_status_id
    WHERE h.id = ${historyId} AND h.account_id = ${accountId} AND h.supplier_order_id = ${supplierOrderId}`);
  return rows[0];
}

export type DeliveryToSend = {
  id: number;
  event_id: string;
  payload: unknown;
  status: DeliveryRow['status'];
  attempts: number;
  url: string;
  secret: string;
  disabled: boolean;
};

export async function findDeliveryToSend(db: Db, deliveryId: number): Promise<DeliveryToSend | undefined> {
  const { rows } = await db.execute<DeliveryToSend>(sql`
    SELECT d.id, d.event_id, d.payload, d.status, d.attempts, s.url, s.secret,
           s.disabled_at IS NOT NULL AS disabled
    FROM webhook_deliveries d
    JOIN webhook_subscriptions s ON s.id = d.subscription_id AND s.account_id = d.account_id
    WHERE d.id = ${deliveryId}`);
  return rows[0];
}

/** Counts one attempt and what came of it; DELIVERED also stamps when. */
export async function recordAttempt(
  db: Db,
  deliveryId: number,
  outcome: { status: DeliveryRow['status']; statusCode: number | null; error: string },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      deliveredAt: outcome.status === 'DELIVERED' ? sql`now()` : null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'PENDING')));
}

/** Ends a delivery that will not be sent (its subscription was disabled) without an attempt. */
export async function markUnsent(db: Db, deliveryId: number, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'FAILED', lastError: error })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'PENDING')));
}
