import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCounted,
  formatInches,
  formatMeasure,
  fractionChoices,
  inchesToSixteenths,
  measureProblem,
  mmToSixteenths,
  parseInches,
  readWholeNumber,
  sixteenthsToInches,
  sixteenthsToMm,
  sizeIn,
  typeableRange,
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

describe('typed whole numbers are taken as typed or refused with a reason', () => {
  it('takes digits, with spaces around them, a leading plus, digit groups and a trailing unit', () => {
    expect(readWholeNumber('1200')).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber(' 1200 ')).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber('\t1200\u00a0')).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber('+1200')).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber('1 200')).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber('1200 mm', ['mm'])).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber('1200MM', ['mm'])).toEqual({ ok: true, value: 1200 });
    expect(readWholeNumber('47"', ['"', 'in'])).toEqual({ ok: true, value: 47 });
    expect(readWholeNumber('0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses a decimal point rather than dropping it: 1200.5 is not 12005', () => {
    expect(readWholeNumber('1200.5')).toEqual({ ok: false, problem: 'decimalPoint' });
    expect(readWholeNumber('1200,5')).toEqual({ ok: false, problem: 'decimalPoint' });
    expect(readWholeNumber('.5')).toEqual({ ok: false, problem: 'decimalPoint' });
    expect(readWholeNumber('1200.')).toEqual({ ok: false, problem: 'decimalPoint' });
  });

  it('refuses exponent notation rather than reading 1e3 as 13', () => {
    expect(readWholeNumber('1e3')).toEqual({ ok: false, problem: 'exponent' });
    expect(readWholeNumber('1E3')).toEqual({ ok: false, problem: 'exponent' });
    expect(readWholeNumber('2.5e-1')).toEqual({ ok: false, problem: 'exponent' });
  });

  it('refuses a minus sign rather than dropping it: -500 is not 500, -3 is not 3', () => {
    expect(readWholeNumber('-500')).toEqual({ ok: false, problem: 'negative' });
    expect(readWholeNumber('-3')).toEqual({ ok: false, problem: 'negative' });
    expect(readWholeNumber('−3')).toEqual({ ok: false, problem: 'negative' });
    expect(readWholeNumber('-0.5')).toEqual({ ok: false, problem: 'negative' });
  });

  it('names empty text, fractions and anything else', () => {
    expect(readWholeNumber('')).toEqual({ ok: false, problem: 'empty' });
    expect(readWholeNumber('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(readWholeNumber('36 3/8')).toEqual({ ok: false, problem: 'fraction' });
    expect(readWholeNumber('3/8')).toEqual({ ok: false, problem: 'fraction' });
    for (const text of ['abc', '12a', '1,200', '12 00', '+', '-', '0x10', '1-2'])
      expect(readWholeNumber(text), text).toEqual({ ok: false, problem: 'notANumber' });
  });
});

describe('mm ↔ in conversion', () => {
  it('1200 mm is 47 1/4" to the nearest sixteenth and to the nearest quarter', () => {
    expect(mmToSixteenths(1200, false)).toBe(756);
    expect(mmToSixteenths(1200, true)).toBe(756);
    expect(formatCounted(mmToSixteenths(1200, false), 'in')).toBe('47 1/4"');
  });

  it('rounds to the nearest step of the brand: 1000 mm = 39.37" → 39 3/8" or 39 1/2"', () => {
    // 39.370 × 16 = 629.92 → 630 sixteenths (39 3/8); in quarters 157.48 → 157 (39 1/4)
    expect(mmToSixteenths(1000, false)).toBe(630);
    expect(mmToSixteenths(1000, true)).toBe(628);
    // 25.4 mm is exactly an inch, and a half step rounds up (0.79375 mm is half a sixteenth)
    expect(mmToSixteenths(254, false)).toBe(160);
  });

  it('47 1/4" is 1200 mm to the nearest whole millimetre, and every whole mm converts back within the step', () => {
    expect(sixteenthsToMm(756)).toBe(1200);
    expect(sixteenthsToMm(16)).toBe(25);
    expect(sixteenthsToMm(8)).toBe(13); // 12.7 mm
    for (let mm = 1; mm <= 3000; mm++) {
      const s = mmToSixteenths(mm, false);
      expect(Math.abs(s / 16 - mm / 25.4)).toBeLessThanOrEqual(1 / 32 + 1e-12);
    }
  });
});

describe('the sizes a catalog allows, as they can be typed', () => {
  it('in the catalog’s own unit, the limits as they are', () => {
    expect(typeableRange({ min: 300, max: 3000 }, 'mm', 'mm', false)).toEqual({ min: 300, max: 3000 });
    expect(typeableRange({ min: 12, max: 96 }, 'in', 'in', true)).toEqual({ min: 192, max: 1536 });
    expect(typeableRange({ max: 3000 }, 'mm', 'mm', false)).toEqual({ max: 3000 });
    expect(typeableRange({ min: null, max: null }, 'mm', 'mm', false)).toEqual({});
  });

  it('in the other unit, rounded inwards to what can be typed', () => {
    // 300 mm = 11.811" → 11 13/16" (189 sixteenths) or 12" in quarters; 3000 mm = 118.11" → 118 1/16" or 118"
    expect(typeableRange({ min: 300, max: 3000 }, 'mm', 'in', false)).toEqual({ min: 189, max: 1889 });
    expect(typeableRange({ min: 300, max: 3000 }, 'mm', 'in', true)).toEqual({ min: 192, max: 1888 });
    // 12" = 304.8 mm → 305; 96" = 2438.4 mm → 2438
    expect(typeableRange({ min: 12, max: 96 }, 'in', 'mm', false)).toEqual({ min: 305, max: 2438 });
    expect(formatCounted(189, 'in')).toBe('11 13/16"');
    expect(formatCounted(305, 'mm')).toBe('305 mm');
  });

  it('a typeable size is inside the range exactly when the server’s comparison in the catalog unit passes', () => {
    const limits = { min: 300, max: 3000 };
    const range = typeableRange(limits, 'mm', 'in', false);
    for (let s = 150; s <= 2000; s++) {
      const mm = sizeIn({ value: sixteenthsToInches(s), unit: 'in' }, 'mm');
      expect(s >= range.min! && s <= range.max!, String(s)).toBe(mm >= limits.min && mm <= limits.max);
    }
  });
});
