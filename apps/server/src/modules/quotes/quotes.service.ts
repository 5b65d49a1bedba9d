import { type DealQuote, type DealQuoteListItem, dealQuoteSchema, quoteMessages } from '@slat/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { DetailCache } from '../../lib/detail-cache';
import { jsonWriter, type SerializedJson } from '../../plugins/serialized-json';
import { refreshDealAlerts, requireDeal, requireEditableDeal } from '../deals/index';
import {
  copyOrderContents,
  createOrder,
  orderLinesWithSummary,
  orderSummaries,
  pendingUpdatesOf,
} from '../order-contents/index';
import { acceptanceContext } from './quote-accept.service';
import { copyQuotePricing, quotePricing } from './quote-pricing.service';
import * as repo from './quotes.repository';

type Summary = {
  totalQuantity: number;
  orderLineCount: number;
  errorLineCount: number;
  totalSellPrice: string;
};
const EMPTY: Summary = { totalQuantity: 0, orderLineCount: 0, errorLineCount: 0, totalSellPrice: '0.00' };

const quoteNotFound = () => notFound('Quote not found');
const readOnly = () => new AppError('CONFLICT', quoteMessages.readOnly);

/** Read-only (§3, §4): accepted, archived, or on an archived deal. */
export const isReadOnly = (q: repo.QuoteRow) =>
  q.status === 'ACCEPTED' || q.is_archived || q.deal_is_archived;

type Lineage = Pick<DealQuoteListItem['context'], 'revisionOf' | 'copyOf' | 'revisedBy'>;
const NO_LINEAGE: Lineage = { revisionOf: null, copyOf: null, revisedBy: null };
const ref = (id: number | null, tuid: number | null) => (id === null ? null : { id, tuid: tuid! });

/** What each quote revises or copies and the revision that replaced it, by quote id. */
async function lineageOf(db: Db, accountId: number, ids: number[]): Promise<Map<number, Lineage>> {
  const rows = await repo.findQuoteLineage(db, accountId, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        revisionOf: ref(r.revision_of_id, r.revision_of_tuid),
        copyOf: ref(r.copy_of_id, r.copy_of_tuid),
        revisedBy: ref(r.revised_by_id, r.revised_by_tuid),
      },
    ]),
  );
}

function toListItem(q: repo.QuoteRow, s: Summary = EMPTY, lineage: Lineage = NO_LINEAGE): DealQuoteListItem {
  return {
    id: q.id,
    externalId: q.order_id,
    tuid: q.tuid,
    dealId: q.deal_id,
    createdAt: new Date(q.created_at).toISOString(),
    description: q.description,
    customerNotes: q.customer_notes,
    status: q.status,
    acceptedAt: q.accepted_at ? new Date(q.accepted_at).toISOString() : null,
    isArchived: q.is_archived,
    isReadOnly: isReadOnly(q),
    // The grand total cache (priceQuote's sellGrandTotalIncTax, kept by every pricing and line write).
    totalSellPrice: q.grand_total_inc_tax,
    totalSellPriceOverride: q.total_sell_price_override,
    quotePdfUrl: null,
    lastUpdatedAt: new Date(q.last_updated_at).toISOString(),
    clonedFromId: q.cloned_from_id,
    config: {
      depositPercentage: q.deposit_percentage,
      taxPercentage: q.tax_percentage,
      taxMode: q.tax_mode,
    },
    context: {
      totalQuantity: s.totalQuantity,
      orderLineCount: s.orderLineCount,
      errorLineCount: s.errorLineCount,
      ...lineage,
    },
  };
}

async function listItem(db: Db, accountId: number, q: repo.QuoteRow): Promise<DealQuoteListItem> {
  const summaries = await orderSummaries(db, accountId, [q.order_id]);
  const lineage = await lineageOf(db, accountId, [q.id]);
  return toListItem(q, summaries.get(q.order_id), lineage.get(q.id));
}

export async function listDealQuotes(
  db: Db,
  accountId: number,
  dealId: number,
  withArchived: boolean,
): Promise<DealQuoteListItem[]> {
  await requireDeal(db, accountId, dealId);
  const rows = await repo.findDealQuotes(db, accountId, dealId, withArchived);
  const summaries = await orderSummaries(
    db,
    accountId,
    rows.map((q) => q.order_id),
  );
  const lineage = await lineageOf(
    db,
    accountId,
    rows.map((q) => q.id),
  );
  return rows.map((q) => toListItem(q, summaries.get(q.order_id), lineage.get(q.id)));
}

/** Writes a quote detail with the route's own serializer (checked against the contract). */
const writeDealQuote = jsonWriter(dealQuoteSchema);

export type DealQuoteCache = DetailCache<DealQuote>;

export const dealQuoteCache = (mode: 'on' | 'off' | 'verify'): DealQuoteCache =>
  new DetailCache('quote', mode);

/**
 * GET /deal-quotes/{id}, written: from the cache when the quote's stamp (its header row, read
 * first) is the one its kept answer was read under, otherwise read afresh and kept (decision 014).
 * In 'verify' mode a hit is also read afresh and must be byte for byte the same.
 */
export async function getDealQuote(
  db: Db,
  cache: DealQuoteCache,
  accountId: number,
  id: number,
  userId: number,
): Promise<SerializedJson<DealQuote>> {
  const q = await repo.findQuoteDetail(db, accountId, id, userId);
  if (!q) throw quoteNotFound();
  const stamp = JSON.stringify(q);
  return cache.answer(
    `${accountId}:${id}:${q.can_override_tax}`,
    stamp,
    async () => writeDealQuote(await readDealQuote(db, accountId, q)),
    async () => {
      const now = await repo.findQuoteDetail(db, accountId, id, userId);
      return now && JSON.stringify(now);
    },
  );
}

/**
 * An accepted quote's Ready to Order list: its lines grouped by supplier, each with the purchase
 * order already made from them (the newest revision) or null.
 */
async function readyToOrderOf(
  db: Db,
  lines: DealQuote['context']['orderLines'],
  orders: repo.QuotePurchaseOrderRow[],
): Promise<DealQuote['context']['readyToOrder']> {
  const bySupplier = new Map<number, { lineCount: number; totalQuantity: number }>();
  for (const l of lines) {
    const seen = bySupplier.get(l.manufacturerId) ?? { lineCount: 0, totalQuantity: 0 };
    bySupplier.set(l.manufacturerId, {
      lineCount: seen.lineCount + 1,
      totalQuantity: seen.totalQuantity + l.quantity,
    });
  }
  const names = await repo.findSupplierNames(db, [...bySupplier.keys()]);
  return [...bySupplier]
    .map(([manufacturerId, counts]) => ({
      manufacturerId,
      manufacturerName: names.get(manufacturerId) ?? '',
      ...counts,
      orderId: orders.find((o) => o.manufacturer_id === manufacturerId)?.id ?? null,
    }))
    .sort((a, b) => a.manufacturerName.localeCompare(b.manufacturerName, 'en'));
}

/** A quote's detail from its header row: its lines, pricing, acceptance and pending updates. */
async function readDealQuote(db: Db, accountId: number, q: repo.QuoteDetailRow): Promise<DealQuote> {
  const [{ orderLines, summary }, priced, accepted] = await Promise.all([
    // The lines and their summary from one read of the lines.
    orderLinesWithSummary(db, accountId, q.order_id),
    quotePricing(db, accountId, q.id),
    acceptanceContext(db, accountId, q.id),
  ]);
  // The detail says its lineage in context.revision (and clonedFromId), not in the list's markers.
  const listed = toListItem(q, summary);
  const { revisionOf: _r, copyOf: _c, revisedBy: _b, ...listContext } = listed.context;
  const item = { ...listed, context: listContext };
  const [pendingUpdates, purchaseOrders] = await Promise.all([
    pendingUpdatesOf(db, accountId, isReadOnly(q), orderLines),
    repo.findQuotePurchaseOrders(db, accountId, q.id),
  ]);
  const readyToOrder = q.status === 'ACCEPTED' ? await readyToOrderOf(db, orderLines, purchaseOrders) : [];
  return {
    ...item,
    // Derived now from the inputs the cache was computed from: the same figure.
    totalSellPrice: priced.pricing.sellGrandTotalIncTax,
    totalSellPriceOverride: priced.totalSellPriceOverride,
    totalSellPriceOverrideNotes: priced.overrideNotes,
    context: {
      ...item.context,
      orderLines,
      pricing: priced.pricing,
      permissions: { canOverrideTax: q.can_override_tax },
      pendingUpdates,
      ...accepted,
      purchaseOrders: purchaseOrders.map((p) => ({
        id: p.id,
        tuid: p.tuid,
        revisionNumber: p.revision_number,
        manufacturerId: p.manufacturer_id,
        manufacturerName: p.manufacturer_name,
        status: p.status,
        isArchived: p.is_archived,
      })),
      readyToOrder,
      deal: {
        id: q.deal_id,
        tuid: q.deal_tuid,
        name: q.deal_name,
        isArchived: q.deal_is_archived,
        workflowId: q.workflow_id,
      },
      workflow: { id: q.workflow_id, name: q.workflow_name, slug: q.workflow_slug },
      measureSystem: q.measure_system,
    },
  };
}

/**
 * Locks a deal for a change to its quotes (in a transaction): 404 when it is not the account's,
 * 409 when it is archived (archived deals are read-only).
 */
async function lockEditableDeal(tx: Db, accountId: number, dealId: number): Promise<void> {
  if (!(await repo.lockDeal(tx, accountId, dealId))) throw notFound('Deal not found');
  await requireEditableDeal(tx, accountId, dealId);
}

/**
 * A new DRAFT quote on a deal: its own order, the next quote number of the account, and the
 * pricing config copied from the dealer settings (a later settings change does not reprice it).
 */
export async function addDealQuote(
  db: Db,
  accountId: number,
  userId: number,
  dealId: number,
  input: { description: string; customerNotes: string },
): Promise<{ id: number }> {
  const id = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, accountId, dealId);
    const config = await repo.dealerQuoteConfig(tx, accountId);
    const tuid = await repo.nextQuoteNumber(tx, accountId);
    const orderId = await createOrder(tx, accountId, 'QUOTE');
    const quoteId = await repo.insertQuote(tx, {
      accountId,
      dealId,
      orderId,
      tuid,
      description: input.description,
      customerNotes: input.customerNotes,
      clonedFromId: null,
      createdBy: userId,
      ...config,
    });
    await refreshDealAlerts(tx, accountId, dealId);
    return quoteId;
  });
  return { id };
}

export async function updateDealQuote(
  db: Db,
  accountId: number,
  id: number,
  input: { description: string; customerNotes: string },
): Promise<DealQuoteListItem> {
  await db.transaction(async (tx) => {
    const q = await repo.lockQuote(tx, accountId, id);
    if (!q) throw quoteNotFound();
    if (isReadOnly(q)) throw readOnly();
    await repo.updateQuoteFields(tx, id, input);
  });
  return listItem(db, accountId, (await repo.findQuote(db, accountId, id))!);
}

/**
 * A new DRAFT quote on the same deal with copies of every window and line, its config and
 * customer notes; any quote can be cloned, read-only ones too. All or nothing.
 */
export async function cloneDealQuote(
  db: Db,
  accountId: number,
  userId: number,
  id: number,
  input: { description?: string | undefined } | null | undefined,
): Promise<{ id: number }> {
  const found = await repo.findQuote(db, accountId, id);
  if (!found) throw quoteNotFound();
  const newId = await db.transaction(async (tx) => {
    await lockEditableDeal(tx, accountId, found.deal_id);
    // Read again under the deal's lock: the source as it is now.
    const source = (await repo.findQuote(tx, accountId, id))!;
    const tuid = await repo.nextQuoteNumber(tx, accountId);
    const orderId = await createOrder(tx, accountId, 'QUOTE');
    const quoteId = await repo.insertQuote(tx, {
      accountId,
      dealId: source.deal_id,
      orderId,
      tuid,
      description: input?.description ?? source.description,
      customerNotes: source.customer_notes,
      clonedFromId: source.id,
      createdBy: userId,
      taxMode: source.tax_mode,
      taxPercentage: source.tax_percentage,
      depositPercentage: source.deposit_percentage,
    });
    await copyOrderContents(tx, accountId, source.order_id, orderId);
    await copyQuotePricing(tx, accountId, source.id, quoteId);
    await refreshDealAlerts(tx, accountId, source.deal_id);
    return quoteId;
  });
  return { id: newId };
}

/**
 * Archives or unarchives a quote. Asking for the state it is already in changes nothing and
 * answers it as it is; a quote of an archived deal is not changed (409).
 */
export async function setQuoteArchived(
  db: Db,
  accountId: number,
  id: number,
  archived: boolean,
): Promise<DealQuoteListItem> {
  const found = await repo.findQuote(db, accountId, id);
  if (!found) throw quoteNotFound();
  await db.transaction(async (tx) => {
    await lockEditableDeal(tx, accountId, found.deal_id);
    await repo.lockQuoteOrder(tx, accountId, found.order_id);
    const q = (await repo.lockQuote(tx, accountId, id))!;
    if (q.is_archived === archived) return;
    await repo.updateQuoteArchived(tx, id, archived);
    await refreshDealAlerts(tx, accountId, q.deal_id);
  });
  return listItem(db, accountId, (await repo.findQuote(db, accountId, id))!);
}
