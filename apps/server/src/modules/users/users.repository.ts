import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

export type UserChanges = Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'email'>>;

export async function updateUserRow(
  db: Db,
  accountId: number,
  userId: number,
  changes: UserChanges,
): Promise<void> {
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}
