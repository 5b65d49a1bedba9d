import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  brands,
  companies,
  companyModules,
  countries,
  dealerSettings,
  deliveryAddresses,
  shippingMethods,
  supplierDealers,
  suppliers,
} from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyChanges = Partial<
  Pick<
    typeof companies.$inferInsert,
    'name' | 'email' | 'address' | 'accountEmail' | 'orderConfirmationEmail' | 'phone'
  >
>;
export type DeliveryAddressRow = typeof deliveryAddresses.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type DealerSettingsRow = typeof dealerSettings.$inferSelect;
export type DealerSettingsChanges = Partial<Omit<typeof dealerSettings.$inferInsert, 'accountId'>>;

export async function findCompany(db: Db, accountId: number): Promise<CompanyRow | undefined> {
  const [c] = await db.select().from(companies).where(eq(companies.accountId, accountId));
  return c;
}

export function findDeliveryAddresses(db: Db, companyId: number): Promise<DeliveryAddressRow[]> {
  return db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.companyId, companyId))
    .orderBy(asc(deliveryAddresses.id));
}

export async function updateCompany(db: Db, accountId: number, changes: CompanyChanges): Promise<void> {
  await db.update(companies).set(changes).where(eq(companies.accountId, accountId));
}

export async function findCompanyCountry(db: Db, companyId: number): Promise<CountryRow | undefined> {
  const [row] = await db
    .select({ country: countries })
    .from(companies)
    .innerJoin(countries, eq(countries.id, companies.countryId))
    .where(eq(companies.id, companyId));
  return row?.country;
}

export async function isCompanyModuleEnabled(db: Db, companyId: number, module: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: companyModules.enabled })
    .from(companyModules)
    .where(and(eq(companyModules.companyId, companyId), eq(companyModules.module, module)));
  return row?.enabled ?? false;
}

/** The suppliers linked to the account (or the one with `only`), by name, with the dealer's default shipping method. */
export function findLinkedSuppliers(
  db: Db,
  accountId: number,
  only?: number,
): Promise<{ supplier: SupplierRow; defaultShippingMethodId: number | null }[]> {
  return db
    .select({ supplier: suppliers, defaultShippingMethodId: supplierDealers.defaultShippingMethodId })
    .from(supplierDealers)
    .innerJoin(suppliers, eq(suppliers.id, supplierDealers.manufacturerId))
    .where(
      and(
        eq(supplierDealers.accountId, accountId),
        only === undefined ? undefined : eq(supplierDealers.manufacturerId, only),
      ),
    )
    .orderBy(asc(suppliers.name));
}

export function findShippingMethods(db: Db, supplierIds: number[]): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .where(inArray(shippingMethods.manufacturerId, supplierIds))
    .orderBy(asc(shippingMethods.id));
}

export function findBrandIds(db: Db, supplierIds: number[]): Promise<{ id: number; supplierId: number }[]> {
  return db
    .select({ id: brands.id, supplierId: brands.manufacturerId })
    .from(brands)
    .where(inArray(brands.manufacturerId, supplierIds))
    .orderBy(asc(brands.id));
}

export async function isSupplierLinked(db: Db, accountId: number, supplierId: number): Promise<boolean> {
  const [link] = await db
    .select()
    .from(supplierDealers)
    .where(and(eq(supplierDealers.accountId, accountId), eq(supplierDealers.manufacturerId, supplierId)));
  return link !== undefined;
}

export async function isSupplierShippingMethod(
  db: Db,
  supplierId: number,
  methodId: number,
): Promise<boolean> {
  const [method] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.id, methodId), eq(shippingMethods.manufacturerId, supplierId)));
  return method !== undefined;
}

export async function setDefaultShippingMethod(
  db: Db,
  accountId: number,
  supplierId: number,
  methodId: number | null,
): Promise<void> {
  await db
    .update(supplierDealers)
    .set({ defaultShippingMethodId: methodId })
    .where(and(eq(supplierDealers.accountId, accountId), eq(supplierDealers.manufacturerId, supplierId)));
}

/** The account's dealer settings; an account that never saved any gets the table's defaults (row made once). */
export async function findOrCreateDealerSettings(db: Db, accountId: number): Promise<DealerSettingsRow> {
  const read = () => db.select().from(dealerSettings).where(eq(dealerSettings.accountId, accountId));
  let [row] = await read();
  if (!row) {
    await db.insert(dealerSettings).values({ accountId }).onConflictDoNothing();
    [row] = await read();
  }
  return row!;
}

export async function updateDealerSettings(
  db: Db,
  accountId: number,
  changes: DealerSettingsChanges,
): Promise<void> {
  await db.update(dealerSettings).set(changes).where(eq(dealerSettings.accountId, accountId));
}

export async function setDealerLogo(db: Db, accountId: number, fileId: number): Promise<void> {
  await db
    .insert(dealerSettings)
    .values({ accountId, companyLogoFileId: fileId })
    .onConflictDoUpdate({ target: dealerSettings.accountId, set: { companyLogoFileId: fileId } });
}
