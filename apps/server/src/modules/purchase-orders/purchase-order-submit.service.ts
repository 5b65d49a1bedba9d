import { type FieldError, purchaseOrderMessages, type submitPurchaseOrder } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { type Jobs, PURCHASE_ORDER_SUBMITTED_QUEUE } from '../../lib/jobs';
import { announceDealChange } from '../deals/index';
import {
  copyOrderWindows,
  createOrder,
  findOrderState,
  orderRepricing,
  orderSummaries,
} from '../order-contents/index';
import * as repo from './purchase-order-submit.repository';

/**
 * Submitting a purchase order to its supplier, reopening a submitted one as a new revision, and
 * the freight estimate. Submit and reopen run in one transaction that locks the order's row
 * (the lock every line write takes) and then the purchase order's: of 20 concurrent submits one
 * makes the transition, the supplier order and the one job that renders the PDF and mails it;
 * the others find it SUBMITTED. What was sent is never changed: reopen copies it into a new
 * revision and leaves the submitted one as it was.
 */

export type SubmitDeps = { db: Db; jobs: Pick<Jobs, 'send'> };
export type Actor = { accountId: number; userId: number };
type SubmitBody = z.output<(typeof submitPurchaseOrder)['body']>;

const orderNotFound = () => notFound('Order not found');
const conflict = (message: string) => new AppError('CONFLICT', message);

// ── Dates ───────────────────────────────────────────────────────────────────────────────────

// One formatter a zone: making one costs ~50 µs, as much as the rest of a cached detail's stamp.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormatIn = (zone: string) => {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format;
};

/** Today (yyyy-MM-dd) in a time zone; UTC when the zone is unknown to Intl. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return dayFormatIn(timeZone || 'UTC').format(now);
  } catch {
    return dayFormatIn('UTC').format(now);
  }
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The earliest required date a supplier is asked for (§5, §9): tomorrow in the company's time
 * zone. The one rule: the detail's context.minRequiredDate and submit's check both use it.
 */
export function minRequiredDate(timeZone: string, now: Date = new Date()): string {
  return addDays(todayIn(timeZone, now), 1);
}

/** minRequiredDate for an account (its company's time zone). */
export async function minRequiredDateOf(db: Db, accountId: number, now: Date = new Date()): Promise<string> {
  return minRequiredDate(await repo.findTimezone(db, accountId), now);
}

/** A real calendar date written yyyy-MM-dd, or undefined. */
export function realDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text ? text : undefined;
}

/** A yyyy-MM-dd date as the SPA shows dates (date-fns 'P' in en-AU): dd/MM/yyyy. */
export function shownDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The required date's problem (§5), or undefined when it is a real date on or after `min`. */
export function requiredDateProblem(value: string | null | undefined, min: string): string | undefined {
  const text = value?.trim() ?? '';
  if (!text) return purchaseOrderMessages.requiredDateRequired;
  if (!realDate(text)) return purchaseOrderMessages.invalidDate;
  if (text < min) return purchaseOrderMessages.earliestAllowed.replace('{date}', shownDate(min));
  return undefined;
}

// ── Freight ─────────────────────────────────────────────────────────────────────────────────

/**
 * The freight rule, what the supplier "would" charge: an internal workroom and a pick-up method
 * (one with an address) cost nothing; any other method costs a base of $25.00 plus $4.50 per
 * unit ordered (Σ quantity). Computed in decimals, 2 places.
 */
export const FREIGHT_BASE = '25.00';
export const FREIGHT_PER_UNIT = '4.50';

export function freightFor(
  supplier: Pick<repo.SupplierRow, 'is_internal'>,
  method: Pick<repo.ShippingMethodRow, 'address'> | null,
  totalQuantity: number,
): string {
  if (supplier.is_internal || !method || (method.address ?? '').trim() !== '') return '0.00';
  return fromScaled(toScaled(FREIGHT_BASE) + toScaled(FREIGHT_PER_UNIT) * BigInt(totalQuantity), 2);
}

/**
 * POST /order/{orderId}/manufacturer/{manufacturerId}/freight: the estimate for a shipping method.
 * 404 for another account's order or a supplier not the account's; 400 for another of its suppliers.
 */
export async function estimateFreight(
  db: Db,
  accountId: number,
  orderId: number,
  manufacturerId: number,
  shippingMethodId: number | null | undefined,
): Promise<{ estimate: number }> {
  const po = await repo.findSubmitOrder(db, accountId, orderId);
  if (!po) throw orderNotFound();
  if (po.manufacturer_id !== manufacturerId) {
    // A supplier the account does not deal with is as unknown as a missing one.
    if (!(await repo.isAccountSupplier(db, accountId, manufacturerId))) throw notFound('Supplier not found');
    throw fieldError('manufacturerId', "This supplier is not the order's supplier");
  }
  const supplier = await repo.findSupplier(db, manufacturerId);
  if (!supplier) throw orderNotFound();
  let method: repo.ShippingMethodRow | null = null;
  if (!supplier.is_internal) {
    if (shippingMethodId === null || shippingMethodId === undefined)
      throw fieldError('shippingMethodId', purchaseOrderMessages.shippingMethodRequired);
    method = (await repo.findShippingMethod(db, manufacturerId, shippingMethodId)) ?? null;
    if (!method) throw fieldError('shippingMethodId', NOT_SUPPLIERS_METHOD);
  }
  const quantity = await repo.findTotalQuantity(db, accountId, orderId);
  return { estimate: Number(freightFor(supplier, method, quantity)) };
}

const NOT_SUPPLIERS_METHOD = "Choose one of the supplier's shipping methods";

// ── Review values ───────────────────────────────────────────────────────────────────────────

/** What the review form sends (submit's body, the PDF preview's), named once. */
export type ReviewInput = {
  requiredDate: string | null | undefined;
  shippingMethodId: number | null | undefined;
  shippingAddress: string | null | undefined;
  shippingInstructions: string | null | undefined;
};

/** The review's values checked against the supplier (§5), as stored; throws 400 naming each field. */
export type ReviewValues = {
  requiredDate: string;
  shippingMethod: repo.ShippingMethodRow | null;
  shippingAddress: string;
  shippingInstructions: string;
  freightEstimate: string | null;
};

/**
 * Checks the review's values: the required date (§5), and unless the supplier is internal a
 * shipping method of the supplier's and an address. An internal supplier's shipping method,
 * address and freight are cleared. `paths` names the fields as the caller's body does.
 */
export async function checkReview(
  db: Db,
  accountId: number,
  po: repo.SubmitOrderRow,
  supplier: repo.SupplierRow,
  input: ReviewInput,
  paths: Record<keyof ReviewInput, string>,
): Promise<ReviewValues> {
  const problems: FieldError[] = [];
  const dateProblem = requiredDateProblem(input.requiredDate, minRequiredDate(po.timezone ?? 'UTC'));
  if (dateProblem) problems.push({ path: paths.requiredDate, message: dateProblem });
  let method: repo.ShippingMethodRow | null = null;
  let address = '';
  if (!supplier.is_internal) {
    if (input.shippingMethodId === null || input.shippingMethodId === undefined)
      problems.push({ path: paths.shippingMethodId, message: purchaseOrderMessages.shippingMethodRequired });
    else {
      method = (await repo.findShippingMethod(db, supplier.id, input.shippingMethodId)) ?? null;
      if (!method) problems.push({ path: paths.shippingMethodId, message: NOT_SUPPLIERS_METHOD });
    }
    address = input.shippingAddress?.trim() ?? '';
    if (!address)
      problems.push({ path: paths.shippingAddress, message: purchaseOrderMessages.shippingAddressRequired });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
  const quantity = await repo.findTotalQuantity(db, accountId, po.order_id);
  return {
    requiredDate: input.requiredDate!.trim(),
    shippingMethod: method,
    shippingAddress: address,
    shippingInstructions: input.shippingInstructions?.trim() ?? '',
    freightEstimate: supplier.is_internal ? null : freightFor(supplier, method, quantity),
  };
}

const SUBMIT_PATHS = {
  requiredDate: 'required_date',
  shippingMethodId: 'shipping_method_id',
  shippingAddress: 'shipping_address',
  shippingInstructions: 'shipping_instructions',
} as const;

// ── Submit ──────────────────────────────────────────────────────────────────────────────────

/**
 * POST /old/quotes/{id}/convert: submits an open purchase order. 404 for another account's;
 * 409 when already submitted, read-only (archived, replaced) or with pending supplier updates;
 * 400 when a line has errors, nothing is ordered, or the review's values are wrong. Answers the
 * order's id (the route answers the purchase order).
 */
export async function submitOrder(
  deps: SubmitDeps,
  who: Actor,
  orderId: number,
  body: SubmitBody,
): Promise<number> {
  const { accountId } = who;
  return deps.db.transaction(async (tx) => {
    const state = await findOrderState(tx, accountId, orderId, true);
    if (state?.kind !== 'PURCHASE_ORDER') throw orderNotFound();
    const po = await repo.findSubmitOrder(tx, accountId, orderId, true);
    if (!po) throw orderNotFound();
    if (po.status === 'SUBMITTED') throw conflict(purchaseOrderMessages.alreadySubmitted);
    if (po.is_archived || po.replaced_by_order_id !== null) throw conflict(purchaseOrderMessages.readOnly);
    const repricing = await orderRepricing(tx, accountId, orderId, false);
    if (repricing.pendingUpdates.hasPendingUpdates) throw conflict(purchaseOrderMessages.pendingUpdates);
    const summary = (await orderSummaries(tx, accountId, [orderId])).get(orderId)!;
    if (summary.errorLineCount > 0)
      throw new AppError('VALIDATION_FAILED', purchaseOrderMessages.productsHaveErrors);
    if (summary.totalQuantity === 0)
      throw new AppError('VALIDATION_FAILED', purchaseOrderMessages.zeroQuantity);
    const supplier = await repo.findSupplier(tx, po.manufacturer_id);
    if (!supplier) throw orderNotFound();
    const review = await checkReview(
      tx,
      accountId,
      po,
      supplier,
      {
        requiredDate: body.required_date,
        shippingMethodId: body.shipping_method_id,
        shippingAddress: body.shipping_address,
        shippingInstructions: body.shipping_instructions,
      },
      SUBMIT_PATHS,
    );
    const submitted = await repo.markSubmitted(tx, accountId, orderId, {
      userId: who.userId,
      requiredDate: review.requiredDate,
      shippingMethodId: review.shippingMethod?.id ?? null,
      shippingAddress: review.shippingAddress,
      shippingInstructions: review.shippingInstructions,
      freightEstimate: review.freightEstimate,
    });
    if (!submitted) throw conflict(purchaseOrderMessages.alreadySubmitted);
    // A manual supplier's order is what the dealer entered at 'Mark as Submitted'.
    const manual = supplier.offline_only ? body.offline_supplier_order : undefined;
    const supplierOrderId = await repo.insertSupplierOrder(tx, accountId, {
      orderId,
      manufacturerId: supplier.id,
      isOffline: supplier.offline_only,
      reference: manual?.reference ?? '',
      orderStatusText: manual?.orderStatus ?? '',
      requiredDate: review.requiredDate,
      eta: manual?.eta ?? null,
      freight: review.freightEstimate,
      shippingMethodId: review.shippingMethod?.id ?? null,
      shippingAddress: review.shippingAddress,
      shippingInstructions: review.shippingInstructions,
      customerNotes: manual?.notes ?? '',
    });
    // An online supplier answers on its page without an account: the mail carries this link.
    // Its named status stays unset, so it shows as its core status (UNSTARTED) until it answers.
    if (supplierOrderId !== undefined && !supplier.offline_only)
      await repo.insertSupplierOrderLink(tx, accountId, supplierOrderId);
    // The PDF and the mail: the job exists exactly when the submission does.
    await deps.jobs.send(PURCHASE_ORDER_SUBMITTED_QUEUE, { accountId, orderId }, tx);
    await announceSourceDeal(tx, accountId, po.source_quote_id);
    return orderId;
  });
}

/** Open boards refresh the card of the deal the order came from. */
async function announceSourceDeal(db: Db, accountId: number, quoteId: number | null): Promise<void> {
  if (quoteId === null) return;
  const dealId = await repo.findSourceDeal(db, accountId, quoteId);
  if (dealId !== undefined) await announceDealChange(db, accountId, dealId);
}

// ── Reopen ──────────────────────────────────────────────────────────────────────────────────

/**
 * POST /purchaseorder/{id}/reopen: a submitted order of an offline-only supplier becomes a new
 * OPEN revision (same number, revision + 1) with copies of every window and line, each line
 * linked to the one it copies; the submitted one stays as sent, replaced. Reopening an order
 * already reopened answers its newest revision when that is still open (a second click has
 * no second effect). Answers the revision's id.
 */
export async function reopenOrder(db: Db, who: Actor, orderId: number): Promise<number> {
  const { accountId } = who;
  return db.transaction(async (tx) => {
    const state = await findOrderState(tx, accountId, orderId, true);
    if (state?.kind !== 'PURCHASE_ORDER') throw orderNotFound();
    const po = await repo.findSubmitOrder(tx, accountId, orderId, true);
    if (!po) throw orderNotFound();
    const supplier = await repo.findSupplier(tx, po.manufacturer_id);
    if (!supplier?.offline_only) throw conflict(purchaseOrderMessages.notOfflineSupplier);
    if (po.is_archived) throw conflict(purchaseOrderMessages.archived);
    if (po.status !== 'SUBMITTED') throw conflict(purchaseOrderMessages.notSubmitted);
    if (po.replaced_by_order_id !== null) {
      const newest = await repo.findNewestRevision(tx, accountId, orderId);
      if (newest && newest.status === 'OPEN' && !newest.is_archived) return newest.order_id;
      throw conflict(purchaseOrderMessages.readOnly);
    }
    const revisionId = await createOrder(tx, accountId, 'PURCHASE_ORDER');
    if (!(await repo.insertRevision(tx, accountId, orderId, revisionId, who.userId)))
      throw conflict(purchaseOrderMessages.readOnly);
    await repo.setReplacedBy(tx, accountId, orderId, revisionId);
    await copyOrderWindows(tx, accountId, orderId, revisionId, { linkCopies: true });
    await announceSourceDeal(tx, accountId, po.source_quote_id);
    return revisionId;
  });
}

/** The order's supplier (404 for another account's order): the legacy generator checks its manufacturer_id. */
export async function orderSupplierOf(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<{ manufacturerId: number }> {
  const po = await repo.findSubmitOrder(db, accountId, orderId);
  if (!po) throw orderNotFound();
  return { manufacturerId: po.manufacturer_id };
}
