import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** All SQL of the purchase-order PDF and its mail. Scoped by the account; `db` first. */

/** The company's PURCHASE_ORDER template (§8: none → 501 and the legacy fallback), with its layout choices. */
export async function findTemplate(
  db: Db,
  accountId: number,
): Promise<{ settings: Record<string, unknown> } | undefined> {
  const { rows } = await db.execute<{ settings: Record<string, unknown> }>(
    sql`SELECT settings FROM pdf_templates WHERE account_id = ${accountId} AND type = 'PURCHASE_ORDER'`,
  );
  return rows[0];
}

/** A purchase order with what its PDF and mail print around the lines. */
export type PdfOrderRow = {
  order_id: number;
  tuid: number;
  revision_number: number;
  parent_order_id: number | null;
  status: 'OPEN' | 'SUBMITTED';
  sidemark: string;
  notes: string;
  manufacturer_id: number;
  submitted_at: Date | null;
  required_date: string | null;
  shipping_method_id: number | null;
  shipping_method_name: string | null;
  shipping_address: string;
  shipping_instructions: string;
  freight_estimate: string | null;
  document_file_id: number | null;
  supplier_name: string;
  supplier_email: string;
  supplier_internal: boolean;
  company_name: string | null;
  company_address: string | null;
  company_phone: string | null;
  company_email: string | null;
  timezone: string | null;
  company_details: string | null;
  logo_path: string | null;
  logo_mime_type: string | null;
};

export async function findPdfOrder(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<PdfOrderRow | undefined> {
  const { rows } = await db.execute<PdfOrderRow>(sql`
    SELECT p.order_id, p.tuid, p.revision_number, p.parent_order_id, p.status, p.sidemark, p.notes,
           p.manufacturer_id, p.submitted_at, p.required_date::text AS required_date, p.shipping_method_id,
           sm.name AS shipping_method_name, p.shipping_address, p.shipping_instructions,
           p.freight_estimate::text AS freight_estimate, p.document_file_id,
           m.name AS supplier_name, m.email AS supplier_email, m.is_internal AS supplier_internal,
           co.name AS company_name, co.address AS company_address, co.phone AS company_phone,
           co.email AS company_email, co.timezone, s.company_details,
           f.storage_path AS logo_path, f.mime_type AS logo_mime_type
      FROM purchase_orders p
      JOIN manufacturers m ON m.id = p.manufacturer_id
      LEFT JOIN shipping_methods sm ON sm.id = p.shipping_method_id
      LEFT JOIN companies co ON co.account_id = p.account_id
      LEFT JOIN dealer_settings s ON s.account_id = p.account_id
      LEFT JOIN files f ON f.id = s.company_logo_file_id AND f.account_id = p.account_id
     WHERE p.order_id = ${orderId} AND p.account_id = ${accountId}`);
  return rows[0];
}

/** Records the submitted PDF once; false when another render stored it first. */
export async function setDocumentFile(
  db: Db,
  accountId: number,
  orderId: number,
  fileId: number,
): Promise<boolean> {
  const { rows } = await db.execute<{ order_id: number }>(sql`
    UPDATE purchase_orders SET document_file_id = ${fileId}
     WHERE order_id = ${orderId} AND account_id = ${accountId} AND status = 'SUBMITTED'
       AND document_file_id IS NULL
     RETURNING order_id`);
  return rows.length === 1;
}
