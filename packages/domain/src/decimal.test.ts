import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, DECIMAL_SCALE, fromScaled, isDecimal, sumDecimals, toScaled } from './decimal';

// References written independently of decimal.ts: plain BigInt division with remainder and string
// slicing, never a Number, so a float anywhere in decimal.ts shows up as a mismatch on the large
// amounts below (far past 2^53, where a double can no longer hold every ten-thousandth).
const LIMIT = 10n ** 24n;

/** `scaled` (units of 1/10^4) written with `places` decimals, rounding half away from zero. */
function referenceText(scaled: bigint, places: number): string {
  const step = 10n ** BigInt(DECIMAL_SCALE - places);
  const abs = scaled < 0n ? -scaled : scaled;
  const remainder = abs % step;
  const units = abs / step + (remainder * 2n >= step ? 1n : 0n);
  const digits = units.toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return scaled < 0n && units !== 0n ? `-${text}` : text;
}

/** A decimal string as people write it: optional sign, leading zeros kept, 0 to 4 decimals. */
const decimalText = fc.stringMatching(/^-?\d{1,24}(\.\d{1,4})?$/);
const scaled = fc.bigInt({ min: -LIMIT, max: LIMIT });
const places = fc.integer({ min: 0, max: DECIMAL_SCALE });
const negate = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`);
const exact = (value: string) => fromScaled(toScaled(value), DECIMAL_SCALE);

describe('parsing and writing decimals', () => {
  it('reads back exactly what it writes with all four decimals', () => {
    fc.assert(
      fc.property(scaled, (n) => {
        const text = fromScaled(n, DECIMAL_SCALE);
        expect(text).toBe(referenceText(n, DECIMAL_SCALE));
        expect(isDecimal(text)).toBe(true);
        expect(toScaled(text)).toBe(n);
      }),
    );
  });

  it('reads any plain decimal string to the same value as its canonical form', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const negative = text.startsWith('-');
        const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
        const digits = `${whole}${fraction.padEnd(DECIMAL_SCALE, '0')}`.replace(/^0+(?=\d)/, '');
        const expected = BigInt(digits) * (negative ? -1n : 1n);
        expect(isDecimal(text)).toBe(true);
        expect(toScaled(text)).toBe(expected);
        expect(exact(exact(text))).toBe(exact(text));
      }),
    );
  });

  it('refuses what is not a plain decimal string, instead of guessing like Number() would', () => {
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+1',
      '1.',
      '.5',
      '1e3',
      '0x10',
      '1,50',
      '1.23456',
      'NaN',
      'Infinity',
      '--1',
      '١',
    ]) {
      expect(isDecimal(text), text).toBe(false);
      expect(() => toScaled(text), text).toThrow(`Not a decimal: '${text}'`);
    }
  });

  it('writes 0 to 4 decimals and refuses other counts', () => {
    expect(fromScaled(123_456_789n, 0)).toBe('12346');
    expect(fromScaled(123_456_789n, 1)).toBe('12345.7');
    expect(fromScaled(123_456_789n, 3)).toBe('12345.679');
    expect(fromScaled(123_456_789n, 4)).toBe('12345.6789');
    expect(fromScaled(123_456_789n)).toBe('12345.68');
    for (const bad of [-1, 5, 1.5, Number.NaN]) expect(() => fromScaled(1n, bad)).toThrow('places: 0..4');
  });
});

describe('rounding half away from zero', () => {
  const round = (value: string, to: number) => fromScaled(toScaled(value), to);

  it('rounds a half up in size on both sides of zero (never to even), less than a half down, and never to -0', () => {
    const cases: [value: string, places: number, rounded: string][] = [
      ['2.5', 0, '3'],
      ['-2.5', 0, '-3'],
      ['0.5', 0, '1'],
      ['1.5', 0, '2'],
      ['-0.5', 0, '-1'],
      ['1.005', 2, '1.01'],
      ['0.125', 2, '0.13'],
      ['-0.125', 2, '-0.13'],
      ['-1.005', 2, '-1.01'],
      ['2.675', 2, '2.68'],
      ['0.0005', 3, '0.001'],
      ['9.995', 2, '10.00'],
      ['-9.9995', 3, '-10.000'],
      ['1.0049', 2, '1.00'],
      ['0.1249', 2, '0.12'],
      ['-2.4999', 0, '-2'],
      ['-0.0049', 2, '0.00'],
      ['-0.4', 0, '0'],
      ['-0', 2, '0.00'],
    ];
    for (const [value, places, rounded] of cases)
      expect(round(value, places), `${value} to ${places}`).toBe(rounded);
  });

  it('agrees with a BigInt reference for every amount and number of decimals', () => {
    fc.assert(
      fc.property(scaled, places, (n, p) => {
        expect(fromScaled(n, p)).toBe(referenceText(n, p));
      }),
    );
  });

  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(scaled, places, (n, p) => {
        const positive = fromScaled(n < 0n ? -n : n, p);
        const negative = fromScaled(n < 0n ? n : -n, p);
        expect(negative).toBe(/^[0.]+$/.test(positive) ? positive : `-${positive}`);
      }),
    );
  });
});

describe('sums', () => {
  it('are exact where binary floating point is not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.1', '0.2'], 1)).toBe('0.3');
    expect(sumDecimals(['0.1', '0.2'], 4)).toBe('0.3000');
    expect(sumDecimals(['1.1', '2.2'], 4)).toBe('3.3000');
    expect(sumDecimals(['9007199254740993.0001', '0.0001'], 4)).toBe('9007199254740993.0002');
    expect(sumDecimals(['123456789012345678.9999', '0.0001'], 4)).toBe('123456789012345679.0000');
    expect(
      sumDecimals(
        Array.from({ length: 10 }, () => '0.1'),
        4,
      ),
    ).toBe('1.0000');
  });

  it('round once, after adding, not each term', () => {
    expect(sumDecimals(['0.005', '0.005'])).toBe('0.01');
    expect(sumDecimals(['0.004', '0.004'])).toBe('0.01');
    expect(sumDecimals(['0.0049', '0.0049', '0.0049'], 2)).toBe('0.01');
    expect(sumDecimals([])).toBe('0.00');
  });

  it('equal the BigInt sum of the amounts, at any number of decimals', () => {
    fc.assert(
      fc.property(fc.array(scaled, { maxLength: 12 }), places, (list, p) => {
        const total = list.reduce((a, b) => a + b, 0n);
        expect(
          sumDecimals(
            list.map((n) => referenceText(n, DECIMAL_SCALE)),
            p,
          ),
        ).toBe(referenceText(total, p));
      }),
    );
  });

  it('do not depend on order or grouping (commutative, associative)', () => {
    fc.assert(
      fc.property(fc.array(decimalText, { maxLength: 12 }), fc.nat(), (list, seed) => {
        const cut = list.length === 0 ? 0 : seed % (list.length + 1);
        const reversed = [...list].reverse();
        const grouped = [sumDecimals(list.slice(0, cut), 4), sumDecimals(list.slice(cut), 4)];
        expect(sumDecimals(reversed, 4)).toBe(sumDecimals(list, 4));
        expect(sumDecimals(grouped, 4)).toBe(sumDecimals(list, 4));
      }),
    );
  });

  it('have zero as identity, a − a = 0, and a + a + … (n times) = n × a', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 20 }), (a, n) => {
        expect(sumDecimals([a, '0'], 4)).toBe(exact(a));
        expect(sumDecimals([a], 4)).toBe(exact(a));
        expect(sumDecimals([a, negate(a)], 4)).toBe('0.0000');
        expect(
          sumDecimals(
            Array.from({ length: n }, () => a),
            4,
          ),
        ).toBe(referenceText(toScaled(a) * BigInt(n), DECIMAL_SCALE));
      }),
    );
  });
});

describe('compareDecimals', () => {
  it('orders by value, not by text', () => {
    expect(compareDecimals('1.10', '1.1')).toBe(0);
    expect(compareDecimals('-0', '0.0000')).toBe(0);
    expect(compareDecimals('10', '9.9999')).toBe(1);
    expect(compareDecimals('-10', '-9.9999')).toBe(-1);
    expect(compareDecimals('0012.5', '12.49')).toBe(1);
    expect(compareDecimals('12345678901234567890.0001', '12345678901234567890.0002')).toBe(-1);
  });

  it('agrees with the BigInt order, and swapping the sides flips the answer', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        const [x, y] = [referenceText(a, DECIMAL_SCALE), referenceText(b, DECIMAL_SCALE)];
        expect(compareDecimals(x, y)).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(compareDecimals(y, x)).toBe(-compareDecimals(x, y) || 0);
        expect(compareDecimals(x, x)).toBe(0);
      }),
    );
  });
});
