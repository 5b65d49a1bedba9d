import '../product-strings';
import { formatMeasure, sixteenthsToInches } from '@slat/domain';
import { describe, expect, it } from 'vitest';
import {
  convertParts,
  fractionOptions,
  measureToParts,
  partsToValue,
  readSize,
  sizeProblemMessage,
  sizeRangeMessage,
} from './measurement-input';

const labels = (options: { label: string }[]) => options.map((o) => o.label);

describe('sizes as whole numbers and fractions', () => {
  it('a stored imperial size splits into whole inches and sixteenths: 36.375 in is 36 and 3/8', () => {
    expect(measureToParts({ value: '36.375', unit: 'in' })).toEqual({ whole: '36', sixteenths: 6 });
    expect(measureToParts({ value: '36', unit: 'in' })).toEqual({ whole: '36', sixteenths: 0 });
    expect(measureToParts({ value: '0.5', unit: 'in' })).toEqual({ whole: '0', sixteenths: 8 });
    expect(measureToParts({ value: '12.0625', unit: 'in' })).toEqual({ whole: '12', sixteenths: 1 });
  });

  it('a stored metric size is whole millimetres, with no fraction', () => {
    expect(measureToParts({ value: '1200', unit: 'mm' })).toEqual({ whole: '1200', sixteenths: 0 });
    expect(measureToParts(null)).toEqual({ whole: '', sixteenths: 0 });
    expect(measureToParts(undefined)).toEqual({ whole: '', sixteenths: 0 });
  });

  it('whole inches and a fraction make the number the API takes: 36 + 3/8 → 36.375', () => {
    expect(partsToValue({ whole: '36', sixteenths: 6 }, 'in')).toBe(36.375);
    expect(partsToValue({ whole: '36', sixteenths: 0 }, 'in')).toBe(36);
    expect(partsToValue({ whole: '1200', sixteenths: 6 }, 'mm')).toBe(1200);
    expect(partsToValue({ whole: '', sixteenths: 6 }, 'in')).toBeUndefined();
  });

  it('every sixteenth from 0 to 200 inches goes to the inputs and back unchanged, and shows as entered', () => {
    for (let s = 1; s <= 200 * 16; s++) {
      const value = sixteenthsToInches(s);
      const parts = measureToParts({ value, unit: 'in' });
      expect(Number(parts.whole) * 16 + parts.sixteenths).toBe(s);
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
  const problem = (whole: string, unit: 'mm' | 'in', coarse = false, sixteenths = 0) => {
    const size = readSize({ whole, sixteenths }, unit, coarse);
    return size.ok ? undefined : size.problem;
  };

  it('an empty size is required; nothing but 0 is not a size', () => {
    expect(problem('', 'mm')).toBe('required');
    expect(problem('  ', 'in')).toBe('required');
    expect(problem('0', 'in')).toBe('zero');
    expect(problem('0', 'mm')).toBe('zero');
    // half an inch is a size
    expect(problem('0', 'in', false, 8)).toBeUndefined();
  });

  it('a fine fraction is refused for a brand that disables them; quarters pass', () => {
    expect(problem('36', 'in', true, 6)).toBe('fineFraction');
    expect(problem('36', 'in', true, 12)).toBeUndefined();
    expect(problem('36', 'in', false, 6)).toBeUndefined();
    // millimetres have no fraction to refuse
    expect(problem('1200', 'mm', true)).toBeUndefined();
  });

  it('a size past the API limit is refused', () => {
    expect(problem('10001', 'in')).toBe('tooLarge');
    expect(problem('10000', 'in', false, 4)).toBe('tooLarge');
    expect(problem('10000', 'in')).toBeUndefined();
    expect(problem('1000000', 'mm')).toBe('tooLarge');
    expect(problem('999999', 'mm')).toBeUndefined();
  });

  it('what is typed is read as typed: 1200.5 is not 12005, 1e3 is not 13, -500 is not 500', () => {
    expect(problem('1200.5', 'mm')).toBe('decimalPoint');
    expect(partsToValue({ whole: '1200.5', sixteenths: 0 }, 'mm')).toBeUndefined();
    expect(problem('1e3', 'mm')).toBe('exponent');
    expect(partsToValue({ whole: '1e3', sixteenths: 0 }, 'mm')).toBeUndefined();
    expect(problem('-500', 'mm')).toBe('negative');
    expect(partsToValue({ whole: '-500', sixteenths: 0 }, 'mm')).toBeUndefined();
    expect(problem('abc', 'mm')).toBe('notANumber');
    expect(problem('36 3/8', 'in')).toBe('fraction');
  });

  it('pasted text with spaces or its unit is the number in it', () => {
    expect(partsToValue({ whole: ' 1200 ', sixteenths: 0 }, 'mm')).toBe(1200);
    expect(partsToValue({ whole: '1200 mm', sixteenths: 0 }, 'mm')).toBe(1200);
    expect(partsToValue({ whole: '+1200', sixteenths: 0 }, 'mm')).toBe(1200);
    expect(partsToValue({ whole: '47"', sixteenths: 4 }, 'in')).toBe(47.25);
  });

  it('each refusal says why in the dealer’s words, naming what was typed', () => {
    const say = (whole: string, unit: 'mm' | 'in') => {
      const size = readSize({ whole, sixteenths: 0 }, unit, false);
      return size.ok ? undefined : sizeProblemMessage(size.problem, 'Width', whole, unit);
    };
    expect(say('1200.5', 'mm')).toBe('Millimetres are whole numbers: 1200.5 has a decimal point');
    expect(say('47.5', 'in')).toBe(
      'Type whole inches here and choose the fraction beside: 47.5 has a decimal point',
    );
    expect(say('1e3', 'mm')).toBe('Type the number in full: 1e3 is exponent notation');
    expect(say('-500', 'mm')).toBe('Width cannot be negative: -500 has a minus sign');
    expect(say('abc', 'mm')).toBe('Enter whole millimetres, like 1200');
    expect(say('0', 'mm')).toBe('Width must be more than 0');
    expect(say('', 'mm')).toBe('Width is required');
  });
});

describe('the unit switch converts the size', () => {
  it('1200 mm → 47 1/4" with sixteenths and with quarters only; back to 1200 mm', () => {
    expect(convertParts({ whole: '1200', sixteenths: 0 }, 'mm', 'in', false)).toEqual({
      whole: '47',
      sixteenths: 4,
    });
    expect(convertParts({ whole: '1200', sixteenths: 0 }, 'mm', 'in', true)).toEqual({
      whole: '47',
      sixteenths: 4,
    });
    expect(convertParts({ whole: '47', sixteenths: 4 }, 'in', 'mm', false)).toEqual({
      whole: '1200',
      sixteenths: 0,
    });
  });

  it('to the nearest of the brand’s finest fraction: 1000 mm is 39 3/8" or, in quarters, 39 1/4"', () => {
    expect(convertParts({ whole: '1000', sixteenths: 0 }, 'mm', 'in', false)).toEqual({
      whole: '39',
      sixteenths: 6,
    });
    expect(convertParts({ whole: '1000', sixteenths: 0 }, 'mm', 'in', true)).toEqual({
      whole: '39',
      sixteenths: 4,
    });
  });

  it('leaves text that is not a size as typed, and an empty size empty', () => {
    expect(convertParts({ whole: '1200.5', sixteenths: 0 }, 'mm', 'in', false)).toEqual({
      whole: '1200.5',
      sixteenths: 0,
    });
    expect(convertParts({ whole: '', sixteenths: 8 }, 'in', 'mm', false)).toEqual({
      whole: '',
      sixteenths: 0,
    });
    expect(convertParts({ whole: '36', sixteenths: 6 }, 'in', 'in', false)).toEqual({
      whole: '36',
      sixteenths: 6,
    });
  });
});

describe('a size outside the catalog’s limits', () => {
  const mm = { min: 300, max: 3000 };
  it('names the allowed range: Width must be between 300 and 3000 mm', () => {
    expect(sizeRangeMessage({ whole: '3500', sixteenths: 0 }, 'mm', mm, 'Width')).toBe(
      'Width must be between 300 and 3000 mm',
    );
    expect(sizeRangeMessage({ whole: '200', sixteenths: 0 }, 'mm', mm, 'Height')).toBe(
      'Height must be between 300 and 3000 mm',
    );
    expect(sizeRangeMessage({ whole: '3000', sixteenths: 0 }, 'mm', mm, 'Width')).toBeUndefined();
    expect(sizeRangeMessage({ whole: '300', sixteenths: 0 }, 'mm', mm, 'Width')).toBeUndefined();
  });

  it('in inches with their fractions, and one-sided limits as at least / at most', () => {
    expect(sizeRangeMessage({ whole: '100', sixteenths: 0 }, 'in', { min: 192, max: 1536 }, 'Width')).toBe(
      'Width must be between 12 and 96"',
    );
    expect(sizeRangeMessage({ whole: '11', sixteenths: 0 }, 'in', { min: 189 }, 'Width')).toBe(
      'Width must be at least 11 13/16"',
    );
    expect(sizeRangeMessage({ whole: '3500', sixteenths: 0 }, 'mm', { max: 3000 }, 'Width')).toBe(
      'Width must be at most 3000 mm',
    );
  });

  it('says nothing without limits or before the text is a size', () => {
    expect(sizeRangeMessage({ whole: '3500', sixteenths: 0 }, 'mm', undefined, 'Width')).toBeUndefined();
    expect(sizeRangeMessage({ whole: '35.5', sixteenths: 0 }, 'mm', mm, 'Width')).toBeUndefined();
  });
});
