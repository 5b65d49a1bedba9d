import { describe, expect, it } from 'vitest';
import { formatMoney as customerMoney } from '../features/public/format';
import { formatCurrency, formatInputDate } from './currency';

describe("money in the account's currency", () => {
  it('writes an Australian account’s amounts with $ for the dealer and the customer alike', () => {
    expect(formatCurrency('1234.5', 'AUD')).toBe('$1,234.50');
    expect(customerMoney('1234.5', 'AUD')).toBe(formatCurrency('1234.5', 'AUD'));
    expect(customerMoney('0', 'aud')).toBe('$0.00');
  });

  it('uses each currency’s own symbol and keeps the decimals exactly', () => {
    expect(formatCurrency('99.5', 'GBP')).toBe('£99.50');
    expect(formatCurrency('10', 'EUR')).toBe('€10.00');
    expect(formatCurrency('0.12345', 'USD')).toBe('$0.1235');
    expect(formatCurrency('90071992547409.93', 'AUD')).toBe('$90,071,992,547,409.93');
  });

  it('gives the number and the code for a currency Intl does not know', () => {
    expect(formatCurrency('5.00', 'XX1')).toBe('5.00 XX1');
  });
});

describe('a transaction date', () => {
  it('reads the way the date input of the same locale takes it', () => {
    expect(formatInputDate('2026-11-20', 'en-US')).toBe('11/20/2026');
    expect(formatInputDate('2026-11-20', 'en-AU')).toBe('20/11/2026');
    expect(formatInputDate('2026-01-02', 'en-US')).toBe('01/02/2026');
  });

  it('keeps a value that is not a yyyy-mm-dd date as it is', () => {
    expect(formatInputDate('soon', 'en-US')).toBe('soon');
  });
});
