import {
  dateOnlySchema,
  dateTimeInstantSchema,
  dateTimeLocalSchema,
  fromDateOnly,
  fromDateTimeInstant,
  fromDateTimeLocal,
  isWireDate,
  toDateOnly,
  toDateTimeInstant,
  toDateTimeLocal,
} from '@slat/contracts';
import { describe, expect, it } from 'vitest';

describe('wire date formats (foundation §5)', () => {
  it('date-only is yyyy-mm-dd with a real calendar date', () => {
    expect(isWireDate('dateOnly', '2026-03-12')).toBe(true);
    expect(isWireDate('dateOnly', '2026-02-30')).toBe(false);
    expect(isWireDate('dateOnly', '12/03/2026')).toBe(false);
    expect(toDateOnly(new Date(2026, 2, 5))).toBe('2026-03-05');
    expect(toDateOnly(fromDateOnly('2024-02-29'))).toBe('2024-02-29');
  });

  it('instants carry a zone offset', () => {
    expect(isWireDate('dateTimeInstant', '2026-03-12T09:30:00+11:00')).toBe(true);
    expect(isWireDate('dateTimeInstant', '2026-03-12T09:30:00.123Z')).toBe(true);
    expect(isWireDate('dateTimeInstant', '2026-03-12T09:30:00')).toBe(false);
    const date = new Date(2026, 2, 12, 9, 30, 15);
    const wire = toDateTimeInstant(date);
    expect(wire).toMatch(/^2026-03-12T09:30:15[+-]\d{2}:\d{2}$/);
    expect(fromDateTimeInstant(wire).getTime()).toBe(date.getTime());
  });

  it("local date-times are yyyy-MM-dd HH:mm:ss and '0000-00-00 00:00:00' is blank", () => {
    expect(toDateTimeLocal(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(fromDateTimeLocal('2026-01-02 03:04:05')?.getHours()).toBe(3);
    expect(fromDateTimeLocal('0000-00-00 00:00:00')).toBeNull();
    expect(dateTimeLocalSchema.parse('0000-00-00 00:00:00')).toBeNull();
    expect(dateTimeLocalSchema.parse('2026-01-02 03:04:05')).toBe('2026-01-02 03:04:05');
    expect(isWireDate('dateTimeLocal', '2026-01-02T03:04:05')).toBe(false);
    expect(isWireDate('dateTimeLocal', '2026-01-02 24:00:00')).toBe(false);
  });

  it('errors read "Value \'{v}\' is not a valid … format"', () => {
    expect(dateOnlySchema.safeParse('2026-13-01').error?.issues[0]?.message).toBe(
      "Value '2026-13-01' is not a valid dateOnly format",
    );
    expect(dateTimeInstantSchema.safeParse('yesterday').error?.issues[0]?.message).toBe(
      "Value 'yesterday' is not a valid dateTimeInstant format",
    );
    expect(() => fromDateTimeLocal('2026-01-02')).toThrow(
      "Value '2026-01-02' is not a valid dateTimeLocal format",
    );
  });
});
