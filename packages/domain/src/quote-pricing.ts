import { fromScaled, toScaled } from './decimal';

/**
 * The quote's Pricing object (§3) from its inputs, exactly DESIGN §5. r = taxPercentage / 100;
 * R(x) = x rounded half away from zero to 2 decimals. Amounts are decimal strings; the work is
 * BigInt on the decimal.ts scale (10^-4), so nothing passes through binary floating point.
 */
export type TaxMode = 'INCLUSIVE' | 'EXCLUSIVE';
export type TaxType = 'NONE' | 'STANDARD';

export type PricingLine = {
  /** exᵢ, the line's sell price ex tax (quantity included); null when the line has no price. */
  sell: string | null;
  taxable: boolean;
  hasErrors: boolean;
};

/** An adjustment as entered: amountExTax in EXCLUSIVE mode, amountIncTax in INCLUSIVE mode. */
export type AdjustmentInput = { label: string; amount: string; taxType: TaxType };

export type PricingInput = {
  lines: readonly PricingLine[];
  taxMode: TaxMode;
  taxPercentage: string;
  depositPercentage: string;
  adjustments: readonly AdjustmentInput[];
  depositAmountOverride: string | null;
  /** EXCLUSIVE mode only; ignored in INCLUSIVE mode. */
  sellTaxOverride: string | null;
  /**
   * apply-override-total: realised as one system adjustment 'Total override'. `totalWithoutThen`
   * is the grand total without it when it was set (null when not known), for overrideDrift.
   */
  overrideTotal: { amount: string; taxable: boolean; totalWithoutThen?: string | null } | null;
};

export type PricedAdjustment = { label: string; amountIncTax: string; amountExTax: string; taxType: TaxType };

export type Pricing = {
  sellTotalOrderLinesIncTax: string;
  sellTotalOrderLinesExTax: string;
  sellTotalTaxable: string;
  sellTaxCalculated: string;
  sellTaxOverride: string | null;
  sellTaxTotal: string;
  sellGrandTotalExTax: string;
  sellGrandTotalIncTax: string;
  depositAmountCalculated: string;
  depositAmountOverride: string | null;
  depositAmount: string;
  isPricingValid: boolean;
  adjustments: PricedAdjustment[];
};

export const OVERRIDE_ADJUSTMENT_LABEL = 'Total override';

const ONE = 10_000n; // 1 on the decimal.ts scale
const CENT = 100n; // 0.01 on the decimal.ts scale
const PERCENT = 100n * ONE; // 100 % on the decimal.ts scale

/** n / d rounded half away from zero to a whole number (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** R(n / d) for a value on the 10^-4 scale: rounded to cents, back on the 10^-4 scale. */
const roundCents = (n: bigint, d: bigint = 1n): bigint => divRound(n, d * CENT) * CENT;

/** R(x × r) and R(x × r / (1 + r)), t = the tax percentage on the 10^-4 scale. */
const taxOf = (x: bigint, t: bigint) => roundCents(x * t, PERCENT);
const taxIncluded = (x: bigint, t: bigint) => roundCents(x * t, PERCENT + t);

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const out = (v: bigint) => fromScaled(v, 2);

type Scaled = { label: string; amount: bigint; taxType: TaxType };

/**
 * What the lines contribute, summed once per priceQuote (the override total's search prices the
 * adjustments many times over the same lines): Σ exᵢ and Σtaxable exᵢ; in INCLUSIVE mode also
 * Σ incᵢ and Σtaxable incᵢ.
 */
type Lines = { t: bigint; linesEx: bigint; taxableEx: bigint; linesInc: bigint; taxableInc: bigint };

/** incᵢ = R(exᵢ × (1 + r)) on the 10^-4 scale, for a taxable line (ex already R()-ed). */
const incOf = (ex: bigint, t: bigint) => roundCents(ex * (PERCENT + t), PERCENT);

function sumLines(input: PricingInput): Lines {
  const t = toScaled(input.taxPercentage);
  const sums: Lines = { t, linesEx: 0n, taxableEx: 0n, linesInc: 0n, taxableInc: 0n };
  for (const l of input.lines) {
    const ex = l.sell === null ? 0n : roundCents(toScaled(l.sell));
    sums.linesEx += ex;
    if (!l.taxable) {
      sums.linesInc += ex;
      continue;
    }
    sums.taxableEx += ex;
    if (input.taxMode === 'INCLUSIVE') {
      const inc = incOf(ex, t);
      sums.linesInc += inc;
      sums.taxableInc += inc;
    }
  }
  return sums;
}

/**
 * A line's sell price as the customer sees it in INCLUSIVE mode (DESIGN §5): incᵢ = taxable ?
 * R(exᵢ × (1 + r)) : exᵢ, the very figure the lines total sums, so one line's card equals it.
 */
export function lineSellIncTax(sell: string, taxable: boolean, taxPercentage: string): string {
  const ex = roundCents(toScaled(sell));
  return out(taxable ? incOf(ex, toScaled(taxPercentage)) : ex);
}

function compute(input: PricingInput, lines: Lines, adjustments: readonly Scaled[]) {
  const { t } = lines;
  const standard = adjustments.filter((a) => a.taxType === 'STANDARD');
  if (input.taxMode === 'EXCLUSIVE') {
    const { linesEx, taxableEx } = lines;
    const sellTotalTaxable = taxableEx + sum(standard.map((a) => a.amount));
    const sellTaxCalculated = taxOf(sellTotalTaxable, t);
    const sellTaxOverride =
      input.sellTaxOverride === null ? null : roundCents(toScaled(input.sellTaxOverride));
    const sellTaxTotal = sellTaxOverride ?? sellTaxCalculated;
    const grandEx = linesEx + sum(adjustments.map((a) => a.amount));
    return {
      sellTotalOrderLinesExTax: linesEx,
      sellTotalOrderLinesIncTax: linesEx + taxOf(taxableEx, t),
      sellTotalTaxable,
      sellTaxCalculated,
      sellTaxOverride,
      sellTaxTotal,
      sellGrandTotalExTax: grandEx,
      sellGrandTotalIncTax: grandEx + sellTaxTotal,
      adjustments: adjustments.map((a) => ({
        label: a.label,
        taxType: a.taxType,
        amountExTax: a.amount,
        amountIncTax: a.amount + (a.taxType === 'STANDARD' ? taxOf(a.amount, t) : 0n),
      })),
    };
  }
  const { linesInc, taxableInc } = lines;
  const sellTotalTaxable = taxableInc + sum(standard.map((a) => a.amount));
  const sellTaxTotal = taxIncluded(sellTotalTaxable, t);
  const grandInc = linesInc + sum(adjustments.map((a) => a.amount));
  return {
    sellTotalOrderLinesIncTax: linesInc,
    sellTotalOrderLinesExTax: linesInc - taxIncluded(taxableInc, t),
    sellTotalTaxable,
    sellTaxCalculated: sellTaxTotal,
    sellTaxOverride: null,
    sellTaxTotal,
    sellGrandTotalExTax: grandInc - sellTaxTotal,
    sellGrandTotalIncTax: grandInc,
    adjustments: adjustments.map((a) => ({
      label: a.label,
      taxType: a.taxType,
      amountIncTax: a.amount,
      amountExTax: a.amount - (a.taxType === 'STANDARD' ? taxIncluded(a.amount, t) : 0n),
    })),
  };
}

/**
 * The override adjustment's amount: exactly override − the total without it, except in EXCLUSIVE
 * mode with STANDARD tax (and no tax override), where tax is added on top: the 2-decimal amount
 * that reaches the override when one exists, else the nearest one below it.
 */
function overrideAmount(
  input: PricingInput,
  lines: Lines,
  others: readonly Scaled[],
  target: bigint,
  taxType: TaxType,
): bigint {
  const total = (a: bigint) =>
    compute(input, lines, [...others, { label: OVERRIDE_ADJUSTMENT_LABEL, amount: a, taxType }])
      .sellGrandTotalIncTax;
  const without = compute(input, lines, others).sellGrandTotalIncTax;
  const exact = target - without;
  if (input.taxMode !== 'EXCLUSIVE' || taxType !== 'STANDARD' || input.sellTaxOverride !== null) return exact;
  // total(a) grows by at least a cent per cent of a: start from the untaxed estimate and step.
  const { t } = lines;
  let a = roundCents(exact * PERCENT, PERCENT + t);
  while (total(a) > target) a -= CENT;
  while (total(a + CENT) <= target) a += CENT;
  return a;
}

/**
 * The largest tax override taken: R(sellTotalTaxable × 2r), twice the tax calculated, so a
 * different rate or rounding can be matched but not a slipped digit; 0 when the taxable total
 * is below zero.
 */
export function maxSellTaxOverride(sellTotalTaxable: string, taxPercentage: string): string {
  const bound = roundCents(toScaled(sellTotalTaxable) * toScaled(taxPercentage) * 2n, PERCENT);
  return out(bound > 0n ? bound : 0n);
}

const scaledAdjustments = (input: PricingInput): Scaled[] =>
  input.adjustments.map((a) => ({
    label: a.label,
    amount: roundCents(toScaled(a.amount)),
    taxType: a.taxType,
  }));

const grandTotalWithoutOverride = (input: PricingInput): bigint =>
  compute(input, sumLines(input), scaledAdjustments(input)).sellGrandTotalIncTax;

/** The grand total inc tax the quote would have without its override total (what a discount comes off). */
export function totalWithoutOverride(input: PricingInput): string {
  return out(grandTotalWithoutOverride(input));
}

/**
 * What an override total meant when it was set and what it means now, once the quote under it
 * changed: the discount it came to then and now, (B − override) / B × 100 rounded R() to 2
 * decimals, B the total without it, and the override that re-applies the old percentage,
 * R(B now × (1 − p then / 100)), as the percentage-discount dialog works it out.
 */
export type OverrideDrift = {
  discountPercentThen: string;
  discountPercentNow: string;
  totalWithoutOverrideThen: string;
  totalWithoutOverrideNow: string;
  reapplyTotal: string;
};

/**
 * The override's drift; null when there is no override, its total-without-then is not known,
 * nothing under it changed (the same total without it), or a total without it is not above 0.
 */
export function overrideDrift(input: PricingInput): OverrideDrift | null {
  const then = input.overrideTotal?.totalWithoutThen;
  if (!input.overrideTotal || then === null || then === undefined) return null;
  const before = roundCents(toScaled(then));
  const now = grandTotalWithoutOverride(input);
  if (before === now || before <= 0n || now <= 0n) return null;
  const override = roundCents(toScaled(input.overrideTotal.amount));
  // the percentage on the 10^-4 scale: (B − O) × 100 % / B, to 2 decimals
  const discount = (b: bigint) => roundCents((b - override) * PERCENT, b);
  const percentThen = discount(before);
  return {
    discountPercentThen: out(percentThen),
    discountPercentNow: out(discount(now)),
    totalWithoutOverrideThen: out(before),
    totalWithoutOverrideNow: out(now),
    reapplyTotal: out(roundCents(now * (PERCENT - percentThen), PERCENT)),
  };
}

export function priceQuote(input: PricingInput): Pricing {
  const others = scaledAdjustments(input);
  const all = [...others];
  const lines = sumLines(input);
  if (input.overrideTotal) {
    const taxType: TaxType = input.overrideTotal.taxable ? 'STANDARD' : 'NONE';
    const target = roundCents(toScaled(input.overrideTotal.amount));
    all.push({
      label: OVERRIDE_ADJUSTMENT_LABEL,
      amount: overrideAmount(input, lines, others, target, taxType),
      taxType,
    });
  }
  const p = compute(input, lines, all);
  const depositAmountCalculated = roundCents(
    p.sellGrandTotalIncTax * toScaled(input.depositPercentage),
    PERCENT,
  );
  const depositAmountOverride =
    input.depositAmountOverride === null ? null : roundCents(toScaled(input.depositAmountOverride));
  return {
    sellTotalOrderLinesIncTax: out(p.sellTotalOrderLinesIncTax),
    sellTotalOrderLinesExTax: out(p.sellTotalOrderLinesExTax),
    sellTotalTaxable: out(p.sellTotalTaxable),
    sellTaxCalculated: out(p.sellTaxCalculated),
    sellTaxOverride: p.sellTaxOverride === null ? null : out(p.sellTaxOverride),
    sellTaxTotal: out(p.sellTaxTotal),
    sellGrandTotalExTax: out(p.sellGrandTotalExTax),
    sellGrandTotalIncTax: out(p.sellGrandTotalIncTax),
    depositAmountCalculated: out(depositAmountCalculated),
    depositAmountOverride: depositAmountOverride === null ? null : out(depositAmountOverride),
    depositAmount: out(depositAmountOverride ?? depositAmountCalculated),
    // A total below zero is no price a customer can accept (DESIGN §5).
    isPricingValid: input.lines.every((l) => !l.hasErrors && l.sell !== null) && p.sellGrandTotalIncTax >= 0n,
    adjustments: p.adjustments.map((a) => ({
      label: a.label,
      taxType: a.taxType,
      amountIncTax: out(a.amountIncTax),
      amountExTax: out(a.amountExTax),
    })),
  };
}
