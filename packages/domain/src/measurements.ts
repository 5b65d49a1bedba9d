import type { CatalogUnit } from './catalog';

/**
 * Measurements as a dealer enters them (DESIGN §5): metric values are whole millimetres, imperial
 * values are inches in sixteenths (halves and quarters always, eighths and sixteenths unless the
 * brand disables them). A value is kept with its unit exactly as entered and shown back the same.
 */
export type MeasureUnit = CatalogUnit;
export type MeasureSystem = 'METRIC' | 'IMPERIAL';

/** A size as stored: `value` is a plain decimal string in `unit` ("1200", "36.375"). */
export type Measure = { value: string; unit: MeasureUnit };

export const unitOfSystem = (system: MeasureSystem): MeasureUnit => (system === 'IMPERIAL' ? 'in' : 'mm');

/** The smallest step an imperial value may take: 16 (sixteenths) or 4 (quarters only). */
export const fractionDenominator = (disableFineFractions: boolean): 4 | 16 => (disableFineFractions ? 4 : 16);

/** The fractions a picker offers, as [numerator, denominator] in lowest terms, from 0 up. */
export function fractionChoices(disableFineFractions: boolean): { label: string; sixteenths: number }[] {
  const step = 16 / fractionDenominator(disableFineFractions);
  const out: { label: string; sixteenths: number }[] = [];
  for (let s = 0; s < 16; s += step) out.push({ label: s === 0 ? '0' : fractionLabel(s), sixteenths: s });
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 6 → "3/8" (a number of sixteenths below 16, in lowest terms). */
export function fractionLabel(sixteenths: number): string {
  const d = gcd(sixteenths, 16);
  return `${sixteenths / d}/${16 / d}`;
}

/** 10^(4 − places): a fraction of `places` digits in ten-thousandths. */
const TEN_THOUSANDTHS = [0, 1000, 100, 10, 1];

/**
 * Whole sixteenths in a decimal inch string, or undefined when it is not a whole number of them.
 * Read digit by digit (every inch size priced goes through here); more than 15 whole digits, the
 * regex way below, with the same answer.
 */
export function inchesToSixteenths(value: string): number | undefined {
  const n = value.length;
  let i = 0;
  let whole = 0;
  for (; i < n; i += 1) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    whole = whole * 10 + d;
  }
  if (i === 0) return undefined;
  if (i > 15) return inchesToSixteenthsByPattern(value);
  let fraction = 0;
  if (i < n) {
    if (value.charCodeAt(i) !== 46) return undefined; // '.'
    const start = i + 1;
    for (i = start; i < n; i += 1) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return undefined;
      fraction = fraction * 10 + d;
    }
    const places = n - start;
    if (places === 0 || places > 4) return undefined;
    fraction *= TEN_THOUSANDTHS[places]!;
  }
  if (fraction % 625 !== 0) return undefined;
  const total = whole * 16 + fraction / 625;
  return Number.isSafeInteger(total) ? total : undefined;
}

function inchesToSixteenthsByPattern(value: string): number | undefined {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(value);
  if (!m) return undefined;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(4, '0'));
  // A sixteenth is 625/10000 of an inch.
  if (fraction % 625 !== 0) return undefined;
  const total = whole * 16 + fraction / 625;
  return Number.isSafeInteger(total) ? total : undefined;
}

/** 582 → "36.375": a number of sixteenths as the plain decimal inch string that is stored. */
export function sixteenthsToInches(sixteenths: number): string {
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return `${whole}`;
  return `${whole}.${String(rest * 625)
    .padStart(4, '0')
    .replace(/0+$/, '')}`;
}

/** "36.375" → `36 3/8`, "36" → `36`, "0.5" → `1/2`: inches with their fraction, no unit sign. */
export function formatInches(value: string): string {
  const sixteenths = inchesToSixteenths(value);
  if (sixteenths === undefined) return value;
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return `${whole}`;
  return whole === 0 ? fractionLabel(rest) : `${whole} ${fractionLabel(rest)}`;
}

/**
 * `36 3/8`, `36-3/8`, `36`, `3/8`, `36.375` → "36.375"; undefined for anything that is not a
 * whole number of sixteenths (or of `denominator`ths).
 */
export function parseInches(text: string, denominator: 4 | 16 = 16): string | undefined {
  const t = text.trim().replace(/"$/, '').trim();
  let sixteenths: number | undefined;
  const mixed = /^(?:(\d+)(?:\s+|-))?(\d+)\/(\d+)$/.exec(t);
  if (mixed) {
    const whole = Number(mixed[1] ?? 0);
    const num = Number(mixed[2]);
    const den = Number(mixed[3]);
    if (![2, 4, 8, 16].includes(den) || num >= den) return undefined;
    sixteenths = whole * 16 + (num * 16) / den;
  } else sixteenths = inchesToSixteenths(t);
  if (sixteenths === undefined || sixteenths % (16 / denominator) !== 0) return undefined;
  return sixteenthsToInches(sixteenths);
}

/** A size shown exactly as entered: `36 3/8"` or `1200 mm`. */
export function formatMeasure(m: Measure): string {
  return m.unit === 'in' ? `${formatInches(m.value)}"` : `${m.value} mm`;
}

/** Why a value cannot be a size in its unit, or undefined when it can. */
export function measureProblem(m: Measure, disableFineFractions = false): string | undefined {
  if (m.unit === 'mm') return /^[1-9]\d{0,5}$/.test(m.value) ? undefined : 'Millimetres are whole numbers';
  const s = inchesToSixteenths(m.value);
  if (s === undefined || s <= 0 || s > 16 * 10000) return 'Inches are whole sixteenths';
  if (s % (16 / fractionDenominator(disableFineFractions)) !== 0)
    return 'This brand takes halves and quarters of an inch only';
  return undefined;
}

/**
 * A size in another unit as a number for comparing with price-grid breakpoints (25.4 mm to the
 * inch). Integer arithmetic first, one division last, so a size that lands on a whole breakpoint
 * compares equal to it (50 in is exactly 1270 mm).
 */
export function sizeIn(m: Measure, unit: MeasureUnit): number {
  if (m.unit === unit) return Number(m.value);
  if (m.unit === 'in') {
    const sixteenths = inchesToSixteenths(m.value) ?? Number.NaN;
    return (sixteenths * 254) / 160;
  }
  return (Number(m.value) * 10) / 254;
}

/** Why typed text is not a whole number, named so the screen can say it in the dealer's words. */
export type WholeNumberProblem =
  | 'empty'
  | 'exponent'
  | 'decimalPoint'
  | 'fraction'
  | 'negative'
  | 'notANumber';

export type WholeNumberText = { ok: true; value: number } | { ok: false; problem: WholeNumberProblem };

const SPACES = /[\s\u00a0\u202f]+/g;

/**
 * Typed or pasted text of a whole-number field (a size's whole part, a quantity), never changed
 * silently: spaces around it and a leading '+' are dropped, digit groups split by spaces
 * ("1 200") join, a trailing unit word of `units` ("mm", '"') is dropped; a decimal point, a
 * fraction, a minus sign or exponent notation ("1e3") is refused with its reason.
 */
export function readWholeNumber(text: string, units: readonly string[] = []): WholeNumberText {
  let t = text.replace(SPACES, ' ').trim();
  for (const unit of units)
    if (t.toLowerCase().endsWith(unit.toLowerCase())) {
      t = t.slice(0, t.length - unit.length).trim();
      break;
    }
  if (t === '') return { ok: false, problem: 'empty' };
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(t)) return { ok: false, problem: 'exponent' };
  if (/^[-−–]\s*[\d.]/.test(t)) return { ok: false, problem: 'negative' };
  const unsigned = t.replace(/^\+\s*/, '');
  if (/^\d+$/.test(unsigned) || /^\d{1,3}( \d{3})+$/.test(unsigned))
    return { ok: true, value: Number(unsigned.replace(/ /g, '')) };
  // "1200,5" is a decimal comma; "1,200" may be a thousands comma, so it is refused as unclear
  if (
    /^\d*\.\d+$|^\d+\.$/.test(unsigned) ||
    (/^\d*,\d+$/.test(unsigned) && !/^\d{1,3},\d{3}$/.test(unsigned))
  )
    return { ok: false, problem: 'decimalPoint' };
  if (/^(\d+[ -])?\d+\/\d+$/.test(unsigned)) return { ok: false, problem: 'fraction' };
  return { ok: false, problem: 'notANumber' };
}

/** n / d rounded to the nearest whole number, halves up (n ≥ 0, d > 0, both safe integers). */
function divRoundHalfUp(n: number, d: number): number {
  const q = Math.floor(n / d);
  return (n - q * d) * 2 >= d ? q + 1 : q;
}

/**
 * Whole millimetres → sixteenths of an inch, to the nearest step of the brand's finest fraction
 * (a quarter when it disables eighths and sixteenths), halves up: 1200 mm = 47.244" → 47 1/4"
 * (756 sixteenths) either way. Exact: mm × 160 / 254 sixteenths in integers.
 */
export function mmToSixteenths(mm: number, disableFineFractions: boolean): number {
  const step = 16 / fractionDenominator(disableFineFractions);
  return divRoundHalfUp(mm * 160, 254 * step) * step;
}

/** Sixteenths of an inch → the nearest whole millimetre, halves up: 47 1/4" = 1200.15 mm → 1200. */
export function sixteenthsToMm(sixteenths: number): number {
  return divRoundHalfUp(sixteenths * 254, 160);
}

/** A catalog's size limits for one dimension, in the catalog's unit (either may be missing). */
export type DimensionLimits = { min?: number | null; max?: number | null };

/**
 * The sizes a dimension's limits allow, as a dealer can type them in `unit`: whole millimetres,
 * or sixteenths of an inch in the brand's steps. The bounds are rounded inwards (the smallest
 * typeable size at or above the minimum, the largest at or below the maximum), so a size passes
 * here exactly when the server's comparison in the catalog's unit passes. Bounds in `unit`'s
 * counting number: millimetres, or sixteenths for inches.
 */
export function typeableRange(
  limits: DimensionLimits,
  catalogUnit: MeasureUnit,
  unit: MeasureUnit,
  disableFineFractions: boolean,
): { min?: number; max?: number } {
  const step = unit === 'in' ? 16 / fractionDenominator(disableFineFractions) : 1;
  // the limit in the unit's counting number (mm, or sixteenths), as a float
  const counted = (limit: number) =>
    catalogUnit === unit
      ? unit === 'in'
        ? limit * 16
        : limit
      : unit === 'in'
        ? (limit * 160) / 254
        : (limit * 254) / 10;
  // a float a hair off a whole count (12 in = 304.8 mm, 300 mm = 188.97… sixteenths) rounds as meant
  const EPS = 1e-9;
  const out: { min?: number; max?: number } = {};
  if (limits.min !== undefined && limits.min !== null)
    out.min = Math.ceil(counted(limits.min) / step - EPS) * step;
  if (limits.max !== undefined && limits.max !== null)
    out.max = Math.floor(counted(limits.max) / step + EPS) * step;
  return out;
}

/** A counted size (millimetres, or sixteenths for inches) shown with its unit: `1200 mm`, `47 1/4"`. */
export function formatCounted(count: number, unit: MeasureUnit): string {
  return formatMeasure({ value: unit === 'in' ? sixteenthsToInches(count) : String(count), unit });
}
