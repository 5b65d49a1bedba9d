import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatInches,
  formatMeasure,
  fractionChoices,
  inchesToSixteenths,
  measureProblem,
  parseInches,
  sixteenthsToInches,
  sizeIn,
} from './measurements';

describe('imperial fractions', () => {
  it('round-trips every sixteenth from 0 to 200 inches through format and parse', () => {
    for (let s = 0; s <= 200 * 16; s++) {
      const stored = sixteenthsToInches(s);
      expect(inchesToSixteenths(stored)).toBe(s);
      const shown = formatInches(stored);
      expect(parseInches(shown)).toBe(stored);
      expect(parseInches(`${shown}"`)).toBe(stored);
      // The stored decimal is exact: the same number as sixteenths / 16.
      expect(Number(stored)).toBe(s / 16);
    }
  });

  it('shows a size exactly as entered', () => {
    expect(formatMeasure({ value: parseInches('36 3/8') ?? '', unit: 'in' })).toBe('36 3/8"');
    expect(formatMeasure({ value: '36.375', unit: 'in' })).toBe('36 3/8"');
    expect(formatMeasure({ value: '0.5', unit: 'in' })).toBe('1/2"');
    expect(formatMeasure({ value: '48', unit: 'in' })).toBe('48"');
    expect(formatMeasure({ value: '1200', unit: 'mm' })).toBe('1200 mm');
  });

  it('parses mixed, hyphenated and decimal forms, and refuses what is not a sixteenth', () => {
    expect(parseInches('36-3/8')).toBe('36.375');
    expect(parseInches('3/8')).toBe('0.375');
    expect(parseInches('36.375')).toBe('36.375');
    expect(parseInches('12 2/4')).toBe('12.5');
    for (const bad of ['36 3/32', '36 5/3', '36 8/8', '36.3', 'abc', '', '-1', '1/0'])
      expect(parseInches(bad), bad).toBeUndefined();
  });

  it('offers halves and quarters always, eighths and sixteenths unless the brand disables them', () => {
    const coarse = fractionChoices(true).map((c) => c.label);
    expect(coarse).toEqual(['0', '1/4', '1/2', '3/4']);
    const fine = fractionChoices(false).map((c) => c.label);
    expect(fine).toHaveLength(16);
    expect(fine).toContain('3/8');
    expect(fine).toContain('15/16');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3200 }), (s) => {
        const stored = sixteenthsToInches(s);
        const quarter = s % 4 === 0;
        expect(parseInches(formatInches(stored), 4) !== undefined).toBe(quarter);
        expect(measureProblem({ value: stored, unit: 'in' }, true) === undefined).toBe(quarter);
        expect(measureProblem({ value: stored, unit: 'in' }, false)).toBeUndefined();
      }),
    );
  });

  it('takes whole millimetres only', () => {
    expect(measureProblem({ value: '1200', unit: 'mm' })).toBeUndefined();
    for (const bad of ['1200.5', '0', '-5', '01200', 'x'])
      expect(measureProblem({ value: bad, unit: 'mm' }), bad).toBe('Millimetres are whole numbers');
  });
});

describe('sizeIn', () => {
  it('converts inches to millimetres exactly where the result is whole (25.4 mm to the inch)', () => {
    expect(sizeIn({ value: '50', unit: 'in' }, 'mm')).toBe(1270);
    expect(sizeIn({ value: '1270', unit: 'mm' }, 'in')).toBe(50);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3200 }), (s) => {
        const mm = sizeIn({ value: sixteenthsToInches(s), unit: 'in' }, 'mm');
        // 1/16 in = 1.5875 mm: the float result is the correctly rounded exact value.
        expect(Math.abs(mm - s * 1.5875)).toBeLessThan(1e-9);
        if (s % 80 === 0) expect(Number.isInteger(mm)).toBe(true);
      }),
    );
  });
});
