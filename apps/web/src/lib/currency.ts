/**
 * Money in the account's currency, one rule for every screen that knows the currency: the dealer's
 * Payments section and the customer's pages (Intl only, so the customer's bundle stays small).
 * The currency's narrow symbol ($ for AUD, USD, NZD; £; €), thousands separated, cents always and
 * up to 4 decimals: $1,234.50. The dealer and the customer see the same text for the same amount;
 * where the currency itself matters (the checkout) the page writes its code beside the amount.
 * The decimal string goes to Intl as it is (read exactly, no float round trip); a code Intl does
 * not know gives the number and the code.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatCurrency(amount: string, currency: string): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      });
    } catch {
      return `${amount} ${code}`;
    }
    formats.set(code, format);
  }
  return format.format(amount.trim() as unknown as number);
}

/**
 * A date-only value (yyyy-mm-dd) written as the browser's date input shows and takes dates: its
 * locale's numeric order (11/20/2026 in en-US, 20/11/2026 in en-AU), so a date reads back the way
 * it was typed. `locale` undefined is the browser's own, the date input's.
 */
export function formatInputDate(day: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}
