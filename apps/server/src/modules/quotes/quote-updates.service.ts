import type { getQuotePendingUpdates } from '@slat/contracts';
import type { PricingLine } from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { orderRepricing } from '../order-contents/index';
import * as pricingRepo from './quote-pricing.repository';
import { pricingOf } from './quote-pricing.service';
import * as quoteRepo from './quotes.repository';

type PendingUpdatesAnswer = z.output<(typeof getQuotePendingUpdates)['response']>;

/**
 * GET /deal-quotes/{id}/pending-updates: the flags, and what 'Update now' (recalculate, every
 * line) would change: each line whose update is pending or whose cost or sell price would move,
 * now and after, and the grand total inc tax now and after (the quote's pricing over its lines).
 */
export async function getPendingUpdates(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<PendingUpdatesAnswer> {
  const quote = await quoteRepo.findQuote(db, accountId, quoteId);
  if (!quote) throw notFound('Quote not found');
  const readOnly = quote.status === 'ACCEPTED' || quote.is_archived || quote.deal_is_archived;
  const [repricing, inputs] = await Promise.all([
    orderRepricing(db, accountId, quote.order_id, readOnly),
    pricingRepo.findPricingByQuote(db, accountId, quoteId),
  ]);
  const grandTotal = (lines: PricingLine[]) =>
    pricingOf({ ...inputs!, lines: lines.map((l) => [l.sell, l.taxable, l.hasErrors]) }).sellGrandTotalIncTax;
  return {
    pendingUpdates: repricing.pendingUpdates,
    lines: repricing.lines,
    sellGrandTotalIncTaxNow: grandTotal(repricing.priced.map((l) => l.now)),
    sellGrandTotalIncTaxAfter: grandTotal(repricing.priced.map((l) => l.after)),
  };
}
