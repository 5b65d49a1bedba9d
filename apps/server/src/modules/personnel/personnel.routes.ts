import { randomInt } from 'node:crypto';
import {
  archivePerson,
  BADGE_PALETTE,
  createPerson,
  listPersonnel,
  type Person,
  personMessages,
  personnelLabels,
  updatePerson,
} from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import { route } from '../../plugins/api';
import type { Services } from '../../services';

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

async function people(db: Db, accountId: number, id?: number): Promise<Person[]> {
  const { rows } = await db.execute<PersonRow>(sql`
    SELECT id, name, email, labels, notes, badge_color FROM people
    WHERE account_id = ${accountId} AND archived_at IS NULL AND (${id ?? null}::int IS NULL OR id = ${id ?? null}::int)
    ORDER BY lower(name), id`);
  return rows.map(toPerson);
}

async function checkEmailFree(db: Db, accountId: number, email: string, exceptId?: number): Promise<void> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM people WHERE account_id = ${accountId} AND archived_at IS NULL
      AND lower(email) = lower(${email}) AND id <> ${exceptId ?? 0}`);
  if (rows.length) throw fieldError('email', personMessages.emailTaken);
}

/** The unique index answers a race between two saves with the same message as the check. */
async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23505')
      throw fieldError('email', personMessages.emailTaken);
    throw error;
  }
}

const uniqueLabels = (labels: string[]) => [...new Set(labels.map((l) => l.trim()).filter(Boolean))];

export function personnelRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;

  route(app, listPersonnel, async ({ session }) => people(db, session().accountId));

  route(app, personnelLabels, async ({ session }) => {
    const { rows } = await db.execute<{ label: string }>(sql`
      SELECT DISTINCT jsonb_array_elements_text(labels) AS label FROM people
      WHERE account_id = ${session().accountId} AND archived_at IS NULL ORDER BY 1`);
    return rows.map((r) => r.label);
  });

  route(app, createPerson, async ({ session, body }) => {
    const s = session();
    await checkEmailFree(db, s.accountId, body.email);
    const color = body.badgeColor ?? BADGE_PALETTE[randomInt(BADGE_PALETTE.length)]!;
    return guardUnique(async () => {
      const { rows } = await db.execute<{ id: number }>(sql`
        INSERT INTO people (account_id, name, email, labels, notes, badge_color)
        VALUES (${s.accountId}, ${body.name}, ${body.email}, ${JSON.stringify(uniqueLabels(body.labels))}::jsonb, ${body.notes}, ${color})
        RETURNING id`);
      return { id: rows[0]!.id };
    });
  });

  route(app, updatePerson, async ({ session, params, body }) => {
    const s = session();
    const [current] = await people(db, s.accountId, params.id);
    if (!current) throw notFound('Person not found');
    await checkEmailFree(db, s.accountId, body.email, params.id);
    await guardUnique(() =>
      db.execute(sql`
        UPDATE people SET name = ${body.name}, email = ${body.email}, labels = ${JSON.stringify(uniqueLabels(body.labels))}::jsonb,
          notes = ${body.notes}, badge_color = ${body.badgeColor ?? current.badgeColor}
        WHERE id = ${params.id} AND account_id = ${s.accountId}`),
    );
    return (await people(db, s.accountId, params.id))[0]!;
  });

  route(app, archivePerson, async ({ session, params }) => {
    const { rows } = await db.execute(sql`
      UPDATE people SET archived_at = now()
      WHERE id = ${params.id} AND account_id = ${session().accountId} AND archived_at IS NULL RETURNING id`);
    if (rows.length === 0) throw notFound('Person not found');
    return { success: true as const };
  });
}
