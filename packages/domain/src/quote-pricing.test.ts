import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from './decimal';
import {
  type AdjustmentInput,
  maxSellTaxOverride,
  type PricingInput,
  type PricingLine,
  priceQuote,
} from './quote-pricing';

const RUNS = { numRuns: 1000 };
const S = (v: string) => toScaled(v);
const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => fromScaled(BigInt(c) * 100n));
const percent = fc.integer({ min: 0, max: 3000 }).map((h) => fromScaled(BigInt(h) * 100n)); // 0..30 %
const line: fc.Arbitrary<PricingLine> = fc.record({
  sell: cents(0, 500_000),
  taxable: fc.boolean(),
  hasErrors: fc.constant(false),
});
const adjustment: fc.Arbitrary<AdjustmentInput> = fc.record({
  label: fc.constantFrom('Install', 'Discount', 'Travel'),
  amount: cents(-50_000, 50_000),
  taxType: fc.constantFrom('NONE', 'STANDARD' as const),
});
const input = (mode?: 'INCLUSIVE' | 'EXCLUSIVE'): fc.Arbitrary<PricingInput> =>
  fc.record({
    lines: fc.array(line, { maxLength: 12 }),
    taxMode: mode ? fc.constant(mode) : fc.constantFrom('INCLUSIVE', 'EXCLUSIVE' as const),
    taxPercentage: percent,
    depositPercentage: fc.integer({ min: 0, max: 100 }).map(String),
    adjustments: fc.array(adjustment, { maxLength: 4 }),
    depositAmountOverride: fc.option(cents(0, 100_000), { nil: null }),
    sellTaxOverride: fc.option(cents(0, 100_000), { nil: null }),
    overrideTotal: fc.constant(null),
  });

const sum = (xs: readonly string[]) => xs.reduce((a, x) => a + S(x), 0n);
/** R(n/d) to cents on the 10^-4 scale, half away from zero: the reference for the tests. */
function R(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (a * 2n + d * 100n) / (2n * d * 100n);
  return (neg ? -q : q) * 100n;
}

describe('priceQuote: identities (fast-check, 1,000 runs each)', () => {
  it('adds up in EXCLUSIVE mode', () => {
    fc.assert(
      fc.property(input('EXCLUSIVE'), (q) => {
        const p = priceQuote(q);
        const t = S(q.taxPercentage);
        const linesEx = sum(q.lines.map((l) => l.sell ?? '0'));
        const taxable = sum(q.lines.filter((l) => l.taxable).map((l) => l.sell ?? '0'));
        expect(S(p.sellTotalOrderLinesExTax)).toBe(linesEx);
        expect(S(p.sellTotalOrderLinesIncTax)).toBe(linesEx + R(taxable * t, 1_000_000n));
        expect(S(p.sellTotalTaxable)).toBe(
          taxable + sum(q.adjustments.filter((a) => a.taxType === 'STANDARD').map((a) => a.amount)),
        );
        expect(S(p.sellTaxCalculated)).toBe(R(S(p.sellTotalTaxable) * t, 1_000_000n));
        expect(p.sellTaxTotal).toBe(q.sellTaxOverride ?? p.sellTaxCalculated);
        expect(S(p.sellGrandTotalExTax)).toBe(linesEx + sum(q.adjustments.map((a) => a.amount)));
        expect(S(p.sellGrandTotalIncTax)).toBe(S(p.sellGrandTotalExTax) + S(p.sellTaxTotal));
        for (const [i, a] of p.adjustments.entries()) {
          expect(a.amountExTax).toBe(fromScaled(S(q.adjustments[i]?.amount ?? 'x')));
          const tax = a.taxType === 'STANDARD' ? R(S(a.amountExTax) * t, 1_000_000n) : 0n;
          expect(S(a.amountIncTax)).toBe(S(a.amountExTax) + tax);
        }
      }),
      RUNS,
    );
  });

  it('adds up in INCLUSIVE mode (a tax override is ignored)', () => {
    fc.assert(
      fc.property(input('INCLUSIVE'), (q) => {
        const p = priceQuote(q);
        const t = S(q.taxPercentage);
        const inc = q.lines.map((l) => ({
          v: l.taxable ? R(S(l.sell ?? '0') * (1_000_000n + t), 1_000_000n) : S(l.sell ?? '0'),
          taxable: l.taxable,
        }));
        const linesInc = inc.reduce((a, l) => a + l.v, 0n);
        const taxableInc = inc.filter((l) => l.taxable).reduce((a, l) => a + l.v, 0n);
        expect(S(p.sellTotalOrderLinesIncTax)).toBe(linesInc);
        expect(S(p.sellTotalOrderLinesExTax)).toBe(linesInc - R(taxableInc * t, 1_000_000n + t));
        const taxable =
          taxableInc + sum(q.adjustments.filter((a) => a.taxType === 'STANDARD').map((a) => a.amount));
        expect(S(p.sellTotalTaxable)).toBe(taxable);
        expect(S(p.sellTaxTotal)).toBe(R(taxable * t, 1_000_000n + t));
        expect(p.sellTaxCalculated).toBe(p.sellTaxTotal);
        expect(p.sellTaxOverride).toBeNull();
        expect(S(p.sellGrandTotalIncTax)).toBe(linesInc + sum(q.adjustments.map((a) => a.amount)));
        expect(S(p.sellGrandTotalExTax)).toBe(S(p.sellGrandTotalIncTax) - S(p.sellTaxTotal));
        for (const a of p.adjustments) {
          const tax = a.taxType === 'STANDARD' ? R(S(a.amountIncTax) * t, 1_000_000n + t) : 0n;
          expect(S(a.amountExTax)).toBe(S(a.amountIncTax) - tax);
        }
      }),
      RUNS,
    );
  });

  it('agrees between the modes on the same ex-tax basis, within a cent per line', () => {
    fc.assert(
      fc.property(input(), (q) => {
        const base = { ...q, adjustments: [], sellTaxOverride: null, depositAmountOverride: null };
        const ex = priceQuote({ ...base, taxMode: 'EXCLUSIVE' });
        const inc = priceQuote({ ...base, taxMode: 'INCLUSIVE' });
        const slack = BigInt(q.lines.length + 1) * 100n;
        const d1 = S(ex.sellGrandTotalIncTax) - S(inc.sellGrandTotalIncTax);
        const d2 = S(ex.sellGrandTotalExTax) - S(inc.sellGrandTotalExTax);
        expect(d1 <= slack && d1 >= -slack).toBe(true);
        expect(d2 <= slack && d2 >= -slack).toBe(true);
        if (S(q.taxPercentage) === 0n) expect(inc.sellGrandTotalIncTax).toBe(ex.sellGrandTotalIncTax);
      }),
      RUNS,
    );
  });

  it('takes the deposit as the percentage of the grand total unless overridden', () => {
    fc.assert(
      fc.property(input(), (q) => {
        const p = priceQuote(q);
        expect(S(p.depositAmountCalculated)).toBe(
          R(S(p.sellGrandTotalIncTax) * S(q.depositPercentage), 1_000_000n),
        );
        expect(p.depositAmount).toBe(q.depositAmountOverride ?? p.depositAmountCalculated);
      }),
      RUNS,
    );
  });

  it('reaches an override total exactly, or in EXCLUSIVE mode with tax the nearest cent below', () => {
    fc.assert(
      fc.property(input(), cents(0, 2_000_000), fc.boolean(), (q, target, taxable) => {
        const p = priceQuote({ ...q, overrideTotal: { amount: target, taxable } });
        const system = p.adjustments.at(-1);
        expect(system?.label).toBe('Total override');
        expect(system?.taxType).toBe(taxable ? 'STANDARD' : 'NONE');
        const taxedOnTop = q.taxMode === 'EXCLUSIVE' && taxable && q.sellTaxOverride === null;
        if (!taxedOnTop) {
          expect(p.sellGrandTotalIncTax).toBe(target);
          return;
        }
        expect(S(p.sellGrandTotalIncTax) <= S(target)).toBe(true);
        // One cent more on the adjustment would pass the target: it is the nearest below.
        const entered = system?.amountExTax ?? 'x';
        const plusCent = priceQuote({
          ...q,
          adjustments: [
            ...q.adjustments,
            { label: 'x', amount: fromScaled(S(entered) + 100n), taxType: 'STANDARD' },
          ],
        });
        expect(S(plusCent.sellGrandTotalIncTax) > S(target)).toBe(true);
      }),
      RUNS,
    );
  });

  it('is idempotent: repricing with the computed amounts changes nothing', () => {
    fc.assert(
      fc.property(input(), (q) => {
        const p = priceQuote(q);
        const again = priceQuote({
          ...q,
          adjustments: p.adjustments.map((a) => ({
            label: a.label,
            taxType: a.taxType,
            amount: q.taxMode === 'EXCLUSIVE' ? a.amountExTax : a.amountIncTax,
          })),
          depositAmountOverride: q.depositAmountOverride === null ? null : p.depositAmount,
          sellTaxOverride: q.sellTaxOverride === null ? null : p.sellTaxTotal,
        });
        expect(again).toEqual(p);
      }),
      RUNS,
    );
  });

  it('is invalid while a line has errors or no price', () => {
    const ok = { sell: '10.00', taxable: true, hasErrors: false };
    const base: PricingInput = {
      lines: [ok],
      taxMode: 'INCLUSIVE',
      taxPercentage: '10',
      depositPercentage: '50',
      adjustments: [],
      depositAmountOverride: null,
      sellTaxOverride: null,
      overrideTotal: null,
    };
    expect(priceQuote(base).isPricingValid).toBe(true);
    expect(priceQuote({ ...base, lines: [ok, { ...ok, hasErrors: true }] }).isPricingValid).toBe(false);
    expect(priceQuote({ ...base, lines: [ok, { ...ok, sell: null }] }).isPricingValid).toBe(false);
  });

  it('is invalid while the grand total is below zero, and valid at exactly zero', () => {
    const base: PricingInput = {
      lines: [{ sell: '10.00', taxable: true, hasErrors: false }],
      taxMode: 'EXCLUSIVE',
      taxPercentage: '10',
      depositPercentage: '50',
      adjustments: [],
      depositAmountOverride: null,
      sellTaxOverride: null,
      overrideTotal: null,
    };
    const discount = (amount: string) => ({
      ...base,
      adjustments: [{ label: 'Discount', amount, taxType: 'STANDARD' as const }],
    });
    expect(priceQuote(discount('-10.00')).sellGrandTotalIncTax).toBe('0.00');
    expect(priceQuote(discount('-10.00')).isPricingValid).toBe(true);
    const below = priceQuote(discount('-10.01'));
    expect(below.sellGrandTotalIncTax).toBe('-0.01');
    expect(below.isPricingValid).toBe(false);
    expect(
      priceQuote({
        ...base,
        overrideTotal: null,
        adjustments: [{ label: 'Refund', amount: '-50', taxType: 'NONE' }],
      }).isPricingValid,
    ).toBe(false);
  });
});

describe('maxSellTaxOverride', () => {
  it('is R(sellTotalTaxable × 2r), and 0 below a zero taxable total', () => {
    expect(maxSellTaxOverride('120.00', '10')).toBe('24.00');
    expect(maxSellTaxOverride('0.05', '15')).toBe('0.02'); // 0.015 rounds half away from zero
    expect(maxSellTaxOverride('199.99', '12.5')).toBe('50.00'); // 49.9975
    expect(maxSellTaxOverride('0.00', '10')).toBe('0.00');
    expect(maxSellTaxOverride('-50.00', '10')).toBe('0.00');
    expect(maxSellTaxOverride('120.00', '0')).toBe('0.00');
  });
});

describe('priceQuote: worked examples', () => {
  const base: PricingInput = {
    lines: [
      { sell: '140.00', taxable: true, hasErrors: false },
      { sell: '59.99', taxable: false, hasErrors: false },
    ],
    taxMode: 'EXCLUSIVE',
    taxPercentage: '10',
    depositPercentage: '50',
    adjustments: [{ label: 'Install', amount: '50.00', taxType: 'STANDARD' }],
    depositAmountOverride: null,
    sellTaxOverride: null,
    overrideTotal: null,
  };

  it('EXCLUSIVE: tax on the taxable lines and STANDARD adjustments', () => {
    const p = priceQuote(base);
    expect(p).toMatchObject({
      sellTotalOrderLinesExTax: '199.99',
      sellTotalOrderLinesIncTax: '213.99',
      sellTotalTaxable: '190.00',
      sellTaxCalculated: '19.00',
      sellTaxTotal: '19.00',
      sellGrandTotalExTax: '249.99',
      sellGrandTotalIncTax: '268.99',
      depositAmountCalculated: '134.50',
      depositAmount: '134.50',
      adjustments: [{ label: 'Install', amountExTax: '50.00', amountIncTax: '55.00', taxType: 'STANDARD' }],
    });
  });

  it('INCLUSIVE: tax included in the taxable lines', () => {
    const p = priceQuote({
      ...base,
      taxMode: 'INCLUSIVE',
      adjustments: [{ label: 'Install', amount: '55.00', taxType: 'STANDARD' }],
    });
    expect(p).toMatchObject({
      sellTotalOrderLinesIncTax: '213.99',
      sellTotalOrderLinesExTax: '199.99',
      sellTotalTaxable: '209.00',
      sellTaxTotal: '19.00',
      sellGrandTotalIncTax: '268.99',
      sellGrandTotalExTax: '249.99',
      adjustments: [{ label: 'Install', amountIncTax: '55.00', amountExTax: '50.00', taxType: 'STANDARD' }],
    });
  });

  it('a 10 % discount through the override total', () => {
    const total = priceQuote(base).sellGrandTotalIncTax; // 268.99
    const override = fromScaled((S(total) * 90n) / 100n); // R(242.091) = 242.09
    expect(override).toBe('242.09');
    const none = priceQuote({ ...base, overrideTotal: { amount: override, taxable: false } });
    expect(none.sellGrandTotalIncTax).toBe('242.09');
    expect(none.adjustments.at(-1)).toEqual({
      label: 'Total override',
      amountExTax: '-26.90',
      amountIncTax: '-26.90',
      taxType: 'NONE',
    });
    const taxed = priceQuote({ ...base, overrideTotal: { amount: override, taxable: true } });
    // Tax on top moves in steps: −24.45 gives 225.54 + R(16.555) = 242.10, over the target, and
    // −24.46 gives 225.53 + 16.55 = 242.08: 242.09 cannot be reached, so the nearest below.
    expect(taxed.adjustments.at(-1)?.amountExTax).toBe('-24.46');
    expect(taxed.sellGrandTotalIncTax).toBe('242.08');
  });
});
