/** How the frame writes money, fabric sizes and colour swatches (no libraries). */
import { formatMeasure } from '../../../../packages/domain/src/measurements';
import type { MeasureUnit } from './display';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/**
 * A decimal string as the SPA's lib/format.ts formatMoney writes it: $1,234.50. The string goes
 * to Intl as it is (Intl reads decimal strings exactly; no float round trip).
 */
export function formatMoney(amount: string): string {
  return money.format(amount as unknown as number);
}

/**
 * A fabric's width or repeat in the product's unit: `118 1/8"` (inches in sixteenths, shown with
 * their fraction) or `3000 mm`. A value that is not a whole sixteenth is shown as a decimal.
 */
export function formatFabricSize(value: number, unit: MeasureUnit): string {
  if (unit === 'mm') return `${Number.isInteger(value) ? value : Math.round(value * 10) / 10} mm`;
  return formatMeasure({ value: String(Math.round(value * 10_000) / 10_000), unit: 'in' });
}

/** Named colours a fabric's colour name may contain (the first in this list that matches wins). */
const NAMED: [string, string][] = [
  ['charcoal', '#36454f'],
  ['graphite', '#41424c'],
  ['ivory', '#fffff0'],
  ['cream', '#f3ead3'],
  ['linen', '#e9dfcf'],
  ['white', '#ffffff'],
  ['black', '#1b1b1b'],
  ['silver', '#c0c0c0'],
  ['grey', '#8d9096'],
  ['gray', '#8d9096'],
  ['stone', '#a9a295'],
  ['sand', '#d8c7a3'],
  ['beige', '#d9c8a9'],
  ['taupe', '#8b7d6b'],
  ['mocha', '#6f4e37'],
  ['brown', '#7b5137'],
  ['walnut', '#5d4030'],
  ['oak', '#b48a58'],
  ['navy', '#1f2f55'],
  ['blue', '#3f6fa8'],
  ['teal', '#167a70'],
  ['sage', '#9caf88'],
  ['olive', '#6b7041'],
  ['green', '#4c7a4c'],
  ['red', '#a83232'],
  ['rose', '#c98a94'],
  ['pink', '#e3a6b4'],
  ['yellow', '#e6c84f'],
  ['gold', '#c9a646'],
  ['orange', '#d9783a'],
  ['alabaster', '#f2f0e6'],
  ['champagne', '#eadcc0'],
  ['chalk', '#f2efe6'],
  ['snow', '#fbfbf8'],
  ['pearl', '#ece9e1'],
  ['salt', '#f1efe9'],
  ['ecru', '#e6dcc3'],
  ['oatmeal', '#d9ccb4'],
  ['flax', '#cdb98f'],
  ['natural', '#d8cbb0'],
  ['driftwood', '#a89a86'],
  ['pebble', '#b8b2a7'],
  ['mist', '#d5d9dc'],
  ['fog', '#c4c8ca'],
  ['ash', '#9a9a94'],
  ['pewter', '#8a8d8f'],
  ['slate', '#5d6670'],
  ['bronze', '#7c5f3b'],
  ['rust', '#a4502a'],
  ['emerald', '#2f6f4f'],
  ['marine', '#1f4f7a'],
  ['midnight', '#191f3a'],
  ['ink', '#23283a'],
];

/** Colours for names that match none of the named ones: a stable pick by the name's hash. */
const FALLBACK = ['#b7a58c', '#7f8c8d', '#a0785a', '#6d8a96', '#8e9b6e', '#9c7c9c', '#c2a878', '#5f6f7f'];

/** A square's colour for a fabric colour name ("Arctic White" → white); the same name, the same colour. */
export function swatchColour(name: string): string {
  const lower = name.toLowerCase();
  for (const [word, colour] of NAMED) if (lower.includes(word)) return colour;
  let hash = 0;
  for (const ch of lower) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return FALLBACK[hash % FALLBACK.length] ?? '#999999';
}
