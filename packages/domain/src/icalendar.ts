/** The appointments feed as iCalendar (RFC 5545), written with ical-generator. Decision 008. */
import ical from 'ical-generator';

const DAY = 24 * 60 * 60 * 1000;

/**
 * An appointment as the feed needs it; a contract `DealEvent` is one. All-day appointments
 * (`date`, `datespan`) are written as dates, the others as their UTC instants.
 */
export type CalendarAppointment = {
  id: number;
  title: string;
  location: string;
  description: string;
  temporalData:
    | { date: { date: string } }
    | { datespan: { start: string; end: string } }
    | { time: object }
    | { timespan: object };
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  context: { deal: { tuid: number; name: string } };
};

/** A YYYY-MM-DD day as the Date of its UTC midnight, `plusDays` later. */
const day = (date: string, plusDays = 0) => new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * DAY);

/** The first day and the day after the last (DTEND of an all-day event is exclusive), or undefined. */
function days(t: CalendarAppointment['temporalData']): { start: Date; end: Date } | undefined {
  if ('date' in t) return { start: day(t.date.date), end: day(t.date.date, 1) };
  if ('datespan' in t) return { start: day(t.datespan.start), end: day(t.datespan.end, 1) };
  return undefined;
}

/**
 * The .ics text of a user's appointments: one VEVENT each, UID `slat-event-<id>@<host>`, the deal
 * named in the description. `now` is the DTSTAMP (the time the feed is written).
 */
export function appointmentsToICalendar(
  appointments: readonly CalendarAppointment[],
  options: { host: string; now?: Date },
): string {
  const stamp = options.now ?? new Date();
  const calendar = ical({ prodId: '//Slat//Appointments//EN', scale: 'GREGORIAN' });
  for (const a of appointments) {
    const allDay = days(a.temporalData);
    calendar.createEvent({
      id: `slat-event-${a.id}@${options.host}`,
      stamp,
      ...(allDay ?? { start: new Date(a.startsAt), end: new Date(a.endsAt) }),
      allDay: allDay !== undefined,
      summary: a.title,
      location: a.location || null,
      description: `${a.description}\nDeal #${a.context.deal.tuid} ${a.context.deal.name}`.trim(),
    });
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 3.1).
  return `${calendar.toString().replace(/(\r\n)?$/, '')}\r\n`;
}
