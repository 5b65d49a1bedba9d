import type { AccountSettings, DealerSettings, MainCompany, Manufacturer } from '@slat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  brands,
  companies,
  companyModules,
  countries,
  dealerSettings,
  deliveryAddresses,
  files,
  shippingMethods,
  supplierDealers,
  suppliers,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';

export async function loadMainCompany(db: Db, accountId: number): Promise<MainCompany> {
  const [c] = await db.select().from(companies).where(eq(companies.accountId, accountId));
  if (!c) throw notFound('Company not found');
  const addresses = await db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.companyId, c.id))
    .orderBy(asc(deliveryAddresses.id));
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    account_email: c.accountEmail,
    order_confirmation_email: c.orderConfirmationEmail,
    timezone: c.timezone,
    account_id: c.accountId,
    phone: c.phone,
    mobile: c.mobile,
    fax: c.fax,
    address: c.address,
    delivery_addresses: addresses.map((a) => ({
      id: a.id,
      is_product_default: a.isProductDefault,
      full_address: a.fullAddress,
    })),
  };
}

/** The suppliers linked to the account, with the dealer's own settings for each. */
export async function loadManufacturers(db: Db, accountId: number, only?: number): Promise<Manufacturer[]> {
  const links = await db
    .select({ m: suppliers, defaultShippingMethodId: supplierDealers.defaultShippingMethodId })
    .from(supplierDealers)
    .innerJoin(suppliers, eq(suppliers.id, supplierDealers.manufacturerId))
    .where(
      and(
        eq(supplierDealers.accountId, accountId),
        only === undefined ? undefined : eq(supplierDealers.manufacturerId, only),
      ),
    )
    .orderBy(asc(suppliers.name));
  if (links.length === 0) return [];
  const ids = links.map((l) => l.m.id);
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(inArray(shippingMethods.manufacturerId, ids))
    .orderBy(asc(shippingMethods.id));
  const brandRows = await db
    .select({ id: brands.id, manufacturerId: brands.manufacturerId })
    .from(brands)
    .where(inArray(brands.manufacturerId, ids))
    .orderBy(asc(brands.id));
  return links.map(({ m, defaultShippingMethodId }) => ({
    id: m.id,
    name: m.name,
    logo: m.logoUrl,
    email: m.email,
    timezone: m.timezone,
    customer_settings: { default_shipping_method_id: defaultShippingMethodId },
    shipping_methods: methods
      .filter((s) => s.manufacturerId === m.id)
      .map((s) => ({ id: s.id, name: s.name, address: s.address })),
    brands: brandRows.filter((b) => b.manufacturerId === m.id).map((b) => b.id),
    manufacturer_customer_settings: { is_internal: m.isInternal },
    offline_only: m.offlineOnly,
  }));
}

export async function loadAccountSettings(db: Db, accountId: number): Promise<AccountSettings> {
  const main = await loadMainCompany(db, accountId);
  const [row] = await db
    .select({ country: countries })
    .from(companies)
    .innerJoin(countries, eq(countries.id, companies.countryId))
    .where(eq(companies.id, main.id));
  const c = row!.country;
  const [sales] = await db
    .select({ enabled: companyModules.enabled })
    .from(companyModules)
    .where(and(eq(companyModules.companyId, main.id), eq(companyModules.module, 'dealer_portal.sales')));
  return {
    main_company: main,
    country: {
      id: c.id,
      name: c.name,
      iso2_code: c.iso2Code,
      iso3_code: c.iso3Code,
      calling_code: c.callingCode,
      measure_system: c.measureSystem,
      flag: c.flag,
      native_name: c.nativeName,
      labor_tax_control: c.laborTaxControl,
      currency_code: c.currencyCode,
      currency_symbol: c.currencySymbol,
      currency_name: c.currencyName,
      language_locale: c.languageLocale,
      tax_display: c.taxDisplay,
      new_taxing: c.newTaxing,
    },
    manufacturers: await loadManufacturers(db, accountId),
    modules: { 'dealer_portal.sales': sales?.enabled ?? false },
  };
}

/** Dealer settings; an account that never saved any gets the defaults of the table (row made once). */
export async function loadDealerSettings(
  db: Db,
  accountId: number,
  fileUrl: (publicId: string) => string,
): Promise<DealerSettings> {
  const read = () =>
    db
      .select({ s: dealerSettings, logoPublicId: files.publicId })
      .from(dealerSettings)
      .leftJoin(files, eq(files.id, dealerSettings.companyLogoFileId))
      .where(eq(dealerSettings.accountId, accountId));
  let [row] = await read();
  if (!row) {
    await db.insert(dealerSettings).values({ accountId }).onConflictDoNothing();
    [row] = await read();
  }
  const s = row!.s;

  return {
    companyLogoDocumentId: s.companyLogoFileId,
    companyLogoDocumentUrl: row!.logoPublicId ? fileUrl(row!.logoPublicId) : null,
    companyDeliveryAddress: s.companyDeliveryAddress,
    defaultShippingInstructions: s.defaultShippingInstructions,
    companyDetails: s.companyDetails,
    bindingText: s.bindingText,
    depositPercentage: s.depositPercentage,
    taxRatePercentage: s.taxRatePercentage,
    accountAdjustmentType: s.accountAdjustmentType,
    accountAdjustmentValue: s.accountAdjustmentValue,
    quotePricingTaxMode: s.quotePricingTaxMode,
  };
}
