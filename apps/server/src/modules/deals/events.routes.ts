import {
  createDealEvent,
  type DealEvent,
  deleteDealEvent,
  eventMessages,
  listDealEvents,
  type TemporalData,
  updateDealEvent,
} from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/secrets';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { requireDeal, requireEditableDeal } from './deals.service';
import { localToInstant } from './time-zones';

const DAY = 24 * 60 * 60 * 1000;

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

type EventRow = {
  id: number;
  title: string;
  location: string;
  description: string;
  temporal: TemporalData;
  starts_at: Date;
  ends_at: Date;
  deal_id: number;
  tuid: number;
  deal_name: string;
};

const toEvent = (r: EventRow): DealEvent => ({
  id: r.id,
  title: r.title,
  location: r.location,
  description: r.description,
  temporalData: r.temporal,
  startsAt: new Date(r.starts_at).toISOString(),
  endsAt: new Date(r.ends_at).toISOString(),
  context: { deal: { id: r.deal_id, tuid: r.tuid, name: r.deal_name } },
});

async function events(
  db: Db,
  accountId: number,
  where: { dealId?: number; eventId?: number; userId?: number },
) {
  const { rows } = await db.execute<EventRow>(sql`
    SELECT e.id, e.title, e.location, e.description, e.temporal, e.starts_at, e.ends_at,
           d.id AS deal_id, d.tuid, d.name AS deal_name
    FROM deal_events e JOIN deals d ON d.id = e.deal_id
    WHERE d.account_id = ${accountId}
      AND (${where.dealId ?? null}::int IS NULL OR e.deal_id = ${where.dealId ?? null}::int)
      AND (${where.eventId ?? null}::int IS NULL OR e.id = ${where.eventId ?? null}::int)
      AND (${where.userId ?? null}::int IS NULL OR e.created_by = ${where.userId ?? null}::int)
    ORDER BY e.starts_at, e.id`);
  return rows.map(toEvent);
}

async function companyZone(db: Db, accountId: number): Promise<string> {
  const { rows } = await db.execute<{ timezone: string }>(
    sql`SELECT timezone FROM companies WHERE account_id = ${accountId}`,
  );
  return rows[0]?.timezone ?? 'UTC';
}

async function requireEvent(db: Db, accountId: number, id: number): Promise<DealEvent> {
  const [event] = await events(db, accountId, { eventId: id });
  if (!event) throw notFound('Appointment not found');
  return event;
}

/** RFC 5545 text: escape, then fold lines at 75 octets. */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export function toICalendar(list: DealEvent[], host: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Slat//Appointments//EN', 'CALSCALE:GREGORIAN'];
  const now = icsStamp(new Date());
  for (const e of list) {
    const t = e.temporalData;
    lines.push('BEGIN:VEVENT', `UID:slat-event-${e.id}@${host}`, `DTSTAMP:${now}`);
    if ('date' in t || 'datespan' in t) {
      const start = 'date' in t ? t.date.date : t.datespan.start;
      const endDate = new Date(`${'date' in t ? t.date.date : t.datespan.end}T00:00:00Z`);
      const end = new Date(endDate.getTime() + DAY).toISOString().slice(0, 10);
      lines.push(
        `DTSTART;VALUE=DATE:${start.replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${end.replace(/-/g, '')}`,
      );
    } else {
      lines.push(`DTSTART:${icsStamp(new Date(e.startsAt))}`, `DTEND:${icsStamp(new Date(e.endsAt))}`);
    }
    lines.push(`SUMMARY:${icsText(e.title)}`);
    if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
    lines.push(
      `DESCRIPTION:${icsText(`${e.description}\nDeal #${e.context.deal.tuid} ${e.context.deal.name}`.trim())}`,
    );
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export function eventRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;

  route(app, listDealEvents, async ({ session, params }) => {
    const s = session();
    await requireDeal(db, s.accountId, params.dealId);
    return events(db, s.accountId, { dealId: params.dealId });
  });

  route(app, createDealEvent, async ({ session, params, body }) => {
    const s = session();
    await requireEditableDeal(db, s.accountId, params.dealId);
    const { startsAt, endsAt } = span(body.temporalData, await companyZone(db, s.accountId));
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO deal_events (deal_id, title, location, description, temporal, starts_at, ends_at, created_by)
      VALUES (${params.dealId}, ${body.title}, ${body.location}, ${body.description}, ${JSON.stringify(body.temporalData)}::jsonb,
              ${startsAt.toISOString()}, ${endsAt.toISOString()}, ${s.userId})
      RETURNING id`);
    return requireEvent(db, s.accountId, rows[0]!.id);
  });

  route(app, updateDealEvent, async ({ session, params, body }) => {
    const s = session();
    const event = await requireEvent(db, s.accountId, params.id);
    await requireEditableDeal(db, s.accountId, event.context.deal.id);
    const { startsAt, endsAt } = span(body.temporalData, await companyZone(db, s.accountId));
    await db.execute(sql`
      UPDATE deal_events SET title = ${body.title}, location = ${body.location}, description = ${body.description},
        temporal = ${JSON.stringify(body.temporalData)}::jsonb, starts_at = ${startsAt.toISOString()}, ends_at = ${endsAt.toISOString()}
      WHERE id = ${params.id}`);
    return requireEvent(db, s.accountId, params.id);
  });

  route(app, deleteDealEvent, async ({ session, params }) => {
    const s = session();
    const event = await requireEvent(db, s.accountId, params.id);
    await requireEditableDeal(db, s.accountId, event.context.deal.id);
    await db.execute(sql`DELETE FROM deal_events WHERE id = ${params.id}`);
    return { success: true as const };
  });
}

/** The appointments of a user's deals (the private calendar feed). */
export const listUserAppointments = (db: Db, accountId: number, userId: number): Promise<DealEvent[]> =>
  events(db, accountId, { userId });
