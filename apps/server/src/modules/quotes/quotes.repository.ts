import { sql } from 'drizzle-orm';
import { type Db, namedStatement, runNamed } from '../../db/database';
import { accountCounters, dealerSettings } from '../../db/schema';

/** A deal quote with what its read-only rule needs from its deal. */
export type QuoteRow = {
  id: number;
  account_id: number;
  deal_id: number;
  order_id: number;
  tuid: number;
  description: string;
  customer_notes: string;
  status: 'DRAFT' | 'ACCEPTED';
  is_archived: boolean;
  tax_mode: 'INCLUSIVE' | 'EXCLUSIVE';
  tax_percentage: string;
  deposit_percentage: string;
  cloned_from_id: number | null;
  accepted_at: Date | null;
  created_at: Date;
  last_updated_at: Date;
  /** The grand total cache (priceQuote's sellGrandTotalIncTax at the last write) and the override total. */
  grand_total_inc_tax: string;
  total_sell_price_override: string | null;
  deal_is_archived: boolean;
};

/** QuoteRow's columns (deal_quotes q joined to deals d). */
const QUOTE_COLUMNS = `q.id, q.account_id, q.deal_id, q.order_id, q.tuid, q.description, q.customer_notes, q.status,
  q.is_archived, q.tax_mode, q.tax_percentage, q.deposit_percentage, q.cloned_from_id,
  q.accepted_at, q.created_at, q.last_updated_at, q.grand_total_inc_tax, q.total_sell_price_override,
  d.is_archived AS deal_is_archived`;

const SELECT = sql`
  SELECT ${sql.raw(QUOTE_COLUMNS)}
  FROM deal_quotes q
  JOIN deals d ON d.id = q.deal_id`;

export async function findQuote(db: Db, accountId: number, id: number): Promise<QuoteRow | undefined> {
  const { rows } = await db.execute<QuoteRow>(
    sql`${SELECT} WHERE q.id = ${id} AND q.account_id = ${accountId}`,
  );
  return rows[0];
}

/**
 * The quote's row locked for a change (in a transaction): a concurrent update, archive or
 * document write waits, then sees this one's result.
 */
export async function lockQuote(db: Db, accountId: number, id: number): Promise<QuoteRow | undefined> {
  const { rows } = await db.execute<QuoteRow>(
    sql`${SELECT} WHERE q.id = ${id} AND q.account_id = ${accountId} FOR UPDATE OF q`,
  );
  return rows[0];
}

/**
 * Locks the quote's order row (in a transaction), as every write to the order's windows, lines
 * and documents does first: a change of the quote's read-only state waits for writes in flight,
 * and writes after it see it. Take it before the quote's own row (the order writers' order).
 */
export async function lockQuoteOrder(db: Db, accountId: number, orderId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM orders WHERE id = ${orderId} AND account_id = ${accountId} FOR UPDATE`);
}

/** A deal's quotes, newest first; archived ones only when asked. */
export async function findDealQuotes(
  db: Db,
  accountId: number,
  dealId: number,
  withArchived: boolean,
): Promise<QuoteRow[]> {
  const { rows } = await db.execute<QuoteRow>(sql`${SELECT}
    WHERE q.deal_id = ${dealId} AND q.account_id = ${accountId} AND (${withArchived} OR NOT q.is_archived)
    ORDER BY q.created_at DESC, q.id DESC`);
  return rows;
}

/** The quotes a quote came from and the revision that replaced it (ids and numbers; null when none). */
export type QuoteLineageRow = {
  id: number;
  revision_of_id: number | null;
  revision_of_tuid: number | null;
  copy_of_id: number | null;
  copy_of_tuid: number | null;
  revised_by_id: number | null;
  revised_by_tuid: number | null;
};

/** Lineage of the account's quotes `ids`: what each revises or copies, and its first revision. */
export async function findQuoteLineage(db: Db, accountId: number, ids: number[]): Promise<QuoteLineageRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<QuoteLineageRow>(sql`
    SELECT q.id, p.id AS revision_of_id, p.tuid AS revision_of_tuid, c.id AS copy_of_id, c.tuid AS copy_of_tuid,
           r.id AS revised_by_id, r.tuid AS revised_by_tuid
      FROM deal_quotes q
      LEFT JOIN deal_quotes p ON p.id = q.revision_of_id AND p.account_id = q.account_id
      LEFT JOIN deal_quotes c ON c.id = q.cloned_from_id AND c.account_id = q.account_id
      LEFT JOIN LATERAL (
        SELECT r.id, r.tuid FROM deal_quotes r
         WHERE r.deal_id = q.deal_id AND r.revision_of_id = q.id AND r.account_id = q.account_id
         ORDER BY r.id LIMIT 1) r ON true
     WHERE q.account_id = ${accountId} AND q.id = ANY(${sql.param(ids)}::int[])`);
  return rows;
}

/**
 * Locks the deal's row (in a transaction) for a change to its quotes, so changes to one deal's
 * quotes and its stored alert counts happen one after another. True when the deal is the account's.
 */
export async function lockDeal(db: Db, accountId: number, dealId: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM deals WHERE id = ${dealId} AND account_id = ${accountId} FOR NO KEY UPDATE`,
  );
  return rows.length > 0;
}

/** The next quote number of the account (counts from 1), taken under the counter's row lock. */
export async function nextQuoteNumber(db: Db, accountId: number): Promise<number> {
  const [counter] = await db
    .insert(accountCounters)
    .values({ accountId, name: 'quote', value: 1 })
    .onConflictDoUpdate({
      target: [accountCounters.accountId, accountCounters.name],
      set: { value: sql`${accountCounters.value} + 1` },
    })
    .returning({ value: accountCounters.value });
  return counter!.value;
}

export type QuoteConfig = {
  taxMode: 'INCLUSIVE' | 'EXCLUSIVE';
  taxPercentage: string;
  depositPercentage: string;
};

/**
 * The pricing config a new quote copies from the dealer settings. An account that never saved
 * any settings gets the table's defaults (its row made once, as the settings screen does).
 */
export async function dealerQuoteConfig(db: Db, accountId: number): Promise<QuoteConfig> {
  await db.insert(dealerSettings).values({ accountId }).onConflictDoNothing();
  const { rows } = await db.execute<{
    tax_mode: QuoteConfig['taxMode'];
    tax_percentage: string;
    deposit_percentage: string;
  }>(sql`
    SELECT quote_pricing_tax_mode AS tax_mode, tax_rate_percentage AS tax_percentage, deposit_percentage
    FROM dealer_settings WHERE account_id = ${accountId}`);
  const row = rows[0]!;
  return {
    taxMode: row.tax_mode,
    taxPercentage: row.tax_percentage,
    depositPercentage: row.deposit_percentage,
  };
}

export type NewQuote = QuoteConfig & {
  accountId: number;
  dealId: number;
  orderId: number;
  tuid: number;
  description: string;
  customerNotes: string;
  clonedFromId: number | null;
  createdBy: number;
};

export async function insertQuote(db: Db, q: NewQuote): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO deal_quotes (account_id, deal_id, order_id, tuid, description, customer_notes, status,
      tax_mode, tax_percentage, deposit_percentage, cloned_from_id, created_by)
    VALUES (${q.accountId}, ${q.dealId}, ${q.orderId}, ${q.tuid}, ${q.description}, ${q.customerNotes}, 'DRAFT',
      ${q.taxMode}, ${q.taxPercentage}, ${q.depositPercentage}, ${q.clonedFromId}, ${q.createdBy})
    RETURNING id`);
  return rows[0]!.id;
}

export async function updateQuoteFields(
  db: Db,
  id: number,
  fields: { description: string; customerNotes: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE deal_quotes
    SET description = ${fields.description}, customer_notes = ${fields.customerNotes}, last_updated_at = now()
    WHERE id = ${id}`);
}

export async function updateQuoteArchived(db: Db, id: number, archived: boolean): Promise<void> {
  await db.execute(sql`
    UPDATE deal_quotes SET is_archived = ${archived}, last_updated_at = now() WHERE id = ${id}`);
}

/** A quote with its deal, the deal's workflow and the company's measure system (its country's). */
export type QuoteDetailRow = QuoteRow & {
  deal_tuid: number;
  deal_name: string;
  workflow_id: number;
  workflow_name: string;
  workflow_slug: string;
  measure_system: 'METRIC' | 'IMPERIAL';
  /** orders.version (bigint, as text): moves with every change to the quote's order (0013). */
  order_version: string;
  /** The newest catalog version of any supplier: an import can change lines' pending updates. */
  catalog_stamp: number | null;
  /** The suppliers the account quotes from (pending updates compare with their latest versions). */
  supplier_links: number[] | null;
  /** The asking user's tax-override permission. */
  can_override_tax: boolean;
};

// Prepared by name: a repeated GET of a quote (the detail cache's hit) is this statement alone.
const QUOTE_DETAIL = namedStatement(
  'quote_detail_header',
  `SELECT ${QUOTE_COLUMNS}, d.tuid AS deal_tuid, d.name AS deal_name,
          w.id AS workflow_id, w.name AS workflow_name, w.slug AS workflow_slug,
          coalesce((SELECT c.measure_system FROM companies co JOIN countries c ON c.id = co.country_id
                    WHERE co.account_id = q.account_id LIMIT 1), 'METRIC') AS measure_system,
          o.version AS order_version,
          (SELECT max(cv.id) FROM catalog_versions cv) AS catalog_stamp,
          (SELECT array_agg(mc.manufacturer_id ORDER BY mc.manufacturer_id) FROM manufacturer_customers mc
            WHERE mc.account_id = q.account_id) AS supplier_links,
          coalesce((SELECT u.can_override_tax FROM users u
                     WHERE u.id = $3 AND u.account_id = q.account_id), false) AS can_override_tax
     FROM deal_quotes q
     JOIN orders o ON o.id = q.order_id
     JOIN deals d ON d.id = q.deal_id
     JOIN workflows w ON w.id = d.workflow_id
    WHERE q.id = $1 AND q.account_id = $2`,
);

/**
 * One quote with what its detail shows of its deal and workflow, and what the detail's cache
 * compares (its order's version, the catalog's newest version, the user's permission), in one
 * query.
 */
export async function findQuoteDetail(
  db: Db,
  accountId: number,
  id: number,
  userId: number,
): Promise<QuoteDetailRow | undefined> {
  return (await runNamed<QuoteDetailRow>(db, QUOTE_DETAIL, [id, accountId, userId]))[0];
}

export type QuotePurchaseOrderRow = {
  id: number;
  tuid: number;
  revision_number: number;
  manufacturer_id: number;
  manufacturer_name: string;
  status: 'OPEN' | 'SUBMITTED';
  is_archived: boolean;
};

/** The purchase orders converted from a quote, the newest revision of each (the quote's Orders table). */
export async function findQuotePurchaseOrders(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<QuotePurchaseOrderRow[]> {
  const { rows } = await db.execute<QuotePurchaseOrderRow>(sql`
    SELECT p.order_id AS id, p.tuid, p.revision_number, p.manufacturer_id, m.name AS manufacturer_name,
           p.status, p.is_archived
      FROM purchase_orders p JOIN manufacturers m ON m.id = p.manufacturer_id
     WHERE p.source_quote_id = ${quoteId} AND p.account_id = ${accountId} AND p.replaced_by_order_id IS NULL
     ORDER BY p.tuid, p.order_id`);
  return rows;
}

/** Supplier names by id. */
export async function findSupplierNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT id, name FROM manufacturers WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
