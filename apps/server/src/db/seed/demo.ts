import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { createDealerAccount } from '../../modules/accounts/index';
import { importCatalog, linkAccountToSupplier } from '../../modules/catalog/index';
import { FileStore } from '../../modules/files/index';
import type { Db } from '../database';
import { accounts, users } from '../schema';
import { seedDemoAcceptance } from './accepted-quote';
import { seedDemoDeals } from './deals';
import { seedDemoPersonnel, seedSupplierDocuments } from './documents';
import { seedDemoPayments } from './payments';
import { seedDemoPurchaseOrders } from './purchase-orders';
import { seedDemoQuotes } from './quotes';
import { seedDemoSupplierOrders } from './supplier-orders';
import { seedDemoSupplierUpdate } from './supplier-update';

export const DEMO_LOGIN = { username: 'demo', password: 'demo1234' } as const;

/** The demo dealer's suppliers (keys in demo-catalog.json) and the shipping method each defaults to. */
export const DEMO_SUPPLIERS = [
  { key: 'coastline', defaultShippingMethod: 'Courier (metro)' },
  { key: 'sunview', defaultShippingMethod: 'Sunview delivery' },
  { key: 'harbour-workroom', defaultShippingMethod: 'Workroom van' },
] as const;

/** apps/server/seed/demo-catalog.json, from the source tree (src/db/seed) or the bundle (dist, dist/cli). */
export function demoCatalogPath(): string {
  for (const candidate of ['../../../seed/', '../seed/', '../../seed/']) {
    const file = fileURLToPath(new URL(`${candidate}demo-catalog.json`, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('apps/server/seed/demo-catalog.json not found');
}

/** Imports the demo catalog (a no-op when it is already in) and links the account to its suppliers. */
export async function seedDemoCatalog(db: Db, accountId: number): Promise<void> {
  await importCatalog(db, JSON.parse(await readFile(demoCatalogPath(), 'utf8')));
  for (const supplier of DEMO_SUPPLIERS)
    await linkAccountToSupplier(db, accountId, supplier.key, supplier.defaultShippingMethod);
}

/** Seeds the demo dealer (DESIGN §4) when the database has no account yet. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db, opts: { filesRoot: string }): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  const { accountId, userId } = await createDealerAccount(db, {
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
  // The demo user may change a quote's tax amount (§6), so every pricing modal can be shown.
  await db.update(users).set({ canOverrideTax: true }).where(eq(users.id, userId));
  await seedDemoCatalog(db, accountId);
  const files = new FileStore(db, opts.filesRoot);
  await seedDemoDeals(db, accountId, userId, files);
  await seedDemoQuotes(db, accountId, userId);
  await seedDemoAcceptance(db, accountId, userId, files);
  await seedDemoPayments(db, accountId, userId, files);
  await seedDemoPurchaseOrders(db, accountId, userId);
  await seedDemoSupplierOrders(db, accountId, userId);
  await seedDemoSupplierUpdate(db, accountId, demoCatalogPath());
  await seedDemoPersonnel(db, accountId);
  await seedSupplierDocuments(db);
  return true;
}
