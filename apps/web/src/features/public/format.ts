/** How the customer's pages write money and dates (Intl only, no libraries). */
import { compareDecimals } from '../../../../../packages/domain/src/decimal';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A decimal string in its currency, cents always and up to 4 decimals as the app writes money
 * ($1,234.50). The string goes to Intl as it is (read exactly, no float round trip); an unknown
 * currency code falls back to the number and the code.
 */
export function formatMoney(amount: string, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      });
    } catch {
      return `${amount} ${code}`;
    }
    moneyFormats.set(code, format);
  }
  return format.format(amount as unknown as number);
}

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
