import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { type OrderLine, pricingMessages, purchaseOrderMessages } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import {
  limiter,
  type PdfCompany,
  type PdfDocument,
  type PurchaseOrderPdfLine,
  purchaseOrderDocument,
  renderPdf,
} from '../../lib/pdf/index';
import type { PdfProcess } from '../../lib/pdf/pdf-process';
import type { FileStore } from '../files/index';
import { orderLinesOf } from '../order-contents/index';
import * as repo from './purchase-order-pdfs.repository';
import { mountOf, revisionChangesOf } from './purchase-order-revisions.service';
import { findShippingMethod, findTotalQuantity } from './purchase-order-submit.repository';
import { freightFor, realDate, shownDate, todayIn } from './purchase-order-submit.service';

/**
 * The purchase-order PDF (§7 POST /purchaseorder/{id}/pdf, the legacy generator, and the PDF
 * mailed at submission), made in the PDF process like the quote PDFs (decision 017). An open
 * order's preview prints the review's values as given; a submitted order's prints what was
 * submitted. A preview is named after a digest of its document, so asking again for the same
 * one answers the stored file; the submitted PDF is rendered once and kept in document_file_id.
 */

export type PdfDeps = { db: Db; files: FileStore };

/** The review form's values a preview prints (§3 Review form model). */
export type PdfReviewInput = {
  requiredDate?: string | null | undefined;
  shippingMethodId?: number | null | undefined;
  shippingAddress?: string | null | undefined;
  shippingInstructions?: string | null | undefined;
};

/** TEMPLATE: the company's template (501 without one); BUILT_IN: the legacy generator's layout, always there. */
export type PdfLayout = 'TEMPLATE' | 'BUILT_IN';

/** How the caller's input names the checked fields (the preview's body, the legacy generator's query). */
export type PdfInputPaths = { requiredDate: string; shippingMethodId: string };
const BODY_PATHS: PdfInputPaths = { requiredDate: 'requiredDate', shippingMethodId: 'shippingMethodId' };

const orderNotFound = () => notFound('Order not found');
const DEFAULT_TITLE = 'Purchase order';
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** Every PDF of an order is named after its id, so the file route knows which are the order's. */
const previewName = (orderId: number, digest: string) =>
  `purchase-order-${orderId}-${digest.slice(0, 24)}.pdf`;
const submittedName = (orderId: number) => `purchase-order-${orderId}-submitted.pdf`;
const ofOrder = (orderId: number, filename: string) =>
  new RegExp(`^purchase-order-${orderId}-([0-9a-f]{24}|submitted)\\.pdf$`).test(filename);

/** The URL GET /purchaseorder/{id}/files/{fileId} serves a stored PDF at. */
export const purchaseOrderFileUrl = (orderId: number, fileId: number) =>
  `/api/purchaseorder/${orderId}/files/${fileId}`;

/** "24 November 2026" in the company's time zone. */
function longDate(value: Date | string, timeZone: string | null): string {
  const options = { dateStyle: 'long' } as const;
  try {
    return new Intl.DateTimeFormat('en-AU', { ...options, timeZone: timeZone || 'UTC' }).format(
      new Date(value),
    );
  } catch {
    return new Intl.DateTimeFormat('en-AU', { ...options, timeZone: 'UTC' }).format(new Date(value));
  }
}

async function imageDataUrl(files: FileStore, storagePath: string | null, mimeType: string | null) {
  if (!storagePath || (mimeType !== 'image/png' && mimeType !== 'image/jpeg')) return null;
  const bytes = await fs.readFile(files.path(storagePath)).catch(() => null);
  return bytes && `data:${mimeType};base64,${bytes.toString('base64')}`;
}

function company(o: repo.PdfOrderRow, logo: string | null): PdfCompany {
  return {
    name: o.company_name ?? '',
    address: o.company_address ?? '',
    phone: o.company_phone ?? '',
    email: o.company_email ?? '',
    details: o.company_details ?? '',
    logo,
  };
}

function pdfLine(line: OrderLine): PurchaseOrderPdfLine {
  return {
    windowGroupName: line.windowGroupName,
    productName: line.context.product.name,
    brandName: line.context.product.brandName,
    quantity: line.quantity,
    width: line.context.configuration.width,
    height: line.context.configuration.height,
    options: line.context.configuration.optionGroups
      .filter((g) => g.options.length > 0)
      .map((g) => ({ group: g.name, items: g.options.map((o) => o.itemName) })),
    notes: line.notes,
    siteMount: mountOf(line),
    cost: line.costPrice,
  };
}

/** What the PDF prints under delivery, and the freight it adds. */
type Delivery = {
  requiredDate: string | null;
  shippingMethod: string;
  address: string;
  instructions: string;
  freight: string | null;
};

/** An open order's delivery as the review has it now (checked only as far as printing needs). */
async function reviewDelivery(
  deps: PdfDeps,
  accountId: number,
  o: repo.PdfOrderRow,
  input: PdfReviewInput,
  paths: PdfInputPaths,
) {
  if (o.supplier_internal)
    return {
      requiredDate: previewDate(input.requiredDate, paths.requiredDate),
      shippingMethod: '',
      address: '',
      instructions: input.shippingInstructions?.trim() ?? '',
      freight: null,
    } satisfies Delivery;
  const method =
    input.shippingMethodId === null || input.shippingMethodId === undefined
      ? null
      : await findShippingMethod(deps.db, o.manufacturer_id, input.shippingMethodId);
  if (method === undefined)
    throw fieldError(paths.shippingMethodId, "Choose one of the supplier's shipping methods");
  const quantity = await findTotalQuantity(deps.db, accountId, o.order_id);
  return {
    requiredDate: previewDate(input.requiredDate, paths.requiredDate),
    shippingMethod: method?.name ?? '',
    address: input.shippingAddress?.trim() ?? '',
    instructions: input.shippingInstructions?.trim() ?? '',
    freight: method ? freightFor({ is_internal: false }, method, quantity) : null,
  } satisfies Delivery;
}

/** A preview's required date: blank prints nothing; anything else must be a real date. */
function previewDate(value: string | null | undefined, path: string): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (!realDate(text)) throw fieldError(path, purchaseOrderMessages.invalidDate);
  return text;
}

function submittedDelivery(o: repo.PdfOrderRow): Delivery {
  return {
    requiredDate: o.required_date,
    shippingMethod: o.shipping_method_name ?? '',
    address: o.shipping_address,
    instructions: o.shipping_instructions,
    freight: o.supplier_internal ? null : o.freight_estimate,
  };
}

async function definitionOf(
  deps: PdfDeps,
  accountId: number,
  o: repo.PdfOrderRow,
  delivery: Delivery,
  settings: Record<string, unknown>,
): Promise<PdfDocument> {
  const [lines, changes, logo] = await Promise.all([
    orderLinesOf(deps.db, accountId, o.order_id),
    o.parent_order_id === null ? null : revisionChangesOf(deps.db, accountId, o.order_id),
    imageDataUrl(deps.files, o.logo_path, o.logo_mime_type),
  ]);
  let cost = 0n;
  for (const line of lines) if (line.costPrice !== null) cost += toScaled(line.costPrice);
  const freight = delivery.freight;
  const title =
    typeof settings.title === 'string' && settings.title.trim() ? settings.title.trim() : DEFAULT_TITLE;
  return purchaseOrderDocument({
    title,
    company: company(o, logo),
    supplier: { name: o.supplier_name, email: o.supplier_email },
    order: {
      number: o.tuid,
      revisionNumber: o.revision_number,
      // A preview is dated today; the submitted PDF the day it was sent (the same in every render).
      date: o.submitted_at
        ? longDate(o.submitted_at, o.timezone)
        : longDate(`${todayIn(o.timezone ?? 'UTC')}T12:00:00Z`, 'UTC'),
      sidemark: o.sidemark,
      notes: o.notes,
    },
    delivery: {
      requiredDate: delivery.requiredDate ? shownDate(delivery.requiredDate) : '',
      shippingMethod: delivery.shippingMethod,
      address: delivery.address,
      instructions: delivery.instructions,
    },
    lines: lines.map(pdfLine),
    totals: {
      cost: fromScaled(cost, 2),
      freight,
      total: fromScaled(cost + (freight === null ? 0n : toScaled(freight)), 2),
    },
    changes,
  });
}

/** Two PDFs in the making at a time per process, as for the quote PDFs. */
const inTurn = limiter(2);

/** Marks a render that lost the race to store the submitted PDF (the first one stays). */
class AlreadyStored extends Error {}

/**
 * POST /purchaseorder/{id}/pdf and the legacy generator: the stored PDF of the order as the
 * review would send it (an open order) or as submitted. 404 for another account's order; 501
 * with the TEMPLATE layout when the company has no purchase-order template (§8). Answers the
 * file's id and URL.
 */
export function purchaseOrderPdf(
  deps: PdfDeps,
  accountId: number,
  orderId: number,
  input: PdfReviewInput,
  layout: PdfLayout,
  paths: PdfInputPaths = BODY_PATHS,
): Promise<{ url: string; fileId: number }> {
  return inTurn(async () => {
    const o = await repo.findPdfOrder(deps.db, accountId, orderId);
    if (!o) throw orderNotFound();
    const template = await repo.findTemplate(deps.db, accountId);
    if (layout === 'TEMPLATE' && !template)
      throw new AppError('NOT_IMPLEMENTED', pricingMessages.templateNotConfigured);
    if (o.status === 'SUBMITTED') {
      const fileId = o.document_file_id ?? (await submittedDocument(deps, accountId, orderId));
      if (fileId !== undefined) return { url: purchaseOrderFileUrl(orderId, fileId), fileId };
    }
    const delivery = await reviewDelivery(deps, accountId, o, input, paths);
    const definition = await definitionOf(deps, accountId, o, delivery, template?.settings ?? {});
    const filename = previewName(orderId, sha256(JSON.stringify(definition)));
    const existing = await deps.files.findRendered(accountId, filename);
    if (existing) return { url: purchaseOrderFileUrl(orderId, existing.id), fileId: existing.id };
    const saved = await deps.files.save(accountId, {
      buffer: await renderPdf(definition),
      filename,
      extension: 'pdf',
      mimeType: 'application/pdf',
    });
    return { url: purchaseOrderFileUrl(orderId, saved.id), fileId: saved.id };
  });
}

/**
 * The submitted PDF, rendered from what was submitted and stored once in document_file_id (the
 * job after submit, or the first preview that finds it missing; safe to run twice at once).
 * Answers its file id; undefined when the order is not the account's or not submitted.
 */
export function ensureSubmittedDocument(deps: PdfDeps, accountId: number, orderId: number) {
  return inTurn(() => submittedDocument(deps, accountId, orderId));
}

async function submittedDocument(
  deps: PdfDeps,
  accountId: number,
  orderId: number,
): Promise<number | undefined> {
  const o = await repo.findPdfOrder(deps.db, accountId, orderId);
  if (o?.status !== 'SUBMITTED') return undefined;
  if (o.document_file_id !== null) return o.document_file_id;
  // What was sent is the same whatever the template: the built-in layout with its title.
  const template = await repo.findTemplate(deps.db, accountId);
  const definition = await definitionOf(deps, accountId, o, submittedDelivery(o), template?.settings ?? {});
  const bytes = await renderPdf(definition);
  try {
    return await deps.files.saveWith(
      accountId,
      { buffer: bytes, filename: submittedName(orderId), extension: 'pdf', mimeType: 'application/pdf' },
      async (tx, file) => {
        if (!(await repo.setDocumentFile(tx, accountId, orderId, file.id))) throw new AlreadyStored();
        return file.id;
      },
    );
  } catch (error) {
    if (!(error instanceof AlreadyStored)) throw error;
    return (await repo.findPdfOrder(deps.db, accountId, orderId))?.document_file_id ?? undefined;
  }
}

/**
 * One of the order's PDFs for GET /purchaseorder/{id}/files/{fileId}: its previews and its
 * submitted PDF. 404 for anything else, another account's order or file, and a file gone from disk.
 */
export async function purchaseOrderFile(
  deps: PdfDeps,
  accountId: number,
  orderId: number,
  fileId: number,
): Promise<{ fullPath: string; mimeType: string; size: number; downloadName: string }> {
  const o = await repo.findPdfOrder(deps.db, accountId, orderId);
  if (!o) throw orderNotFound();
  const file = (await deps.files.findMany(accountId, [fileId])).get(fileId);
  if (
    file?.mimeType !== 'application/pdf' ||
    !(file.id === o.document_file_id || ofOrder(orderId, file.filename))
  )
    throw notFound('File not found');
  if (!(await fs.stat(file.fullPath).catch(() => null))) throw notFound('File not found');
  return { fullPath: file.fullPath, mimeType: file.mimeType, size: file.size, downloadName: downloadName(o) };
}

/** "Purchase order 12.pdf", "Purchase order 12 revision 2.pdf". */
export function downloadName(o: Pick<repo.PdfOrderRow, 'tuid' | 'revision_number'>): string {
  return `Purchase order ${o.tuid}${o.revision_number > 1 ? ` revision ${o.revision_number}` : ''}.pdf`;
}

/**
 * Where purchase-order PDFs are made: in this process (API tests, tools) or in the PDF process
 * (the server), like the quote PDFs' PdfMaker. Method names are unique across both makers: the
 * PDF process serves them side by side.
 */
export type PurchaseOrderPdfMaker = {
  purchaseOrderPdf(
    accountId: number,
    orderId: number,
    input: PdfReviewInput,
    layout: PdfLayout,
    paths?: PdfInputPaths,
  ): Promise<{ url: string; fileId: number }>;
  /** The submitted PDF's file id, made if missing; undefined when the order is not submitted. */
  submittedPurchaseOrderDocument(accountId: number, orderId: number): Promise<number | undefined>;
};

export function inProcessPurchaseOrderPdfMaker(deps: PdfDeps): PurchaseOrderPdfMaker {
  return {
    purchaseOrderPdf: (accountId, orderId, input, layout, paths) =>
      purchaseOrderPdf(deps, accountId, orderId, input, layout, paths),
    submittedPurchaseOrderDocument: (accountId, orderId) => ensureSubmittedDocument(deps, accountId, orderId),
  };
}

export function pdfProcessPurchaseOrderMaker(pdfProcess: PdfProcess): PurchaseOrderPdfMaker {
  return {
    purchaseOrderPdf: (accountId, orderId, input, layout, paths) =>
      pdfProcess.call('purchaseOrderPdf' satisfies keyof PurchaseOrderPdfMaker, [
        accountId,
        orderId,
        input,
        layout,
        paths ?? BODY_PATHS,
      ]),
    // undefined crosses the channel as null
    submittedPurchaseOrderDocument: async (accountId, orderId) =>
      (await pdfProcess.call<number | null>(
        'submittedPurchaseOrderDocument' satisfies keyof PurchaseOrderPdfMaker,
        [accountId, orderId],
      )) ?? undefined,
  };
}
