import { sql } from 'drizzle-orm';
import { createDealerAccount } from '../../modules/accounts/accounts.service';
import type { Db } from '../database';
import { accounts } from '../schema';

export const DEMO_LOGIN = { username: 'demo', password: 'demo1234' } as const;

/** Seeds the demo dealer (DESIGN §4) when the database has no account yet. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  await createDealerAccount(db, {
    ...DEMO_LOGIN,
    company: 'Harbour Blinds & Shutters',
    country: 'AU',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@harbourblinds.example',
    companyEmail: 'sales@harbourblinds.example',
    phone: '02 9555 0142',
    address: '14 Wharf Street, Balmain NSW 2041, Australia',
  });
  return true;
}
