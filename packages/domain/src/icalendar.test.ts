import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentsToICalendar, type CalendarAppointment } from './icalendar';

const now = new Date('2026-11-20T08:15:30.123Z');
const deal = { tuid: 42, name: 'Smith lounge' };
const timed = (overrides: Partial<CalendarAppointment> = {}): CalendarAppointment => ({
  id: 7,
  title: 'Check-measure, Smith; lounge',
  location: '',
  description: '',
  temporalData: { time: { time: '2026-12-08 00:30:00', zone: 'Australia/Sydney' } },
  startsAt: '2026-12-07T13:30:00.000Z',
  endsAt: '2026-12-07T14:30:00.000Z',
  context: { deal },
  ...overrides,
});
const allDay = (temporalData: CalendarAppointment['temporalData']) =>
  timed({ id: 8, title: 'Install', temporalData, startsAt: 'unused', endsAt: 'unused' });
const write = (list: CalendarAppointment[]) => appointmentsToICalendar(list, { host: 'slat.test', now });

/** The feed read back by another library (ical.js), so folding and escaping are checked end to end. */
const readBack = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid'),
    summary: e.getFirstPropertyValue('summary'),
    location: e.getFirstPropertyValue('location'),
    description: e.getFirstPropertyValue('description'),
    start: String(e.getFirstPropertyValue('dtstart')),
    end: String(e.getFirstPropertyValue('dtend')),
  }));

describe('appointmentsToICalendar', () => {
  it('writes a calendar of timed appointments as UTC instants, text escaped, lines ended by CRLF', () => {
    const text = write([timed({ location: '1 Main St, Sydney', description: 'Bring samples' })]);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Slat//Appointments//EN\r\n')).toBe(
      true,
    );
    expect(text).toContain('CALSCALE:GREGORIAN\r\n');
    expect(text).toContain('BEGIN:VEVENT\r\nUID:slat-event-7@slat.test\r\n');
    expect(text).toContain('DTSTAMP:20261120T081530Z\r\n');
    expect(text).toContain('DTSTART:20261207T133000Z\r\nDTEND:20261207T143000Z\r\n');
    expect(text).toContain('SUMMARY:Check-measure\\, Smith\\; lounge\r\n');
    expect(text).toContain('LOCATION:1 Main St\\, Sydney\r\n');
    expect(text).toContain('DESCRIPTION:Bring samples\\nDeal #42 Smith lounge\r\n');
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes every kind of line break in text as \\n, and a backslash as \\\\', () => {
    const text = write([timed({ title: 'a\r\nb\rc\nd', location: 'C:\\quotes' })]);
    expect(text).toContain('SUMMARY:a\\nb\\nc\\nd\r\n');
    expect(text).toContain('LOCATION:C:\\\\quotes\r\n');
  });

  it('writes instants given with an offset in UTC', () => {
    const text = write([
      timed({ startsAt: '2026-12-08T00:30:00+11:00', endsAt: '2026-12-08T01:30:00+11:00' }),
    ]);
    expect(text).toContain('DTSTART:20261207T133000Z\r\nDTEND:20261207T143000Z\r\n');
  });

  it('writes all-day appointments as dates, the end the day after the last (exclusive)', () => {
    const text = write([
      allDay({ date: { date: '2026-12-31' } }),
      allDay({ datespan: { start: '2028-02-28', end: '2028-02-29' } }),
    ]);
    expect(text).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20280228\r\nDTEND;VALUE=DATE:20280301\r\n');
    expect(readBack(text).map((e) => [e.start, e.end])).toEqual([
      ['2026-12-31', '2027-01-01'],
      ['2028-02-28', '2028-03-01'],
    ]);
  });

  it('leaves out an empty location, and the description is just the deal when there is none', () => {
    const text = write([timed()]);
    expect(text).not.toContain('LOCATION');
    expect(text).toContain('DESCRIPTION:Deal #42 Smith lounge\r\n');
  });

  it('writes an empty calendar for no appointments', () => {
    const text = write([]);
    expect(text).not.toContain('VEVENT');
    expect(readBack(text)).toEqual([]);
  });

  it('folds at 75 octets and escapes any text so that a reader gets it back unchanged', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 120 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: text, location: text, description: text }), { maxLength: 4 }),
        (fields) => {
          const ics = write(fields.map((f, i) => timed({ id: i + 1, ...f })));
          for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
          expect(readBack(ics)).toEqual(
            fields.map((f, i) => ({
              uid: `slat-event-${i + 1}@slat.test`,
              summary: f.title,
              location: f.location === '' ? null : f.location,
              description: `${f.description}\nDeal #42 Smith lounge`.trim(),
              start: '2026-12-07T13:30:00Z',
              end: '2026-12-07T14:30:00Z',
            })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
