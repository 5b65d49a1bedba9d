import type { QuotePricing } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * All SQL of accepting and revising quotes: the acceptance record, the frozen PDF's
 * file, revisions. Scoped by the account; `db` first so a transaction fits.
 */

/** The state accept and revise check, read after the order's row lock (a statement of its own). */
export type AcceptState = {
  id: number;
  deal_id: number;
  order_id: number;
  tuid: number;
  status: 'DRAFT' | 'ACCEPTED';
  is_archived: boolean;
  deal_is_archived: boolean;
  revision_number: number;
  line_count: number;
  error_line_count: number;
};

export async function findQuoteOrder(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<{ order_id: number; deal_id: number } | undefined> {
  const { rows } = await db.execute<{ order_id: number; deal_id: number }>(
    sql`SELECT order_id, deal_id FROM deal_quotes WHERE id = ${quoteId} AND account_id = ${accountId}`,
  );
  return rows[0];
}

/** Locks the quote's order row, the lock every line and pricing write takes first. */
export async function lockOrder(db: Db, accountId: number, orderId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT id FROM orders WHERE id = ${orderId} AND account_id = ${accountId} FOR UPDATE`,
  );
  return rows.length > 0;
}

/** The quote's row locked (after its order's), with its deal's state and its lines' counts. */
export async function lockAcceptState(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<AcceptState | undefined> {
  const { rows } = await db.execute<AcceptState>(sql`
    SELECT q.id, q.deal_id, q.order_id, q.tuid, q.status, q.is_archived, d.is_archived AS deal_is_archived,
           q.revision_number,
           (SELECT count(*)::int FROM order_lines l WHERE l.order_id = q.order_id AND l.account_id = q.account_id)
             AS line_count,
           (SELECT count(*)::int FROM order_lines l
             WHERE l.order_id = q.order_id AND l.account_id = q.account_id AND l.errors <> '[]'::jsonb)
             AS error_line_count
      FROM deal_quotes q JOIN deals d ON d.id = q.deal_id
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}
       FOR UPDATE OF q`);
  return rows[0];
}

export type NewAcceptance = {
  accountId: number;
  quoteId: number;
  /** Null when the customer accepted on the public quote page (customerName says who). */
  userId: number | null;
  customerName: string | null;
  /** Who signed, as asked in the accept dialog. */
  signerName: string | null;
  withoutSignature: boolean;
  signatureFileId: number | null;
  ipAddress: string;
  userAgent: string;
  pricing: QuotePricing;
};

/**
 * Records the acceptance and marks the quote ACCEPTED with the same time; undefined when the
 * quote already has one (the unique key: one acceptance per quote, whatever races).
 */
export async function insertAcceptance(
  db: Db,
  a: NewAcceptance,
): Promise<{ id: number; accepted_at: Date } | undefined> {
  const { rows } = await db.execute<{ id: number; accepted_at: Date }>(sql`
    INSERT INTO quote_acceptances (account_id, quote_id, accepted_by_user_id, accepted_by_customer, signer_name,
                                   accepted_without_signature, signature_file_id, ip_address, user_agent,
                                   pricing, accepted_at)
    VALUES (${a.accountId}, ${a.quoteId}, ${a.userId}, ${a.customerName}, ${a.signerName}, ${a.withoutSignature}, ${a.signatureFileId},
            ${a.ipAddress}, ${a.userAgent}, ${JSON.stringify(a.pricing)}::jsonb,
            date_trunc('milliseconds', clock_timestamp()))
    ON CONFLICT (quote_id) DO NOTHING
    RETURNING id, accepted_at`);
  const row = rows[0];
  if (!row) return undefined;
  await db.execute(sql`
    UPDATE deal_quotes q
       SET status = 'ACCEPTED', accepted_at = ${row.accepted_at},
           last_updated_at = date_trunc('milliseconds',
                               greatest(clock_timestamp(), q.last_updated_at + interval '1 millisecond'))
     WHERE q.id = ${a.quoteId} AND q.account_id = ${a.accountId}`);
  return row;
}

/** An acceptance as the quote detail and its PDF show it. */
export type AcceptanceRow = {
  id: number;
  quote_id: number;
  accepted_at: Date;
  accepted_by_user_id: number | null;
  accepted_by_customer: string | null;
  user_name: string | null;
  signer_name: string | null;
  accepted_without_signature: boolean;
  signature_file_id: number | null;
  ip_address: string;
  user_agent: string;
  pricing: QuotePricing;
  document_file_id: number | null;
  document_sha256: string | null;
  document_created_at: Date | null;
};

const ACCEPTANCE = sql`
  SELECT a.id, a.quote_id, a.accepted_at, a.accepted_by_user_id, a.accepted_by_customer,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name, a.signer_name,
         a.accepted_without_signature, a.signature_file_id, a.ip_address, a.user_agent, a.pricing,
         a.document_file_id, a.document_sha256, a.document_created_at
    FROM quote_acceptances a
    LEFT JOIN users u ON u.id = a.accepted_by_user_id`;

export async function findAcceptance(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<AcceptanceRow | undefined> {
  const { rows } = await db.execute<AcceptanceRow>(
    sql`${ACCEPTANCE} WHERE a.quote_id = ${quoteId} AND a.account_id = ${accountId}`,
  );
  return rows[0];
}

/**
 * Stores the frozen PDF's file on the acceptance unless one is there already (a job and a
 * request may render it at once: the first one stays). True when this one was stored.
 */
export async function setAcceptedDocument(
  db: Db,
  accountId: number,
  acceptanceId: number,
  fileId: number,
  sha256: string,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE quote_acceptances
       SET document_file_id = ${fileId}, document_sha256 = ${sha256}, document_created_at = now()
     WHERE id = ${acceptanceId} AND account_id = ${accountId} AND document_file_id IS NULL
    RETURNING id`);
  return rows.length > 0;
}

/** What the quote detail shows of acceptance and revisions, in one query. */
export type AcceptanceContextRow = {
  revision_number: number;
  revision_of_id: number | null;
  revision_of_tuid: number | null;
  revised_by_id: number | null;
  revised_by_tuid: number | null;
  /** The frozen pricing of the accepted quote this one revises. */
  revision_of_pricing: QuotePricing | null;
  acceptance: AcceptanceRow | null;
};

export async function findAcceptanceContext(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<AcceptanceContextRow | undefined> {
  const { rows } = await db.execute<AcceptanceContextRow>(sql`
    SELECT q.revision_number, q.revision_of_id, p.tuid AS revision_of_tuid,
           r.id AS revised_by_id, r.tuid AS revised_by_tuid, pa.pricing AS revision_of_pricing,
           (SELECT row_to_json(x) FROM (${ACCEPTANCE} WHERE a.quote_id = q.id AND a.account_id = q.account_id) x)
             AS acceptance
      FROM deal_quotes q
      LEFT JOIN deal_quotes p ON p.id = q.revision_of_id AND p.account_id = q.account_id
      LEFT JOIN quote_acceptances pa ON pa.quote_id = p.id AND pa.account_id = q.account_id
      LEFT JOIN LATERAL (
        SELECT r.id, r.tuid FROM deal_quotes r
         WHERE r.deal_id = q.deal_id AND r.revision_of_id = q.id AND r.account_id = q.account_id
         ORDER BY r.id LIMIT 1) r ON true
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}`);
  return rows[0];
}

/** The revision made of an accepted quote, if any. */
export async function findRevision(
  db: Db,
  accountId: number,
  dealId: number,
  quoteId: number,
): Promise<{ id: number; tuid: number } | undefined> {
  const { rows } = await db.execute<{ id: number; tuid: number }>(sql`
    SELECT id, tuid FROM deal_quotes
     WHERE deal_id = ${dealId} AND revision_of_id = ${quoteId} AND account_id = ${accountId}
     ORDER BY id LIMIT 1`);
  return rows[0];
}

/** Locks the deal's row for a change to its quotes (as adding and cloning quotes do). */
export async function lockDeal(db: Db, accountId: number, dealId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT id FROM deals WHERE id = ${dealId} AND account_id = ${accountId} FOR NO KEY UPDATE`,
  );
  return rows.length > 0;
}

/**
 * A new DRAFT revision of an accepted quote: its words, config and pricing inputs copied, the
 * link to the quote it revises and the next revision number. Answers its id.
 */
export async function insertRevision(
  db: Db,
  accountId: number,
  source: { id: number; revisionNumber: number },
  orderId: number,
  tuid: number,
  userId: number,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO deal_quotes (account_id, deal_id, order_id, tuid, description, customer_notes, status,
                             tax_mode, tax_percentage, deposit_percentage, revision_of_id, revision_number,
                             created_by)
    SELECT account_id, deal_id, ${orderId}, ${tuid}, description, customer_notes, 'DRAFT',
           tax_mode, tax_percentage, deposit_percentage, id, ${source.revisionNumber + 1}, ${userId}
      FROM deal_quotes WHERE id = ${source.id} AND account_id = ${accountId}
    RETURNING id`);
  return rows[0]!.id;
}
