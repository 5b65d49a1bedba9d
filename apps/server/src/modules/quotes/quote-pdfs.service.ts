import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { type OrderLine, pricingMessages, type QuotePricing, siteMountLabels } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import {
  installSheetDocument,
  limiter,
  measureSheetDocument,
  type PdfCompany,
  type PdfCustomer,
  type PdfDocument,
  type PdfLine,
  type QuotePdfLine,
  quoteDocument,
  renderPdf,
} from '../../lib/pdf/index';
import type { PdfProcess } from '../../lib/pdf/pdf-process';
import type { FileStore } from '../files/index';
import { orderLinesOf } from '../order-contents/index';
import * as accepts from './quote-accept.repository';
import { quoteFileUrl, reencodeSignature } from './quote-accept.service';
import * as repo from './quote-pdfs.repository';
import { findPricingByQuote } from './quote-pricing.repository';
import { pricingOf } from './quote-pricing.service';

/**
 * The quote, measure and install PDFs. Documents are built here from the
 * quote as it is (pdfmake definitions, plain data) and rendered by pdfmake in the worker thread;
 * the bytes are stored in the file store and served to the quote's owner only, no-store. A draft's
 * PDF is named after a digest of its definition, so asking again for an unchanged quote answers
 * the stored file without rendering. An accepted quote's PDF is the frozen one: rendered once,
 * by the job its accept enqueued (or by the first request that finds it missing), from the
 * accepted lines and the pricing frozen in the acceptance, with the signature and its SHA-256.
 */

export type PdfDeps = { db: Db; files: FileStore };
type PdfKind = repo.PdfKind;

const quoteNotFound = () => notFound('Quote not found');
const FILE_PREFIX: Record<PdfKind, string> = { QUOTE: 'quote', MEASURE: 'measure', INSTALL: 'install' };
/** A rendered PDF's stored name: its kind, the quote's number and the digest of its document. */
const renderedName = (kind: PdfKind, tuid: number, digest: string) =>
  `${FILE_PREFIX[kind]}-${tuid}-${digest.slice(0, 24)}.pdf`;
/** The names `renderedName` gives the quote's PDFs of these kinds, as a regular expression's text. */
const renderedNamePattern = (kinds: readonly PdfKind[], tuid: number) =>
  `^(${kinds.map((k) => FILE_PREFIX[k]).join('|')})-${tuid}-[0-9a-f]{24}\\.pdf$`;
const DEFAULT_TITLE: Record<PdfKind, string> = {
  QUOTE: 'Quote',
  MEASURE: 'Measure sheet',
  INSTALL: 'Install sheet',
};
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** "24 November 2026" in the company's time zone (UTC when it has none that Intl knows). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatDate(value: Date | string, timeZone: string | null): string {
  const zone = timeZone || 'UTC';
  let format = dateFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' });
    }
    dateFormats.set(zone, format);
  }
  return format.format(new Date(value));
}

/** A stored image as a data URL for the document (PNG or JPEG, what pdfmake embeds), or null. */
async function imageDataUrl(files: FileStore, storagePath: string | null, mimeType: string | null) {
  if (!storagePath || (mimeType !== 'image/png' && mimeType !== 'image/jpeg')) return null;
  const bytes = await fs.readFile(files.path(storagePath)).catch(() => null);
  return bytes && `data:${mimeType};base64,${bytes.toString('base64')}`;
}

/**
 * An acceptance's stored signature as the PDF draws it, decoded and written afresh; null when
 * the file is gone or does not decode (one stored before signatures were checked): the PDF is
 * still made, saying the image could not be shown, instead of failing for ever.
 */
async function storedSignature(deps: PdfDeps, accountId: number, fileId: number): Promise<string | null> {
  const path = await repo.findFilePath(deps.db, accountId, fileId);
  const bytes = path ? await fs.readFile(deps.files.path(path)).catch(() => null) : null;
  if (!bytes) return null;
  try {
    return `data:image/png;base64,${reencodeSignature(bytes).toString('base64')}`;
  } catch {
    return null;
  }
}

function company(q: repo.PdfQuoteRow, logo: string | null): PdfCompany {
  return {
    name: q.company_name ?? '',
    address: q.company_address ?? '',
    phone: q.company_phone ?? '',
    email: q.company_email ?? '',
    details: q.company_details ?? '',
    logo,
  };
}

function customer(q: repo.PdfQuoteRow): PdfCustomer | null {
  return q.contact_name === null
    ? null
    : { name: q.contact_name, email: q.contact_email ?? '', phone: q.contact_phone ?? '' };
}

function pdfLine(line: OrderLine): PdfLine {
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
    siteMount: mountText(line.siteMount),
  };
}

/** A line's mount in the dealer's words; a value stored before the choice existed prints as it is. */
function mountText(siteMount: string): string {
  return Object.hasOwn(siteMountLabels, siteMount)
    ? siteMountLabels[siteMount as keyof typeof siteMountLabels]
    : siteMount;
}

/**
 * A line's price as the quote shows it: exᵢ in EXCLUSIVE mode; in INCLUSIVE mode incᵢ =
 * R(exᵢ × (1 + r)) for a taxable line (DESIGN §5), so the lines add up to the subtotal.
 */
export function shownPrice(
  sell: string | null,
  taxable: boolean,
  q: Pick<repo.PdfQuoteRow, 'tax_mode' | 'tax_percentage'>,
): string | null {
  if (sell === null || q.tax_mode === 'EXCLUSIVE' || !taxable) return sell;
  const hundred = 1_000_000n; // 100 % on the 10^-4 scale
  const n = toScaled(sell) * (hundred + toScaled(q.tax_percentage));
  const cents = (n < 0n ? -1n : 1n) * (((n < 0n ? -n : n) * 2n + hundred * 100n) / (hundred * 200n));
  return fromScaled(cents * 100n, 2);
}

const titleOf = (kind: PdfKind, settings: Record<string, unknown>) =>
  typeof settings.title === 'string' && settings.title.trim() ? settings.title.trim() : DEFAULT_TITLE[kind];

type Acceptance = accepts.AcceptanceRow;

/** The document of a quote's PDF of this kind, from the quote as it is (or as accepted). */
async function definitionOf(
  deps: PdfDeps,
  accountId: number,
  q: repo.PdfQuoteRow,
  kind: PdfKind,
  settings: Record<string, unknown>,
  acceptance: Acceptance | null,
): Promise<PdfDocument> {
  const [lines, logo] = await Promise.all([
    orderLinesOf(deps.db, accountId, q.order_id),
    imageDataUrl(deps.files, q.logo_path, q.logo_mime_type),
  ]);
  const base = {
    title: titleOf(kind, settings),
    company: company(q, logo),
    customer: customer(q),
  };
  if (kind !== 'QUOTE') {
    const data = {
      ...base,
      quote: {
        number: q.tuid,
        date: formatDate(q.created_at, q.timezone),
        dealName: q.deal_name,
        description: q.description,
      },
      site: { address: q.site_address, accessNotes: q.access_notes },
      lines: lines.map(pdfLine),
    };
    return kind === 'MEASURE' ? measureSheetDocument(data) : installSheetDocument(data);
  }
  let pricing: QuotePricing;
  let signature: string | null = null;
  if (acceptance) {
    pricing = acceptance.pricing;
    if (acceptance.signature_file_id !== null)
      signature = await storedSignature(deps, accountId, acceptance.signature_file_id);
  } else {
    const inputs = await findPricingByQuote(deps.db, accountId, q.id);
    if (!inputs) throw quoteNotFound();
    pricing = pricingOf(inputs);
  }
  return quoteDocument({
    ...base,
    bindingText: q.binding_text ?? '',
    quote: {
      number: q.tuid,
      revisionNumber: q.revision_number,
      date: formatDate(q.created_at, q.timezone),
      dealName: q.deal_name,
      description: q.description,
      customerNotes: q.customer_notes,
    },
    taxMode: q.tax_mode,
    taxPercentage: q.tax_percentage,
    lines: lines.map(
      (line): QuotePdfLine => ({ ...pdfLine(line), price: shownPrice(line.sellPrice, line.isTaxable, q) }),
    ),
    pricing,
    acceptance: acceptance && {
      signerName: acceptance.signer_name,
      recordedBy: acceptance.accepted_by_customer === null ? (acceptance.user_name ?? 'A former user') : null,
      name: acceptance.accepted_by_customer ?? acceptance.user_name ?? 'A former user',
      date: formatDate(acceptance.accepted_at, q.timezone),
      signed: !acceptance.accepted_without_signature,
      signature,
    },
  });
}

/**
 * Two PDFs in the making at a time per process (one loading its quote while the other renders):
 * a burst of requests queues here instead of crowding the API thread.
 */
const inTurn = limiter(2);

/** Marks a render that lost the race to store the frozen PDF (its file is removed, the first one stays). */
class AlreadyStored extends Error {}

/**
 * The accepted quote's frozen PDF: rendered and stored once, from the accepted lines, the
 * pricing frozen in the acceptance and the signature, with the SHA-256 of its bytes. Safe to run
 * twice at once (the queue's job and a request): the first stored stays. Answers its file's id,
 * or undefined when the quote has no acceptance.
 */
export function ensureAcceptedDocument(
  deps: PdfDeps,
  accountId: number,
  quoteId: number,
): Promise<number | undefined> {
  return inTurn(() => acceptedDocument(deps, accountId, quoteId));
}

async function acceptedDocument(
  deps: PdfDeps,
  accountId: number,
  quoteId: number,
): Promise<number | undefined> {
  const acceptance = await accepts.findAcceptance(deps.db, accountId, quoteId);
  if (!acceptance) return undefined;
  if (acceptance.document_file_id !== null) return acceptance.document_file_id;
  const q = await repo.findPdfQuote(deps.db, accountId, quoteId);
  if (!q) return undefined;
  // Frozen whatever the template: the acceptance record keeps its document.
  const template = await repo.findTemplate(deps.db, accountId, 'QUOTE');
  const definition = await definitionOf(deps, accountId, q, 'QUOTE', template?.settings ?? {}, acceptance);
  const bytes = await renderPdf(definition);
  const digest = sha256(bytes);
  try {
    return await deps.files.saveWith(
      accountId,
      {
        buffer: bytes,
        filename: `quote-${q.tuid}-accepted.pdf`,
        extension: 'pdf',
        mimeType: 'application/pdf',
      },
      async (tx, file) => {
        if (!(await accepts.setAcceptedDocument(tx, accountId, acceptance.id, file.id, digest)))
          throw new AlreadyStored();
        return file.id;
      },
    );
  } catch (error) {
    if (!(error instanceof AlreadyStored)) throw error;
    return (await accepts.findAcceptance(deps.db, accountId, quoteId))?.document_file_id ?? undefined;
  }
}

/**
 * Where PDFs are made: in this process (API tests, command-line tools) or, in the server, in the
 * PDF process at the lowest CPU priority (decision 017). The same service functions either way.
 */
export type PdfMaker = {
  quotePdf(accountId: number, quoteId: number, kind: PdfKind): Promise<{ url: string }>;
  /** The accepted quote's frozen PDF's file id, made if missing; undefined without an acceptance. */
  acceptedDocument(accountId: number, quoteId: number): Promise<number | undefined>;
};

/** The PDF calls answered with this process's database and file store (the PDF process's handlers too). */
export function inProcessPdfMaker(deps: PdfDeps): PdfMaker {
  return {
    quotePdf: (accountId, quoteId, kind) => quotePdf(deps, accountId, quoteId, kind),
    acceptedDocument: (accountId, quoteId) => ensureAcceptedDocument(deps, accountId, quoteId),
  };
}

/** The PDF calls forwarded to the PDF process. */
export function pdfProcessMaker(pdfProcess: PdfProcess): PdfMaker {
  return {
    quotePdf: (accountId, quoteId, kind) =>
      pdfProcess.call('quotePdf' satisfies keyof PdfMaker, [accountId, quoteId, kind]),
    // undefined crosses the channel as null
    acceptedDocument: async (accountId, quoteId) =>
      (await pdfProcess.call<number | null>('acceptedDocument' satisfies keyof PdfMaker, [
        accountId,
        quoteId,
      ])) ?? undefined,
  };
}

/**
 * GET /deal-quotes/{id}/pdf, /measure-pdf, /install-pdf: the URL of the stored PDF. 404 for
 * another account's quote; 501 when the company has no template of the kind (§8); an accepted
 * quote's PDF is its frozen one.
 */
export async function quotePdf(
  deps: PdfDeps,
  accountId: number,
  quoteId: number,
  kind: PdfKind,
): Promise<{ url: string }> {
  // Everything in turn, its reads too: a burst of PDF requests waits here without touching the
  // database, instead of putting 20 requests' reads on PostgreSQL at once.
  return inTurn(async () => {
    const q = await repo.findPdfQuote(deps.db, accountId, quoteId);
    if (!q) throw quoteNotFound();
    const template = await repo.findTemplate(deps.db, accountId, kind);
    if (!template) throw new AppError('NOT_IMPLEMENTED', pricingMessages.templateNotConfigured);
    return storedPdf(deps, accountId, q, kind, template.settings);
  });
}

async function storedPdf(
  deps: PdfDeps,
  accountId: number,
  q: repo.PdfQuoteRow,
  kind: PdfKind,
  settings: Record<string, unknown>,
): Promise<{ url: string }> {
  const quoteId = q.id;
  if (kind === 'QUOTE' && q.status === 'ACCEPTED') {
    const fileId = await acceptedDocument(deps, accountId, quoteId);
    if (fileId !== undefined) return { url: quoteFileUrl(quoteId, fileId) };
  }
  const definition = await definitionOf(deps, accountId, q, kind, settings, null);
  const filename = renderedName(kind, q.tuid, sha256(JSON.stringify(definition)));
  const existing = await deps.files.findRendered(accountId, filename);
  if (existing) return { url: quoteFileUrl(quoteId, existing.id) };
  const bytes = await renderPdf(definition);
  const saved = await deps.files.save(accountId, {
    buffer: bytes,
    filename,
    extension: 'pdf',
    mimeType: 'application/pdf',
  });
  await removeSuperseded(deps, accountId, q, kind, saved.id);
  return { url: quoteFileUrl(quoteId, saved.id) };
}

/**
 * How long a PDF rendered from an earlier state of its quote is kept once a newer one is made:
 * a viewer opened before the change can still download what it shows.
 */
export const SUPERSEDED_PDF_KEPT_MS = 60 * 60 * 1000;

/**
 * Deletes the quote's PDFs of this kind that an earlier state rendered (each change makes a new
 * file), once older than SUPERSEDED_PDF_KEPT_MS: the newest stays, and the accepted quote's
 * frozen PDF and signature are never among them. A failure leaves them for the next render.
 */
async function removeSuperseded(
  deps: PdfDeps,
  accountId: number,
  q: repo.PdfQuoteRow,
  kind: PdfKind,
  keepId: number,
): Promise<void> {
  try {
    const before = new Date(Date.now() - SUPERSEDED_PDF_KEPT_MS);
    const pattern = renderedNamePattern([kind], q.tuid);
    const ids = await repo.findSupersededPdfs(deps.db, accountId, pattern, keepId, before);
    if (ids.length > 0) await deps.files.remove(accountId, ids);
  } catch (error) {
    console.warn('Superseded quote PDFs left for the next render:', error);
  }
}

/** A stored file's name as the browser saves it: "Quote 12.pdf", "Signature 12.png". */
const DOWNLOAD_NAME: [RegExp, string][] = [
  [/^quote-\d+-/, 'Quote'],
  [/^measure-\d+-/, 'Measure sheet'],
  [/^install-\d+-/, 'Install sheet'],
  [/^signature-/, 'Signature'],
];

/**
 * One of the quote's files for GET /deal-quotes/{id}/files/{fileId}: its PDFs (named after the
 * quote's number) or its acceptance's signature and frozen PDF. 404 for anything else, any
 * other account's quote or file, and a file gone from disk.
 */
export async function quoteFile(
  deps: PdfDeps,
  accountId: number,
  quoteId: number,
  fileId: number,
): Promise<{ fullPath: string; mimeType: string; size: number; downloadName: string }> {
  const q = await repo.findPdfQuote(deps.db, accountId, quoteId);
  if (!q) throw quoteNotFound();
  const file = await repo.findQuoteFile(deps.db, accountId, quoteId, fileId);
  const ours = new RegExp(renderedNamePattern(['QUOTE', 'MEASURE', 'INSTALL'], q.tuid));
  if (!file || !(file.of_acceptance || (file.mime_type === 'application/pdf' && ours.test(file.filename))))
    throw notFound('File not found');
  const fullPath = deps.files.path(file.storage_path);
  if (!(await fs.stat(fullPath).catch(() => null))) throw notFound('File not found');
  const label = DOWNLOAD_NAME.find(([pattern]) => pattern.test(file.filename))?.[1] ?? 'Quote';
  const extension = file.mime_type === 'image/png' ? 'png' : 'pdf';
  return {
    fullPath,
    mimeType: file.mime_type,
    size: file.size,
    downloadName: `${label} ${q.tuid}.${extension}`,
  };
}
