import type { Db } from '../../db/database';
import { hashPassword } from '../../lib/passwords';
import { createWorkflowFromDocument, defaultWorkflows } from '../workflows/index';
import * as repo from './accounts.repository';

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
  const countryId = await repo.findCountryId(db, input.country);
  if (!countryId)
    throw new AccountError(`Unknown country '${input.country}' (use an ISO 3166 alpha-2 code such as AU)`);
  if (await repo.isUsernameTaken(db, input.username))
    throw new AccountError(`The username '${input.username}' is already taken`);
  if (input.password.length < 8) throw new AccountError('The password must be at least 8 characters long');
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const created = await repo.insertDealerAccount(tx, input, countryId, passwordHash);
    for (const doc of defaultWorkflows) await createWorkflowFromDocument(tx, created.accountId, doc);
    return created;
  });
}
