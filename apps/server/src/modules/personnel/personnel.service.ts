import { randomInt } from 'node:crypto';
import { BADGE_PALETTE, type Person, personMessages } from '@slat/contracts';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import * as repo from './personnel.repository';

export type PersonInput = Omit<repo.PersonFields, 'badgeColor'> & { badgeColor?: string | null | undefined };

const uniqueLabels = (labels: string[]) => [...new Set(labels.map((l) => l.trim()).filter(Boolean))];

async function checkEmailFree(db: Db, accountId: number, email: string, exceptId?: number): Promise<void> {
  if (await repo.isEmailTaken(db, accountId, email, exceptId))
    throw fieldError('email', personMessages.emailTaken);
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

export const listPeople = (db: Db, accountId: number): Promise<Person[]> => repo.findPeople(db, accountId);

export const listPersonnelLabels = (db: Db, accountId: number): Promise<string[]> =>
  repo.findLabels(db, accountId);

export async function addPerson(db: Db, accountId: number, input: PersonInput): Promise<{ id: number }> {
  await checkEmailFree(db, accountId, input.email);
  const badgeColor = input.badgeColor ?? BADGE_PALETTE[randomInt(BADGE_PALETTE.length)]!;
  const id = await guardUnique(() =>
    repo.insertPerson(db, accountId, { ...input, labels: uniqueLabels(input.labels), badgeColor }),
  );
  return { id };
}

export async function editPerson(db: Db, accountId: number, id: number, input: PersonInput): Promise<Person> {
  const [current] = await repo.findPeople(db, accountId, id);
  if (!current) throw notFound('Person not found');
  await checkEmailFree(db, accountId, input.email, id);
  await guardUnique(() =>
    repo.updatePersonRow(db, accountId, id, {
      ...input,
      labels: uniqueLabels(input.labels),
      badgeColor: input.badgeColor ?? current.badgeColor,
    }),
  );
  return (await repo.findPeople(db, accountId, id))[0]!;
}

export async function archivePersonById(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  if (!(await repo.archivePersonRow(db, accountId, id))) throw notFound('Person not found');
  return { success: true };
}
