import type { DealEvent, TemporalData } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

type AppointmentRow = {
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

const toAppointment = (r: AppointmentRow): DealEvent => ({
  id: r.id,
  title: r.title,
  location: r.location,
  description: r.description,
  temporalData: r.temporal,
  startsAt: new Date(r.starts_at).toISOString(),
  endsAt: new Date(r.ends_at).toISOString(),
  context: { deal: { id: r.deal_id, tuid: r.tuid, name: r.deal_name } },
});

/** The account's appointments, narrowed to a deal, one appointment or one creator; by start. */
export async function findAppointments(
  db: Db,
  accountId: number,
  where: { dealId?: number; appointmentId?: number; userId?: number },
): Promise<DealEvent[]> {
  const { rows } = await db.execute<AppointmentRow>(sql`
    SELECT e.id, e.title, e.location, e.description, e.temporal, e.starts_at, e.ends_at,
           d.id AS deal_id, d.tuid, d.name AS deal_name
    FROM deal_events e JOIN deals d ON d.id = e.deal_id
    WHERE d.account_id = ${accountId}
      AND (${where.dealId ?? null}::int IS NULL OR e.deal_id = ${where.dealId ?? null}::int)
      AND (${where.appointmentId ?? null}::int IS NULL OR e.id = ${where.appointmentId ?? null}::int)
      AND (${where.userId ?? null}::int IS NULL OR e.created_by = ${where.userId ?? null}::int)
    ORDER BY e.starts_at, e.id`);
  return rows.map(toAppointment);
}

/** The time zone of the account's company (all-day appointments are days there). */
export async function findCompanyTimeZone(db: Db, accountId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ timezone: string }>(
    sql`SELECT timezone FROM companies WHERE account_id = ${accountId}`,
  );
  return rows[0]?.timezone;
}

export type AppointmentFields = {
  title: string;
  location: string;
  description: string;
  temporalData: TemporalData;
  startsAt: Date;
  endsAt: Date;
};

export async function insertAppointment(
  db: Db,
  dealId: number,
  userId: number,
  a: AppointmentFields,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO deal_events (deal_id, title, location, description, temporal, starts_at, ends_at, created_by)
    VALUES (${dealId}, ${a.title}, ${a.location}, ${a.description}, ${JSON.stringify(a.temporalData)}::jsonb,
            ${a.startsAt.toISOString()}, ${a.endsAt.toISOString()}, ${userId})
    RETURNING id`);
  return rows[0]!.id;
}

export async function updateAppointmentRow(db: Db, id: number, a: AppointmentFields): Promise<void> {
  await db.execute(sql`
    UPDATE deal_events SET title = ${a.title}, location = ${a.location}, description = ${a.description},
      temporal = ${JSON.stringify(a.temporalData)}::jsonb, starts_at = ${a.startsAt.toISOString()}, ends_at = ${a.endsAt.toISOString()}
    WHERE id = ${id}`);
}

export async function deleteAppointmentRow(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM deal_events WHERE id = ${id}`);
}
