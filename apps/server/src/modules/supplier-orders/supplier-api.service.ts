import {
  SUPPLIER_ORDER_HISTORY_PAGE_SIZE,
  type SupplierOrderSummary,
  type SupplierViewOrder,
  type supplierAcknowledgeOrder,
  supplierOrderMessages,
  type supplierUpdateOrder,
} from '@slat/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { randomToken } from '../../lib/secrets';
import { SUPPLIER_TOKEN_PREFIX, type SupplierActor, supplierTokenHash } from '../../plugins/supplier-auth';
import { orderLinesOf } from '../order-contents/index';
import { revisionChangesOf } from '../purchase-orders/index';
import { applyChange, type ChangeAuthor, type ChangeJobs } from './supplier-order-changes';
import {
  describeRevisionChange,
  iso,
  isoOf,
  statusOf,
  supplierOrderOf,
  trackingLine,
} from './supplier-order-views';
import * as repo from './supplier-orders.repository';
import { historyPage } from './supplier-orders.service';

// The supplier's side: what a supplier's token (all its orders, every dealer) or an order link
// (one order) may read and change. Anything else answers 404, like a missing order.

export type { SupplierActor };

const supplierOrderNotFound = () => notFound(supplierOrderMessages.notFound);

/** The history's author for a supplier: "<name> (supplier)", or "(supplier, order link)". */
export function supplierAuthor(actor: SupplierActor): ChangeAuthor {
  return actor.kind === 'TOKEN'
    ? { source: 'SUPPLIER_API', userId: null, actorName: `${actor.manufacturerName} (supplier)` }
    : {
        source: 'SUPPLIER_LINK',
        userId: null,
        actorName: `${actor.manufacturerName} (supplier, order link)`,
      };
}

/** The order if this credential may see it (a link: its own order only), locked when `lock`. */
async function visibleOrder(db: Db, actor: SupplierActor, id: number, lock = false) {
  if (actor.supplierOrderId !== null && actor.supplierOrderId !== id) throw supplierOrderNotFound();
  const row = await repo.findSupplierVisibleOrder(db, actor.manufacturerId, id, lock);
  if (!row) throw supplierOrderNotFound();
  return row;
}

export async function listOrders(
  db: Db,
  actor: SupplierActor,
  query: {
    coreStatus?: string | undefined;
    unacknowledged?: 'true' | 'false' | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ data: SupplierOrderSummary[]; total: number }> {
  const { rows, total } = await repo.listSupplierVisibleOrders(db, {
    manufacturerId: actor.manufacturerId,
    onlyId: actor.supplierOrderId,
    coreStatus: query.coreStatus,
    unacknowledged: query.unacknowledged === 'true',
    offset: query.offset,
    limit: query.limit,
  });
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      dealerName: r.dealer_name,
      purchaseOrderNumber: r.tuid,
      revisionNumber: r.revision_number,
      reference: r.reference,
      coreStatus: r.core_status,
      statusName: r.status_name ?? '',
      acknowledgement: r.acknowledgement,
      eta: r.eta,
      requiredDate: r.required_date,
      submittedAt: iso(r.submitted_at),
      lineCount: r.line_count,
    })),
  };
}

/** The order as the supplier sees it: lines, the dealer, the revision it replaces and what changed. */
async function viewOf(db: Db, row: repo.SupplierOrderRow): Promise<SupplierViewOrder> {
  const [lines, statuses, revises] = await Promise.all([
    orderLinesOf(db, row.account_id, row.order_id),
    repo.findStatuses(db, row.manufacturer_id),
    revisesOf(db, row),
  ]);
  return {
    ...supplierOrderOf(row, lines),
    dealerName: row.dealer_name,
    purchaseOrderNumber: row.tuid,
    revisionNumber: row.revision_number,
    revises,
    submittedAt: iso(row.submitted_at),
    pdfUrl: row.document_file_id === null ? null : `/api/supplier/v1/orders/${row.id}/pdf`,
    statuses: statuses.map(statusOf),
  };
}

async function revisesOf(db: Db, row: repo.SupplierOrderRow): Promise<SupplierViewOrder['revises']> {
  const parentId = row.parent_order_id;
  if (parentId === null) return null;
  const [supplierOrderId, revisionNumber, changes] = await Promise.all([
    repo.findSupplierOrderIdOf(db, row.account_id, parentId, row.manufacturer_id),
    repo.findRevisionNumber(db, row.account_id, parentId),
    revisionChangesOf(db, row.account_id, row.order_id, parentId),
  ]);
  return {
    supplierOrderId,
    revisionNumber,
    changes: changes.map((c) => ({ kind: c.kind, description: describeRevisionChange(c) })),
  };
}

export async function getOrder(db: Db, actor: SupplierActor, id: number): Promise<SupplierViewOrder> {
  return viewOf(db, await visibleOrder(db, actor, id));
}

/** The purchase order's PDF as sent: its stored file's id and the account it belongs to. */
export async function pdfFileOf(
  db: Db,
  actor: SupplierActor,
  id: number,
): Promise<{ accountId: number; fileId: number; tuid: number; revisionNumber: number }> {
  const row = await visibleOrder(db, actor, id);
  if (row.document_file_id === null) throw notFound('The purchase order’s PDF is not ready yet');
  return {
    accountId: row.account_id,
    fileId: row.document_file_id,
    tuid: row.tuid,
    revisionNumber: row.revision_number,
  };
}

export type AcknowledgeInput = z.output<(typeof supplierAcknowledgeOrder)['body']>;

const FINAL = new Set(['ACCEPTED', 'ACCEPTED_WITH_CHANGES', 'REJECTED']);

/**
 * Acknowledges an order: RECEIVED, then one final answer. The row is locked first, so 20 at once
 * queue and the first makes the one entry; the same answer again changes nothing (200), another
 * final answer after a final one is 409.
 */
export async function acknowledgeSupplierOrder(
  db: Db,
  jobs: ChangeJobs,
  actor: SupplierActor,
  supplierOrderId: number,
  input: AcknowledgeInput,
): Promise<SupplierViewOrder> {
  const reason = input.reason?.trim() ?? '';
  if (input.response === 'REJECTED' && reason === '') {
    throw fieldError('reason', supplierOrderMessages.rejectedNeedsReason);
  }
  const lineChanges = input.lineChanges ?? [];
  if (input.response === 'ACCEPTED_WITH_CHANGES' && lineChanges.length === 0) {
    throw fieldError('lineChanges', supplierOrderMessages.changesNeedLines);
  }
  await db.transaction(async (tx) => {
    const row = await visibleOrder(tx, actor, supplierOrderId, true);
    if (input.response === 'ACCEPTED_WITH_CHANGES') {
      const ids = new Set((await orderLinesOf(tx, row.account_id, row.order_id)).map((l) => l.id));
      const bad = lineChanges.findIndex((c) => !ids.has(c.orderLineId));
      if (bad >= 0) throw fieldError(`lineChanges.${bad}.orderLineId`, supplierOrderMessages.lineNotInOrder);
    }
    const current = row.acknowledgement;
    if (current === input.response) return; // the same answer again: one effect
    if (FINAL.has(current)) throw new AppError('CONFLICT', supplierOrderMessages.alreadyAnswered);
    await applyChange(
      tx,
      jobs,
      row,
      {
        acknowledgement: input.response,
        rejection_reason: input.response === 'REJECTED' ? reason : '',
        line_changes: input.response === 'ACCEPTED_WITH_CHANGES' ? lineChanges : [],
        reference: input.reference,
      },
      supplierAuthor(actor),
    );
  });
  return getOrder(db, actor, supplierOrderId);
}

export type UpdateInput = z.output<(typeof supplierUpdateOrder)['body']>;

/**
 * Moves an order on (status, ETA, freight, tracking, notes, reference): one history entry listing
 * what changed, none for no change. A cancelled or completed order keeps its status (409).
 */
export async function updateSupplierOrder(
  db: Db,
  jobs: ChangeJobs,
  actor: SupplierActor,
  supplierOrderId: number,
  input: UpdateInput,
): Promise<SupplierViewOrder> {
  await db.transaction(async (tx) => {
    const row = await visibleOrder(tx, actor, supplierOrderId, true);
    const patch: repo.SupplierOrderPatch = {
      eta: input.eta,
      freight: input.freight,
      customer_notes: input.notes,
      reference: input.reference,
    };
    if (input.orderStatusId !== undefined && input.orderStatusId !== row.order_status_id) {
      const status = (await repo.findStatuses(tx, row.manufacturer_id)).find(
        (s) => s.id === input.orderStatusId,
      );
      if (!status) throw fieldError('orderStatusId', 'Choose one of your order statuses');
      if (row.core_status === 'CANCELLED' || row.core_status === 'COMPLETED') {
        throw new AppError('CONFLICT', supplierOrderMessages.cancelledOrCompleted);
      }
      patch.order_status_id = status.id;
      patch.core_status = status.core_status;
    }
    if (input.tracking) {
      patch.tracking_carrier = input.tracking.carrier;
      patch.tracking_number = input.tracking.number;
      patch.tracking_url = input.tracking.url;
      patch.tracking_information = trackingLine(input.tracking);
    }
    await applyChange(tx, jobs, row, patch, supplierAuthor(actor));
  });
  return getOrder(db, actor, supplierOrderId);
}

export async function orderHistory(db: Db, actor: SupplierActor, id: number, page: number) {
  await visibleOrder(db, actor, id);
  const size = SUPPLIER_ORDER_HISTORY_PAGE_SIZE;
  return historyPage(db, id, null, (page - 1) * size, size);
}

export async function listStatuses(db: Db, actor: SupplierActor) {
  return (await repo.findStatuses(db, actor.manufacturerId)).map(statusOf);
}

/**
 * Issues the supplier a new token (revoking its live one) in one transaction; the token is
 * answered only here, and only its SHA-256 is kept.
 */
export async function issueSupplierToken(
  db: Db,
  manufacturerId: number,
): Promise<{ token: string; prefix: string; createdAt: string }> {
  const token = `${SUPPLIER_TOKEN_PREFIX}${randomToken(32)}`;
  const prefix = token.slice(0, SUPPLIER_TOKEN_PREFIX.length + 6);
  const row = await db.transaction((tx) =>
    repo.replaceToken(tx, manufacturerId, supplierTokenHash(token), prefix),
  );
  return { token, prefix, createdAt: isoOf(row.created_at) };
}

/** POST /supplier/v1/token/rotate: a token only; a link cannot (403). */
export async function rotateToken(db: Db, actor: SupplierActor) {
  if (actor.kind !== 'TOKEN')
    throw new AppError('FORBIDDEN', 'An order link cannot rotate the supplier’s token');
  return issueSupplierToken(db, actor.manufacturerId);
}

export function whoAmI(actor: SupplierActor) {
  return {
    manufacturerId: actor.manufacturerId,
    name: actor.manufacturerName,
    kind: actor.kind,
    supplierOrderId: actor.supplierOrderId,
  };
}
