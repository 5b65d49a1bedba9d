import type { OrderLine } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { changedProductsText } from '../../../order-lines';
import { signedPrice } from '../revise/revise';
import {
  acceptAction,
  acceptSubmission,
  drawTypedSignature,
  fitSignatureCanvas,
  readyToOrder,
  SIGNATURE_HEIGHT,
  SIGNATURE_WIDTH,
  type SignatureContext,
  typedSignatureFont,
} from './accept-logic';

describe('fitSignatureCanvas', () => {
  it('shows the canvas at 768 × 240 when there is room, drawing 1:1', () => {
    expect(fitSignatureCanvas(900)).toEqual({ cssWidth: 768, cssHeight: 240, scale: 1 });
    expect(fitSignatureCanvas(768)).toEqual({ cssWidth: 768, cssHeight: 240, scale: 1 });
  });

  it('fits a phone’s width keeping the 768:240 ratio, strokes scaled up onto the full canvas', () => {
    // a 375 px phone: the modal's content is 343 px wide
    const fit = fitSignatureCanvas(343);
    expect(fit.cssWidth).toBe(343);
    expect(fit.cssHeight).toBe(Math.round((343 * 240) / 768));
    expect(fit.cssHeight).toBe(107);
    expect(fit.scale).toBeCloseTo(768 / 343, 10);
    // the far corner of the shown canvas lands on the canvas's far corner
    expect(fit.cssWidth * fit.scale).toBeCloseTo(SIGNATURE_WIDTH, 10);
    expect(fit.cssHeight * fit.scale).toBeCloseTo(SIGNATURE_HEIGHT, 0);
  });

  it('keeps the ratio for every width, never wider than 768, never zero', () => {
    for (let width = 1; width <= 1400; width += 7) {
      const fit = fitSignatureCanvas(width + 0.6);
      expect(fit.cssWidth).toBeLessThanOrEqual(SIGNATURE_WIDTH);
      expect(fit.cssWidth).toBeLessThanOrEqual(Math.max(1, width + 0.6));
      expect(Math.abs(fit.cssHeight - (fit.cssWidth * 240) / 768)).toBeLessThanOrEqual(0.5);
      expect(fit.scale * fit.cssWidth).toBeCloseTo(768, 8);
    }
    // before layout (0, NaN) it assumes the full size rather than a 0-wide canvas
    expect(fitSignatureCanvas(0)).toEqual({ cssWidth: 768, cssHeight: 240, scale: 1 });
    expect(fitSignatureCanvas(Number.NaN).cssWidth).toBe(768);
  });
});

const line = (over: Partial<OrderLine> & { errors?: number; name?: string } = {}): OrderLine =>
  ({
    id: over.id ?? 1,
    orderId: 1,
    windowGroupName: over.windowGroupName ?? 'Lounge',
    orderWindowId: 1,
    externalOrderLineId: null,
    quantity: over.quantity ?? 1,
    costPrice: over.costPrice === undefined ? '100.00' : over.costPrice,
    sellPrice: '140.00',
    notes: '',
    siteMount: '',
    isTaxable: true,
    hasFreight: false,
    hasInstallation: false,
    manufacturerId: over.manufacturerId ?? 7,
    dimensions: { width: null, height: null },
    context: {
      configuration: { width: null, height: null, optionGroups: [] },
      errors: Array.from({ length: over.errors ?? 0 }, () => ({ code: 'BAD_SIZE', message: 'x' })),
      product: {
        id: 3,
        name: over.name ?? 'Roller',
        hasWidth: true,
        hasHeight: true,
        hasQuantity: true,
        categoryName: 'Rollers',
        brandName: 'Coastline',
        disableFineFractions: false,
      },
      unitCostPrice: '100.00',
      markup: { type: 'PERCENT_MARK_UP', value: '40', source: 'ACCOUNT' },
      catalogVersion: { id: 1, number: 1, isLatest: true },
    },
  }) as OrderLine;

const quote = (over: {
  status?: 'DRAFT' | 'ACCEPTED';
  isReadOnly?: boolean;
  lines?: OrderLine[];
  errorLineCount?: number;
  total?: string;
}) => {
  const lines = over.lines ?? [line()];
  return {
    status: over.status ?? 'DRAFT',
    isReadOnly: over.isReadOnly ?? false,
    context: {
      orderLines: lines,
      orderLineCount: lines.length,
      errorLineCount: over.errorLineCount ?? lines.filter((l) => l.context.errors.length > 0).length,
      pricing: { sellGrandTotalIncTax: over.total ?? '268.99' },
    },
  };
};

const ERRORS = 'One or more products have errors';
const BELOW_ZERO = 'A quote whose total is below zero cannot be accepted.';

/** A 2D context that records what is drawn; a character is `width` pixels wide at 72 px, scaled. */
function recordingContext(width: number) {
  const calls: string[] = [];
  const context: SignatureContext = {
    font: '',
    fillStyle: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
    setTransform: ((...args: number[]) =>
      calls.push(`setTransform ${args.join(',')}`)) as SignatureContext['setTransform'],
    fillRect: (x, y, w, h) => calls.push(`fillRect ${x},${y},${w},${h} ${String(context.fillStyle)}`),
    fillText: (text, x, y, max) =>
      calls.push(
        `fillText ${text} ${x},${y} max ${max} ${context.font} ${context.textAlign} ${context.textBaseline}`,
      ),
    measureText: (text) => {
      const size = Number(/(\d+)px/.exec(context.font)?.[1]);
      return { width: (text.length * width * size) / 72 } as TextMetrics;
    },
  };
  return { context, calls };
}

describe('drawTypedSignature', () => {
  it('draws the name centred on a white 768 × 240 ground, in canvas pixels, at 72 px when it fits', () => {
    const { context, calls } = recordingContext(30);
    drawTypedSignature(context, 'Dana Whitfield');
    expect(calls).toEqual([
      'save',
      'setTransform 1,0,0,1,0,0',
      'fillRect 0,0,768,240 #ffffff',
      `fillText Dana Whitfield 384,120 max 672 ${typedSignatureFont(72)} center middle`,
      'restore',
    ]);
  });

  it('makes a long name smaller until it fits, never below 24 px, and narrows what still does not', () => {
    const { context, calls } = recordingContext(30);
    drawTypedSignature(context, 'Bartholomew Featherstonehaugh'); // 29 characters: 870 px at 72
    // 29 × 30 × size / 72 ≤ 672 → size ≤ 55.6: the first step down that fits is 52
    expect(calls[3]).toContain(typedSignatureFont(52));
    const long = recordingContext(30);
    drawTypedSignature(long.context, 'x'.repeat(80));
    expect(long.calls[3]).toContain(typedSignatureFont(24));
    expect(long.calls[3]).toContain('max 672');
  });
});

describe('acceptAction', () => {
  it('offers Accept on a draft with products, enabled when no line has errors', () => {
    expect(acceptAction(quote({}), ERRORS, BELOW_ZERO)).toEqual({
      show: true,
      disabled: false,
      reason: null,
    });
  });

  it('disables it with §8’s text while any line has errors (by count or by a line’s errors)', () => {
    expect(acceptAction(quote({ lines: [line(), line({ id: 2, errors: 1 })] }), ERRORS, BELOW_ZERO)).toEqual({
      show: true,
      disabled: true,
      reason: ERRORS,
    });
    expect(acceptAction(quote({ errorLineCount: 1 }), ERRORS, BELOW_ZERO)).toMatchObject({
      disabled: true,
      reason: ERRORS,
    });
  });

  it('disables it with its reason while the total is below zero; zero is a price', () => {
    expect(acceptAction(quote({ total: '-0.01' }), ERRORS, BELOW_ZERO)).toEqual({
      show: true,
      disabled: true,
      reason: BELOW_ZERO,
    });
    expect(acceptAction(quote({ total: '0.00' }), ERRORS, BELOW_ZERO)).toMatchObject({ disabled: false });
    // line errors are said first
    expect(acceptAction(quote({ total: '-5.00', errorLineCount: 1 }), ERRORS, BELOW_ZERO)).toMatchObject({
      reason: ERRORS,
    });
  });

  it('does not show it without products, on an accepted quote, or on a read-only (archived) draft', () => {
    expect(acceptAction(quote({ lines: [] }), ERRORS, BELOW_ZERO)).toEqual({ show: false });
    expect(acceptAction(quote({ status: 'ACCEPTED', isReadOnly: true }), ERRORS, BELOW_ZERO)).toEqual({
      show: false,
    });
    expect(acceptAction(quote({ isReadOnly: true }), ERRORS, BELOW_ZERO)).toEqual({ show: false });
  });
});

describe('acceptSubmission', () => {
  it('needs the signer’s name with a signature, not without one', () => {
    for (const signerName of ['', '   '])
      expect(acceptSubmission({ signed: true, withoutSignature: false, signerName })).toEqual({
        ok: false,
        problem: 'needsSignerName',
      });
    expect(acceptSubmission({ signed: false, withoutSignature: true, signerName: '' })).toEqual({
      ok: true,
      withoutSignature: true,
    });
    // no signature yet: that is asked first
    expect(acceptSubmission({ signed: false, withoutSignature: false, signerName: '' })).toEqual({
      ok: false,
      problem: 'needsSignature',
    });
  });

  it('needs a drawn signature or the box ticked', () => {
    expect(acceptSubmission({ signed: false, withoutSignature: false, signerName: 'Dana' })).toEqual({
      ok: false,
      problem: 'needsSignature',
    });
    expect(acceptSubmission({ signed: true, withoutSignature: false, signerName: 'Dana' })).toEqual({
      ok: true,
      withoutSignature: false,
    });
    expect(acceptSubmission({ signed: false, withoutSignature: true, signerName: 'Dana' })).toEqual({
      ok: true,
      withoutSignature: true,
    });
    // ticked wins: the drawing is not sent
    expect(acceptSubmission({ signed: true, withoutSignature: true, signerName: 'Dana' })).toEqual({
      ok: true,
      withoutSignature: true,
    });
  });
});

describe('readyToOrder', () => {
  it('groups the lines by supplier in order of first appearance, with names, quantities and exact cost', () => {
    const lines = [
      line({ id: 1, manufacturerId: 7, costPrice: '100.125', quantity: 2 }),
      line({ id: 2, manufacturerId: 9, costPrice: '10.00' }),
      line({ id: 3, manufacturerId: 7, costPrice: '0.1', quantity: 3 }),
    ];
    const groups = readyToOrder(lines, [
      { id: 7, name: 'Coastline' },
      { id: 9, name: 'Sunview' },
    ]);
    expect(
      groups.map((g) => [g.manufacturerId, g.name, g.lines.map((l) => l.id), g.quantity, g.cost]),
    ).toEqual([
      [7, 'Coastline', [1, 3], 5, '100.2250'],
      [9, 'Sunview', [2], 1, '10.0000'],
    ]);
  });

  it('leaves the name to the caller for an unknown supplier and the cost unknown when a line has no price', () => {
    const [group] = readyToOrder([line({ manufacturerId: 4, costPrice: null })]);
    expect(group).toMatchObject({ manufacturerId: 4, name: null, cost: null });
    expect(readyToOrder([])).toEqual([]);
  });
});

describe('signedPrice and changedProductsText', () => {
  it('shows a difference with its sign', () => {
    expect(signedPrice('120')).toBe('+$120.00');
    expect(signedPrice('-30.5')).toBe('−$30.50');
    expect(signedPrice('0.00')).toBe('$0.00');
    expect(signedPrice('1234.56')).toBe('+$1,234.56');
  });

  it('names each changed product with what changed', () => {
    const flags = { costPadding: false, freight: false, installation: false, surcharges: false };
    const text = changedProductsText(
      [
        { productId: 1, productName: 'Roller', ...flags, pricing: true, fabric: false, rule: false },
        { productId: 2, productName: 'Roman', ...flags, pricing: true, fabric: true, rule: true },
      ],
      (k) => ({ pricing: 'prices', fabric: 'fabrics', rule: 'rules' })[k],
    );
    expect(text).toBe('Roller (prices); Roman (prices, fabrics, rules)');
  });
});
