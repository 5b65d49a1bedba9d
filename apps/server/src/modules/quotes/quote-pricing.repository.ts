import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, namedStatement, runNamed } from '../../db/database';

/** What priceQuote needs of a quote, and what its writes check: one row, lines and adjustments inlined. */
export type PricingRow = {
  id: number;
  order_id: number;
  deal_id: number;
  status: 'DRAFT' | 'ACCEPTED';
  is_archived: boolean;
  deal_is_archived: boolean;
  tax_mode: 'INCLUSIVE' | 'EXCLUSIVE';
  tax_percentage: string;
  deposit_percentage: string;
  deposit_amount_override: string | null;
  sell_tax_override: string | null;
  total_sell_price_override: string | null;
  override_taxables: boolean;
  override_notes: string;
  grand_total_inc_tax: string;
  /** As PostgreSQL writes it (microseconds); read with `new Date`, as the quote's answers do. */
  last_updated_at: string;
  /** Per line: [sell price ex tax or null, taxable, has errors]. */
  lines: [string | null, boolean, boolean][];
  /** In their order. */
  adjustments: { label: string; amount: string; tax_type: 'NONE' | 'STANDARD' }[];
};

// Lines and adjustments as compact JSON (amounts as text, never JSON numbers): one round trip.
const select = (where: SQL, lock: boolean) => sql`
  SELECT q.id, q.order_id, q.deal_id, q.status, q.is_archived, d.is_archived AS deal_is_archived,
         q.tax_mode, q.tax_percentage, q.deposit_percentage, q.deposit_amount_override, q.sell_tax_override,
         q.total_sell_price_override, q.override_taxables, q.override_notes, q.grand_total_inc_tax,
         q.last_updated_at,
         (SELECT coalesce(json_agg(json_build_array(l.sell_price::text, l.is_taxable, l.errors <> '[]'::jsonb)), '[]')
            FROM order_lines l WHERE l.order_id = q.order_id AND l.account_id = q.account_id) AS lines,
         (SELECT coalesce(json_agg(json_build_object('label', a.label, 'amount', a.amount::text, 'tax_type', a.tax_type)
                                   ORDER BY a.sort_order, a.id), '[]')
            FROM quote_adjustments a WHERE a.quote_id = q.id AND a.account_id = q.account_id) AS adjustments
    FROM deal_quotes q
    JOIN deals d ON d.id = q.deal_id
   WHERE ${where}${lock ? sql` FOR UPDATE OF q` : sql``}`;

/** A quote's pricing inputs by its id. */
export async function findPricingByQuote(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<PricingRow | undefined> {
  const { rows } = await db.execute<PricingRow>(
    select(sql`q.id = ${quoteId} AND q.account_id = ${accountId}`, false),
  );
  return rows[0];
}

// The same select by order, prepared by name: every write to a quote's lines runs it.
const PRICING_BY_ORDER = namedStatement(
  'quote_pricing_by_order',
  new PgDialect().sqlToQuery(
    select(
      sql`q.order_id = ${sql.placeholder('orderId')} AND q.account_id = ${sql.placeholder('accountId')}`,
      false,
    ),
  ).sql,
);

/** A deal quote's pricing inputs by its order (the quote's externalId); undefined for a purchase order. */
export async function findPricingByOrder(
  db: Db,
  accountId: number,
  orderId: number,
  lock = false,
): Promise<PricingRow | undefined> {
  if (!lock) return (await runNamed<PricingRow>(db, PRICING_BY_ORDER, [orderId, accountId]))[0];
  const { rows } = await db.execute<PricingRow>(
    select(sql`q.order_id = ${orderId} AND q.account_id = ${accountId}`, lock),
  );
  return rows[0];
}

/** The quote's order id, when the quote is the account's. */
export async function findQuoteOrderId(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ order_id: number }>(
    sql`SELECT order_id FROM deal_quotes WHERE id = ${quoteId} AND account_id = ${accountId}`,
  );
  return rows[0]?.order_id;
}

/** Whether the order is the account's deal quote (not a purchase order, not another account's). */
export async function isQuoteOrder(db: Db, accountId: number, orderId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM deal_quotes WHERE order_id = ${orderId} AND account_id = ${accountId}`,
  );
  return rows.length > 0;
}

/**
 * Locks the order's row (in a transaction), as every write to the order's windows and lines does
 * first: pricing writes, line writes and an accept happen one after another.
 */
export async function lockOrder(db: Db, accountId: number, orderId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT id FROM orders WHERE id = ${orderId} AND account_id = ${accountId} FOR UPDATE`,
  );
  return rows.length > 0;
}

export async function canOverrideTax(db: Db, accountId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute<{ can: boolean }>(
    sql`SELECT can_override_tax AS can FROM users WHERE id = ${userId} AND account_id = ${accountId}`,
  );
  return rows[0]?.can ?? false;
}

/**
 * Moves the quote's last_updated_at for a pricing write: whole milliseconds (what the API shows
 * and clients send back), and always later than before, so two writes never share one value.
 */
const NEXT_UPDATED_AT = sql`date_trunc('milliseconds', greatest(clock_timestamp(), q.last_updated_at + interval '1 millisecond'))`;

export type PricingValues = {
  depositAmountOverride: string | null;
  sellTaxOverride: string | null;
};

export async function updatePricingInputs(
  db: Db,
  accountId: number,
  quoteId: number,
  values: PricingValues,
): Promise<void> {
  await db.execute(sql`
    UPDATE deal_quotes q
       SET deposit_amount_override = ${values.depositAmountOverride},
           sell_tax_override = ${values.sellTaxOverride},
           last_updated_at = ${NEXT_UPDATED_AT}
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}`);
}

export type OverrideValues = { total: string | null; taxables: boolean; notes: string };

export async function updateOverrideTotal(
  db: Db,
  accountId: number,
  quoteId: number,
  values: OverrideValues,
): Promise<void> {
  await db.execute(sql`
    UPDATE deal_quotes q
       SET total_sell_price_override = ${values.total},
           override_taxables = ${values.taxables},
           override_notes = ${values.notes},
           last_updated_at = ${NEXT_UPDATED_AT}
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}`);
}

export type AdjustmentValues = { label: string; amount: string; taxType: 'NONE' | 'STANDARD' };

/** Replaces the quote's adjustments with `adjustments`, in that order. */
export async function replaceAdjustments(
  db: Db,
  accountId: number,
  quoteId: number,
  adjustments: readonly AdjustmentValues[],
): Promise<void> {
  await db.execute(
    sql`DELETE FROM quote_adjustments WHERE quote_id = ${quoteId} AND account_id = ${accountId}`,
  );
  if (adjustments.length === 0) return;
  const values = adjustments.map(
    (a, i) => sql`(${accountId}, ${quoteId}, ${a.label}, ${a.amount}, ${a.taxType}, ${i})`,
  );
  await db.execute(sql`
    INSERT INTO quote_adjustments (account_id, quote_id, label, amount, tax_type, sort_order)
    VALUES ${sql.join(values, sql`, `)}`);
}

/**
 * Stores the grand total cache when it changed; answers the quote's deal id when it did (its
 * board card and column total change), undefined otherwise.
 */
export async function storeGrandTotal(
  db: Db,
  accountId: number,
  quoteId: number,
  total: string,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ deal_id: number }>(sql`
    UPDATE deal_quotes SET grand_total_inc_tax = ${total}
     WHERE id = ${quoteId} AND account_id = ${accountId} AND grand_total_inc_tax <> ${total}::numeric
    RETURNING deal_id`);
  return rows[0]?.deal_id;
}

const TOUCH_QUOTE = namedStatement(
  'quote_touch_with_total',
  `WITH touched AS (
     UPDATE orders SET updated_at = now() WHERE id = $1 AND account_id = $2 RETURNING id),
   before AS (
     SELECT id, grand_total_inc_tax FROM deal_quotes WHERE order_id = $1 AND account_id = $2)
   UPDATE deal_quotes q
      SET last_updated_at = now(), grand_total_inc_tax = $3
     FROM before b
    WHERE q.id = b.id AND q.order_id IN (SELECT id FROM touched)
   RETURNING q.deal_id, b.grand_total_inc_tax <> $3::numeric AS changed`,
);

/**
 * Marks a write to a deal quote's windows or lines and stores its grand total cache, in one
 * statement: the order's updated_at and the quote's last_updated_at move; answers the quote's
 * deal id when the total changed (its board card and column total change), undefined otherwise.
 */
export async function touchQuoteWithTotal(
  db: Db,
  accountId: number,
  orderId: number,
  total: string,
): Promise<number | undefined> {
  const [row] = await runNamed<{ deal_id: number; changed: boolean }>(db, TOUCH_QUOTE, [
    orderId,
    accountId,
    total,
  ]);
  return row?.changed ? row.deal_id : undefined;
}

/** Copies one quote's pricing inputs (overrides and adjustments) onto another of the account (a clone). */
export async function copyPricingInputs(
  db: Db,
  accountId: number,
  fromQuoteId: number,
  toQuoteId: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE deal_quotes t
       SET deposit_amount_override = s.deposit_amount_override, sell_tax_override = s.sell_tax_override,
           total_sell_price_override = s.total_sell_price_override, override_taxables = s.override_taxables,
           override_notes = s.override_notes
      FROM deal_quotes s
     WHERE t.id = ${toQuoteId} AND t.account_id = ${accountId}
       AND s.id = ${fromQuoteId} AND s.account_id = ${accountId}`);
  await db.execute(sql`
    INSERT INTO quote_adjustments (account_id, quote_id, label, amount, tax_type, sort_order)
    SELECT account_id, ${toQuoteId}, label, amount, tax_type, sort_order
      FROM quote_adjustments WHERE quote_id = ${fromQuoteId} AND account_id = ${accountId}
     ORDER BY sort_order, id`);
}
