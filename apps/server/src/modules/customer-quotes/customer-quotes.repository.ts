import type { QuotePricing } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * All SQL of the customer's quote. The public reads find a quote by its public id only (any
 * account); everything after that is scoped by the account the quote belongs to. `db` first.
 */

/** A quote as its customer page needs it: the quote, its deal, company, acceptance and link bookkeeping. */
export type CustomerQuoteRow = {
  id: number;
  account_id: number;
  deal_id: number;
  order_id: number;
  public_id: string;
  tuid: number;
  status: 'DRAFT' | 'ACCEPTED';
  is_archived: boolean;
  deal_is_archived: boolean;
  deal_name: string;
  description: string;
  tax_mode: 'INCLUSIVE' | 'EXCLUSIVE';
  tax_percentage: string;
  created_at: Date;
  accepted_at: Date | null;
  customer_opened_at: Date | null;
  company_id: number | null;
  company_name: string | null;
  currency: string | null;
  logo_public_id: string | null;
  card_account_id: string | null;
  signer_name: string | null;
  accepted_by_customer: string | null;
  /** The pricing frozen at acceptance; null for a draft. */
  accepted_pricing: QuotePricing | null;
  /** Whether a newer revision of it exists (archived or not). */
  has_revision: boolean;
};

const CUSTOMER_QUOTE = sql`
  SELECT q.id, q.account_id, q.deal_id, q.order_id, q.public_id, q.tuid, q.status, q.is_archived,
         d.is_archived AS deal_is_archived, d.name AS deal_name, q.description, q.tax_mode, q.tax_percentage,
         q.created_at, q.accepted_at, q.customer_opened_at,
         co.id AS company_id, co.name AS company_name, cn.currency_code AS currency,
         f.public_id AS logo_public_id, s.card_account_id,
         a.signer_name, a.accepted_by_customer, a.pricing AS accepted_pricing,
         EXISTS (SELECT 1 FROM deal_quotes r WHERE r.revision_of_id = q.id AND r.account_id = q.account_id)
           AS has_revision
    FROM deal_quotes q
    JOIN deals d ON d.id = q.deal_id AND d.account_id = q.account_id
    LEFT JOIN companies co ON co.account_id = q.account_id
    LEFT JOIN countries cn ON cn.id = co.country_id
    LEFT JOIN dealer_settings s ON s.account_id = q.account_id
    LEFT JOIN files f ON f.id = s.company_logo_file_id AND f.account_id = q.account_id
    LEFT JOIN quote_acceptances a ON a.quote_id = q.id AND a.account_id = q.account_id`;

/** The quote with this public id, of whichever account; undefined for none. */
export async function findByPublicId(db: Db, publicId: string): Promise<CustomerQuoteRow | undefined> {
  const { rows } = await db.execute<CustomerQuoteRow>(sql`${CUSTOMER_QUOTE} WHERE q.public_id = ${publicId}`);
  return rows[0];
}

/** The account's quote by its id, as the customer page shows it. */
export async function findById(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<CustomerQuoteRow | undefined> {
  const { rows } = await db.execute<CustomerQuoteRow>(
    sql`${CUSTOMER_QUOTE} WHERE q.id = ${quoteId} AND q.account_id = ${accountId}`,
  );
  return rows[0];
}

/**
 * The newest quote in the revision chain from this one (itself included) that is not archived;
 * undefined when every one is. Revisions are linked by revision_of_id, one per accepted quote.
 */
export async function findNewestLiveRevision(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<{ id: number } | undefined> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE chain AS (
      SELECT q.id, q.is_archived, 0 AS depth FROM deal_quotes q
       WHERE q.id = ${quoteId} AND q.account_id = ${accountId}
      UNION ALL
      SELECT r.id, r.is_archived, c.depth + 1 FROM deal_quotes r
        JOIN chain c ON r.revision_of_id = c.id
       WHERE r.account_id = ${accountId} AND c.depth < 100)
    SELECT id FROM chain WHERE NOT is_archived ORDER BY depth DESC LIMIT 1`);
  return rows[0];
}

/** Records the customer's first open; later opens change nothing. */
export async function markOpened(db: Db, accountId: number, quoteId: number): Promise<void> {
  await db.execute(sql`
    UPDATE deal_quotes SET customer_opened_at = now()
     WHERE id = ${quoteId} AND account_id = ${accountId} AND customer_opened_at IS NULL`);
}

export type SummaryPaymentRow = {
  type: 'MANUAL' | 'STRIPE';
  status: 'REQUESTED' | 'PAID' | 'CANCELLED';
  amount: string;
  reference: string;
  transacted_at: string | null;
  created_at: Date;
};

/**
 * The payments the quote's customer sees: the deal's non-archived payments made for this quote or
 * a quote it revises, and those made for no quote in particular; oldest first.
 */
export async function findQuotePayments(
  db: Db,
  accountId: number,
  dealId: number,
  quoteId: number,
): Promise<SummaryPaymentRow[]> {
  const { rows } = await db.execute<SummaryPaymentRow>(sql`
    WITH RECURSIVE lineage AS (
      SELECT q.id, q.revision_of_id, 0 AS depth FROM deal_quotes q
       WHERE q.id = ${quoteId} AND q.account_id = ${accountId}
      UNION ALL
      SELECT p.id, p.revision_of_id, l.depth + 1 FROM deal_quotes p
        JOIN lineage l ON p.id = l.revision_of_id
       WHERE p.account_id = ${accountId} AND l.depth < 100)
    SELECT p.type, p.status, p.amount::text AS amount, p.reference, p.transacted_at::text AS transacted_at,
           p.created_at
      FROM deal_payments p
     WHERE p.account_id = ${accountId} AND p.deal_id = ${dealId} AND NOT p.is_archived
       AND (p.deal_quote_id IS NULL OR p.deal_quote_id IN (SELECT id FROM lineage))
     ORDER BY p.created_at, p.id`);
  return rows;
}

/** The dealer's view of a quote's customer link. */
export type CustomerLinkRow = {
  public_id: string;
  sent_to_customer_at: Date | null;
  sent_to_email: string | null;
  customer_opened_at: Date | null;
};

/** A quote's link with what the mail and its guards need. */
export type LinkQuoteRow = CustomerLinkRow & {
  is_archived: boolean;
  deal_is_archived: boolean;
  tuid: number;
  company_name: string | null;
  deal_name: string;
};

export async function findLink(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<LinkQuoteRow | undefined> {
  const { rows } = await db.execute<LinkQuoteRow>(sql`
    SELECT q.public_id, q.sent_to_customer_at, q.sent_to_email, q.customer_opened_at, q.is_archived,
           d.is_archived AS deal_is_archived, q.tuid, co.name AS company_name, d.name AS deal_name
      FROM deal_quotes q
      JOIN deals d ON d.id = q.deal_id AND d.account_id = q.account_id
      LEFT JOIN companies co ON co.account_id = q.account_id
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}`);
  return rows[0];
}

/** Records that the link was mailed now, to this address. */
export async function markSent(
  db: Db,
  accountId: number,
  quoteId: number,
  email: string,
): Promise<CustomerLinkRow | undefined> {
  const { rows } = await db.execute<CustomerLinkRow>(sql`
    UPDATE deal_quotes SET sent_to_customer_at = now(), sent_to_email = ${email}
     WHERE id = ${quoteId} AND account_id = ${accountId}
    RETURNING public_id, sent_to_customer_at, sent_to_email, customer_opened_at`);
  return rows[0];
}

/**
 * Takes the quote's pay lock until the transaction ends: the customer's pay calls run one after
 * another, so a double click finds the payment the first one made. An advisory lock, so it never
 * waits on the row locks the payments module takes after it.
 */
export async function lockQuotePay(db: Db, quoteId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('customer-quote-pay'), ${quoteId})`);
}

/** The quote's open card requests, oldest first: what a repeated pay reuses. */
export async function findOpenCardRequests(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<{ public_id: string; amount: string }[]> {
  const { rows } = await db.execute<{ public_id: string; amount: string }>(sql`
    SELECT public_id, amount::text AS amount FROM deal_payments
     WHERE account_id = ${accountId} AND deal_quote_id = ${quoteId} AND type = 'STRIPE'
       AND status = 'REQUESTED' AND NOT is_archived
     ORDER BY id`);
  return rows;
}
