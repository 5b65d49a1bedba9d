import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OptionGroup, optionsPrice, type PriceGrid, priceForSize, validateSelection } from './catalog';
import { compareDecimals, fromScaled, sumDecimals, toScaled } from './decimal';

const grid: PriceGrid = {
  widths: [600, 900, 1200],
  drops: [1000, 2000],
  rows: [
    ['100.00', '120.00', '140.00'],
    ['150.00', '175.50', '199.99'],
  ],
};

describe('priceForSize', () => {
  it('takes the next breakpoint up in each dimension', () => {
    expect(priceForSize(grid, 600, 1000)).toEqual({ ok: true, price: '100.00' });
    expect(priceForSize(grid, 601, 1000)).toEqual({ ok: true, price: '120.00' });
    expect(priceForSize(grid, 1, 1)).toEqual({ ok: true, price: '100.00' });
    expect(priceForSize(grid, 1200, 1001)).toEqual({ ok: true, price: '199.99' });
    expect(priceForSize(grid, 36.375, 1500)).toEqual({ ok: true, price: '150.00' });
  });

  it('is BAD_SIZE beyond the last breakpoint, outside the limits, or without a needed size', () => {
    const bad = { ok: false, error: 'BAD_SIZE' };
    expect(priceForSize(grid, 1201, 1000)).toEqual(bad);
    expect(priceForSize(grid, 600, 2001)).toEqual(bad);
    expect(priceForSize(grid, 0, 1000)).toEqual(bad);
    expect(priceForSize(grid, undefined, 1000)).toEqual(bad);
    expect(priceForSize(grid, 600, Number.NaN)).toEqual(bad);
    expect(priceForSize(grid, 500, 1000, { minWidth: 550 })).toEqual(bad);
    expect(priceForSize(grid, 1100, 1000, { maxWidth: 1000 })).toEqual(bad);
    expect(priceForSize(grid, 600, 300, { minHeight: 400 })).toEqual(bad);
    expect(priceForSize(grid, 600, 1900, { maxHeight: 1800 })).toEqual(bad);
    expect(priceForSize(grid, 550, 1000, { minWidth: 550, maxWidth: 1200 })).toEqual({
      ok: true,
      price: '100.00',
    });
  });

  it('ignores a dimension the product does not have', () => {
    const each: PriceGrid = { widths: [], drops: [], rows: [['450.00']] };
    expect(priceForSize(each, undefined, undefined)).toEqual({ ok: true, price: '450.00' });
    const widthOnly: PriceGrid = { widths: [1000, 2000], drops: [], rows: [['10.00', '20.00']] };
    expect(priceForSize(widthOnly, 1500, undefined)).toEqual({ ok: true, price: '20.00' });
  });

  it('never prices a size below a smaller one (prices rising with size stay monotone)', () => {
    const size = fc.integer({ min: 1, max: 1300 });
    const drop = fc.integer({ min: 1, max: 2100 });
    fc.assert(
      fc.property(size, size, drop, drop, (w1, w2, d1, d2) => {
        const a = priceForSize(grid, Math.min(w1, w2), Math.min(d1, d2));
        const b = priceForSize(grid, Math.max(w1, w2), Math.max(d1, d2));
        if (b.ok) {
          expect(a.ok).toBe(true);
          if (a.ok) expect(compareDecimals(a.price, b.price)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('answers a grid cell exactly when the size sits between breakpoints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 }), (wi, di) => {
        const lowerW = wi === 0 ? 0 : grid.widths[wi - 1]!;
        const lowerD = di === 0 ? 0 : grid.drops[di - 1]!;
        const result = priceForSize(grid, lowerW + 1, lowerD + 1);
        expect(result).toEqual({ ok: true, price: grid.rows[di]![wi] });
      }),
    );
  });
});

const groups: OptionGroup[] = [
  {
    key: 'control',
    name: 'Control',
    required: true,
    options: [
      { key: 'chain', name: 'Chain', type: 'BASE', price: '0.00' },
      { key: 'motor', name: 'Motor', type: 'BASE', price: '320.00' },
    ],
  },
  {
    key: 'rail',
    name: 'Bottom rail',
    required: false,
    options: [
      { key: 'oval', name: 'Oval', type: 'BASE', price: '0' },
      { key: 'weighted', name: 'Weighted', type: 'BASE', price: '12.50' },
    ],
  },
];
const definition = {
  optionGroups: groups,
  rules: { incompatible: [['motor', 'weighted']] as [string, string][] },
};

describe('validateSelection', () => {
  it('accepts a complete, compatible selection', () => {
    expect(validateSelection(definition, ['chain'])).toEqual([]);
    expect(validateSelection(definition, ['motor', 'oval'])).toEqual([]);
  });

  it('reports nothing selected as OPTIONS_NOT_SELECTED alone', () => {
    expect(validateSelection(definition, [])).toEqual(['OPTIONS_NOT_SELECTED']);
    const optional = { optionGroups: [groups[1]!], rules: { incompatible: [] } };
    expect(validateSelection(optional, [])).toEqual([]);
  });

  it('reports a missing required group', () => {
    expect(validateSelection(definition, ['oval'])).toEqual(['MISSING_REQUIRED_OPTIONS']);
  });

  it('reports incompatible pairs, unknown keys and two options of one group as INVALID_OPTIONS', () => {
    expect(validateSelection(definition, ['motor', 'weighted'])).toEqual(['INVALID_OPTIONS']);
    expect(validateSelection(definition, ['chain', 'nope'])).toEqual(['INVALID_OPTIONS']);
    expect(validateSelection(definition, ['chain', 'motor'])).toEqual(['INVALID_OPTIONS']);
    expect(validateSelection(definition, ['weighted', 'nope'])).toEqual([
      'MISSING_REQUIRED_OPTIONS',
      'INVALID_OPTIONS',
    ]);
  });

  it('is order-independent and only ever reports known codes', () => {
    const keys = fc.subarray(['chain', 'motor', 'oval', 'weighted', 'ghost']);
    fc.assert(
      fc.property(keys, (selection) => {
        const forward = validateSelection(definition, selection);
        expect(validateSelection(definition, [...selection].reverse())).toEqual(forward);
        const hasRequired = selection.includes('chain') || selection.includes('motor');
        expect(forward.includes('MISSING_REQUIRED_OPTIONS')).toBe(selection.length > 0 && !hasRequired);
      }),
    );
  });
});

describe('optionsPrice and decimals', () => {
  it('sums option prices exactly', () => {
    expect(optionsPrice({ optionGroups: groups }, ['motor', 'weighted'])).toBe('332.50');
    expect(optionsPrice({ optionGroups: groups }, [])).toBe('0.00');
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.30');
  });

  it('rounds half away from zero', () => {
    expect(fromScaled(toScaled('2.345'))).toBe('2.35');
    expect(fromScaled(toScaled('-2.345'))).toBe('-2.35');
    expect(fromScaled(toScaled('2.3449'))).toBe('2.34');
    expect(fromScaled(toScaled('-0.001'))).toBe('0.00');
    expect(() => toScaled('1e3')).toThrow();
  });

  it('adds cents exactly, whatever the amounts', () => {
    const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });
    const text = (c: number) =>
      `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 20 }), (list) => {
        const total = list.reduce((a, b) => a + b, 0);
        expect(sumDecimals(list.map(text))).toBe(text(total));
      }),
    );
  });
});
