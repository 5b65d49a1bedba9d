import { addDays, format, isSameDay, isValid } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';
import { i18n } from './i18n/i18n';

/** Dates always use the Australian English locale, whatever the interface language. */
export function formatDate(date: Date): string {
  return format(date, 'P', { locale: enAU });
}

/** Times show as h:mma, e.g. 3:05PM. */
export function formatTime(date: Date): string {
  return format(date, 'h:mma', { locale: enAU });
}

/** 'Yesterday', 'Today' or 'Tomorrow' where one applies, else the en-AU date. */
export function formatDay(date: Date, now: Date = new Date()): string {
  if (!isValid(date)) return '';
  if (isSameDay(date, now)) return i18n.t('dates.today');
  if (isSameDay(date, addDays(now, -1))) return i18n.t('dates.yesterday');
  if (isSameDay(date, addDays(now, 1))) return i18n.t('dates.tomorrow');
  return formatDate(date);
}

/** e.g. 'Today 3:05PM' or '12/03/2026 9:00AM'. */
export function formatDateTime(date: Date, now: Date = new Date()): string {
  if (!isValid(date)) return '';
  return `${formatDay(date, now)} ${formatTime(date)}`;
}

/** 'Today 3:05PM – 4:05PM'; the end's day is named too when it is another day. */
export function formatDateTimeRange(start: Date, end: Date, now: Date = new Date()): string {
  if (!isValid(start) || !isValid(end)) return '';
  const until = isSameDay(start, end) ? formatTime(end) : formatDateTime(end, now);
  return `${formatDateTime(start, now)} – ${until}`;
}

/** 'Today – 14/03/2026': a span of whole days. */
export function formatDayRange(start: Date, end: Date, now: Date = new Date()): string {
  return isSameDay(start, end) ? formatDay(start, now) : `${formatDay(start, now)} – ${formatDay(end, now)}`;
}

/** A local date as the wire has it (yyyy-mm-dd) at midnight, to format as a day. */
export const localDay = (date: string): Date => new Date(`${date}T00:00:00`);

/** A time picker's 24-hour value ('20:15') as §9 shows it: '8:15PM'. */
export function formatTimeOfDay(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  return formatTime(new Date(2000, 0, 1, Number(match[1]), Number(match[2])));
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/**
 * Money shows in USD with up to 4 decimals, trailing zeros past the cents trimmed: $1,234.50,
 * $0.1235. Decimal strings from the API are formatted exactly (no binary float round trip).
 */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'string' ? amount.trim() : amount;
  if (value === '' || Number.isNaN(Number(value))) return '';
  return money.format(value as unknown as number);
}
