import { formatMeasure, sixteenthsToInches } from '@slat/domain';
import { describe, expect, it } from 'vitest';
import { fractionOptions, measureToParts, partsToValue, sizePartsProblem } from './measurement-input';

const labels = (options: { label: string }[]) => options.map((o) => o.label);

describe('sizes as whole numbers and fractions', () => {
  it('a stored imperial size splits into whole inches and sixteenths: 36.375 in is 36 and 3/8', () => {
    expect(measureToParts({ value: '36.375', unit: 'in' })).toEqual({ whole: 36, sixteenths: 6 });
    expect(measureToParts({ value: '36', unit: 'in' })).toEqual({ whole: 36, sixteenths: 0 });
    expect(measureToParts({ value: '0.5', unit: 'in' })).toEqual({ whole: 0, sixteenths: 8 });
    expect(measureToParts({ value: '12.0625', unit: 'in' })).toEqual({ whole: 12, sixteenths: 1 });
  });

  it('a stored metric size is whole millimetres, with no fraction', () => {
    expect(measureToParts({ value: '1200', unit: 'mm' })).toEqual({ whole: 1200, sixteenths: 0 });
    expect(measureToParts(null)).toEqual({ whole: null, sixteenths: 0 });
    expect(measureToParts(undefined)).toEqual({ whole: null, sixteenths: 0 });
  });

  it('whole inches and a fraction make the number the API takes: 36 + 3/8 → 36.375', () => {
    expect(partsToValue({ whole: 36, sixteenths: 6 }, 'in')).toBe(36.375);
    expect(partsToValue({ whole: 36, sixteenths: 0 }, 'in')).toBe(36);
    expect(partsToValue({ whole: 1200, sixteenths: 6 }, 'mm')).toBe(1200);
    expect(partsToValue({ whole: null, sixteenths: 6 }, 'in')).toBeUndefined();
  });

  it('every sixteenth from 0 to 200 inches goes to the inputs and back unchanged, and shows as entered', () => {
    for (let s = 1; s <= 200 * 16; s++) {
      const value = sixteenthsToInches(s);
      const parts = measureToParts({ value, unit: 'in' });
      expect(parts.whole! * 16 + parts.sixteenths).toBe(s);
      const back = partsToValue(parts, 'in');
      expect(String(back)).toBe(value);
      expect(formatMeasure({ value: String(back), unit: 'in' })).toBe(formatMeasure({ value, unit: 'in' }));
    }
  });
});

describe('the fraction picker', () => {
  it('offers halves and quarters always, and eighths and sixteenths when the brand allows them', () => {
    const fine = fractionOptions(false);
    expect(fine).toHaveLength(16);
    expect(labels(fine)).toEqual([
      '0',
      '1/16',
      '1/8',
      '3/16',
      '1/4',
      '5/16',
      '3/8',
      '7/16',
      '1/2',
      '9/16',
      '5/8',
      '11/16',
      '3/4',
      '13/16',
      '7/8',
      '15/16',
    ]);
    expect(fine.find((o) => o.label === '3/8')?.value).toBe('6');
  });

  it('offers only 0, 1/4, 1/2 and 3/4 when the brand disables fine fractions (no eighths)', () => {
    const coarse = fractionOptions(true);
    expect(labels(coarse)).toEqual(['0', '1/4', '1/2', '3/4']);
    expect(coarse.map((o) => o.value)).toEqual(['0', '4', '8', '12']);
    expect(labels(coarse).some((l) => l.endsWith('/8') || l.endsWith('/16'))).toBe(false);
  });

  it('keeps a fine fraction a line already holds, so it shows as entered', () => {
    expect(labels(fractionOptions(true, 6))).toEqual(['0', '1/4', '3/8', '1/2', '3/4']);
    expect(labels(fractionOptions(true, 8))).toEqual(['0', '1/4', '1/2', '3/4']);
  });
});

describe('what the size inputs refuse', () => {
  it('an empty size is required', () => {
    expect(sizePartsProblem({ whole: null, sixteenths: 0 }, 'mm', false)).toBe('required');
    expect(sizePartsProblem({ whole: 0, sixteenths: 0 }, 'in', false)).toBe('required');
    expect(sizePartsProblem({ whole: 0, sixteenths: 0 }, 'mm', false)).toBe('required');
  });

  it('a fine fraction is refused for a brand that disables them; quarters pass', () => {
    expect(sizePartsProblem({ whole: 36, sixteenths: 6 }, 'in', true)).toBe('fineFraction');
    expect(sizePartsProblem({ whole: 36, sixteenths: 12 }, 'in', true)).toBeUndefined();
    expect(sizePartsProblem({ whole: 36, sixteenths: 6 }, 'in', false)).toBeUndefined();
    // millimetres have no fraction to refuse
    expect(sizePartsProblem({ whole: 1200, sixteenths: 0 }, 'mm', true)).toBeUndefined();
  });

  it('a size past the API limit is refused', () => {
    expect(sizePartsProblem({ whole: 10_001, sixteenths: 0 }, 'in', false)).toBe('tooLarge');
    expect(sizePartsProblem({ whole: 1_000_000, sixteenths: 0 }, 'mm', false)).toBe('tooLarge');
    expect(sizePartsProblem({ whole: 999_999, sixteenths: 0 }, 'mm', false)).toBeUndefined();
  });
});
