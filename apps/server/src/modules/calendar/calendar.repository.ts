import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { calendarAccounts, users } from '../../db/schema';

export type CalendarAccountRow = typeof calendarAccounts.$inferSelect;

export async function findCalendarAccount(db: Db, userId: number): Promise<CalendarAccountRow | undefined> {
  const [row] = await db.select().from(calendarAccounts).where(eq(calendarAccounts.userId, userId));
  return row;
}

/** Links the built-in virtual calendar, replacing any earlier connection of the user. */
export async function upsertVirtualCalendar(db: Db, accountId: number, userId: number): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const email = user?.email ?? '';
  await db
    .insert(calendarAccounts)
    .values({ accountId, userId, provider: 'VIRTUAL_CALENDAR', status: 'VALID', email })
    .onConflictDoUpdate({
      target: calendarAccounts.userId,
      set: { provider: 'VIRTUAL_CALENDAR', status: 'VALID', email, createdAt: sql`now()` },
    });
}

export async function deleteCalendarAccount(db: Db, userId: number): Promise<void> {
  await db.delete(calendarAccounts).where(eq(calendarAccounts.userId, userId));
}

/** Stores the hash of a user's new feed token; the old URL stops working. */
export async function replaceFeedToken(db: Db, userId: number, tokenHash: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO calendar_feeds (user_id, token_hash) VALUES (${userId}, ${tokenHash})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`);
}

export async function findFeedOwner(
  db: Db,
  tokenHash: string,
): Promise<{ userId: number; accountId: number } | undefined> {
  const { rows } = await db.execute<{ user_id: number; account_id: number }>(sql`
    SELECT f.user_id, u.account_id FROM calendar_feeds f JOIN users u ON u.id = f.user_id
    WHERE f.token_hash = ${tokenHash}`);
  const row = rows[0];
  return row ? { userId: row.user_id, accountId: row.account_id } : undefined;
}
