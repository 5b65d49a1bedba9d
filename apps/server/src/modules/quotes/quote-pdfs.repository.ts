import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** All SQL of the quote, measure and install PDFs. Scoped by the account; `db` first. */

export type PdfKind = 'QUOTE' | 'MEASURE' | 'INSTALL';

/** The company's template for a kind of PDF (§8: none → 501), with its layout choices. */
export async function findTemplate(
  db: Db,
  accountId: number,
  kind: PdfKind,
): Promise<{ settings: Record<string, unknown> } | undefined> {
  const { rows } = await db.execute<{ settings: Record<string, unknown> }>(
    sql`SELECT settings FROM pdf_templates WHERE account_id = ${accountId} AND type = ${kind}`,
  );
  return rows[0];
}

/** A quote with what its PDFs print around the lines: the deal, its contact, the company and its texts. */
export type PdfQuoteRow = {
  id: number;
  tuid: number;
  order_id: number;
  status: 'DRAFT' | 'ACCEPTED';
  description: string;
  customer_notes: string;
  tax_mode: 'INCLUSIVE' | 'EXCLUSIVE';
  tax_percentage: string;
  revision_number: number;
  created_at: Date;
  deal_name: string;
  site_address: string;
  access_notes: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  company_name: string | null;
  company_address: string | null;
  company_phone: string | null;
  company_email: string | null;
  timezone: string | null;
  company_details: string | null;
  binding_text: string | null;
  logo_path: string | null;
  logo_mime_type: string | null;
};

export async function findPdfQuote(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<PdfQuoteRow | undefined> {
  const { rows } = await db.execute<PdfQuoteRow>(sql`
    SELECT q.id, q.tuid, q.order_id, q.status, q.description, q.customer_notes, q.tax_mode, q.tax_percentage,
           q.revision_number, q.created_at, d.name AS deal_name,
           d.site_address, d.access_notes,
           c.name AS contact_name, c.email AS contact_email, c.phone AS contact_phone,
           co.name AS company_name, co.address AS company_address, co.phone AS company_phone,
           co.email AS company_email, co.timezone,
           s.company_details, s.binding_text, f.storage_path AS logo_path, f.mime_type AS logo_mime_type
      FROM deal_quotes q
      JOIN deals d ON d.id = q.deal_id AND d.account_id = q.account_id
      LEFT JOIN contacts c ON c.id = d.contact_id AND c.account_id = q.account_id
      LEFT JOIN companies co ON co.account_id = q.account_id
      LEFT JOIN dealer_settings s ON s.account_id = q.account_id
      LEFT JOIN files f ON f.id = s.company_logo_file_id AND f.account_id = q.account_id
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}`);
  return rows[0];
}

/**
 * The quote's PDFs of one kind rendered from an earlier document (`<kind>-<tuid>-<digest>.pdf`),
 * made before `before`, other than `keepId`, and referred to by nothing (an acceptance, a deal's
 * document, a logo).
 */
export async function findSupersededPdfs(
  db: Db,
  accountId: number,
  namePattern: string,
  keepId: number,
  before: Date,
): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT f.id FROM files f
     WHERE f.account_id = ${accountId} AND f.filename ~ ${namePattern} AND f.id <> ${keepId}
       AND f.mime_type = 'application/pdf' AND f.created_at < ${before.toISOString()}::timestamptz
       AND NOT EXISTS (SELECT 1 FROM quote_acceptances a
                        WHERE a.signature_file_id = f.id OR a.document_file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM documents doc WHERE doc.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM dealer_settings ds WHERE ds.company_logo_file_id = f.id)`);
  return rows.map((r) => r.id);
}

export type StoredFileRow = {
  id: number;
  filename: string;
  mime_type: string;
  size: number;
  storage_path: string;
};

/**
 * One of the account's files, with whether it is this quote's acceptance's signature or frozen
 * PDF (other quote files are recognised by their names).
 */
export async function findQuoteFile(
  db: Db,
  accountId: number,
  quoteId: number,
  fileId: number,
): Promise<(StoredFileRow & { of_acceptance: boolean }) | undefined> {
  const { rows } = await db.execute<StoredFileRow & { of_acceptance: boolean }>(sql`
    SELECT f.id, f.filename, f.mime_type, f.size, f.storage_path,
           EXISTS (SELECT 1 FROM quote_acceptances a
                    WHERE a.quote_id = ${quoteId} AND a.account_id = ${accountId}
                      AND (a.signature_file_id = f.id OR a.document_file_id = f.id)) AS of_acceptance
      FROM files f
     WHERE f.id = ${fileId} AND f.account_id = ${accountId}`);
  return rows[0];
}

/** The stored path of one of the account's files (a signature to print). */
export async function findFilePath(db: Db, accountId: number, fileId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ storage_path: string }>(
    sql`SELECT storage_path FROM files WHERE id = ${fileId} AND account_id = ${accountId}`,
  );
  return rows[0]?.storage_path;
}
