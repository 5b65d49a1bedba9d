import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from './decimal';
import {
  lineSellIncTax,
  overrideDrift,
  type PricingInput,
  priceQuote,
  totalWithoutOverride,
} from './quote-pricing';

// One taxable line of 249.90 at 10 %: 274.89 inc tax (the quote in the dealer's example).
const quote = (
  lines: string[],
  overrideTotal: PricingInput['overrideTotal'],
  mode: PricingInput['taxMode'] = 'EXCLUSIVE',
): PricingInput => ({
  lines: lines.map((sell) => ({ sell, taxable: true, hasErrors: false })),
  taxMode: mode,
  taxPercentage: '10',
  depositPercentage: '50',
  adjustments: [],
  depositAmountOverride: null,
  sellTaxOverride: null,
  overrideTotal,
});

describe('overrideDrift', () => {
  it('is null while nothing under the override changed', () => {
    const then = totalWithoutOverride(quote(['249.90'], null));
    expect(then).toBe('274.89');
    expect(
      overrideDrift(quote(['249.90'], { amount: '247.40', taxable: true, totalWithoutThen: then })),
    ).toBeNull();
  });

  it('says what a 10 % override now comes to once a line is added, and the override that re-applies 10 %', () => {
    // 10 % off 274.89 = R(247.401) = 247.40; a line of 100.00 more: 349.90 + 34.99 tax = 384.89
    const drift = overrideDrift(
      quote(['249.90', '100.00'], { amount: '247.40', taxable: true, totalWithoutThen: '274.89' }),
    );
    expect(drift).toEqual({
      discountPercentThen: '10.00',
      // (384.89 − 247.40) / 384.89 = 35.7219…%
      discountPercentNow: '35.72',
      totalWithoutOverrideThen: '274.89',
      totalWithoutOverrideNow: '384.89',
      // R(384.89 × 0.9) = R(346.401)
      reapplyTotal: '346.40',
    });
  });

  it('works on the inclusive totals in INCLUSIVE mode, and a line removed makes the discount smaller', () => {
    // inc: R(249.90 × 1.1) = 274.89 and R(50.00 × 1.1) = 55.00; then 329.89, now 274.89
    const drift = overrideDrift(
      quote(['249.90'], { amount: '296.90', taxable: false, totalWithoutThen: '329.89' }, 'INCLUSIVE'),
    );
    expect(drift).toMatchObject({
      // (329.89 − 296.90) / 329.89 = 10.0003…%, (274.89 − 296.90) / 274.89 = −8.0068…%
      discountPercentThen: '10.00',
      discountPercentNow: '-8.01',
      totalWithoutOverrideNow: '274.89',
      reapplyTotal: '247.40',
    });
  });

  it('is null without an override or without the total it was set against', () => {
    expect(overrideDrift(quote(['249.90'], null))).toBeNull();
    expect(overrideDrift(quote(['249.90'], { amount: '200', taxable: true }))).toBeNull();
    expect(
      overrideDrift(quote(['249.90'], { amount: '200', taxable: true, totalWithoutThen: null })),
    ).toBeNull();
  });

  it('gives back the percentage the discount dialog used, and re-applying it ends the drift', () => {
    const cents = (min: number, max: number) =>
      fc.integer({ min, max }).map((c) => fromScaled(BigInt(c) * 100n));
    fc.assert(
      fc.property(
        fc.array(cents(10_000, 500_000), { minLength: 1, maxLength: 5 }),
        cents(100, 500_000),
        fc.constantFrom(5, 10, 15, 20),
        fc.boolean(),
        fc.constantFrom('INCLUSIVE', 'EXCLUSIVE' as const),
        (lines, added, p, taxable, mode) => {
          const before = quote(lines, null, mode);
          const then = totalWithoutOverride(before);
          // the dialog: R(total × (1 − p/100))
          const thenCents = toScaled(then) / 100n;
          const amount = fromScaled(((thenCents * BigInt(100 - p) * 2n + 100n) / 200n) * 100n);
          const override = { amount, taxable, totalWithoutThen: then };
          const drift = overrideDrift(quote([...lines, added], override, mode));
          expect(drift?.discountPercentThen).toBe(`${p}.00`);
          const reapplied = quote(
            [...lines, added],
            {
              amount: drift!.reapplyTotal,
              taxable,
              totalWithoutThen: drift!.totalWithoutOverrideNow,
            },
            mode,
          );
          expect(overrideDrift(reapplied)).toBeNull();
          // reached exactly, or (tax on top of a taxable difference) the nearest cent below (DESIGN §5)
          const short = toScaled(drift!.reapplyTotal) - toScaled(priceQuote(reapplied).sellGrandTotalIncTax);
          expect(short === 0n || (mode === 'EXCLUSIVE' && taxable && short === 100n)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('lineSellIncTax', () => {
  it('adds the tax to a taxable line and leaves an untaxed one as it is', () => {
    expect(lineSellIncTax('249.90', true, '10')).toBe('274.89');
    expect(lineSellIncTax('249.90', false, '10')).toBe('249.90');
    expect(lineSellIncTax('0.05', true, '10')).toBe('0.06'); // R(0.055), half away from zero
  });

  it("sums to the INCLUSIVE quote's lines total, one line at a time", () => {
    const line = fc.record({
      sell: fc.integer({ min: 0, max: 500_000 }).map((c) => fromScaled(BigInt(c) * 100n)),
      taxable: fc.boolean(),
      hasErrors: fc.constant(false),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 3000 }),
        (lines, h) => {
          const taxPercentage = fromScaled(BigInt(h) * 100n);
          const pricing = priceQuote({ ...quote([], null, 'INCLUSIVE'), lines, taxPercentage });
          const cards = lines.map((l) => lineSellIncTax(l.sell, l.taxable, taxPercentage));
          const sum = cards.reduce((a, c) => a + toScaled(c), 0n);
          expect(fromScaled(sum)).toBe(pricing.sellTotalOrderLinesIncTax);
        },
      ),
      { numRuns: 300 },
    );
  });
});
