import { type DealEvent, eventMessages, type TemporalData } from '@slat/contracts';
import { appointmentsToICalendar } from '@slat/domain';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import { requireDeal, requireEditableDeal } from '../deals/index';
import * as repo from './appointments.repository';
import { localToInstant } from './time-zones';

const DAY = 24 * 60 * 60 * 1000;

/** What the dealer enters; the instants are derived from `temporalData`. */
export type AppointmentInput = Omit<repo.AppointmentFields, 'startsAt' | 'endsAt'>;

/** The instants an appointment spans; all-day ones use the company's time zone. */
export function span(t: TemporalData, companyZone: string): { startsAt: Date; endsAt: Date } {
  if ('date' in t) {
    const startsAt = localToInstant(`${t.date.date} 00:00:00`, companyZone);
    return { startsAt, endsAt: new Date(startsAt.getTime() + DAY) };
  }
  if ('datespan' in t) {
    return {
      startsAt: localToInstant(`${t.datespan.start} 00:00:00`, companyZone),
      endsAt: new Date(localToInstant(`${t.datespan.end} 00:00:00`, companyZone).getTime() + DAY),
    };
  }
  if ('time' in t) {
    const at = localToInstant(t.time.time, t.time.zone);
    return { startsAt: at, endsAt: at };
  }
  const startsAt = localToInstant(t.timespan.start, t.timespan.startZone);
  const endsAt = localToInstant(t.timespan.end, t.timespan.endZone);
  if (endsAt <= startsAt) throw fieldError('temporalData.timespan.end', eventMessages.endTimeAfterStart);
  return { startsAt, endsAt };
}

/** The input with the instants it spans in the account's company time zone. */
async function withInstants(
  db: Db,
  accountId: number,
  input: AppointmentInput,
): Promise<repo.AppointmentFields> {
  const zone = (await repo.findCompanyTimeZone(db, accountId)) ?? 'UTC';
  return { ...input, ...span(input.temporalData, zone) };
}

async function requireAppointment(db: Db, accountId: number, id: number): Promise<DealEvent> {
  const [appointment] = await repo.findAppointments(db, accountId, { appointmentId: id });
  if (!appointment) throw notFound('Appointment not found');
  return appointment;
}

export async function listDealAppointments(db: Db, accountId: number, dealId: number): Promise<DealEvent[]> {
  await requireDeal(db, accountId, dealId);
  return repo.findAppointments(db, accountId, { dealId });
}

export async function addAppointment(
  db: Db,
  accountId: number,
  userId: number,
  dealId: number,
  input: AppointmentInput,
): Promise<DealEvent> {
  await requireEditableDeal(db, accountId, dealId);
  const id = await repo.insertAppointment(db, dealId, userId, await withInstants(db, accountId, input));
  return requireAppointment(db, accountId, id);
}

export async function editAppointment(
  db: Db,
  accountId: number,
  id: number,
  input: AppointmentInput,
): Promise<DealEvent> {
  const appointment = await requireAppointment(db, accountId, id);
  await requireEditableDeal(db, accountId, appointment.context.deal.id);
  await repo.updateAppointmentRow(db, id, await withInstants(db, accountId, input));
  return requireAppointment(db, accountId, id);
}

export async function deleteAppointment(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const appointment = await requireAppointment(db, accountId, id);
  await requireEditableDeal(db, accountId, appointment.context.deal.id);
  await repo.deleteAppointmentRow(db, id);
  return { success: true };
}

/** The appointments a user created, on any deal of the account (the private calendar feed). */
export const listUserAppointments = (db: Db, accountId: number, userId: number): Promise<DealEvent[]> =>
  repo.findAppointments(db, accountId, { userId });

/** A user's appointments as the .ics text of their private feed (UIDs name `host`). */
export const toICalendar = (list: DealEvent[], host: string): string =>
  appointmentsToICalendar(list, { host });
