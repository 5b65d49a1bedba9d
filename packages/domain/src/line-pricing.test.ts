import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OptionGroup, ProductDefinition } from './catalog';
import { fromScaled, toScaled } from './decimal';
import { chooseMarkupRule, priceLine, sellPriceExTax } from './line-pricing';

const money = fc.integer({ min: 0, max: 50_000_00 }).map((cents) => fromScaled(BigInt(cents) * 100n));
const percent = fc.integer({ min: 0, max: 9_999 }).map((hundredths) => fromScaled(BigInt(hundredths) * 100n));

/** Reference rounding half away from zero to cents of an exact rational n/d (d > 0). */
function refCents(n: bigint, d: bigint): string {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = a / d;
  const r = a % d;
  const cents = 2n * r >= d ? q + 1n : q;
  return fromScaled((neg ? -cents : cents) * 100n);
}

function definition(
  groups: OptionGroup[],
  widths = [600, 900, 1200],
  drops = [1000, 2000],
): ProductDefinition {
  return {
    unit: 'mm',
    sizeLimits: { minWidth: 1, maxWidth: widths.at(-1) ?? 0, minHeight: 1, maxHeight: drops.at(-1) ?? 0 },
    priceGrid: {
      widths,
      drops,
      rows: drops.map((_, d) => widths.map((_, w) => fromScaled(BigInt(10_000 + d * 1000 + w * 100) * 100n))),
    },
    optionGroups: groups,
    rules: { incompatible: [] },
  };
}

const mm = (v: number) => ({ value: String(v), unit: 'mm' as const });
const flags = { hasWidth: true, hasHeight: true };
const markup = { type: 'PERCENT_MARK_UP', value: '0' } as const;

describe('line cost', () => {
  it('takes the grid price at the next breakpoint up in each dimension', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 100, max: 5000 }), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.integer({ min: 100, max: 5000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        (ws, ds, w, h) => {
          const widths = [...ws].sort((a, b) => a - b);
          const drops = [...ds].sort((a, b) => a - b);
          const def = definition([], widths, drops);
          const col = widths.findIndex((b) => w <= b);
          const row = drops.findIndex((b) => h <= b);
          const line = priceLine(
            def,
            flags,
            { width: mm(w), height: mm(h), quantity: 1, optionKeys: [] },
            markup,
          );
          if (col < 0 || row < 0) {
            expect(line.errors).toContain('BAD_SIZE');
            expect(line.cost).toBeNull();
          } else {
            expect(line.errors).toEqual([]);
            expect(line.cost).toBe(fromScaled(toScaled(def.priceGrid.rows[row]?.[col] ?? 'x'), 4));
          }
        },
      ),
    );
  });

  it('adds the selected options and multiplies by the quantity', () => {
    fc.assert(
      fc.property(
        fc.array(money, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 1200 }),
        (prices, quantity, width) => {
          const groups: OptionGroup[] = prices.map((price, i) => ({
            key: `g${i}`,
            name: `Group ${i}`,
            required: true,
            options: [{ key: `o${i}`, name: `Option ${i}`, type: 'BASE', price }],
          }));
          const def = definition(groups);
          const keys = groups.map((g) => g.options[0]?.key ?? '');
          const one = priceLine(
            def,
            flags,
            { width: mm(width), height: mm(1000), quantity: 1, optionKeys: keys },
            markup,
          );
          const many = priceLine(
            def,
            flags,
            { width: mm(width), height: mm(1000), quantity, optionKeys: keys },
            markup,
          );
          const grid = def.priceGrid.rows[0]?.[def.priceGrid.widths.findIndex((b) => width <= b)] ?? 'x';
          const expected = prices.reduce((t, p) => t + toScaled(p), toScaled(grid));
          expect(one.unitCost).toBe(fromScaled(expected, 4));
          expect(one.cost).toBe(fromScaled(expected, 4));
          expect(many.unitCost).toBe(one.unitCost);
          expect(many.cost).toBe(fromScaled(expected * BigInt(quantity), 4));
        },
      ),
    );
  });

  it('prices an inch size against a millimetre grid (50 in is exactly 1270 mm)', () => {
    const def = definition([], [1270, 1500], [1000]);
    const at = priceLine(
      def,
      flags,
      { width: { value: '50', unit: 'in' }, height: mm(900), quantity: 1, optionKeys: [] },
      markup,
    );
    const over = priceLine(
      def,
      flags,
      { width: { value: '50.0625', unit: 'in' }, height: mm(900), quantity: 1, optionKeys: [] },
      markup,
    );
    expect(at.cost).toBe(fromScaled(toScaled(def.priceGrid.rows[0]?.[0] ?? 'x'), 4));
    expect(over.cost).toBe(fromScaled(toScaled(def.priceGrid.rows[0]?.[1] ?? 'x'), 4));
  });

  it('reports option errors before BAD_SIZE and keeps a price while only options are wrong', () => {
    const def = definition([
      {
        key: 'c',
        name: 'Control',
        required: true,
        options: [{ key: 'chain', name: 'Chain', type: 'BASE', price: '0' }],
      },
    ]);
    expect(
      priceLine(def, flags, { width: mm(5000), height: mm(900), quantity: 1, optionKeys: [] }, markup).errors,
    ).toEqual(['OPTIONS_NOT_SELECTED', 'BAD_SIZE']);
    const invalid = priceLine(
      def,
      flags,
      { width: mm(600), height: mm(900), quantity: 1, optionKeys: ['nope'] },
      markup,
    );
    expect(invalid.errors).toEqual(['MISSING_REQUIRED_OPTIONS', 'INVALID_OPTIONS']);
    expect(invalid.cost).not.toBeNull();
  });
});

describe('sell price', () => {
  it('is R(cost × (1 + v/100)) for a mark-up, exactly', () => {
    fc.assert(
      fc.property(money, percent, (cost, v) => {
        const expected = refCents(toScaled(cost) * (1_000_000n + toScaled(v)), 1_000_000n * 100n);
        expect(sellPriceExTax(cost, { type: 'PERCENT_MARK_UP', value: v })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('is R(cost / (1 − v/100)) for a margin below 100 %, exactly, and none at 100 % or more', () => {
    fc.assert(
      fc.property(money, percent, (cost, v) => {
        const expected = refCents(toScaled(cost) * 1_000_000n, (1_000_000n - toScaled(v)) * 100n);
        expect(sellPriceExTax(cost, { type: 'PERCENT_MARGIN', value: v })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(sellPriceExTax('100', { type: 'PERCENT_MARGIN', value: '100' })).toBeNull();
    expect(sellPriceExTax('100', { type: 'PERCENT_MARGIN', value: '40' })).toBe('166.67');
    expect(sellPriceExTax('100', { type: 'PERCENT_MARK_UP', value: '40' })).toBe('140.00');
    expect(sellPriceExTax('0.0125', { type: 'PERCENT_MARK_UP', value: '0' })).toBe('0.01');
    expect(sellPriceExTax('0.005', { type: 'PERCENT_MARK_UP', value: '0' })).toBe('0.01');
  });
});

describe('markup rule precedence', () => {
  const rule = fc.record({
    type: fc.constantFrom('PERCENT_MARK_UP', 'PERCENT_MARGIN' as const),
    value: percent,
  });
  it('takes the product override, else the category override, else the account adjustment', () => {
    fc.assert(
      fc.property(
        fc.option(rule, { nil: undefined }),
        fc.option(rule, { nil: undefined }),
        rule,
        (product, category, account) => {
          const chosen = chooseMarkupRule({ product, category, account });
          const expected = product ?? category ?? account;
          expect({ type: chosen.type, value: chosen.value }).toEqual(expected);
          expect(chosen.source).toBe(product ? 'PRODUCT' : category ? 'CATEGORY' : 'ACCOUNT');
        },
      ),
    );
  });
});
