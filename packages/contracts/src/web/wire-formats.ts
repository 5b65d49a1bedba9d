import { z } from 'zod';

/**
 * Date formats on the wire (foundation §5): date-only yyyy-mm-dd; instants carry a zone offset;
 * local date-times are yyyy-MM-dd HH:mm:ss without one, and '0000-00-00 00:00:00' means blank.
 */
export type WireDateFormat = 'dateOnly' | 'dateTimeInstant' | 'dateTimeLocal';

export const BLANK_LOCAL_DATE_TIME = '0000-00-00 00:00:00';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function validCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function validTime(h: number, min: number, s: number): boolean {
  return h <= 23 && min <= 59 && s <= 59;
}

export function isWireDate(format: WireDateFormat, value: string): boolean {
  if (format === 'dateOnly') {
    const m = DATE_ONLY.exec(value);
    return m !== null && validCalendarDate(+m[1]!, +m[2]!, +m[3]!);
  }
  if (format === 'dateTimeInstant') {
    const m = INSTANT.exec(value);
    return m !== null && validCalendarDate(+m[1]!, +m[2]!, +m[3]!) && validTime(+m[4]!, +m[5]!, +(m[6] ?? 0));
  }
  const m = LOCAL.exec(value);
  return m !== null && validCalendarDate(+m[1]!, +m[2]!, +m[3]!) && validTime(+m[4]!, +m[5]!, +m[6]!);
}

/** "Value '{v}' is not a valid dateOnly format" (and dateTimeInstant, dateTimeLocal). */
export function wireDateError(format: WireDateFormat, value: unknown): string {
  return `Value '${String(value)}' is not a valid ${format} format`;
}

const wireDate = (format: WireDateFormat) =>
  z.string().refine((v) => isWireDate(format, v), { error: (issue) => wireDateError(format, issue.input) });

export const dateOnlySchema = wireDate('dateOnly');
export const dateTimeInstantSchema = wireDate('dateTimeInstant');
/** A local date-time; the blank marker '0000-00-00 00:00:00' (or '') reads as null. */
export const dateTimeLocalSchema = z
  .union([
    z.literal(BLANK_LOCAL_DATE_TIME).transform(() => null),
    z.literal('').transform(() => null),
    wireDate('dateTimeLocal'),
  ])
  .or(z.null());

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar date (its local parts) as yyyy-mm-dd. */
export function toDateOnly(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** yyyy-mm-dd as a local midnight Date; throws the §5 error text for anything else. */
export function fromDateOnly(value: string): Date {
  if (!isWireDate('dateOnly', value)) throw new Error(wireDateError('dateOnly', value));
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** An instant with the local zone offset: 2026-03-12T09:30:00+11:00. */
export function toDateTimeInstant(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toDateOnly(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function fromDateTimeInstant(value: string): Date {
  if (!isWireDate('dateTimeInstant', value)) throw new Error(wireDateError('dateTimeInstant', value));
  return new Date(value);
}

/** A wall-clock time without zone: 2026-03-12 09:30:00. */
export function toDateTimeLocal(date: Date): string {
  return `${toDateOnly(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** yyyy-MM-dd HH:mm:ss as a local Date; the blank marker and '' give null. */
export function fromDateTimeLocal(value: string): Date | null {
  if (value === BLANK_LOCAL_DATE_TIME || value === '') return null;
  if (!isWireDate('dateTimeLocal', value)) throw new Error(wireDateError('dateTimeLocal', value));
  const [date, time] = value.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min, s] = time.split(':').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, h, min, s);
}
