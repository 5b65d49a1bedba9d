import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accounts, companies, companyModules, countries, deliveryAddresses, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { defaultWorkflows } from '../workflows/default-workflows';
import { createWorkflowFromDocument } from '../workflows/workflows.service';

export type NewDealerAccount = {
  username: string;
  password: string;
  company: string;
  country: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  companyEmail?: string;
  phone?: string;
  address?: string | null;
  sales?: boolean;
};

export class AccountError extends Error {}

/**
 * Onboards a dealer: the account, its main company, the sales module and the first user
 * (main_admin_access). The demo seed, `npm run account -- create` and test factories all use it.
 */
export async function createDealerAccount(
  db: Db,
  input: NewDealerAccount,
): Promise<{ accountId: number; companyId: number; userId: number }> {
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2Code, input.country.toUpperCase()));
  if (!country)
    throw new AccountError(`Unknown country '${input.country}' (use an ISO 3166 alpha-2 code such as AU)`);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
  if (taken) throw new AccountError(`The username '${input.username}' is already taken`);
  if (input.password.length < 8) throw new AccountError('The password must be at least 8 characters long');
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: input.company })
      .returning({ id: accounts.id });
    const [company] = await tx
      .insert(companies)
      .values({
        accountId: account!.id,
        countryId: country.id,
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
    for (const doc of defaultWorkflows) await createWorkflowFromDocument(tx, account!.id, doc);
    return { accountId: account!.id, companyId: company!.id, userId: user!.id };
  });
}
