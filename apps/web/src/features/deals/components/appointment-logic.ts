import { type DealEvent, eventMessages, type TemporalData } from '@slat/contracts';
import { addDays, addMinutes, format, formatDistance, parseISO } from 'date-fns';
import { z } from 'zod';
import { formatTimeOfDay } from '../../../lib/format';

/** The appointment form: local dates and times, as the pickers show them. */
export type AppointmentValues = {
  title: string;
  location: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
};

const QUARTER_MINUTES = 15;
const DEFAULT_LENGTH_MINUTES = 60;

/** 00:00, 00:15 … 23:45: the time pickers' choices (§9: 15-minute steps). */
export const QUARTER_TIMES: string[] = Array.from({ length: 96 }, (_, i) => {
  const h = Math.floor(i / 4);
  const m = (i % 4) * 15;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
});

/** The time pickers' options: 24-hour values, labels as §9 shows times (h:mma: '8:15PM'). */
export const QUARTER_TIME_OPTIONS = QUARTER_TIMES.map((value) => ({ value, label: formatTimeOfDay(value) }));

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The first quarter-hour strictly after `now`. */
export function nextQuarterHour(now: Date): Date {
  const start = new Date(now);
  start.setSeconds(0, 0);
  const past = start.getMinutes() % QUARTER_MINUTES;
  return addMinutes(start, QUARTER_MINUTES - past);
}

const day = (d: Date) => format(d, 'yyyy-MM-dd');
const clock = (d: Date) => format(d, 'HH:mm');

/** §5: a new appointment starts at the next quarter-hour, lasts an hour, and names the deal. */
export function defaultAppointment(now: Date, workflowName: string, tuid: number): AppointmentValues {
  const start = nextQuarterHour(now);
  const end = addMinutes(start, DEFAULT_LENGTH_MINUTES);
  return {
    title: '',
    location: '',
    description: `Appointment for ${workflowName} ${tuid}`,
    allDay: false,
    startDate: day(start),
    startTime: clock(start),
    endDate: day(end),
    endTime: clock(end),
  };
}

/** Switching between all-day and timed: timed gives 09:00 to 10:00 (§9). */
export function switchAllDay(values: AppointmentValues, allDay: boolean): AppointmentValues {
  if (allDay === values.allDay) return values;
  if (allDay) return { ...values, allDay: true, startTime: '09:00', endTime: '10:00' };
  return { ...values, allDay: false, startTime: '09:00', endTime: '10:00', endDate: values.startDate };
}

/** The form's values of a saved appointment. */
export function valuesFromEvent(
  event: Pick<DealEvent, 'title' | 'location' | 'description' | 'temporalData'>,
) {
  const base = { title: event.title, location: event.location, description: event.description };
  const td = event.temporalData;
  const split = (t: string) => [t.slice(0, 10), t.slice(11, 16)] as const;
  if ('date' in td)
    return {
      ...base,
      allDay: true,
      startDate: td.date.date,
      endDate: td.date.date,
      startTime: '09:00',
      endTime: '10:00',
    };
  if ('datespan' in td)
    return {
      ...base,
      allDay: true,
      startDate: td.datespan.start,
      endDate: td.datespan.end,
      startTime: '09:00',
      endTime: '10:00',
    };
  if ('time' in td) {
    const [d, t] = split(td.time.time);
    return { ...base, allDay: false, startDate: d, startTime: t, endDate: d, endTime: t };
  }
  const [sd, st] = split(td.timespan.start);
  const [ed, et] = split(td.timespan.end);
  return { ...base, allDay: false, startDate: sd, startTime: st, endDate: ed, endTime: et };
}

export type AppointmentErrors = Partial<Record<keyof AppointmentValues, string>>;

const isQuarter = (t: string) => /^\d{2}:\d{2}$/.test(t) && Number(t.slice(3)) % QUARTER_MINUTES === 0;

/** §5's rules, each message on the field it belongs to. */
export function validateAppointment(v: AppointmentValues): AppointmentErrors {
  const errors: AppointmentErrors = {};
  if (!v.title.trim()) errors.title = eventMessages.titleRequired;
  if (!v.startDate || !v.endDate || (!v.allDay && (!v.startTime || !v.endTime))) {
    errors.endDate = eventMessages.startAndEnd;
    return errors;
  }
  if (v.allDay) {
    if (v.endDate < v.startDate) errors.endDate = eventMessages.endDateAfterStart;
    return errors;
  }
  if (!isQuarter(v.startTime) || !isQuarter(v.endTime)) errors.endTime = eventMessages.quarterHours;
  else if (`${v.endDate} ${v.endTime}` < `${v.startDate} ${v.startTime}`)
    errors.endTime = eventMessages.endTimeAfterStart;
  return errors;
}

/** The form's schema: §5's rules of validateAppointment, each message on its field. */
export const appointmentFormSchema = z
  .object({
    title: z.string(),
    location: z.string(),
    description: z.string(),
    allDay: z.boolean(),
    startDate: z.string(),
    startTime: z.string(),
    endDate: z.string(),
    endTime: z.string(),
  })
  .superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(validateAppointment(values)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });

/** The call's temporalData: one day or a span of days; one moment or a span of time. */
export function toTemporalData(v: AppointmentValues, zone: string): TemporalData {
  if (v.allDay) {
    return v.endDate === v.startDate
      ? { date: { date: v.startDate } }
      : { datespan: { start: v.startDate, end: v.endDate } };
  }
  const start = `${v.startDate} ${v.startTime}:00`;
  const end = `${v.endDate} ${v.endTime}:00`;
  if (start === end) return { time: { time: start, zone } };
  return { timespan: { start, end, startZone: zone, endZone: zone } };
}

export type AppointmentHeader =
  | { kind: 'today' }
  | { kind: 'now' }
  | { kind: 'ended'; relative: string }
  | { kind: 'upcoming'; relative: string };

/**
 * §4's header: all-day appointments are 'Happening today' on their days, timed ones 'Happening
 * now' while they run; otherwise 'Ended …' or 'Coming up …' relative to now.
 */
export function appointmentHeader(
  event: Pick<DealEvent, 'temporalData' | 'startsAt' | 'endsAt'>,
  now: Date,
): AppointmentHeader {
  const td = event.temporalData;
  if ('date' in td || 'datespan' in td) {
    const first = 'date' in td ? td.date.date : td.datespan.start;
    const last = 'date' in td ? td.date.date : td.datespan.end;
    const today = day(now);
    if (today >= first && today <= last) return { kind: 'today' };
    if (today > last)
      return {
        kind: 'ended',
        relative: formatDistance(addDays(parseISO(last), 1), now, { addSuffix: true }),
      };
    return { kind: 'upcoming', relative: formatDistance(parseISO(first), now, { addSuffix: true }) };
  }
  const starts = new Date(event.startsAt);
  const ends = new Date(event.endsAt);
  if (now >= starts && now <= ends) return { kind: 'now' };
  if (now > ends) return { kind: 'ended', relative: formatDistance(ends, now, { addSuffix: true }) };
  return { kind: 'upcoming', relative: formatDistance(starts, now, { addSuffix: true }) };
}
