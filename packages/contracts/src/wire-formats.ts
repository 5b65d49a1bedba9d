import { z } from 'zod';

/**
 * The date formats on the wire (foundation §5): date-only `yyyy-mm-dd`; instants carry a zone
 * offset; local date-times are `yyyy-MM-dd HH:mm:ss` without one, and '0000-00-00 00:00:00' means
 * blank. Values are real calendar dates and clock times (no 30 February, no 25:00), with four-digit
 * years from 1000 (JavaScript dates read the years 0–99 as 1900–1999, so such a date would be
 * stored as another day).
 */
export type WireDateFormat = 'dateOnly' | 'dateTimeInstant' | 'dateTimeLocal';

export const BLANK_DATE_TIME_LOCAL = '0000-00-00 00:00:00';

const DATE = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const TIME = String.raw`(\d{2}):(\d{2})`;
const PATTERNS: Record<WireDateFormat, RegExp> = {
  dateOnly: new RegExp(`^${DATE}$`),
  dateTimeInstant: new RegExp(String.raw`^${DATE}T${TIME}(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]${TIME})$`),
  dateTimeLocal: new RegExp(`^${DATE} ${TIME}:(\\d{2})$`),
};

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
}

/** Whether `value` is a real date (and time) written in `format`. */
export function isWireDate(format: WireDateFormat, value: string): boolean {
  const match = PATTERNS[format].exec(value);
  if (!match) return false;
  // Year, month, day, then hours, minutes, seconds, offset hours and minutes where the format has them.
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, oh = 0, om = 0] = match
    .slice(1)
    .map((n) => Number(n ?? 0));
  return isCalendarDate(y, mo, d) && h <= 23 && mi <= 59 && s <= 59 && oh <= 23 && om <= 59;
}

/** The spec's error text: "Value '{v}' is not a valid dateOnly format" (or dateTimeInstant, dateTimeLocal). */
export function wireDateError(format: WireDateFormat, value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const shown = text.length > 64 ? `${text.slice(0, 64)}…` : text;
  return `Value '${shown}' is not a valid ${format} format`;
}

const EXAMPLES: Record<WireDateFormat, string> = {
  dateOnly: '2026-11-23',
  dateTimeInstant: '2026-11-23T09:30:00+11:00',
  dateTimeLocal: '2026-11-23 09:30:00',
};
const JSON_SCHEMA_FORMATS: Partial<Record<WireDateFormat, string>> = {
  dateOnly: 'date',
  dateTimeInstant: 'date-time',
};

/** A string in one wire format; `required` is the message when the value is missing. */
export function wireDate(format: WireDateFormat, opts: { required?: string } = {}) {
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined && opts.required ? opts.required : wireDateError(format, issue.input);
  const jsonFormat = JSON_SCHEMA_FORMATS[format];
  return z
    .string({ error })
    .refine((v) => isWireDate(format, v), { error })
    .meta({
      ...(jsonFormat ? { format: jsonFormat } : { pattern: PATTERNS[format].source }),
      examples: [EXAMPLES[format]],
    });
}

export const dateOnlySchema = wireDate('dateOnly');
export const dateTimeInstantSchema = wireDate('dateTimeInstant');
export const dateTimeLocalSchema = wireDate('dateTimeLocal');
/** A local date-time that may be blank: '0000-00-00 00:00:00', '' and null read as null. */
export const blankableDateTimeLocalSchema = z.union([
  z.literal([BLANK_DATE_TIME_LOCAL, '']).transform(() => null),
  z.null(),
  dateTimeLocalSchema,
]);
