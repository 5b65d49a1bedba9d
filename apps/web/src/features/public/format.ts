/** How the customer's pages write money and dates (Intl only, no libraries). */
import { compareDecimals } from '../../../../../packages/domain/src/decimal';
import { formatCurrency } from '../../lib/currency';

/**
 * A decimal string in its currency, as the dealer's Payments section writes it too ($1,234.50;
 * lib/currency.ts): one rule for the account's currency on both sides.
 */
export const formatMoney = formatCurrency;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A date-only (yyyy-mm-dd) or an instant, as a calendar date: 'Nov 27, 2026'. */
export function formatDate(value: string): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** Whether a decimal amount is more than zero (exactly: compared as decimals, not floats). */
export function isPositive(amount: string): boolean {
  try {
    return compareDecimals(amount, '0') > 0;
  } catch {
    return false;
  }
}

/** Whether decimal a is less than decimal b; false when either is not a decimal. */
export function isLess(a: string, b: string): boolean {
  try {
    return compareDecimals(a, b) < 0;
  } catch {
    return false;
  }
}
