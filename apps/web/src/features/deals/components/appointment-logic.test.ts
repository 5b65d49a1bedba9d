import { eventMessages } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  appointmentHeader,
  defaultAppointment,
  nextQuarterHour,
  QUARTER_TIMES,
  switchAllDay,
  toTemporalData,
  validateAppointment,
  valuesFromEvent,
} from './appointment-logic';

const at = (s: string) => new Date(s);

describe('appointment defaults', () => {
  it('starts at the next quarter-hour and lasts an hour, naming the workflow and deal', () => {
    const v = defaultAppointment(at('2026-03-12T10:07:30'), 'Residential', 42);
    expect(v).toMatchObject({
      title: '',
      allDay: false,
      startDate: '2026-03-12',
      startTime: '10:15',
      endDate: '2026-03-12',
      endTime: '11:15',
      description: 'Appointment for Residential 42',
    });
  });

  it('the next quarter-hour is strictly later, and crosses midnight', () => {
    expect(nextQuarterHour(at('2026-03-12T10:00:00')).toTimeString().slice(0, 5)).toBe('10:15');
    const late = defaultAppointment(at('2026-03-12T23:50:00'), 'Residential', 1);
    expect(late).toMatchObject({ startDate: '2026-03-13', startTime: '00:00', endTime: '01:00' });
  });

  it('switching to timed gives 09:00 to 10:00; the pickers offer quarter-hours only', () => {
    const allDay = {
      ...defaultAppointment(at('2026-03-12T10:07:00'), 'R', 1),
      allDay: true,
      endDate: '2026-03-14',
    };
    expect(switchAllDay(allDay, false)).toMatchObject({
      allDay: false,
      startTime: '09:00',
      endTime: '10:00',
      endDate: '2026-03-12',
    });
    expect(QUARTER_TIMES).toHaveLength(96);
    expect(QUARTER_TIMES.every((t) => Number(t.slice(3)) % 15 === 0)).toBe(true);
  });
});

describe('appointment rules and shapes', () => {
  const base = defaultAppointment(at('2026-03-12T10:07:00'), 'Residential', 7);

  it('title required; end after start; 15-minute steps', () => {
    expect(validateAppointment(base)).toEqual({ title: eventMessages.titleRequired });
    const titled = { ...base, title: 'Measure' };
    expect(validateAppointment({ ...titled, endTime: '10:00' })).toEqual({
      endTime: eventMessages.endTimeAfterStart,
    });
    expect(validateAppointment({ ...titled, endTime: '11:20' })).toEqual({
      endTime: eventMessages.quarterHours,
    });
    expect(validateAppointment({ ...titled, endDate: '' })).toEqual({ endDate: eventMessages.startAndEnd });
    expect(validateAppointment({ ...titled, allDay: true, endDate: '2026-03-11' })).toEqual({
      endDate: eventMessages.endDateAfterStart,
    });
  });

  it('maps to the four temporalData kinds and back', () => {
    const v = { ...base, title: 'Measure' };
    expect(toTemporalData(v, 'Australia/Sydney')).toEqual({
      timespan: {
        start: '2026-03-12 10:15:00',
        end: '2026-03-12 11:15:00',
        startZone: 'Australia/Sydney',
        endZone: 'Australia/Sydney',
      },
    });
    expect(toTemporalData({ ...v, endTime: '10:15' }, 'UTC')).toEqual({
      time: { time: '2026-03-12 10:15:00', zone: 'UTC' },
    });
    expect(toTemporalData({ ...v, allDay: true }, 'UTC')).toEqual({ date: { date: '2026-03-12' } });
    expect(toTemporalData({ ...v, allDay: true, endDate: '2026-03-13' }, 'UTC')).toEqual({
      datespan: { start: '2026-03-12', end: '2026-03-13' },
    });
    const back = valuesFromEvent({
      title: 'Measure',
      location: '',
      description: '',
      temporalData: toTemporalData(v, 'UTC'),
    });
    expect(back).toMatchObject({
      startDate: '2026-03-12',
      startTime: '10:15',
      endTime: '11:15',
      allDay: false,
    });
  });
});

describe('appointment header', () => {
  const timed = {
    temporalData: { time: { time: '2026-03-12 10:00:00', zone: 'UTC' } },
    startsAt: '2026-03-12T10:00:00Z',
    endsAt: '2026-03-12T11:00:00Z',
  };
  it('Happening now / Ended … / Coming up …', () => {
    expect(appointmentHeader(timed, at('2026-03-12T10:30:00Z'))).toEqual({ kind: 'now' });
    expect(appointmentHeader(timed, at('2026-03-12T13:00:00Z'))).toEqual({
      kind: 'ended',
      relative: 'about 2 hours ago',
    });
    expect(appointmentHeader(timed, at('2026-03-09T10:00:00Z'))).toEqual({
      kind: 'upcoming',
      relative: 'in 3 days',
    });
  });
  it('all-day ones are Happening today on their days', () => {
    const span = {
      temporalData: { datespan: { start: '2026-03-12', end: '2026-03-14' } },
      startsAt: '',
      endsAt: '',
    };
    expect(appointmentHeader(span, at('2026-03-13T15:00:00'))).toEqual({ kind: 'today' });
    expect(appointmentHeader(span, at('2026-03-20T12:00:00')).kind).toBe('ended');
    expect(appointmentHeader(span, at('2026-03-01T12:00:00')).kind).toBe('upcoming');
  });
});
