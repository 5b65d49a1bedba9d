import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnstorableText, idSchema, MAX_ID } from './common';
import {
  blankableDateTimeLocalSchema,
  dateOnlySchema,
  dateTimeInstantSchema,
  isWireDate,
} from './wire-formats';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('wire dates', () => {
  it('accepts exactly the days the calendar has (JavaScript dates as the reference, years 1000–9999)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const date = new Date(Date.UTC(y, m - 1, d));
          const real = date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
          expect(isWireDate('dateOnly', `${pad(y, 4)}-${pad(m)}-${pad(d)}`)).toBe(real);
        },
      ),
    );
  });

  it('knows leap years, refuses year 0 and clock times past 23:59:59', () => {
    expect(isWireDate('dateOnly', '2028-02-29')).toBe(true);
    expect(isWireDate('dateOnly', '2000-02-29')).toBe(true);
    expect(isWireDate('dateOnly', '2100-02-29')).toBe(false);
    expect(isWireDate('dateOnly', '0000-01-01')).toBe(false);
    expect(isWireDate('dateTimeLocal', '2026-11-23 23:59:59')).toBe(true);
    expect(isWireDate('dateTimeLocal', '2026-11-23 25:00:00')).toBe(false);
    expect(isWireDate('dateTimeLocal', '2026-11-23 10:60:00')).toBe(false);
    expect(isWireDate('dateTimeLocal', '2026-11-23T10:00:00')).toBe(false);
    expect(isWireDate('dateTimeInstant', '2026-11-23T09:30:00+11:00')).toBe(true);
    expect(isWireDate('dateTimeInstant', '2026-11-23T09:30:00.123Z')).toBe(true);
    expect(isWireDate('dateTimeInstant', '2026-11-23T09:30:00')).toBe(false);
    expect(isWireDate('dateTimeInstant', '2026-02-30T09:30:00Z')).toBe(false);
  });

  it("words its refusals as the spec does: Value '{v}' is not a valid … format", () => {
    expect(dateOnlySchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      "Value '2026-02-30' is not a valid dateOnly format",
    );
    expect(dateTimeInstantSchema.safeParse(5).error?.issues[0]?.message).toBe(
      "Value '5' is not a valid dateTimeInstant format",
    );
    expect(blankableDateTimeLocalSchema.parse('0000-00-00 00:00:00')).toBeNull();
    expect(blankableDateTimeLocalSchema.safeParse('2026-11-23 25:00:00').error?.issues[0]?.message).toBe(
      "Value '2026-11-23 25:00:00' is not a valid dateTimeLocal format",
    );
  });
});

describe('ids and text', () => {
  it('bounds ids to the int4 column', () => {
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    for (const id of [MAX_ID + 1, 0, -1, 1.5, 1e300]) expect(idSchema.safeParse(id).success).toBe(false);
  });

  it('finds a NUL or an unpaired surrogate anywhere, keys included, and nothing in storable text', () => {
    expect(findUnstorableText({ a: [1, { 'b\u0000': 'x' }] })?.path).toEqual(['a', 1, 'b\u0000']);
    expect(findUnstorableText(['ok', { c: '\udc00' }])?.path).toEqual([1, 'c']);
    const deep = JSON.parse(`${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`);
    expect(findUnstorableText(deep)?.path).toHaveLength(20_000);
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const storable = JSON.parse(JSON.stringify(value).replaceAll('\\u0000', ' '));
        expect(findUnstorableText(storable)).toBeUndefined();
      }),
    );
  });
});
