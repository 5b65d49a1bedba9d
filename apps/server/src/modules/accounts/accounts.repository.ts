import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accounts, companies, companyModules, countries, deliveryAddresses, users } from '../../db/schema';
import type { NewDealerAccount } from './accounts.service';

export async function findCountryId(db: Db, iso2Code: string): Promise<number | undefined> {
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2Code, iso2Code.toUpperCase()));
  return country?.id;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return taken !== undefined;
}

/** The account, its main company (with the sales module) and its first user, a main administrator. */
export async function insertDealerAccount(
  tx: Db,
  input: NewDealerAccount,
  countryId: number,
  passwordHash: string,
): Promise<{ accountId: number; companyId: number; userId: number }> {
  const [account] = await tx.insert(accounts).values({ name: input.company }).returning({ id: accounts.id });
  const [company] = await tx
    .insert(companies)
    .values({
      accountId: account!.id,
      countryId,
      name: input.company,
      email: input.companyEmail ?? input.email ?? '',
      accountEmail: input.companyEmail ?? input.email ?? '',
      phone: input.phone ?? '',
      address: input.address ?? null,
    })
    .returning({ id: companies.id });
  if (input.address) {
    await tx
      .insert(deliveryAddresses)
      .values({ companyId: company!.id, isProductDefault: true, fullAddress: input.address });
  }
  await tx
    .insert(companyModules)
    .values({ companyId: company!.id, module: 'dealer_portal.sales', enabled: input.sales ?? true });
  const [user] = await tx
    .insert(users)
    .values({
      accountId: account!.id,
      companyId: company!.id,
      username: input.username,
      email: input.email ?? '',
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      passwordHash,
      mainAdminAccess: true,
    })
    .returning({ id: users.id });
  return { accountId: account!.id, companyId: company!.id, userId: user!.id };
}
