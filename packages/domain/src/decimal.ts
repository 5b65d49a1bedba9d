/**
 * Exact decimal arithmetic for money: values are strings like "1234.50", computed as BigInt
 * scaled by 10^4, so no amount ever passes through binary floating point.
 */
export const DECIMAL_SCALE = 4;
const FACTOR = 10n ** BigInt(DECIMAL_SCALE);

/** A plain decimal string: optional minus, digits, at most four decimals ("12", "0.5", "-3.1250"). */
export const DECIMAL_PATTERN = /^-?\d+(\.\d{1,4})?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** "12.5" → 125000n (units of 1/10^4). Throws on anything that is not a plain decimal string. */
export function toScaled(value: string): bigint {
  if (!DECIMAL_PATTERN.test(value)) throw new Error(`Not a decimal: '${value}'`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const scaled = BigInt(whole) * FACTOR + BigInt(fraction.padEnd(DECIMAL_SCALE, '0'));
  return negative ? -scaled : scaled;
}

/** 125000n → "12.50" with `places` decimals (0..4), rounding half away from zero. */
export function fromScaled(scaled: bigint, places = 2): string {
  if (!Number.isInteger(places) || places < 0 || places > DECIMAL_SCALE) throw new Error('places: 0..4');
  const step = 10n ** BigInt(DECIMAL_SCALE - places);
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const rounded = ((abs + step / 2n) / step) * step;
  const whole = rounded / FACTOR;
  const fraction = (rounded % FACTOR).toString().padStart(DECIMAL_SCALE, '0').slice(0, places);
  const text = places > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative && rounded !== 0n ? `-${text}` : text;
}

/** The exact sum of decimal strings, written with `places` decimals. */
export function sumDecimals(values: readonly string[], places = 2): string {
  return fromScaled(
    values.reduce((total, v) => total + toScaled(v), 0n),
    places,
  );
}

export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const d = toScaled(a) - toScaled(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
