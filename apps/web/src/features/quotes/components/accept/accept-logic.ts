import type { DealQuote, OrderLine } from '@slat/contracts';
import { compareDecimals, sumDecimals } from '@slat/domain';

/**
 * The accept rules the quote modal follows (§4, §5, §9), pure so they are tested without a browser.
 */

/** §9: the signature canvas is 768 × 240; the image sent is always that size. */
export const SIGNATURE_WIDTH = 768;
export const SIGNATURE_HEIGHT = 240;

export type SignatureFit = {
  /** The canvas's size on screen, in CSS pixels (its ratio kept). */
  cssWidth: number;
  cssHeight: number;
  /** Canvas pixels per CSS pixel: points in CSS pixels are drawn × this on the 768 × 240 canvas. */
  scale: number;
};

/**
 * The signature canvas fitted into the width available (a phone's is narrower than 768): never
 * wider than 768, the 768:240 ratio kept, and the drawing scaled up so a stroke lands where the
 * pointer is and the image stays 768 × 240.
 */
export function fitSignatureCanvas(availableWidth: number): SignatureFit {
  const usable = Number.isFinite(availableWidth) && availableWidth > 0 ? availableWidth : SIGNATURE_WIDTH;
  const cssWidth = Math.min(SIGNATURE_WIDTH, Math.floor(usable));
  const safeWidth = Math.max(1, cssWidth);
  return {
    cssWidth: safeWidth,
    cssHeight: Math.round((safeWidth * SIGNATURE_HEIGHT) / SIGNATURE_WIDTH),
    scale: SIGNATURE_WIDTH / safeWidth,
  };
}

/** What drawTypedSignature uses of a canvas's 2D context. */
export type SignatureContext = Pick<
  CanvasRenderingContext2D,
  'save' | 'restore' | 'setTransform' | 'fillRect' | 'fillText' | 'measureText'
> & {
  font: string;
  fillStyle: CanvasRenderingContext2D['fillStyle'];
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
};

/** The typed signature's font at a size in canvas pixels (a script face where the machine has one). */
export const typedSignatureFont = (size: number) =>
  `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
const TYPED_MARGIN = 48;
const TYPED_LARGEST = 72;
const TYPED_SMALLEST = 24;

/**
 * A name typed as the signature, drawn on the 768 × 240 canvas in canvas pixels whatever its
 * on-screen scale: a white ground, then the name centred, as large as fits within the margins
 * (72 px down to 24 px; a longer name is narrowed to fit).
 */
export function drawTypedSignature(context: SignatureContext, name: string): void {
  const room = SIGNATURE_WIDTH - 2 * TYPED_MARGIN;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  let size = TYPED_LARGEST;
  context.font = typedSignatureFont(size);
  while (size > TYPED_SMALLEST && context.measureText(name).width > room) {
    size -= 4;
    context.font = typedSignatureFont(size);
  }
  context.fillStyle = '#1a1b1e';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name, SIGNATURE_WIDTH / 2, SIGNATURE_HEIGHT / 2, room);
  context.restore();
}

type AcceptQuote = Pick<DealQuote, 'status' | 'isReadOnly'> & {
  context: Pick<DealQuote['context'], 'orderLineCount' | 'errorLineCount' | 'orderLines'> & {
    pricing?: Pick<DealQuote['context']['pricing'], 'sellGrandTotalIncTax'> | undefined;
  };
};

export type AcceptAction =
  /** Not offered: not a draft, read-only, or no products (§4: shown only when the quote has products). */
  | { show: false }
  /** Offered; disabled with the reason while any line has errors (§5) or the total is below zero. */
  | { show: true; disabled: boolean; reason: string | null };

/**
 * Whether the Accept action shows and whether it can be used. `hasErrorsText` is §8's text;
 * `belowZeroText` says a total below zero cannot be accepted (the server refuses it too).
 */
export function acceptAction(quote: AcceptQuote, hasErrorsText: string, belowZeroText: string): AcceptAction {
  if (quote.status !== 'DRAFT' || quote.isReadOnly) return { show: false };
  if (quote.context.orderLineCount === 0 && quote.context.orderLines.length === 0) return { show: false };
  const hasErrors =
    quote.context.errorLineCount > 0 || quote.context.orderLines.some((l) => l.context.errors.length > 0);
  if (hasErrors) return { show: true, disabled: true, reason: hasErrorsText };
  const total = quote.context.pricing?.sellGrandTotalIncTax;
  if (total !== undefined && compareDecimals(total, '0') < 0)
    return { show: true, disabled: true, reason: belowZeroText };
  return { show: true, disabled: false, reason: null };
}

export type SignatureChoice = { signed: boolean; withoutSignature: boolean; signerName: string };

/**
 * The accept modal's submit: with the box ticked it accepts without a signature (the signer's
 * name optional: staff may record a customer's word by phone); otherwise it needs a drawn one
 * ('Please sign, or tick Accept without signature') and the name of whoever signed.
 */
export function acceptSubmission(
  choice: SignatureChoice,
): { ok: true; withoutSignature: boolean } | { ok: false; problem: 'needsSignature' | 'needsSignerName' } {
  if (choice.withoutSignature) return { ok: true, withoutSignature: true };
  if (!choice.signed) return { ok: false, problem: 'needsSignature' };
  if (!choice.signerName.trim()) return { ok: false, problem: 'needsSignerName' };
  return { ok: true, withoutSignature: false };
}

export type SupplierGroup = {
  manufacturerId: number;
  /** The supplier's name; null when it is not among the linked suppliers (the caller names it). */
  name: string | null;
  lines: OrderLine[];
  quantity: number;
  /** Σ of the lines' cost (exact decimal); null when a line has no price. */
  cost: string | null;
};

/**
 * The Ready to Order list: an accepted quote's lines by supplier (each becomes a purchase order),
 * suppliers in the order their first line appears, lines in quote order.
 */
export function readyToOrder(
  lines: readonly OrderLine[],
  suppliers: readonly { id: number; name: string }[] = [],
): SupplierGroup[] {
  const names = new Map(suppliers.map((s) => [s.id, s.name]));
  const groups = new Map<number, OrderLine[]>();
  for (const line of lines)
    groups.set(line.manufacturerId, [...(groups.get(line.manufacturerId) ?? []), line]);
  return [...groups].map(([manufacturerId, group]) => {
    const costs = group.map((l) => l.costPrice);
    return {
      manufacturerId,
      name: names.get(manufacturerId) ?? null,
      lines: group,
      quantity: group.reduce((n, l) => n + l.quantity, 0),
      cost: costs.every((c): c is string => c !== null) ? sumDecimals(costs, 4) : null,
    };
  });
}
