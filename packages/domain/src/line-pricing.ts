import {
  type LineErrorCode,
  optionsPrice,
  type ProductDefinition,
  priceForSize,
  validateSelection,
} from './catalog';
import { fromScaled, fromScaledNumber, SCALED_NUMBER_LIMIT, toScaled, toScaledNumber } from './decimal';
import { type Measure, sizeIn } from './measurements';

/**
 * One line's cost and sell price (DESIGN §5): costᵢ = (grid price + Σ option prices) × quantity in
 * the catalog version the line is priced against; exᵢ = R(costᵢ × (1 + v/100)) for a mark-up or
 * R(costᵢ / (1 − v/100)) for a margin, v from the most specific markup rule. All in BigInt.
 */
export type MarkupType = 'PERCENT_MARK_UP' | 'PERCENT_MARGIN';
export type MarkupSource = 'PRODUCT' | 'CATEGORY' | 'ACCOUNT';
export type MarkupRule = { type: MarkupType; value: string; source: MarkupSource };

/** The most specific rule: the product's override, else its category's, else the account's. */
export function chooseMarkupRule(rules: {
  product?: Omit<MarkupRule, 'source'> | undefined;
  category?: Omit<MarkupRule, 'source'> | undefined;
  account: Omit<MarkupRule, 'source'>;
}): MarkupRule {
  if (rules.product) return { ...rules.product, source: 'PRODUCT' };
  if (rules.category) return { ...rules.category, source: 'CATEGORY' };
  return { ...rules.account, source: 'ACCOUNT' };
}

const ONE = 10n ** 4n; // decimal.ts scale
const HUNDRED = 100n * ONE;

/** n / d rounded half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** exᵢ from costᵢ: R(cost × (1 + v/100)) or R(cost / (1 − v/100)); a margin of 100 % or more has no price. */
export function sellPriceExTax(cost: string, rule: Pick<MarkupRule, 'type' | 'value'>): string | null {
  return sellOfScaled(toScaled(cost), rule);
}

/** sellPriceExTax of a cost already on the decimal.ts scale (priceLine has it: no round trip through text). */
function sellOfScaled(c: bigint, rule: Pick<MarkupRule, 'type' | 'value'>): string | null {
  const v = toScaled(rule.value);
  // Results in cents (10^-2), then back to the 10^-4 scale.
  if (rule.type === 'PERCENT_MARK_UP') return fromScaled(divRound(c * (HUNDRED + v), HUNDRED * 100n) * 100n);
  if (v >= HUNDRED) return null;
  return fromScaled(divRound(c * HUNDRED, (HUNDRED - v) * 100n) * 100n);
}

export type LineInput = {
  width?: Measure | null | undefined;
  height?: Measure | null | undefined;
  quantity: number;
  optionKeys: readonly string[];
};

export type LinePrice = {
  errors: LineErrorCode[];
  /** Grid price plus options for one item; null when the size has no price. */
  unitCost: string | null;
  /** costᵢ (quantity included), exact to 4 decimals; null when the size has no price. */
  cost: string | null;
  /** exᵢ; null without a cost (or with a margin of 100 % or more). */
  sell: string | null;
};

/** Errors in the §8 order: options first, then the size. */
export function priceLine(
  definition: ProductDefinition,
  flags: { hasWidth: boolean; hasHeight: boolean },
  input: LineInput,
  rule: Pick<MarkupRule, 'type' | 'value'>,
): LinePrice {
  const errors = validateSelection(definition, input.optionKeys);
  const width = flags.hasWidth && input.width ? sizeIn(input.width, definition.unit) : undefined;
  const height = flags.hasHeight && input.height ? sizeIn(input.height, definition.unit) : undefined;
  const grid = priceForSize(definition.priceGrid, width, height, definition.sizeLimits);
  if (!grid.ok) return { errors: [...errors, 'BAD_SIZE'], unitCost: null, cost: null, sell: null };
  const fast = fastPrice(errors, grid.price, definition, input, rule);
  if (fast) return fast;
  const unit = toScaled(grid.price) + toScaled(optionsPrice(definition, input.optionKeys));
  const cost = unit * BigInt(input.quantity);
  return { errors, unitCost: fromScaled(unit, 4), cost: fromScaled(cost, 4), sell: sellOfScaled(cost, rule) };
}

/** n / d rounded half away from zero, in exact integer doubles (d > 0; |n| + d below 2^53). */
function divRoundNumber(n: number, d: number): number {
  const negative = n < 0;
  const abs = negative ? -n : n;
  let q = Math.floor(abs / d);
  let r = abs - q * d;
  // The float division may be one off near a whole quotient: the remainder says which way.
  while (r < 0) {
    q -= 1;
    r += d;
  }
  while (r >= d) {
    q += 1;
    r -= d;
  }
  if (2 * r >= d) q += 1;
  return negative ? -q : q;
}

const HUNDRED_NUMBER = 1_000_000; // 100 % on the decimal.ts scale
/** Mark-ups and margins beyond ±1,000,000 % go the BigInt way. */
const RULE_LIMIT = 10_000_000_000;

/**
 * priceLine's arithmetic in exact integer doubles when every value is small enough to stay
 * exact (a line below ~$900,000 at a usual rule): the same answer without a BigInt allocation,
 * which made pricing allocation-bound. Undefined whenever a value might not fit: BigInt does it.
 */
function fastPrice(
  errors: LineErrorCode[],
  gridPrice: string,
  definition: Pick<ProductDefinition, 'optionGroups'>,
  input: LineInput,
  rule: Pick<MarkupRule, 'type' | 'value'>,
): LinePrice | undefined {
  if (!Number.isSafeInteger(input.quantity)) return undefined;
  const grid = toScaledNumber(gridPrice);
  if (grid === undefined) return undefined;
  let options = 0;
  for (const group of definition.optionGroups)
    for (const option of group.options)
      if (input.optionKeys.includes(option.key)) {
        const price = toScaledNumber(option.price);
        if (price === undefined) return undefined;
        options += price;
        if (!(Math.abs(options) < SCALED_NUMBER_LIMIT)) return undefined;
      }
  // optionsPrice writes its sum to cents: rounded half away from zero, as fromScaled(…, 2) does.
  const unit = grid + divRoundNumber(options, 100) * 100;
  if (!(Math.abs(unit) < 1e15)) return undefined;
  const cost = unit * input.quantity;
  const v = toScaledNumber(rule.value);
  if (v === undefined || !(Math.abs(v) < RULE_LIMIT)) return undefined;
  if (!(Math.abs(cost) * (HUNDRED_NUMBER + Math.abs(v)) < SCALED_NUMBER_LIMIT / 2)) return undefined;
  let sell: string | null;
  if (rule.type === 'PERCENT_MARK_UP')
    sell = fromScaledNumber(divRoundNumber(cost * (HUNDRED_NUMBER + v), HUNDRED_NUMBER * 100) * 100);
  else if (v >= HUNDRED_NUMBER) sell = null;
  else sell = fromScaledNumber(divRoundNumber(cost * HUNDRED_NUMBER, (HUNDRED_NUMBER - v) * 100) * 100);
  return { errors, unitCost: fromScaledNumber(unit, 4), cost: fromScaledNumber(cost, 4), sell };
}
