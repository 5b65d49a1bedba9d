import type { PaymentStatus, PaymentType, QuotePricing } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * All SQL of deal payments: the rows, their totals, the deal's Payment flag as payments move it,
 * the payment link's mail stamp. Scoped by the account where a session asks; `db` first so a
 * transaction fits.
 */

/** A payment as stored (money as decimal text, the transaction day as yyyy-mm-dd). */
export type PaymentRow = {
  id: number;
  accountId: number;
  dealId: number;
  publicId: string;
  type: PaymentType;
  status: PaymentStatus;
  amount: string;
  currency: string;
  description: string;
  transactedAt: string | null;
  reference: string;
  dealQuoteId: number | null;
  customerEmail: string | null;
  isArchived: boolean;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  linkSentAt: Date | null;
  receiptSentAt: Date | null;
};

const COLUMNS = sql.raw(`
  p.id, p.account_id AS "accountId", p.deal_id AS "dealId", p.public_id AS "publicId", p.type, p.status,
  p.amount::text AS amount, p.currency, p.description, p.transacted_at::text AS "transactedAt", p.reference,
  p.deal_quote_id AS "dealQuoteId", p.customer_email AS "customerEmail", p.is_archived AS "isArchived",
  p.created_by AS "createdBy", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
  p.link_sent_at AS "linkSentAt", p.receipt_sent_at AS "receiptSentAt"`);

/** The same columns for a RETURNING clause (no alias there). */
const RETURNING = sql.raw(`
  id, account_id AS "accountId", deal_id AS "dealId", public_id AS "publicId", type, status,
  amount::text AS amount, currency, description, transacted_at::text AS "transactedAt", reference,
  deal_quote_id AS "dealQuoteId", customer_email AS "customerEmail", is_archived AS "isArchived",
  created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt",
  link_sent_at AS "linkSentAt", receipt_sent_at AS "receiptSentAt"`);

export async function findPayment(
  db: Db,
  accountId: number,
  dealId: number,
  paymentId: number,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<PaymentRow>(sql`
    SELECT ${COLUMNS} FROM deal_payments p
     WHERE p.id = ${paymentId} AND p.deal_id = ${dealId} AND p.account_id = ${accountId}`);
  return rows[0];
}

/** Whose payment it is (no lock): the account and deal to lock before the payment. */
export async function findPaymentOwner(
  db: Db,
  paymentId: number,
): Promise<{ accountId: number; dealId: number } | undefined> {
  const { rows } = await db.execute<{ accountId: number; dealId: number }>(
    sql`SELECT account_id AS "accountId", deal_id AS "dealId" FROM deal_payments WHERE id = ${paymentId}`,
  );
  return rows[0];
}

/** The payment's row locked for the rest of the transaction (its status changes one at a time). */
export async function lockPayment(db: Db, paymentId: number): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<PaymentRow>(
    sql`SELECT ${COLUMNS} FROM deal_payments p WHERE p.id = ${paymentId} FOR UPDATE`,
  );
  return rows[0];
}

/** The payment a public link names, with what the checkout page shows of its dealer. */
export async function findPaymentByPublicId(
  db: Db,
  publicId: string,
): Promise<(PaymentRow & { dealerName: string; cardAccountId: string }) | undefined> {
  const { rows } = await db.execute<PaymentRow & { dealerName: string; cardAccountId: string }>(sql`
    SELECT ${COLUMNS}, coalesce(nullif(c.name, ''), a.name) AS "dealerName",
           coalesce(s.card_account_id, '') AS "cardAccountId"
      FROM deal_payments p
      JOIN accounts a ON a.id = p.account_id
      LEFT JOIN companies c ON c.account_id = p.account_id
      LEFT JOIN dealer_settings s ON s.account_id = p.account_id
     WHERE p.public_id = ${publicId}`);
  return rows[0];
}

/** A deal's payments (archived ones instead when asked), newest first, with who created them. */
export async function listPayments(
  db: Db,
  accountId: number,
  dealId: number,
  archived: boolean,
): Promise<(PaymentRow & { createdByName: string | null })[]> {
  const { rows } = await db.execute<PaymentRow & { createdByName: string | null }>(sql`
    SELECT ${COLUMNS},
           CASE WHEN u.id IS NULL THEN NULL
                ELSE coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) END
             AS "createdByName"
      FROM deal_payments p
      LEFT JOIN users u ON u.id = p.created_by
     WHERE p.deal_id = ${dealId} AND p.account_id = ${accountId} AND p.is_archived = ${archived}
     ORDER BY p.created_at DESC, p.id DESC`);
  return rows;
}

export async function findCreatorName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), username) AS name
      FROM users WHERE id = ${userId}`);
  return rows[0]?.name ?? null;
}

export type MismatchRow = { paymentId: number; kind: string; detail: string; foundAt: Date };

/** The unresolved problems reconciliation found with these payments. */
export async function findMismatches(
  db: Db,
  accountId: number,
  paymentIds: number[],
): Promise<MismatchRow[]> {
  if (paymentIds.length === 0) return [];
  const { rows } = await db.execute<MismatchRow>(sql`
    SELECT payment_id AS "paymentId", kind, detail, found_at AS "foundAt"
      FROM payment_mismatches
     WHERE account_id = ${accountId} AND payment_id = ANY(${sql.param(paymentIds)}::int[]) AND resolved_at IS NULL
     ORDER BY found_at, id`);
  return rows;
}

/** The account's currency (its company's country's). */
export async function findAccountCurrency(db: Db, accountId: number): Promise<string> {
  const { rows } = await db.execute<{ code: string }>(sql`
    SELECT k.currency_code AS code FROM companies c JOIN countries k ON k.id = c.country_id
     WHERE c.account_id = ${accountId} LIMIT 1`);
  return rows[0]?.code ?? 'USD';
}

/** The dealer's connected card account id, '' when none. */
export async function findCardAccountId(db: Db, accountId: number): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT card_account_id AS id FROM dealer_settings WHERE account_id = ${accountId}`,
  );
  return rows[0]?.id ?? '';
}

export async function setCardAccountId(db: Db, accountId: number, cardAccountId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO dealer_settings (account_id, card_account_id) VALUES (${accountId}, ${cardAccountId})
    ON CONFLICT (account_id) DO UPDATE SET card_account_id = EXCLUDED.card_account_id`);
}

/** Locks the deal's row: payments that check the balance run one after the other per deal. */
export async function lockDeal(
  db: Db,
  accountId: number,
  dealId: number,
): Promise<{ id: number; isArchived: boolean } | undefined> {
  const { rows } = await db.execute<{ id: number; isArchived: boolean }>(sql`
    SELECT id, is_archived AS "isArchived" FROM deals
     WHERE id = ${dealId} AND account_id = ${accountId} FOR UPDATE`);
  return rows[0];
}

export type MoneyOnDeal = {
  received: string;
  requested: string;
  openCardRequests: string;
  quote: { id: number; tuid: number; pricing: QuotePricing } | null;
};

/** What the deal's totals are made of: its non-archived payments' sums and its accepted quote's frozen pricing. */
export async function findMoneyOnDeal(db: Db, accountId: number, dealId: number): Promise<MoneyOnDeal> {
  const { rows } = await db.execute<{
    received: string;
    requested: string;
    open_card: string;
  }>(sql`
    SELECT coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)::numeric(14,2)::text AS received,
           coalesce(sum(amount) FILTER (WHERE status = 'REQUESTED'), 0)::numeric(14,2)::text AS requested,
           coalesce(sum(amount) FILTER (WHERE status = 'REQUESTED' AND type = 'STRIPE'), 0)::numeric(14,2)::text
             AS open_card
      FROM deal_payments
     WHERE deal_id = ${dealId} AND account_id = ${accountId} AND NOT is_archived`);
  const { rows: quotes } = await db.execute<{ id: number; tuid: number; pricing: QuotePricing }>(sql`
    SELECT q.id, q.tuid, a.pricing
      FROM deal_quotes q JOIN quote_acceptances a ON a.quote_id = q.id
     WHERE q.deal_id = ${dealId} AND q.account_id = ${accountId} AND q.status = 'ACCEPTED' AND NOT q.is_archived
     ORDER BY a.accepted_at DESC, q.id DESC
     LIMIT 1`);
  const sums = rows[0]!;
  return {
    received: sums.received,
    requested: sums.requested,
    openCardRequests: sums.open_card,
    quote: quotes[0] ?? null,
  };
}

export type NewPayment = {
  accountId: number;
  dealId: number;
  type: PaymentType;
  status: PaymentStatus;
  amount: string;
  currency: string;
  description: string;
  transactedAt: string | null;
  reference: string;
  dealQuoteId: number | null;
  createdBy: number | null;
};

export async function insertPayment(db: Db, p: NewPayment): Promise<PaymentRow> {
  const { rows } = await db.execute<PaymentRow>(sql`
    INSERT INTO deal_payments (account_id, deal_id, type, status, amount, currency, description, transacted_at,
                               reference, deal_quote_id, created_by)
    VALUES (${p.accountId}, ${p.dealId}, ${p.type}, ${p.status}, ${p.amount}, ${p.currency}, ${p.description},
            ${p.transactedAt}, ${p.reference}, ${p.dealQuoteId}, ${p.createdBy})
    RETURNING ${RETURNING}`);
  return rows[0]!;
}

/** Whether the quote is one of this deal's (a payment may name it). */
export async function isDealQuote(
  db: Db,
  accountId: number,
  dealId: number,
  quoteId: number,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM deal_quotes WHERE id = ${quoteId} AND deal_id = ${dealId} AND account_id = ${accountId}`);
  return rows.length > 0;
}

export async function updatePayment(
  db: Db,
  paymentId: number,
  p: {
    status: PaymentStatus;
    amount: string;
    description: string;
    transactedAt: string | null;
    reference: string;
  },
): Promise<PaymentRow> {
  const { rows } = await db.execute<PaymentRow>(sql`
    UPDATE deal_payments
       SET status = ${p.status}, amount = ${p.amount}, description = ${p.description},
           transacted_at = ${p.transactedAt}, reference = ${p.reference}, updated_at = now()
     WHERE id = ${paymentId}
    RETURNING ${RETURNING}`);
  return rows[0]!;
}

/**
 * REQUESTED → PAID, and nothing else: a payment already paid (or cancelled) is not matched, so
 * a second delivery of the same news changes nothing.
 */
export async function markRequestedPaid(
  db: Db,
  paymentId: number,
  transactedAt: string,
  customerEmail: string | null | undefined,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<PaymentRow>(sql`
    UPDATE deal_payments
       SET status = 'PAID', transacted_at = ${transactedAt}::date,
           customer_email = coalesce(${customerEmail ?? null}, customer_email), updated_at = now()
     WHERE id = ${paymentId} AND status = 'REQUESTED'
    RETURNING ${RETURNING}`);
  return rows[0];
}

/** REQUESTED → CANCELLED; undefined when it is no longer requested. */
export async function cancelRequested(db: Db, paymentId: number): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<PaymentRow>(sql`
    UPDATE deal_payments SET status = 'CANCELLED', updated_at = now()
     WHERE id = ${paymentId} AND status = 'REQUESTED'
    RETURNING ${RETURNING}`);
  return rows[0];
}

/**
 * The payment's open checkout sessions marked expired here (the link stops working at once);
 * returns their session ids so the card provider's side can be expired too.
 */
export async function expireOpenCheckoutSessions(
  db: Db,
  paymentId: number,
): Promise<{ sessionId: string; provider: 'stripe' | 'test'; connectedAccount: string }[]> {
  const { rows } = await db.execute<{
    sessionId: string;
    provider: 'stripe' | 'test';
    connectedAccount: string;
  }>(
    sql`
    UPDATE checkout_sessions SET status = 'expired'
     WHERE payment_id = ${paymentId} AND status = 'open'
    RETURNING session_id AS "sessionId", provider, connected_account AS "connectedAccount"`,
  );
  return rows;
}

export async function setPaymentArchived(db: Db, paymentId: number, archived: boolean): Promise<PaymentRow> {
  const { rows } = await db.execute<PaymentRow>(sql`
    UPDATE deal_payments SET is_archived = ${archived}, updated_at = now()
     WHERE id = ${paymentId}
    RETURNING ${RETURNING}`);
  return rows[0]!;
}

export async function setLinkSent(db: Db, paymentId: number): Promise<PaymentRow> {
  const { rows } = await db.execute<PaymentRow>(sql`
    UPDATE deal_payments SET link_sent_at = now() WHERE id = ${paymentId} RETURNING ${RETURNING}`);
  return rows[0]!;
}

/** The email of the deal's contact, '' when it has none. */
export async function findDealContactEmail(db: Db, accountId: number, dealId: number): Promise<string> {
  const { rows } = await db.execute<{ email: string | null }>(sql`
    SELECT c.email FROM deals d LEFT JOIN contacts c ON c.id = d.contact_id
     WHERE d.id = ${dealId} AND d.account_id = ${accountId}`);
  return rows[0]?.email?.trim() ?? '';
}

/** The dealer's name and the deal's for a mail to the customer. */
export async function findMailNames(
  db: Db,
  accountId: number,
  dealId: number,
): Promise<{ dealerName: string; dealName: string; contactName: string }> {
  const { rows } = await db.execute<{ dealerName: string; dealName: string; contactName: string }>(sql`
    SELECT coalesce(nullif(c.name, ''), a.name) AS "dealerName", d.name AS "dealName",
           coalesce(k.name, '') AS "contactName"
      FROM deals d JOIN accounts a ON a.id = d.account_id
      LEFT JOIN companies c ON c.account_id = d.account_id
      LEFT JOIN contacts k ON k.id = d.contact_id
     WHERE d.id = ${dealId} AND d.account_id = ${accountId}`);
  return rows[0] ?? { dealerName: '', dealName: '', contactName: '' };
}

/**
 * Raises the deal's Payment flag (slug 'payment') to the value with `valueSlug`, only when that
 * value comes after the current one: payments never move the flag down. True when it changed.
 */
export async function raisePaymentFlag(db: Db, dealId: number, valueSlug: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    WITH target AS (
      SELECT f.id AS flag_id, v.id AS value_id, v.sort_order
        FROM deals d
        JOIN workflow_flags f ON f.workflow_id = d.workflow_id AND f.slug = 'payment'
        JOIN workflow_flag_values v ON v.flag_id = f.id AND v.slug = ${valueSlug}
       WHERE d.id = ${dealId})
    INSERT INTO deal_flag_values AS cur (deal_id, flag_id, value_id)
    SELECT ${dealId}, t.flag_id, t.value_id FROM target t
    ON CONFLICT (deal_id, flag_id) DO UPDATE SET value_id = EXCLUDED.value_id
     WHERE (SELECT sort_order FROM workflow_flag_values WHERE id = cur.value_id)
         < (SELECT sort_order FROM workflow_flag_values WHERE id = EXCLUDED.value_id)
    RETURNING 1`);
  return rows.length > 0;
}
