import {
  type OfflineSupplierOrder,
  SUPPLIER_ORDER_HISTORY_PAGE_SIZE,
  type SupplierOrder,
  type SupplierOrderHistoryEntry,
  type SupplierOrderLink,
  type SupplierOrderStatus,
  supplierOrderMessages,
  type upsertOfflineSupplierOrder as upsertContract,
} from '@slat/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { orderLinesOf } from '../order-contents/index';
import { applyChange, type ChangeJobs } from './supplier-order-changes';
import {
  type HistoryNames,
  historyEntryOf,
  idsNamedBy,
  iso,
  offlineSupplierOrderOf,
  statusOf,
  supplierOrderOf,
} from './supplier-order-views';
import * as repo from './supplier-orders.repository';

// The dealer's side of supplier orders: reading them, entering an offline-only supplier's order
// by hand, the history, and the link a supplier answers on. Every call is scoped to the account.

const orderNotFound = () => notFound('Order not found');
const supplierOrderNotFound = () => notFound(supplierOrderMessages.notFound);

/** GET /purchaseorder/{id}/manufacturerorders: the online supplier orders with their lines. */
export async function listSupplierOrders(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<SupplierOrder[]> {
  if (!(await repo.findPurchaseOrder(db, accountId, orderId))) throw orderNotFound();
  const rows = await repo.findOrderSupplierOrders(db, accountId, orderId, false);
  if (rows.length === 0) return [];
  const lines = await orderLinesOf(db, accountId, orderId);
  return rows.map((row) => supplierOrderOf(row, lines));
}

/** A supplier's statuses (its own, else the defaults); 404 for a supplier the account does not deal with. */
export async function listStatuses(
  db: Db,
  accountId: number,
  manufacturerId: number,
): Promise<SupplierOrderStatus[]> {
  if (!(await repo.isAccountSupplier(db, accountId, manufacturerId))) throw notFound('Supplier not found');
  return (await repo.findStatuses(db, manufacturerId)).map(statusOf);
}

/** A page of a supplier order's history, with ids shown by their names. */
export async function historyPage(
  db: Db,
  supplierOrderId: number,
  types: string[] | null,
  offset: number,
  limit: number,
): Promise<{ data: SupplierOrderHistoryEntry[]; total: number }> {
  const { rows, total } = await repo.findHistory(db, supplierOrderId, types, offset, limit);
  const ids = idsNamedBy(rows);
  const [statuses, methods] = await Promise.all([
    repo.findStatusNames(db, ids.statuses),
    repo.findShippingMethodNames(db, ids.methods),
  ]);
  const names: HistoryNames = { statuses, methods };
  return { data: rows.map((r) => historyEntryOf(r, names)), total };
}

/** GET /old/trackers: the account's supplier order's history, newest first. */
export async function listTrackers(
  db: Db,
  accountId: number,
  query: { id: number; type?: string | string[] | undefined; offset: number; limit: number },
) {
  if (!(await repo.findAccountSupplierOrder(db, accountId, query.id))) throw supplierOrderNotFound();
  const types = query.type === undefined ? null : [query.type].flat();
  return historyPage(db, query.id, types, query.offset, query.limit);
}

export async function listOfflineSupplierOrders(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<OfflineSupplierOrder[]> {
  if (!(await repo.findPurchaseOrder(db, accountId, orderId))) throw orderNotFound();
  return (await repo.findOrderSupplierOrders(db, accountId, orderId, true)).map(offlineSupplierOrderOf);
}

/** The account's supplier order of this purchase order (404 for anything else). */
async function orderSupplierOrder(
  db: Db,
  accountId: number,
  orderId: number,
  supplierOrderId: number,
  lock = false,
): Promise<repo.SupplierOrderRow> {
  const row = await repo.findAccountSupplierOrder(db, accountId, supplierOrderId, lock);
  if (!row || row.order_id !== orderId) throw supplierOrderNotFound();
  return row;
}

export async function listOfflineHistory(
  db: Db,
  accountId: number,
  orderId: number,
  supplierOrderId: number,
  page: number,
) {
  const row = await orderSupplierOrder(db, accountId, orderId, supplierOrderId);
  if (!row.is_offline) throw supplierOrderNotFound();
  const size = SUPPLIER_ORDER_HISTORY_PAGE_SIZE;
  return historyPage(db, supplierOrderId, null, (page - 1) * size, size);
}

export type OfflineInput = z.output<(typeof upsertContract)['body']>;

/**
 * Enters or changes an offline-only supplier's order of a submitted purchase order, in one
 * transaction: the purchase order's row locked first (concurrent first entries make one order),
 * then the supplier order's; one history entry listing only what changed; none for no change.
 */
export async function upsertOfflineSupplierOrder(
  db: Db,
  jobs: ChangeJobs,
  accountId: number,
  user: { id: number; fullName: string },
  orderId: number,
  input: OfflineInput,
): Promise<OfflineSupplierOrder> {
  const id = await db.transaction(async (tx) => {
    const po = await repo.findPurchaseOrder(tx, accountId, orderId, true);
    if (!po) throw orderNotFound();
    if (input.manufacturerId !== po.manufacturer_id) {
      if (!(await repo.isAccountSupplier(tx, accountId, input.manufacturerId)))
        throw notFound('Supplier not found');
      throw fieldError('manufacturerId', "This supplier is not the order's supplier");
    }
    const supplier = await repo.findSupplier(tx, po.manufacturer_id);
    if (!supplier?.offline_only) throw new AppError('CONFLICT', supplierOrderMessages.offlineOnly);
    if (po.status !== 'SUBMITTED')
      throw new AppError('CONFLICT', 'Only a submitted order has a supplier order');
    if (input.shippingMethodId != null) {
      const method = await repo.findShippingMethodName(tx, po.manufacturer_id, input.shippingMethodId);
      if (method === undefined)
        throw fieldError('shippingMethodId', "Choose one of the supplier's shipping methods");
    }
    let supplierOrderId: number;
    if (input.id != null) {
      supplierOrderId = Number(input.id);
    } else {
      supplierOrderId = await repo.insertOfflineSupplierOrder(tx, accountId, orderId, po.manufacturer_id, po);
    }
    const row = await repo.findAccountSupplierOrder(tx, accountId, supplierOrderId, true);
    if (!row || row.order_id !== orderId || !row.is_offline) throw supplierOrderNotFound();
    await applyChange(
      tx,
      jobs,
      row,
      {
        reference: input.reference,
        order_status_text: input.orderStatus,
        required_date: input.requiredDate,
        eta: input.eta,
        freight: input.freight,
        shipping_address: input.shippingAddress,
        shipping_method_id: input.shippingMethodId,
        shipping_instructions: input.shippingInstructions,
        tracking_information: input.trackingInformation,
        customer_notes: input.notes,
      },
      { source: 'DEALER', userId: user.id, actorName: user.fullName },
    );
    return supplierOrderId;
  });
  const row = await repo.findAccountSupplierOrder(db, accountId, id);
  return offlineSupplierOrderOf(row!);
}

/** The staff member's full name, as history shows who made a change. */
export async function staffMember(
  db: Db,
  accountId: number,
  userId: number,
): Promise<{ id: number; fullName: string }> {
  return { id: userId, fullName: await repo.findUserFullName(db, accountId, userId) };
}

/** The supplier's page for one supplier order: `${publicUrl}/supplier-order/${publicId}`. */
export const supplierOrderUrl = (publicUrl: string, publicId: string) =>
  `${publicUrl}/supplier-order/${publicId}`;

function linkOf(
  publicUrl: string,
  supplierOrderId: number,
  link: repo.LinkRow | undefined,
): SupplierOrderLink {
  const live = link && link.revoked_at === null;
  return {
    supplierOrderId,
    url: live ? supplierOrderUrl(publicUrl, link.public_id) : null,
    createdAt: iso(link?.created_at ?? null),
    revokedAt: iso(link?.revoked_at ?? null),
  };
}

/** An online supplier order of the account's purchase order, for its link (404 otherwise). */
async function linkableOrder(
  tx: Db,
  accountId: number,
  orderId: number,
  supplierOrderId: number,
  lock: boolean,
) {
  const row = await orderSupplierOrder(tx, accountId, orderId, supplierOrderId, lock);
  if (row.is_offline) throw supplierOrderNotFound();
  return row;
}

/** The order's link: the live one, else the last revoked one (url null), else none yet (all null). */
export async function getLink(
  db: Db,
  publicUrl: string,
  accountId: number,
  orderId: number,
  supplierOrderId: number,
): Promise<SupplierOrderLink> {
  await linkableOrder(db, accountId, orderId, supplierOrderId, false);
  return linkOf(publicUrl, supplierOrderId, await repo.findNewestLink(db, supplierOrderId));
}

export async function revokeLink(
  db: Db,
  publicUrl: string,
  accountId: number,
  orderId: number,
  supplierOrderId: number,
): Promise<SupplierOrderLink> {
  return db.transaction(async (tx) => {
    await linkableOrder(tx, accountId, orderId, supplierOrderId, true);
    await repo.revokeLinks(tx, supplierOrderId);
    return linkOf(publicUrl, supplierOrderId, await repo.findNewestLink(tx, supplierOrderId));
  });
}

export async function renewLink(
  db: Db,
  publicUrl: string,
  accountId: number,
  orderId: number,
  supplierOrderId: number,
): Promise<SupplierOrderLink> {
  return db.transaction(async (tx) => {
    await linkableOrder(tx, accountId, orderId, supplierOrderId, true);
    await repo.revokeLinks(tx, supplierOrderId);
    await repo.ensureLiveLink(tx, accountId, supplierOrderId);
    return linkOf(publicUrl, supplierOrderId, await repo.findNewestLink(tx, supplierOrderId));
  });
}
