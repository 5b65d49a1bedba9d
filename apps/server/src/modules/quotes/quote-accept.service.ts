import { type DealQuote, pricingMessages, type QuotePricing, quoteMessages } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import { PNG } from 'pngjs';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { type Jobs, QUOTE_PDF_QUEUE } from '../../lib/jobs';
import { announceDealChange, refreshDealAlerts } from '../deals/index';
import type { FileStore } from '../files/index';
import { copyOrderContents, createOrder } from '../order-contents/index';
import * as accepts from './quote-accept.repository';
import { findPricingByQuote } from './quote-pricing.repository';
import { copyQuotePricing, pricingOf } from './quote-pricing.service';
import { nextQuoteNumber } from './quotes.repository';

/**
 * Accepting a quote and revising an accepted one. An accept runs
 * in one transaction that locks the quote's order row first (the lock every line and pricing
 * write takes), then the quote's; it records who, when, from where, the signature and the
 * pricing at that moment, and enqueues the render of the frozen PDF in the same transaction, so
 * the job exists exactly when the acceptance does.
 */

export type AcceptDeps = {
  db: Db;
  files: FileStore;
  /** Null where no queue runs (the demo seed): the caller renders the frozen PDF itself. */
  jobs: Pick<Jobs, 'send'> | null;
};

/** Who accepts: a dealer user, or (userId null) the customer on the public quote page, by name. */
export type Acceptor = {
  accountId: number;
  userId: number | null;
  customerName?: string | null;
  ipAddress: string;
  userAgent: string;
};

/** A drawn signature as sent: a PNG data URL. */
const SIGNATURE_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
/** The 768 × 240 signature canvas at 4× scale: the largest signature image taken. */
export const MAX_SIGNATURE_WIDTH = 768 * 4;
export const MAX_SIGNATURE_HEIGHT = 240 * 4;

const quoteNotFound = () => notFound('Quote not found');
const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * The signature as the server stores it: the PNG data URL decoded completely and its pixels
 * written to a fresh PNG (nothing of the sent file but its pixels is kept, so what is stored
 * always renders). 400 naming `signature` when it is no PNG data URL of at most 1 MB, when it is
 * wider than 3072 or taller than 960 pixels, or when it does not decode to the end.
 */
export function decodeSignature(value: string): Buffer {
  const match = SIGNATURE_DATA_URL.exec(value.trim());
  const bytes = match ? Buffer.from(match[1]!, 'base64') : undefined;
  if (
    !bytes ||
    bytes.length <= PNG_SIGNATURE.length ||
    bytes.length > MAX_SIGNATURE_BYTES ||
    !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
  )
    throw fieldError('signature', pricingMessages.signatureInvalid);
  return reencodeSignature(bytes);
}

/**
 * A signature PNG's pixels in a fresh 8-bit RGBA PNG; 400 naming `signature` when it is larger
 * than the canvas at 4× scale or does not decode completely (cut off, a bad checksum, no end).
 */
export function reencodeSignature(bytes: Buffer): Buffer {
  // The size from the header first: a huge image is refused before anything is inflated.
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw fieldError('signature', pricingMessages.signatureDamaged);
  if (bytes.readUInt32BE(16) > MAX_SIGNATURE_WIDTH || bytes.readUInt32BE(20) > MAX_SIGNATURE_HEIGHT)
    throw fieldError('signature', pricingMessages.signatureTooLarge);
  let image: PNG;
  try {
    image = PNG.sync.read(bytes);
  } catch {
    throw fieldError('signature', pricingMessages.signatureDamaged);
  }
  if (image.width === 0 || image.height === 0)
    throw fieldError('signature', pricingMessages.signatureDamaged);
  return PNG.sync.write(image, { colorType: 6, inputColorType: 6, bitDepth: 8 });
}

/** The signer's name as given, trimmed; 400 naming `signerName` when a signature comes without one. */
function signerNameOf(given: string | null | undefined, signed: boolean): string | null {
  const name = given?.trim() || null;
  if (signed && name === null) throw fieldError('signerName', pricingMessages.signerNameRequired);
  return name;
}

/**
 * POST /deal-quotes/{id}/accept: a drawn signature (a PNG data URL), or none when
 * `acceptWithoutSignature` says so, and the signer's name (required with a signature). 404 for
 * another account's quote; 400 naming `signature` when there is neither or it is no complete PNG
 * within the size, naming `signerName` when a signature has no name; 409 when it is accepted
 * already, archived, on an archived deal, has no lines, a line has errors, its total is below
 * zero or its deposit above the total. Exactly one acceptance, however many arrive at once.
 */
export async function acceptQuote(
  deps: AcceptDeps,
  who: Acceptor,
  quoteId: number,
  input: {
    signature?: string | null | undefined;
    acceptWithoutSignature?: boolean | undefined;
    signerName?: string | null | undefined;
  },
): Promise<{ id: number; acceptedAt: string }> {
  const { db, files } = deps;
  const { accountId } = who;
  const given = input.signature?.trim() ? input.signature : null;
  const signature = given === null ? null : decodeSignature(given);
  if (!signature && input.acceptWithoutSignature !== true)
    throw fieldError('signature', pricingMessages.acceptNeedsSignature);
  const signerName = signerNameOf(input.signerName, signature !== null);
  const found = await accepts.findQuoteOrder(db, accountId, quoteId);
  if (!found) throw quoteNotFound();

  const accept = async (tx: Db, signatureFileId: number | null) => {
    if (!(await accepts.lockOrder(tx, accountId, found.order_id))) throw quoteNotFound();
    const q = await accepts.lockAcceptState(tx, accountId, quoteId);
    if (!q) throw quoteNotFound();
    if (q.status === 'ACCEPTED') throw conflict(pricingMessages.alreadyAccepted);
    if (q.is_archived || q.deal_is_archived) throw conflict(quoteMessages.readOnly);
    if (q.line_count === 0) throw conflict(pricingMessages.acceptNoProducts);
    if (q.error_line_count > 0) throw conflict(pricingMessages.acceptHasErrors);
    const inputs = await findPricingByQuote(tx, accountId, quoteId);
    if (!inputs) throw quoteNotFound();
    const pricing = pricingOf(inputs);
    const total = toScaled(pricing.sellGrandTotalIncTax);
    if (total < 0n) throw conflict(pricingMessages.acceptNegativeTotal);
    // A deposit override entered before the lines changed may now exceed the total: never frozen so.
    if (toScaled(pricing.depositAmount) > total) throw conflict(pricingMessages.acceptDepositAboveTotal);
    const accepted = await accepts.insertAcceptance(tx, {
      accountId,
      quoteId,
      userId: who.userId,
      customerName: who.customerName ?? null,
      signerName,
      withoutSignature: signature === null,
      signatureFileId,
      ipAddress: who.ipAddress,
      userAgent: who.userAgent.slice(0, 1000),
      pricing,
    });
    if (!accepted) throw conflict(pricingMessages.alreadyAccepted);
    await deps.jobs?.send(QUOTE_PDF_QUEUE, { accountId, quoteId }, tx);
    // Open boards refresh the deal's card (its row is not locked: archive takes the deal, then the order).
    await announceDealChange(tx, accountId, q.deal_id);
    return { id: quoteId, acceptedAt: new Date(accepted.accepted_at).toISOString() };
  };

  // The signature's file is written under a temporary name and moved into place as the accept's
  // last step: a refused accept leaves no file.
  return signature
    ? files.saveWith(
        accountId,
        { buffer: signature, filename: `signature-${quoteId}.png`, extension: 'png', mimeType: 'image/png' },
        (tx, file) => accept(tx, file.id),
      )
    : db.transaction((tx) => accept(tx, null));
}

/**
 * POST /deal-quotes/{id}/revise: a new DRAFT quote on the same deal with copies of every window,
 * line, adjustment and override of an accepted quote, linked to it with the next revision
 * number. 409 when the quote is not accepted, its deal is archived, or it has been revised
 * already (the message names that revision): one revision per accepted quote.
 */
export async function reviseQuote(
  db: Db,
  accountId: number,
  userId: number,
  quoteId: number,
): Promise<{ id: number }> {
  const found = await accepts.findQuoteOrder(db, accountId, quoteId);
  if (!found) throw quoteNotFound();
  const id = await db.transaction(async (tx) => {
    // The deal's lock first, as adding and cloning quotes take it: two revises run one after the other.
    if (!(await accepts.lockDeal(tx, accountId, found.deal_id))) throw quoteNotFound();
    await accepts.lockOrder(tx, accountId, found.order_id);
    const source = await accepts.lockAcceptState(tx, accountId, quoteId);
    if (!source) throw quoteNotFound();
    if (source.deal_is_archived) throw conflict(quoteMessages.readOnly);
    if (source.status !== 'ACCEPTED') throw conflict(pricingMessages.reviseNotAccepted);
    const existing = await accepts.findRevision(tx, accountId, source.deal_id, source.id);
    if (existing) throw conflict(`${pricingMessages.alreadyRevised}: quote ${existing.tuid}`);
    const tuid = await nextQuoteNumber(tx, accountId);
    const orderId = await createOrder(tx, accountId, 'QUOTE');
    const revisionId = await accepts.insertRevision(
      tx,
      accountId,
      { id: source.id, revisionNumber: source.revision_number },
      orderId,
      tuid,
      userId,
    );
    await copyOrderContents(tx, accountId, source.order_id, orderId);
    await copyQuotePricing(tx, accountId, source.id, revisionId);
    await refreshDealAlerts(tx, accountId, source.deal_id);
    return revisionId;
  });
  return { id };
}

type Context = DealQuote['context'];

const minus = (a: string, b: string) => fromScaled(toScaled(a) - toScaled(b), 2);
const iso = (value: Date | string) => new Date(value).toISOString();

/** The URL of a quote's stored file (its PDFs, its signature): owner only, no-store. */
export const quoteFileUrl = (quoteId: number, fileId: number) =>
  `/api/deal-quotes/${quoteId}/files/${fileId}`;

/**
 * What the quote detail shows of its acceptance and revisions: the acceptance record, the frozen
 * PDF once rendered, and the revision with — once this revision is accepted — what the deal owes
 * beyond the quote it revises (its total and deposit minus those frozen there; may be negative).
 */
export async function acceptanceContext(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<Pick<Context, 'acceptance' | 'acceptedQuoteDocument' | 'revision'>> {
  const row = await accepts.findAcceptanceContext(db, accountId, quoteId);
  if (!row) throw quoteNotFound();
  const a = row.acceptance;
  const pricing: QuotePricing | null = a?.pricing ?? null;
  const before = row.revision_of_pricing;
  return {
    acceptance: a && {
      acceptedAt: iso(a.accepted_at),
      acceptedBy: a.accepted_by_customer
        ? { type: 'CUSTOMER', name: a.accepted_by_customer }
        : { type: 'USER', name: a.user_name ?? 'A former user' },
      signerName: a.signer_name,
      acceptedWithoutSignature: a.accepted_without_signature,
      signatureUrl: a.signature_file_id === null ? null : quoteFileUrl(quoteId, a.signature_file_id),
      ipAddress: a.ip_address,
      userAgent: a.user_agent,
      pricing: a.pricing,
      documentSha256: a.document_sha256,
    },
    acceptedQuoteDocument:
      a?.document_file_id != null && a.document_created_at
        ? { id: a.document_file_id, createdAt: iso(a.document_created_at) }
        : null,
    revision: {
      number: row.revision_number,
      revisionOf:
        row.revision_of_id === null ? null : { id: row.revision_of_id, tuid: row.revision_of_tuid! },
      revisedBy: row.revised_by_id === null ? null : { id: row.revised_by_id, tuid: row.revised_by_tuid! },
      difference:
        pricing && before
          ? {
              total: minus(pricing.sellGrandTotalIncTax, before.sellGrandTotalIncTax),
              deposit: minus(pricing.depositAmount, before.depositAmount),
            }
          : null,
    },
  };
}
