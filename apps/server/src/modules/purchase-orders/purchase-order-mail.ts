import type { Db } from '../../db/database';
import type { PurchaseOrderSubmittedJob } from '../../lib/jobs';
import type { Mailer, MailMessage } from '../../lib/mailer';
import type { FileStore } from '../files/index';
import * as repo from './purchase-order-pdfs.repository';
import { downloadName, type PurchaseOrderPdfMaker } from './purchase-order-pdfs.service';
import { findLiveSupplierOrderLink } from './purchase-order-submit.repository';
import { shownDate } from './purchase-order-submit.service';

/**
 * The mail that places a submitted order with its supplier: the PDF as submitted attached.
 * Every supplier with an email address gets it, an internal workroom and an offline-only
 * supplier included (the workroom works from the same sheet; an offline supplier has no other
 * channel); a supplier without an address gets nothing (the dealer sends the PDF by hand).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The supplier's page for one supplier order (the public document serves it). */
export const supplierOrderPageUrl = (publicUrl: string, publicId: string) =>
  `${publicUrl}/supplier-order/${publicId}`;

/** The mail's words, from the order as submitted; `pageUrl` is the supplier's page, when it has one. */
export function purchaseOrderMail(
  o: repo.PdfOrderRow,
  attachment: { path: string; filename: string },
  pageUrl?: string,
): MailMessage {
  const dealer = o.company_name || 'Your customer';
  const number = `${o.tuid}${o.revision_number > 1 ? ` (revision ${o.revision_number})` : ''}`;
  const facts = [
    `Order: ${number}`,
    o.sidemark ? `Sidemark: ${o.sidemark}` : '',
    o.required_date ? `Required date: ${shownDate(o.required_date)}` : '',
    o.shipping_method_name ? `Shipping method: ${o.shipping_method_name}` : '',
    o.shipping_address ? `Delivery address: ${o.shipping_address}` : '',
    o.shipping_instructions ? `Shipping instructions: ${o.shipping_instructions}` : '',
  ].filter(Boolean);
  const intro =
    o.revision_number > 1
      ? `${dealer} has revised purchase order ${o.tuid}. The attached revision ${o.revision_number} replaces the earlier one and lists what changed.`
      : `${dealer} has placed purchase order ${o.tuid} with ${o.supplier_name}. The order is attached as a PDF.`;
  const contact = [o.company_email, o.company_phone].filter(Boolean).join(' · ');
  const answer = pageUrl
    ? 'You can acknowledge and update this order (status, ETA, freight, tracking) on its page, without an account:'
    : '';
  const text = [
    `Hello ${o.supplier_name},`,
    '',
    intro,
    '',
    ...facts,
    '',
    ...(pageUrl ? [answer, pageUrl, ''] : []),
    contact ? `Questions: ${contact}` : '',
  ]
    .join('\n')
    .trimEnd();
  const html = [
    `<p>Hello ${escapeHtml(o.supplier_name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
    pageUrl ? `<p>${escapeHtml(answer)} <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>` : '',
    contact ? `<p>Questions: ${escapeHtml(contact)}</p>` : '',
  ].join('');
  return {
    to: o.supplier_email,
    subject: `Purchase order ${number} from ${dealer}`,
    text: `${text}\n`,
    html,
    attachments: [{ filename: attachment.filename, path: attachment.path, contentType: 'application/pdf' }],
  };
}

/** One Message-ID per submitted order (a revision is an order of its own), however often the job runs. */
export const purchaseOrderMessageId = (publicUrl: string, orderId: number) =>
  `<purchase-order-${orderId}@${new URL(publicUrl).hostname || 'slat.local'}>`;

export type MailDeps = {
  db: Db;
  /** The server's public address: the supplier's page link starts with it. */
  publicUrl: string;
  files: FileStore;
  pdfs: PurchaseOrderPdfMaker;
  mailer: Pick<Mailer, 'deliver'>;
};

/**
 * The job enqueued by submit: makes (or finds) the submitted PDF and mails it to the supplier.
 * A failure throws, and the queue tries again (the PDF is stored once whatever happens).
 */
export async function mailSubmittedPurchaseOrder(
  deps: MailDeps,
  job: PurchaseOrderSubmittedJob,
): Promise<void> {
  const fileId = await deps.pdfs.submittedPurchaseOrderDocument(job.accountId, job.orderId);
  if (fileId === undefined) return;
  const o = await repo.findPdfOrder(deps.db, job.accountId, job.orderId);
  const file = (await deps.files.findMany(job.accountId, [fileId])).get(fileId);
  if (!o || !file || !o.supplier_email.trim()) return;
  const publicId = await findLiveSupplierOrderLink(deps.db, job.accountId, job.orderId);
  const pageUrl = publicId === undefined ? undefined : supplierOrderPageUrl(deps.publicUrl, publicId);
  await deps.mailer.deliver({
    ...purchaseOrderMail(o, { path: file.fullPath, filename: downloadName(o) }, pageUrl),
    messageId: purchaseOrderMessageId(deps.publicUrl, job.orderId),
  });
}
