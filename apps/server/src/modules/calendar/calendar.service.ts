import { type CalendarAccount, calendarProviders } from '@slat/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/secrets';
import { listUserAppointments, toICalendar } from '../appointments/index';
import * as repo from './calendar.repository';

export async function calendarAccount(db: Db, userId: number): Promise<CalendarAccount> {
  const row = await repo.findCalendarAccount(db, userId);
  return {
    connection: row
      ? {
          id: row.id,
          provider: row.provider as (typeof calendarProviders)[number],
          status: row.status,
          email: row.email,
        }
      : null,
    // Outside mail/calendar services need OAuth apps this installation does not have.
    services: calendarProviders.map((provider) => ({
      provider,
      available: provider === 'VIRTUAL_CALENDAR',
      linkPath: provider === 'VIRTUAL_CALENDAR' ? '/api/account/virtual-calendar/link' : null,
    })),
  };
}

export async function linkVirtualCalendarFor(
  db: Db,
  accountId: number,
  userId: number,
): Promise<CalendarAccount> {
  await repo.upsertVirtualCalendar(db, accountId, userId);
  return calendarAccount(db, userId);
}

export async function unlinkCalendarFor(db: Db, userId: number): Promise<CalendarAccount> {
  await repo.deleteCalendarAccount(db, userId);
  return calendarAccount(db, userId);
}

/** A new private feed URL for the user; calling again replaces the old one. */
export async function newFeedUrl(db: Db, userId: number, publicUrl: string): Promise<{ url: string }> {
  const token = randomToken();
  await repo.replaceFeedToken(db, userId, sha256(token));
  return { url: `${publicUrl}/api/calendar/${token}.ics` };
}

/** The feed of the user whose token is in the file name (`<token>.ics`), as iCalendar text. */
export async function feedCalendar(db: Db, file: string, publicUrl: string): Promise<string> {
  const owner = await repo.findFeedOwner(db, sha256(file.slice(0, -'.ics'.length)));
  if (!owner) throw notFound('Calendar not found');
  const list = await listUserAppointments(db, owner.accountId, owner.userId);
  return toICalendar(list, new URL(publicUrl).host);
}
