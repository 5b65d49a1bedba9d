import type { Person } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

type PersonRow = {
  id: number;
  name: string;
  email: string;
  labels: string[];
  notes: string;
  badge_color: string;
};
const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  name: r.name,
  email: r.email,
  labels: r.labels,
  notes: r.notes,
  badgeColor: r.badge_color,
});

export type PersonFields = Pick<Person, 'name' | 'email' | 'labels' | 'notes' | 'badgeColor'>;

/** The account's active personnel (or the one with `id`), by name. */
export async function findPeople(db: Db, accountId: number, id?: number): Promise<Person[]> {
  const { rows } = await db.execute<PersonRow>(sql`
    SELECT id, name, email, labels, notes, badge_color FROM people
    WHERE account_id = ${accountId} AND archived_at IS NULL AND (${id ?? null}::int IS NULL OR id = ${id ?? null}::int)
    ORDER BY lower(name), id`);
  return rows.map(toPerson);
}

export async function isEmailTaken(
  db: Db,
  accountId: number,
  email: string,
  exceptId?: number,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM people WHERE account_id = ${accountId} AND archived_at IS NULL
      AND lower(email) = lower(${email}) AND id <> ${exceptId ?? 0}`);
  return rows.length > 0;
}

export async function findLabels(db: Db, accountId: number): Promise<string[]> {
  const { rows } = await db.execute<{ label: string }>(sql`
    SELECT DISTINCT jsonb_array_elements_text(labels) AS label FROM people
    WHERE account_id = ${accountId} AND archived_at IS NULL ORDER BY 1`);
  return rows.map((r) => r.label);
}

export async function insertPerson(db: Db, accountId: number, p: PersonFields): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO people (account_id, name, email, labels, notes, badge_color)
    VALUES (${accountId}, ${p.name}, ${p.email}, ${JSON.stringify(p.labels)}::jsonb, ${p.notes}, ${p.badgeColor})
    RETURNING id`);
  return rows[0]!.id;
}

export async function updatePersonRow(db: Db, accountId: number, id: number, p: PersonFields): Promise<void> {
  await db.execute(sql`
    UPDATE people SET name = ${p.name}, email = ${p.email}, labels = ${JSON.stringify(p.labels)}::jsonb,
      notes = ${p.notes}, badge_color = ${p.badgeColor}
    WHERE id = ${id} AND account_id = ${accountId}`);
}

/** Archives an active person; false when there is none with that id in the account. */
export async function archivePersonRow(db: Db, accountId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE people SET archived_at = now()
    WHERE id = ${id} AND account_id = ${accountId} AND archived_at IS NULL RETURNING id`);
  return rows.length > 0;
}
