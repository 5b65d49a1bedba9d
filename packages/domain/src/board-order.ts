/**
 * Card order in a board column: each deal has a sort key, a decimal string of any precision,
 * ascending from the top. A card dropped between two others gets the exact midpoint of their
 * keys, so a move writes one row and never renumbers the column (PostgreSQL NUMERIC keeps every
 * digit).
 */

const KEY = /^-?\d+(\.\d+)?$/;

type Scaled = { value: bigint; scale: number };

function parse(key: string): Scaled {
  if (!KEY.test(key)) throw new Error(`Not a sort key: '${key}'`);
  const negative = key.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? key.slice(1) : key).split('.');
  const value = BigInt(whole + fraction) * (negative ? -1n : 1n);
  return { value, scale: fraction.length };
}

function rescale(a: Scaled, scale: number): bigint {
  return a.value * 10n ** BigInt(scale - a.scale);
}

function format(value: bigint, scale: number): string {
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  let s = scale;
  while (s > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    s -= 1;
  }
  const text = s > 0 ? `${digits.slice(0, digits.length - s)}.${digits.slice(digits.length - s)}` : digits;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Negative, zero or positive as a sorts before, with or after b. */
export function compareSortKeys(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

function floorKey(k: Scaled): bigint {
  const f = 10n ** BigInt(k.scale);
  const q = k.value / f;
  return k.value < 0n && k.value % f !== 0n ? q - 1n : q;
}

/**
 * A key that sorts strictly between `above` and `below` (null: the column's end on that side).
 * Between two keys it is their exact midpoint; at an end it steps a whole unit out.
 */
export function sortKeyBetween(above: string | null, below: string | null): string {
  if (above === null && below === null) return '0';
  if (above === null) return format(floorKey(parse(below!)) - 1n, 0);
  if (below === null) return format(floorKey(parse(above)) + 1n, 0);
  const a = parse(above);
  const b = parse(below);
  const scale = Math.max(a.scale, b.scale);
  const sum = rescale(a, scale) + rescale(b, scale);
  if (sum % 2n === 0n) return format(sum / 2n, scale);
  return format(sum * 5n, scale + 1);
}
