import { fromScaled, toScaled } from './decimal';

/**
 * Catalog rules shared by the import, the product APIs and (later) quote pricing. Sizes are in
 * the product's unit: whole millimetres, or inches (sixteenths are exact in binary).
 */
export type CatalogUnit = 'mm' | 'in';

/**
 * Breakpoints in each dimension and one price (a decimal string) per cell: rows[d][w] is the
 * price up to drops[d] × widths[w]. A product without width (or height) has no breakpoints in
 * that dimension and one column (or row).
 */
export type PriceGrid = { widths: number[]; drops: number[]; rows: string[][] };

export type SizeLimits = { minWidth?: number; maxWidth?: number; minHeight?: number; maxHeight?: number };

export type CatalogOption = {
  key: string;
  name: string;
  type: 'BASE' | 'FABRIC';
  price: string;
  fabric?: { width: number; repeat: number; brand: string; colour: string };
};

export type OptionGroup = { key: string; name: string; required: boolean; options: CatalogOption[] };

/** What one catalog version says about a product beyond its name, brand and category. */
export type ProductDefinition = {
  unit: CatalogUnit;
  sizeLimits: SizeLimits;
  priceGrid: PriceGrid;
  optionGroups: OptionGroup[];
  rules: { incompatible: [string, string][] };
};

export type LineErrorCode =
  | 'INVALID_OPTIONS'
  | 'OPTIONS_NOT_SELECTED'
  | 'MISSING_REQUIRED_OPTIONS'
  | 'BAD_SIZE';

export type PriceResult = { ok: true; price: string } | { ok: false; error: 'BAD_SIZE' };

/** Index of the first breakpoint at or above `value`, or -1 when it is beyond the last one. */
function breakpointIndex(breakpoints: readonly number[], value: number): number {
  for (let i = 0; i < breakpoints.length; i += 1) if (value <= breakpoints[i]!) return i;
  return -1;
}

function outside(value: number, min: number | undefined, max: number | undefined): boolean {
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

/**
 * The grid price for a size: the next breakpoint up in each dimension. BAD_SIZE when a size the
 * grid has breakpoints for is missing, not positive, outside the limits, or beyond the last
 * breakpoint. A dimension without breakpoints ignores its size.
 */
export function priceForSize(
  grid: PriceGrid,
  width: number | undefined,
  drop: number | undefined,
  limits: SizeLimits = {},
): PriceResult {
  const bad = { ok: false, error: 'BAD_SIZE' } as const;
  let column = 0;
  if (grid.widths.length > 0) {
    if (width === undefined || !Number.isFinite(width) || width <= 0) return bad;
    if (outside(width, limits.minWidth, limits.maxWidth)) return bad;
    column = breakpointIndex(grid.widths, width);
    if (column < 0) return bad;
  }
  let row = 0;
  if (grid.drops.length > 0) {
    if (drop === undefined || !Number.isFinite(drop) || drop <= 0) return bad;
    if (outside(drop, limits.minHeight, limits.maxHeight)) return bad;
    row = breakpointIndex(grid.drops, drop);
    if (row < 0) return bad;
  }
  const price = grid.rows[row]?.[column];
  return price === undefined ? bad : { ok: true, price };
}

/**
 * The line errors a selection of option keys has, in a fixed order. Nothing selected while a
 * group is required is OPTIONS_NOT_SELECTED alone (the screen asks to finish the product);
 * otherwise an unselected required group is MISSING_REQUIRED_OPTIONS, and an unknown key, two
 * options of one group or an incompatible pair is INVALID_OPTIONS.
 */
export function validateSelection(
  definition: Pick<ProductDefinition, 'optionGroups' | 'rules'>,
  selectedOptionKeys: readonly string[],
): LineErrorCode[] {
  if (selectedOptionKeys.length === 0)
    return definition.optionGroups.some((g) => g.required) ? ['OPTIONS_NOT_SELECTED'] : [];
  return selectedOptionKeys.length <= SMALL_SELECTION
    ? validateSmallSelection(definition, selectedOptionKeys)
    : validateLargeSelection(definition, selectedOptionKeys);
}

/** Up to this many keys, plain scans beat building a Set and a Map for every line priced. */
const SMALL_SELECTION = 32;

/** The key of the group an option key belongs to: the last group listing it, as a Map filled in order keeps. */
function groupKeyOf(groups: readonly OptionGroup[], key: string): string | undefined {
  for (let g = groups.length - 1; g >= 0; g -= 1) {
    const group = groups[g]!;
    for (const option of group.options) if (option.key === key) return group.key;
  }
  return undefined;
}

/** Whether a required group has none of its options among `keys`. */
function missingRequiredGroup(groups: readonly OptionGroup[], keys: readonly string[]): boolean {
  for (const group of groups) {
    if (!group.required) continue;
    let chosen = false;
    for (const option of group.options)
      if (keys.includes(option.key)) {
        chosen = true;
        break;
      }
    if (!chosen) return true;
  }
  return false;
}

/** validateLargeSelection's answer by scans of the (few) keys, without a Set or a Map. */
function validateSmallSelection(
  definition: Pick<ProductDefinition, 'optionGroups' | 'rules'>,
  keys: readonly string[],
): LineErrorCode[] {
  const errors: LineErrorCode[] = [];
  if (missingRequiredGroup(definition.optionGroups, keys)) errors.push('MISSING_REQUIRED_OPTIONS');
  const groupsUsed: string[] = [];
  let invalid = false;
  for (let i = 0; i < keys.length && !invalid; i += 1) {
    const key = keys[i]!;
    if (keys.indexOf(key) < i) continue; // a repeated key counts once
    const group = groupKeyOf(definition.optionGroups, key);
    if (group === undefined || groupsUsed.includes(group)) invalid = true;
    else groupsUsed.push(group);
  }
  if (definition.rules.incompatible.some(([a, b]) => keys.includes(a) && keys.includes(b))) invalid = true;
  if (invalid) errors.push('INVALID_OPTIONS');
  return errors;
}

function validateLargeSelection(
  definition: Pick<ProductDefinition, 'optionGroups' | 'rules'>,
  selectedOptionKeys: readonly string[],
): LineErrorCode[] {
  const selected = new Set(selectedOptionKeys);

  const groupOf = new Map<string, string>();
  for (const group of definition.optionGroups)
    for (const option of group.options) groupOf.set(option.key, group.key);

  const errors: LineErrorCode[] = [];
  const missing = definition.optionGroups.some(
    (g) => g.required && !g.options.some((o) => selected.has(o.key)),
  );
  if (missing) errors.push('MISSING_REQUIRED_OPTIONS');

  const groupsUsed = new Set<string>();
  let invalid = false;
  for (const key of selected) {
    const group = groupOf.get(key);
    if (group === undefined || groupsUsed.has(group)) invalid = true;
    else groupsUsed.add(group);
  }
  if (definition.rules.incompatible.some(([a, b]) => selected.has(a) && selected.has(b))) invalid = true;
  if (invalid) errors.push('INVALID_OPTIONS');
  return errors;
}

/** The exact sum of the selected options' prices (unknown keys add nothing). */
export function optionsPrice(
  definition: Pick<ProductDefinition, 'optionGroups'>,
  keys: readonly string[],
): string {
  // A plain loop: priceLine runs this for every line (a Set and three arrays per call cost more).
  let total = 0n;
  for (const group of definition.optionGroups)
    for (const option of group.options) if (keys.includes(option.key)) total += toScaled(option.price);
  return fromScaled(total, 2);
}
