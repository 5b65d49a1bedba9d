import {
  type applyOverrideTotal,
  pricingMessages,
  type QuotePricing,
  quoteMessages,
  type updateQuotePricing,
} from '@slat/contracts';
import {
  maxSellTaxOverride,
  overrideDrift,
  type PricingInput,
  priceQuote,
  toScaled,
  totalWithoutOverride,
} from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { formatPdfMoney } from '../../lib/pdf/index';
import { announceDealChange } from '../deals/index';
import * as repo from './quote-pricing.repository';

/**
 * Quote pricing (§3 Pricing, DESIGN §5): the Pricing object is priceQuote (packages/domain) over
 * the quote's lines, config, adjustments and overrides, derived on every read. The one thing
 * stored from it is grand_total_inc_tax, a cache the board sums, recomputed inside every write
 * that changes the quote's pricing (these writes, line writes, a clone). Pricing writes lock the
 * order's row first (as line writes do), then refuse a read-only quote and a stale lastUpdatedAt
 * with 409 before anything changes.
 */

type UpdateBody = z.output<(typeof updateQuotePricing)['body']>;
type OverrideBody = z.output<(typeof applyOverrideTotal)['body']>;
export type PricingAnswer = { lastUpdatedAt: string; pricing: QuotePricing };

const quoteNotFound = () => notFound('Quote not found');

/** What override_notes keeps: the override's notes and the total without it when it was set (decision 023). */
export type OverrideRecord = { notes: string; totalWithoutThen: string | null };

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * override_notes as written by applyOverride, `{"notes":…,"totalWithoutOverride":…}`; anything
 * else is notes kept before the total was (plain text), with no total known.
 */
export function readOverrideRecord(text: string): OverrideRecord {
  if (text.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null) {
        const { notes, totalWithoutOverride: total } = value as Record<string, unknown>;
        if (typeof notes === 'string' && typeof total === 'string' && DECIMAL.test(total))
          return { notes, totalWithoutThen: total };
      }
    } catch {
      // not ours: plain notes that start with a brace
    }
  }
  return { notes: text, totalWithoutThen: null };
}

export const writeOverrideRecord = (record: { notes: string; totalWithoutThen: string }) =>
  JSON.stringify({ notes: record.notes, totalWithoutOverride: record.totalWithoutThen });

function pricingInput(row: repo.PricingRow): PricingInput {
  return {
    lines: row.lines.map(([sell, taxable, hasErrors]) => ({ sell, taxable, hasErrors })),
    taxMode: row.tax_mode,
    taxPercentage: row.tax_percentage,
    depositPercentage: row.deposit_percentage,
    adjustments: row.adjustments.map((a) => ({ label: a.label, amount: a.amount, taxType: a.tax_type })),
    depositAmountOverride: row.deposit_amount_override,
    // A tax override is an EXCLUSIVE-mode input only.
    sellTaxOverride: row.tax_mode === 'EXCLUSIVE' ? row.sell_tax_override : null,
    overrideTotal:
      row.total_sell_price_override === null
        ? null
        : {
            amount: row.total_sell_price_override,
            taxable: row.override_taxables,
            totalWithoutThen: readOverrideRecord(row.override_notes).totalWithoutThen,
          },
  };
}

/** The §3 Pricing object of a quote's stored inputs; the override total's adjustment comes last, isSystem. */
export function pricingOf(row: repo.PricingRow): QuotePricing {
  const input = pricingInput(row);
  const priced = priceQuote(input);
  const entered = row.adjustments.length;
  return {
    ...priced,
    adjustments: priced.adjustments.map((a, i) => ({ ...a, isSystem: i >= entered })),
    overrideDrift: overrideDrift(input),
  };
}

/**
 * What the quote detail shows of pricing: the Pricing object and the override total, from one
 * query (the user's permission comes with the detail's header row).
 */
export async function quotePricing(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<{ pricing: QuotePricing; totalSellPriceOverride: string | null; overrideNotes: string }> {
  const row = await repo.findPricingByQuote(db, accountId, quoteId);
  if (!row) throw quoteNotFound();
  return {
    pricing: pricingOf(row),
    totalSellPriceOverride: row.total_sell_price_override,
    overrideNotes: readOverrideRecord(row.override_notes).notes,
  };
}

/**
 * Recomputes a deal quote's grand total cache after a write to its pricing or lines, inside that
 * write's transaction (an order that is no deal quote has none). A changed total is announced
 * to open boards: the deal's card and its column's total show it. Answers the quote's pricing.
 */
export async function refreshQuoteTotal(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<PricingAnswer | undefined> {
  const row = await repo.findPricingByOrder(db, accountId, orderId);
  if (!row) return undefined;
  return storeTotal(db, accountId, row);
}

/**
 * After a write to a deal quote's windows or lines (in its transaction, the order locked): the
 * order's and the quote's timestamps move and the quote's grand total cache follows its lines,
 * one statement for both once the lines are read. False, touching nothing, when the order is not
 * a deal quote (a purchase order).
 */
export async function touchQuote(db: Db, accountId: number, orderId: number): Promise<boolean> {
  const row = await repo.findPricingByOrder(db, accountId, orderId);
  if (!row) return false;
  const total = pricingOf(row).sellGrandTotalIncTax;
  const dealId = await repo.touchQuoteWithTotal(db, accountId, orderId, total);
  if (dealId !== undefined) await announceDealChange(db, accountId, dealId);
  return true;
}

async function storeTotal(db: Db, accountId: number, row: repo.PricingRow): Promise<PricingAnswer> {
  const pricing = pricingOf(row);
  const dealId = await repo.storeGrandTotal(db, accountId, row.id, pricing.sellGrandTotalIncTax);
  if (dealId !== undefined) await announceDealChange(db, accountId, dealId);
  return { lastUpdatedAt: new Date(row.last_updated_at).toISOString(), pricing };
}

/** Copies a quote's adjustments and overrides onto its clone (in the clone's transaction) and prices it. */
export async function copyQuotePricing(
  db: Db,
  accountId: number,
  fromQuoteId: number,
  toQuoteId: number,
): Promise<void> {
  await repo.copyPricingInputs(db, accountId, fromQuoteId, toQuoteId);
  const row = await repo.findPricingByQuote(db, accountId, toQuoteId);
  if (row) await storeTotal(db, accountId, row);
}

const isReadOnly = (row: repo.PricingRow) =>
  row.status === 'ACCEPTED' || row.is_archived || row.deal_is_archived;

/** `lastUpdatedAt` as a time; 400 when it is not one. */
function parseLastUpdatedAt(value: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw fieldError('lastUpdatedAt', 'lastUpdatedAt must be a date and time');
  return time;
}

/**
 * Runs a pricing write: in one transaction the order's row locked, then the quote's; 409 when
 * the quote is read-only or `lastUpdatedAt` is not the quote's (compared to the millisecond,
 * as the API shows it); then `work`, then the cache recomputed. Answers the new pricing.
 */
async function writePricing(
  db: Db,
  accountId: number,
  orderId: number,
  lastUpdatedAt: number | undefined,
  work: (tx: Db, row: repo.PricingRow) => Promise<void>,
  /** Checks the pricing with the write applied; what it throws undoes the write. */
  check?: (pricing: QuotePricing, row: repo.PricingRow) => void,
): Promise<PricingAnswer> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockOrder(tx, accountId, orderId))) throw quoteNotFound();
    const row = await repo.findPricingByOrder(tx, accountId, orderId, true);
    if (!row) throw quoteNotFound();
    if (isReadOnly(row)) throw new AppError('CONFLICT', quoteMessages.readOnly);
    if (lastUpdatedAt !== undefined && new Date(row.last_updated_at).getTime() !== lastUpdatedAt)
      throw new AppError('CONFLICT', pricingMessages.stale);
    await work(tx, row);
    const after = (await repo.findPricingByOrder(tx, accountId, orderId))!;
    check?.(pricingOf(after), after);
    return storeTotal(tx, accountId, after);
  });
}

const sameAmount = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : toScaled(a) === toScaled(b);

/** Deposits, tax amounts and totals are never below zero (only an adjustment may be: a discount). */
function notNegative(path: string, amount: string | null | undefined): void {
  if (amount?.startsWith('-')) throw fieldError(path, 'Enter an amount of 0 or more');
}

/**
 * The overrides this request sets, against the pricing with the request applied: the deposit
 * between 0 and the grand total, the tax amount between 0 and R(sellTotalTaxable × 2r). 400
 * naming the field with the bound.
 */
function checkOverrides(body: UpdateBody, pricing: QuotePricing, taxPercentage: string): void {
  const deposit = pricing.depositAmountOverride;
  if (body.depositAmountOverride != null && deposit !== null) {
    if (toScaled(deposit) > toScaled(pricing.sellGrandTotalIncTax))
      throw fieldError(
        'depositAmountOverride',
        `${pricingMessages.depositAboveTotal}, ${formatPdfMoney(pricing.sellGrandTotalIncTax)}`,
      );
  }
  const tax = pricing.sellTaxOverride;
  if (body.sellTaxOverride != null && tax !== null) {
    const bound = maxSellTaxOverride(pricing.sellTotalTaxable, taxPercentage);
    if (toScaled(tax) > toScaled(bound))
      throw fieldError('sellTaxOverride', `${pricingMessages.taxAboveBound}, ${formatPdfMoney(bound)}`);
  }
}

/** The adjustments as entered for the quote's tax mode; 400 naming every wrong field. */
function checkedAdjustments(
  mode: repo.PricingRow['tax_mode'],
  adjustments: NonNullable<UpdateBody['adjustments']>,
): repo.AdjustmentValues[] {
  const [field, other] =
    mode === 'INCLUSIVE'
      ? (['amountIncTax', 'amountExTax'] as const)
      : (['amountExTax', 'amountIncTax'] as const);
  const otherMessage =
    mode === 'INCLUSIVE'
      ? 'Prices include tax: enter the amount as amountIncTax'
      : 'Prices exclude tax: enter the amount as amountExTax';
  const problems: { path: string; message: string }[] = [];
  const values = adjustments.map((a, i) => {
    if (a[other] !== undefined) problems.push({ path: `adjustments[${i}].${other}`, message: otherMessage });
    const amount = a[field];
    if (amount === undefined)
      problems.push({
        path: `adjustments[${i}].${field}`,
        message: pricingMessages.adjustmentAmountRequired,
      });
    return { label: a.label, amount: amount ?? '0', taxType: a.taxType };
  });
  if (problems.length) throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
  return values;
}

/**
 * PUT /deal-quotes/{id}/pricing: fields left out keep their value, null clears one, adjustments
 * replace the list. The tax amount only with the tax-override permission (403 naming
 * sellTaxOverride otherwise) and never when prices include tax (400).
 */
export async function updatePricing(
  db: Db,
  accountId: number,
  userId: number,
  quoteId: number,
  body: UpdateBody,
): Promise<PricingAnswer> {
  const lastUpdatedAt = parseLastUpdatedAt(body.lastUpdatedAt);
  notNegative('depositAmountOverride', body.depositAmountOverride);
  notNegative('sellTaxOverride', body.sellTaxOverride);
  const orderId = await repo.findQuoteOrderId(db, accountId, quoteId);
  if (orderId === undefined) throw quoteNotFound();
  return writePricing(
    db,
    accountId,
    orderId,
    lastUpdatedAt,
    async (tx, row) => {
      const deposit = body.depositAmountOverride;
      const tax = body.sellTaxOverride;
      if (tax !== undefined && !sameAmount(tax, row.sell_tax_override)) {
        if (row.tax_mode === 'INCLUSIVE' && tax !== null)
          throw fieldError('sellTaxOverride', pricingMessages.taxOverrideInclusive);
        if (!(await repo.canOverrideTax(tx, accountId, userId)))
          throw new AppError('FORBIDDEN', pricingMessages.taxOverrideNotAllowed, [
            { path: 'sellTaxOverride', message: pricingMessages.taxOverrideNotAllowed },
          ]);
      }
      const adjustments = body.adjustments && checkedAdjustments(row.tax_mode, body.adjustments);
      await repo.updatePricingInputs(tx, accountId, row.id, {
        depositAmountOverride: deposit === undefined ? row.deposit_amount_override : deposit,
        sellTaxOverride: tax === undefined ? row.sell_tax_override : tax,
      });
      if (adjustments) await repo.replaceAdjustments(tx, accountId, row.id, adjustments);
    },
    (pricing, after) => checkOverrides(body, pricing, after.tax_percentage),
  );
}

/**
 * POST /old/quotes/{externalId}/manage-prices/apply-override-total: the grand total becomes
 * `override_total` through one system adjustment (STANDARD with override_taxables); null
 * removes it. The total without it at this moment is kept with the notes, so a later change under
 * it shows as drift. The order must be the account's deal quote (404 for a purchase order).
 */
export async function applyOverride(
  db: Db,
  accountId: number,
  orderId: number,
  body: OverrideBody,
): Promise<{ data: PricingAnswer }> {
  const lastUpdatedAt = body.lastUpdatedAt === undefined ? undefined : parseLastUpdatedAt(body.lastUpdatedAt);
  const total = body.override_total;
  notNegative('override_total', total);
  if (!(await repo.isQuoteOrder(db, accountId, orderId))) throw quoteNotFound();
  const data = await writePricing(db, accountId, orderId, lastUpdatedAt, async (tx, row) => {
    await repo.updateOverrideTotal(tx, accountId, row.id, {
      total,
      taxables: total !== null && (body.override_taxables ?? false),
      notes:
        total === null
          ? ''
          : writeOverrideRecord({
              notes: body.notes ?? '',
              totalWithoutThen: totalWithoutOverride(pricingInput(row)),
            }),
    });
  });
  return { data };
}
