import type { DealQuote, QuotePricing } from '@slat/contracts';
import { compareDecimals, fromScaled, toScaled } from '@slat/domain';

/**
 * Pure helpers of the pricing area (§9 money display, §5 discount): amounts are the API's decimal
 * strings and every sum or product is BigInt on the decimal.ts scale (10^-4), never a float.
 */

type Adjustment = QuotePricing['adjustments'][number];
type TaxMode = DealQuote['config']['taxMode'];

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

/** R(n / d) on the decimal.ts scale: rounded half away from zero to cents. */
const roundCents = (n: bigint, d = 1n): bigint => divRound(n, d * CENT) * CENT;

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string of any precision as whole cents, rounded half away from zero; null when not a decimal. */
function toCents(amount: string): bigint | null {
  const match = DECIMAL_TEXT.exec(amount.trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const digits = fraction.padEnd(2, '0');
  let cents = BigInt(whole) * 100n + BigInt(digits.slice(0, 2));
  if (digits.length > 2 && Number(digits[2]) >= 5) cents += 1n;
  return minus ? -cents : cents;
}

const group = (whole: bigint) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * §9: money shown in USD with 2 decimals, from the exact decimal string: '1234.5' → '$1,234.50',
 * '-12' → '-$12.00'. Anything that is not a decimal string shows as ''.
 */
export function formatMoney(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  const cents = toCents(amount);
  if (cents === null) return '';
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `$${group(abs / 100n)}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * §9: money in an input: the API's decimal with a '.00' (an all-zero fraction) trimmed:
 * '1234.00' → '1234', '1234.5' and '1234.50' stay; null (no value) is ''.
 */
export function moneyForInput(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  const text = amount.trim();
  return /^-?\d+\.0+$/.test(text) ? text.slice(0, text.indexOf('.')) : text;
}

const MONEY_INPUT = /^(-)?(\d{0,10})(?:\.(\d{0,2}))?$/;

/**
 * What a person typed as an amount, as the request's decimal ('1,234.5' → '1234.5', '$-3' → '-3',
 * '.5' → '0.5'); null when it is not an amount of at most 10 whole digits and 2 decimals.
 */
export function parseMoneyInput(text: string): string | null {
  const cleaned = text.replace(/[\s,$]/g, '');
  const match = MONEY_INPUT.exec(cleaned);
  if (!match) return null;
  const [, minus = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const value = `${minus}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
  return value === '-0' || /^-0\.0*$/.test(value) ? value.slice(1) : value;
}

/**
 * Why typed text is not an amount, so the field can say it: not an amount at all (letters, '1e3',
 * two minus signs), more than 2 decimals, or more than 10 whole digits; undefined when it is one.
 */
export function moneyTextProblem(text: string): 'notAmount' | 'decimals' | 'tooLarge' | undefined {
  const cleaned = text.replace(/[\s,$]/g, '');
  const match = /^-?(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return 'notAmount';
  if ((match[2] ?? '').length > 2) return 'decimals';
  if ((match[1] ?? '').length > 10) return 'tooLarge';
  return undefined;
}

/** A discount percentage as typed: 0 < p ≤ 100 with at most 2 decimals ('10', '12.5'); null otherwise. */
export function parsePercent(text: string): string | null {
  const value = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  if (compareDecimals(value, '0') <= 0 || compareDecimals(value, '100') > 0) return null;
  return value;
}

/**
 * §5/DESIGN §5: the percentage-discount dialog's override, R(total × (1 − p/100)), exact:
 * 268.99 at 10 % → '242.09'.
 */
export function discountedTotal(total: string, percent: string): string {
  const t = toScaled(total);
  const p = toScaled(percent);
  return fromScaled(roundCents(t * (PERCENT - p), PERCENT), 2);
}

/** True when the tax percentage allows tax (Taxable is offered, §5): more than 0. */
export function taxApplies(taxPercentage: string): boolean {
  try {
    return compareDecimals(taxPercentage, '0') > 0;
  } catch {
    return false;
  }
}

/** An adjustment's amount in the quote's entry mode: INCLUSIVE → amountIncTax, EXCLUSIVE → amountExTax. */
export const entryAmount = (adjustment: Pick<Adjustment, 'amountIncTax' | 'amountExTax'>, mode: TaxMode) =>
  mode === 'INCLUSIVE' ? adjustment.amountIncTax : adjustment.amountExTax;

/** One adjustment of PUT /deal-quotes/{id}/pricing, its amount in the field of the quote's tax mode. */
export type AdjustmentBody = {
  label: string;
  amountIncTax?: string;
  amountExTax?: string;
  taxType: 'NONE' | 'STANDARD';
};

export type AdjustmentDraft = { label: string; amount: string; taxType: 'NONE' | 'STANDARD' };

export function adjustmentBody(draft: AdjustmentDraft, mode: TaxMode): AdjustmentBody {
  return mode === 'INCLUSIVE'
    ? { label: draft.label, amountIncTax: draft.amount, taxType: draft.taxType }
    : { label: draft.label, amountExTax: draft.amount, taxType: draft.taxType };
}

/**
 * The adjustments a person entered (the system 'Total override' left out: apply-override-total
 * owns it), as drafts in the quote's entry mode, in their order.
 */
export function userAdjustments(
  pricing: Pick<QuotePricing, 'adjustments'>,
  mode: TaxMode,
): AdjustmentDraft[] {
  return pricing.adjustments
    .filter((a) => !a.isSystem)
    .map((a) => ({ label: a.label, amount: entryAmount(a, mode), taxType: a.taxType }));
}

/**
 * The PUT's adjustments after a change to the user adjustments: `index` null adds `draft` at the
 * end, a number replaces that one, and `draft` null removes it.
 */
export function changeAdjustments(
  current: readonly AdjustmentDraft[],
  index: number | null,
  draft: AdjustmentDraft | null,
  mode: TaxMode,
): AdjustmentBody[] {
  const next = [...current];
  if (index === null) {
    if (draft) next.push(draft);
  } else if (draft) next[index] = draft;
  else next.splice(index, 1);
  return next.map((d) => adjustmentBody(d, mode));
}

/** The same list with `draft` put back at `index` (the undo of a removal). */
export function insertAdjustment(
  current: readonly AdjustmentDraft[],
  index: number,
  draft: AdjustmentDraft,
  mode: TaxMode,
): AdjustmentBody[] {
  const next = [...current];
  next.splice(Math.min(index, next.length), 0, draft);
  return next.map((d) => adjustmentBody(d, mode));
}

/**
 * The grand total inc tax without the override total's system adjustment: the total the
 * percentage discount applies to (DESIGN §5). Exact: with tax on top (EXCLUSIVE, the adjustment
 * STANDARD, no tax override) the tax is worked out again on the taxable total without it.
 */
export function totalBeforeOverride(pricing: QuotePricing, config: DealQuote['config']): string {
  const override = pricing.adjustments.find((a) => a.isSystem);
  if (!override) return pricing.sellGrandTotalIncTax;
  const grandInc = toScaled(pricing.sellGrandTotalIncTax);
  if (config.taxMode === 'INCLUSIVE') return fromScaled(grandInc - toScaled(override.amountIncTax), 2);
  const amountEx = toScaled(override.amountExTax);
  if (override.taxType === 'NONE' || pricing.sellTaxOverride !== null)
    return fromScaled(grandInc - amountEx, 2);
  const taxable = toScaled(pricing.sellTotalTaxable) - amountEx;
  const tax = roundCents(taxable * toScaled(config.taxPercentage), PERCENT);
  return fromScaled(toScaled(pricing.sellGrandTotalExTax) - amountEx + tax, 2);
}

/** A percentage from the config for a label: '10.0000' → '10', '7.50' → '7.5'. */
export function formatPercent(value: string): string {
  const text = value.trim();
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}
