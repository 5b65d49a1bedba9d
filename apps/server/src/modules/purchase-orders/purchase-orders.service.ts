import type * as contracts from '@slat/contracts';
import {
  type OrderSupplier,
  type PurchaseOrder,
  type PurchaseOrderListItem,
  purchaseOrderMessages,
  purchaseOrderSchema,
  type SupplierCoreStatus,
} from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { DetailCache } from '../../lib/detail-cache';
import { jsonWriter, jsonWrittenByDatabase, type SerializedJson } from '../../plugins/serialized-json';
import { refreshDealAlerts } from '../deals/index';
import {
  copyOrderWindows,
  createOrder,
  findOrderState,
  orderLinesWithSummary,
  pendingUpdatesOf,
} from '../order-contents/index';
import type { AccountZones } from './account-zones';
import { revisionChangesOf } from './purchase-order-revisions.service';
import { minRequiredDate as minRequiredDateIn } from './purchase-order-submit.service';
import * as repo from './purchase-orders.repository';

/**
 * Purchase orders: the list, the detail, creating, editing, cloning, archiving, and converting an
 * accepted deal quote. Every read and write is scoped by the signed-in account; another
 * account's order or quote answers 404 like a missing one. Writes run in one transaction that
 * locks what they change first, so a double click has one effect.
 */

export type Actor = { accountId: number; userId: number; companyId: number };

const orderNotFound = () => notFound('Purchase order not found');
const readOnly = () => new AppError('CONFLICT', purchaseOrderMessages.readOnly);

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

type SupplierOrderRefOut = PurchaseOrderListItem['context']['manufacturerOrders'][number];

function supplierOrdersOut(refs: repo.SupplierOrderRef[]) {
  const out = (s: repo.SupplierOrderRef, status: string): SupplierOrderRefOut => ({
    id: Number(s.id),
    eta: s.eta,
    status,
    coreStatus: s.core_status,
  });
  return {
    manufacturerOrders: refs.filter((s) => !s.is_offline).map((s) => out(s, s.core_status)),
    // An offline order shows the status the dealer typed; its core status when none was typed.
    offlineManufacturerOrders: refs
      .filter((s) => s.is_offline)
      .map((s) => out(s, s.status_text.trim() || s.core_status)),
  };
}

/**
 * §9: a submitted order's freight is the sum of its supplier orders' freight (null when none has
 * any); an open order has none yet (the review shows its estimate).
 */
export function submittedFreight(
  r: Pick<repo.PurchaseOrderRow, 'status' | 'supplier_orders'>,
): string | null {
  if (r.status !== 'SUBMITTED') return null;
  const given = r.supplier_orders.map((s) => s.freight).filter((f): f is string => f !== null);
  if (given.length === 0) return null;
  return fromScaled(
    given.reduce((sum, f) => sum + toScaled(f), 0n),
    2,
  );
}

function fieldsOut(r: repo.PurchaseOrderRow): Omit<PurchaseOrderListItem, 'context'> {
  return {
    id: Number(r.id),
    tuid: Number(r.tuid),
    revisionNumber: Number(r.revision_number),
    manufacturerId: Number(r.manufacturer_id),
    manufacturerName: r.manufacturer_name,
    sidemark: r.sidemark,
    createdAt: r.created_at,
    isArchived: r.is_archived,
    // §3: read-only when submitted or archived; a replaced revision is history, read-only too.
    isReadOnly: r.status === 'SUBMITTED' || r.is_archived || r.replaced_by_order_id !== null,
    salesRep: r.sales_rep,
    salesRepOverride: r.sales_rep_override,
    employeeId: r.employee_id === null ? null : Number(r.employee_id),
    customerDetails: r.details,
    notes: r.notes,
    status: r.status,
    totalCost: r.total_cost,
    freight: submittedFreight(r),
    totalQuantity: Number(r.total_quantity),
    orderLineCount: Number(r.line_count),
    submittedAt: r.submitted_at,
    requiredDate: r.required_date,
    sourceQuote:
      r.source_quote_id !== null && r.source_deal_id !== null && r.source_workflow_slug !== null
        ? {
            id: Number(r.source_quote_id),
            tuid: Number(r.source_quote_tuid),
            dealId: Number(r.source_deal_id),
            workflowSlug: r.source_workflow_slug,
          }
        : null,
  };
}

type ListBody = z.output<typeof contracts.listPurchaseOrders.body>;
type ListAnswer = z.output<typeof contracts.listPurchaseOrders.response>;

/**
 * The list's answer around its items' JSON as PostgreSQL wrote it (the contract's items, compact:
 * what the contract's serializer would write of them), sent without a parse and a stringify.
 */
const listAnswer = (total: number, items: string) =>
  jsonWrittenByDatabase<ListAnswer>(`{"total":${total},"data":${items}}`);

/**
 * POST /purchaseorder: one page and the total. `zones` keeps each account's time zone (decision
 * 042); `since` is the request's arrival, for its catch-up (decision 034).
 */
export async function listPurchaseOrders(
  db: Db,
  zones: AccountZones,
  accountId: number,
  body: ListBody,
  since: number,
): Promise<SerializedJson<ListAnswer>> {
  const { filters, pagination } = body;
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo)
    throw fieldError('filters.dateTo', 'The end date must not be before the start date');
  // The day bounds as values (the company's zone known first), so each statement is planned for them.
  const timeZone =
    filters.dateFrom || filters.dateTo
      ? await zones.zoneOf(accountId, () => repo.findAccountZone(db, accountId), since)
      : undefined;
  const where = { ...filters, timeZone };
  const page = await repo.findPurchaseOrderPage(db, accountId, where, pagination.limit, pagination.offset);
  // A searched page past the end has no row to say the total: it is counted.
  const total = page.total ?? (await repo.countPurchaseOrders(db, accountId, where));
  return listAnswer(total, page.items);
}

function supplierOut(s: repo.SupplierRow): OrderSupplier {
  return {
    id: Number(s.id),
    name: s.name,
    email: s.email,
    offlineOnly: s.offline_only,
    isInternal: s.is_internal,
    defaultShippingMethodId:
      s.default_shipping_method_id === null ? null : Number(s.default_shipping_method_id),
    shippingMethods: s.shipping_methods.map((m) => ({ id: Number(m.id), name: m.name, address: m.address })),
  };
}

/**
 * The §3 purchase order with its context. minRequiredDate is tomorrow in the account's time zone:
 * suppliers here state no lead time of their own, so the earliest date is the next day.
 */
export async function getPurchaseOrder(db: Db, accountId: number, orderId: number): Promise<PurchaseOrder> {
  const r = await repo.findPurchaseOrder(db, accountId, orderId);
  if (!r) throw orderNotFound();
  return readPurchaseOrder(db, accountId, r, await latestRevisionOf(db, accountId, r));
}

export type PurchaseOrderCache = DetailCache<PurchaseOrder>;
export const purchaseOrderCache = (mode: 'on' | 'off' | 'verify'): PurchaseOrderCache =>
  new DetailCache('purchase order', mode);
const writePurchaseOrder = jsonWriter(purchaseOrderSchema);

/** The newest revision of a replaced order (following the chain, which no version of this order follows). */
const latestRevisionOf = (db: Db, accountId: number, r: repo.PurchaseOrderDetailRow) =>
  r.replaced_by_order_id === null ? Promise.resolve(undefined) : repo.findLatestRevision(db, accountId, r.id);

/**
 * GET /purchaseorder/{id}, written: the kept answer while the order's stamp holds (decision 014) —
 * its header row with the order's version, the catalog's and supplier's state, today's earliest
 * required date in the account's zone, and the newest revision of a replaced order — else read
 * afresh and kept.
 */
export async function getPurchaseOrderAnswer(
  db: Db,
  cache: PurchaseOrderCache,
  accountId: number,
  orderId: number,
): Promise<SerializedJson<PurchaseOrder>> {
  const stampOf = async (r: repo.PurchaseOrderDetailRow) => {
    const latest = await latestRevisionOf(db, accountId, r);
    return { latest, stamp: JSON.stringify([r, minRequiredDateIn(r.time_zone), latest ?? null]) };
  };
  const r = await repo.findPurchaseOrder(db, accountId, orderId);
  if (!r) throw orderNotFound();
  const { latest, stamp } = await stampOf(r);
  return cache.answer(
    `${accountId}:${orderId}`,
    stamp,
    async () => writePurchaseOrder(await readPurchaseOrder(db, accountId, r, latest)),
    async () => {
      const now = await repo.findPurchaseOrder(db, accountId, orderId);
      return now && (await stampOf(now)).stamp;
    },
  );
}

/** The §3 purchase order from its header row. */
async function readPurchaseOrder(
  db: Db,
  accountId: number,
  r: repo.PurchaseOrderDetailRow,
  latest: { id: number; tuid: number } | undefined,
): Promise<PurchaseOrder> {
  const orderId = Number(r.id);
  const fields = fieldsOut(r);
  const [{ orderLines, summary }, revisionChanges, suppliers] = await Promise.all([
    orderLinesWithSummary(db, accountId, orderId),
    revisionChangesOf(db, accountId, orderId, r.parent_order_id === null ? null : Number(r.parent_order_id)),
    repo.findSuppliers(db, accountId, [Number(r.manufacturer_id)]),
  ]);
  // The one rule submit checks too (purchase-order-submit.service), in the zone the header read.
  const minRequiredDate = minRequiredDateIn(r.time_zone);
  const pendingUpdates = await pendingUpdatesOf(db, accountId, fields.isReadOnly, orderLines);
  const parentOrder =
    r.parent_order_id !== null && r.parent_tuid !== null
      ? { id: Number(r.parent_order_id), tuid: Number(r.parent_tuid), isQuote: false }
      : fields.sourceQuote
        ? { id: fields.sourceQuote.id, tuid: fields.sourceQuote.tuid, isQuote: true }
        : null;
  return {
    ...fields,
    shippingMethodId: r.shipping_method_id === null ? null : Number(r.shipping_method_id),
    shippingAddress: r.shipping_address,
    shippingInstructions: r.shipping_instructions,
    context: {
      minRequiredDate,
      orderDocument:
        r.document_file_id === null
          ? null
          : {
              id: Number(r.document_file_id),
              url: `/api/purchaseorder/${fields.id}/files/${Number(r.document_file_id)}`,
            },
      parentOrder,
      latestRevision: latest ? { id: Number(latest.id), tuid: Number(latest.tuid) } : null,
      pendingUpdates,
      orderLines,
      errorLineCount: summary.errorLineCount,
      revisionChanges,
      supplier: supplierOut(suppliers[0]!),
      ...supplierOrdersOut(r.supplier_orders),
      measureSystem: r.measure_system,
      defaults: {
        deliveryAddress: r.delivery_address,
        shippingInstructions: r.default_shipping_instructions,
      },
    },
  };
}

export async function listOrderSuppliers(
  db: Db,
  accountId: number,
): Promise<{ data: OrderSupplier[]; multiSupplier: boolean }> {
  const data = (await repo.findSuppliers(db, accountId)).map(supplierOut);
  return { data, multiSupplier: data.length > 1 };
}

type Dashboard = z.infer<typeof contracts.purchaseOrderDashboard.response>;

export async function purchaseOrderDashboard(db: Db, accountId: number): Promise<Dashboard> {
  const { days, statuses } = await repo.dashboardCounts(db, accountId);
  const submitted: Record<SupplierCoreStatus, number> = {
    UNSTARTED: 0,
    IN_PROGRESS: 0,
    ON_HOLD: 0,
    COMPLETED: 0,
    CANCELLED: 0,
  };
  for (const s of statuses) submitted[s.core_status] += Number(s.n);
  const perDay = days.map((d) => ({ date: d.day, open: Number(d.open), submitted: Number(d.submitted) }));
  return { open: perDay.reduce((n, d) => n + d.open, 0), submitted, perDay };
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

/** The company on an order draft must be the signed-in one (the spec's payload carries it). */
function checkCompany(actor: Actor, companyId: number | undefined): void {
  if (companyId !== undefined && companyId !== actor.companyId)
    throw fieldError('company_id', 'Company not found');
}

async function checkEmployee(
  db: Db,
  accountId: number,
  employeeId: number | null | undefined,
): Promise<void> {
  if (typeof employeeId === 'number' && !(await repo.isAccountUser(db, accountId, employeeId)))
    throw fieldError('employee_id', 'Staff member not found');
}

/** '' and null both mean no override: the creator is the rep. */
const override = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

type CreateBody = z.output<typeof contracts.createPurchaseOrder.body>;

export async function createPurchaseOrder(
  db: Db,
  actor: Actor,
  body: CreateBody,
): Promise<{ data: { id: number; tuid: number } }> {
  const { accountId } = actor;
  checkCompany(actor, body.company_id);
  if (!(await repo.isAccountSupplier(db, accountId, body.manufacturer_id)))
    throw fieldError('manufacturer_id', purchaseOrderMessages.supplierNotLinked);
  await checkEmployee(db, accountId, body.employee_id);
  const data = await db.transaction(async (tx) => {
    const tuid = await repo.nextPurchaseOrderNumber(tx, accountId);
    const orderId = await createOrder(tx, accountId, 'PURCHASE_ORDER');
    await repo.insertPurchaseOrder(tx, {
      orderId,
      accountId,
      tuid,
      manufacturerId: body.manufacturer_id,
      sidemark: body.sidemark,
      details: body.details,
      notes: body.notes ?? '',
      salesRepOverride: override(body.sales_rep_override) ?? null,
      createdBy: body.employee_id ?? actor.userId,
      sourceQuoteId: null,
      parentOrderId: null,
      revisionNumber: 1,
    });
    return { id: orderId, tuid };
  });
  return { data };
}

type DetailsBody = z.output<typeof contracts.updatePurchaseOrderDetails.body>;

/** An open order's details; a submitted, archived or replaced one answers 409. */
export async function updatePurchaseOrderDetails(
  db: Db,
  actor: Actor,
  orderId: number,
  body: DetailsBody,
): Promise<PurchaseOrder> {
  const { accountId } = actor;
  await db.transaction(async (tx) => {
    const state = await findOrderState(tx, accountId, orderId, true);
    if (state?.kind !== 'PURCHASE_ORDER') throw orderNotFound();
    checkCompany(actor, body.company_id);
    await checkEmployee(tx, accountId, body.employee_id);
    if (state.isReadOnly) throw readOnly();
    await repo.updatePurchaseOrderDetails(tx, accountId, orderId, {
      sidemark: body.sidemark,
      details: body.details,
      notes: body.notes,
      salesRepOverride: override(body.sales_rep_override),
      createdBy: body.employee_id,
    });
  });
  return getPurchaseOrder(db, accountId, orderId);
}

type CloneBody = z.output<typeof contracts.clonePurchaseOrder.body>;

/**
 * A new open order for the same supplier with copies of the chosen windows (all when none are
 * named). Any order may be cloned, a submitted one too: that is how a dealer re-orders. The
 * copy keeps the original's rep (its override and its staff member), and its customer details
 * unless `with_contact` is false. `type` 'order' (the default) is what a purchase order clones
 * into; 'quote' is refused, since a quote belongs to a deal (POST /deal-quotes/{id}/clone). A copy
 * is always open, whatever `is_draft` says, and it is made in one call, so `first_run` and
 * `last_run` (a client's batches) change nothing.
 */
export async function clonePurchaseOrder(
  db: Db,
  actor: Actor,
  orderId: number,
  body: CloneBody,
): Promise<{ cloned_order: { id: number; tuid: number } }> {
  const { accountId } = actor;
  if (body?.type === 'quote') throw fieldError('type', purchaseOrderMessages.cloneOnlyAsOrder);
  const cloned = await db.transaction(async (tx) => {
    const source = await repo.findPurchaseOrderRow(tx, accountId, orderId);
    if (!source) throw orderNotFound();
    const tuid = await repo.nextPurchaseOrderNumber(tx, accountId);
    const newId = await createOrder(tx, accountId, 'PURCHASE_ORDER');
    const rep = override(body?.sales_rep_override);
    await repo.insertPurchaseOrder(tx, {
      orderId: newId,
      accountId,
      tuid,
      manufacturerId: Number(source.manufacturer_id),
      sidemark: body?.sidemark ?? source.sidemark,
      details: body?.details ?? (body?.with_contact === false ? '' : source.details),
      notes: source.notes,
      salesRepOverride: rep === undefined ? source.sales_rep_override : rep,
      createdBy: source.created_by ?? actor.userId,
      sourceQuoteId: null,
      parentOrderId: null,
      revisionNumber: 1,
    });
    await copyOrderWindows(tx, accountId, orderId, newId, {
      ...(body?.order_window_ids ? { windowIds: body.order_window_ids } : {}),
      field: 'order_window_ids',
    });
    return { id: newId, tuid };
  });
  return { cloned_order: cloned };
}

/** Archives or unarchives the account's orders among `ids` (others are ignored); answers the ids changed. */
export async function setPurchaseOrdersArchived(
  db: Db,
  accountId: number,
  ids: number[],
  archived: boolean,
): Promise<{ ids: number[] }> {
  const changed = await db.transaction(async (tx) => {
    const rows = await repo.setArchived(tx, accountId, [...new Set(ids)], archived);
    // A deal's order count (and its 'no orders' alert) counts non-archived orders.
    const deals = new Set(rows.flatMap((r) => (r.deal_id === null ? [] : [r.deal_id])));
    for (const dealId of [...deals].sort((a, b) => a - b)) await refreshDealAlerts(tx, accountId, dealId);
    return rows;
  });
  return { ids: changed.map((r) => r.id).sort((a, b) => a - b) };
}

/**
 * An accepted quote's lines of one supplier as one open purchase order, with copies of the
 * windows holding them (each line linked to its quote line). Asked again, it answers the order
 * already made (created: false): the quote's row is locked first, so concurrent converts queue.
 * A revised quote whose earlier quote's order for the supplier was submitted makes a revision of
 * that order's newest revision (same number, next revision number, its sidemark, details, notes
 * and rep), which it then replaces.
 */
export async function convertDealQuote(
  db: Db,
  accountId: number,
  quoteId: number,
  manufacturerId: number,
): Promise<{ id: number; tuid: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const quote = await repo.lockQuoteForConvert(tx, accountId, quoteId);
    if (!quote) throw notFound('Quote not found');
    // An archived deal is closed: its quotes order nothing more (an order made earlier stays).
    if (quote.deal_archived) throw new AppError('CONFLICT', purchaseOrderMessages.dealArchived);
    if (quote.status !== 'ACCEPTED') throw new AppError('CONFLICT', purchaseOrderMessages.quoteNotAccepted);
    if (!(await repo.isAccountSupplier(tx, accountId, manufacturerId)))
      throw fieldError('manufacturerId', purchaseOrderMessages.supplierNotLinked);
    const existing = await repo.findConvertedOrder(tx, accountId, quoteId, manufacturerId);
    if (existing) return { id: Number(existing.id), tuid: Number(existing.tuid), created: false };
    if ((await repo.countSupplierLines(tx, accountId, quote.order_id, manufacturerId)) === 0)
      throw fieldError('manufacturerId', purchaseOrderMessages.noLinesForSupplier);

    const revised = await repo.findOrderToRevise(tx, accountId, quoteId, manufacturerId);
    const parent = revised && (await repo.findPurchaseOrderRow(tx, accountId, revised.order_id, true));
    if (parent && parent.replaced_by_order_id !== null)
      throw new AppError('CONFLICT', 'The order was revised meanwhile: please try again');
    const tuid = parent ? Number(parent.tuid) : await repo.nextPurchaseOrderNumber(tx, accountId);
    const orderId = await createOrder(tx, accountId, 'PURCHASE_ORDER');
    const inserted = await repo.insertPurchaseOrder(tx, {
      orderId,
      accountId,
      tuid,
      manufacturerId,
      // A revision keeps what the dealer wrote on the order it replaces; a new order takes the deal's.
      sidemark: parent ? parent.sidemark : quote.deal_name.slice(0, 200),
      details: parent ? parent.details : quote.customer_details,
      notes: parent ? parent.notes : '',
      salesRepOverride: parent ? parent.sales_rep_override : null,
      createdBy: parent ? parent.created_by : quote.created_by,
      sourceQuoteId: quoteId,
      parentOrderId: parent ? Number(parent.order_id) : null,
      revisionNumber: parent ? Number(parent.revision_number) + 1 : 1,
    });
    // The quote's lock makes this unreachable; a conflict rolls the new order back rather than orphan it.
    if (!inserted) throw new AppError('CONFLICT', 'The order was made meanwhile: please try again');
    if (parent) await repo.setReplacedBy(tx, accountId, Number(parent.order_id), orderId);
    await copyOrderWindows(tx, accountId, quote.order_id, orderId, { manufacturerId, linkCopies: true });
    await refreshDealAlerts(tx, accountId, quote.deal_id);
    return { id: orderId, tuid, created: true };
  });
}
