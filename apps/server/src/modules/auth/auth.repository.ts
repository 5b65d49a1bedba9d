import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { companies, companyModules, countries, passwordResetTokens, sessions, users } from '../../db/schema';

export function findUserByUsername(db: Db, username: string) {
  return db
    .select({ id: users.id, accountId: users.accountId, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .then((rows) => rows[0]);
}

export function findUsersByEmail(db: Db, email: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

/** The signed-in user, their company and its country in one round trip. */
export async function findSessionProfile(db: Db, userId: number, accountId: number) {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        admin_company_id: users.companyId,
        main_admin_access: users.mainAdminAccess,
      },
      company: {
        id: companies.id,
        account_id: companies.accountId,
        country_id: companies.countryId,
        name: companies.name,
        address: companies.address,
      },
      countryCode: countries.iso2Code,
      sales: sql<boolean | null>`(SELECT ${companyModules.enabled} FROM ${companyModules}
        WHERE ${companyModules.companyId} = ${companies.id} AND ${companyModules.module} = 'dealer_portal.sales')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(countries, eq(countries.id, companies.countryId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return row;
}

export async function insertResetToken(db: Db, userId: number, tokenHash: string, minutes: number) {
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
}

/** Marks the token used and returns its user, atomically: a second use finds nothing. */
export async function consumeResetToken(db: Db, tokenHash: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

export async function setPasswordAndEndSessions(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSessionHash?: string,
) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .delete(sessions)
    .where(
      keepSessionHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash))
        : eq(sessions.userId, userId),
    );
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
