import type {
  AccountSettings,
  DealerSettings,
  MainCompany,
  Manufacturer,
  saveDealerSettingsRequestSchema,
  saveMainCompanyRequestSchema,
} from '@slat/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import { sentFields } from '../../lib/partial-update';
import type { Upload } from '../../lib/uploads';
import type { Services } from '../../services';
import type { FileStore } from '../files/index';
import * as repo from './settings.repository';

export type MainCompanyInput = z.output<typeof saveMainCompanyRequestSchema>;
export type DealerSettingsInput = z.output<typeof saveDealerSettingsRequestSchema>;

/** What the company logo upload accepts (multipart field `file`). */
export const LOGO_UPLOAD = { maxBytes: 2 * 1024 * 1024, extensions: ['png', 'jpg', 'jpeg'], field: 'file' };

export async function loadMainCompany(db: Db, accountId: number): Promise<MainCompany> {
  const c = await repo.findCompany(db, accountId);
  if (!c) throw notFound('Company not found');
  const addresses = await repo.findDeliveryAddresses(db, c.id);
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

/** The suppliers linked to the account (or the one with `only`), with the dealer's own settings for each. */
export async function loadSuppliers(db: Db, accountId: number, only?: number): Promise<Manufacturer[]> {
  const links = await repo.findLinkedSuppliers(db, accountId, only);
  if (links.length === 0) return [];
  const ids = links.map((l) => l.supplier.id);
  const methods = await repo.findShippingMethods(db, ids);
  const brandRows = await repo.findBrandIds(db, ids);
  return links.map(({ supplier, defaultShippingMethodId }) => ({
    id: supplier.id,
    name: supplier.name,
    logo: supplier.logoUrl,
    email: supplier.email,
    timezone: supplier.timezone,
    customer_settings: { default_shipping_method_id: defaultShippingMethodId },
    shipping_methods: methods
      .filter((s) => s.manufacturerId === supplier.id)
      .map((s) => ({ id: s.id, name: s.name, address: s.address })),
    brands: brandRows.filter((b) => b.supplierId === supplier.id).map((b) => b.id),
    manufacturer_customer_settings: { is_internal: supplier.isInternal },
    offline_only: supplier.offlineOnly,
  }));
}

export async function loadAccountSettings(db: Db, accountId: number): Promise<AccountSettings> {
  const main = await loadMainCompany(db, accountId);
  const c = (await repo.findCompanyCountry(db, main.id))!;
  const sales = await repo.isCompanyModuleEnabled(db, main.id, 'dealer_portal.sales');
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
    manufacturers: await loadSuppliers(db, accountId),
    modules: { 'dealer_portal.sales': sales },
  };
}

/** Saves the company details (fields left out keep their value) and forgets the user's cached profile. */
export async function saveMainCompanyOf(
  services: Services,
  accountId: number,
  userId: number,
  input: MainCompanyInput,
): Promise<{ main_company: MainCompany }> {
  await repo.updateCompany(services.db, accountId, {
    name: input.company_name,
    email: input.email,
    ...sentFields({
      address: input.address === undefined ? undefined : input.address?.trim() || null,
      accountEmail: input.account_email,
      orderConfirmationEmail: input.order_confirmation_email,
      phone: input.phone,
    }),
  });
  services.profiles.forget(userId);
  return { main_company: await loadMainCompany(services.db, accountId) };
}

/** Dealer settings, with the logo's download URL when there is a logo. */
export async function loadDealerSettings(
  db: Db,
  files: FileStore,
  accountId: number,
): Promise<DealerSettings> {
  const s = await repo.findOrCreateDealerSettings(db, accountId);
  const logoId = s.companyLogoFileId;
  const logo = logoId === null ? undefined : (await files.findMany(accountId, [logoId])).get(logoId);
  return {
    companyLogoDocumentId: logoId,
    companyLogoDocumentUrl: logo ? files.url(logo.publicId) : null,
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

/** Saves the fields sent; the logo must be one of the account's files. */
export async function saveDealerSettingsOf(
  { db, files }: Services,
  accountId: number,
  input: DealerSettingsInput,
): Promise<DealerSettings> {
  if (input.companyLogoDocumentId && !(await files.belongsTo(accountId, input.companyLogoDocumentId))) {
    throw fieldError('companyLogoDocumentId', 'Logo not found');
  }
  const current = await loadDealerSettings(db, files, accountId);
  // A margin of 100 % or more has no price: check the combination the save would leave, before writing.
  const type = input.accountAdjustmentType ?? current.accountAdjustmentType;
  const value = input.accountAdjustmentValue ?? current.accountAdjustmentValue;
  if (type === 'PERCENT_MARGIN' && Number(value) >= 100) {
    throw fieldError('accountAdjustmentValue', 'A margin must be less than 100%');
  }
  const changes = sentFields({
    companyLogoFileId: input.companyLogoDocumentId,
    companyDeliveryAddress: input.companyDeliveryAddress,
    defaultShippingInstructions: input.defaultShippingInstructions,
    companyDetails: input.companyDetails,
    bindingText: input.bindingText,
    depositPercentage: input.depositPercentage,
    taxRatePercentage: input.taxRatePercentage,
    accountAdjustmentType: input.accountAdjustmentType,
    accountAdjustmentValue: input.accountAdjustmentValue,
    quotePricingTaxMode: input.quotePricingTaxMode,
  });
  if (Object.keys(changes).length) await repo.updateDealerSettings(db, accountId, changes);
  return loadDealerSettings(db, files, accountId);
}

/** Stores an uploaded logo in the file store and makes it the account's logo. */
export async function setCompanyLogo(
  { db, files }: Services,
  accountId: number,
  upload: Upload,
): Promise<DealerSettings> {
  await files.saveWith(accountId, upload, (tx, saved) => repo.setDealerLogo(tx, accountId, saved.id));
  return loadDealerSettings(db, files, accountId);
}

/** Sets the dealer's default shipping method for a linked supplier (one of that supplier's methods, or none). */
export async function saveSupplierSettings(
  db: Db,
  accountId: number,
  supplierId: number,
  defaultShippingMethodId: number | null,
): Promise<{ manufacturer: Manufacturer }> {
  if (!(await repo.isSupplierLinked(db, accountId, supplierId))) throw notFound('Supplier not found');
  if (
    defaultShippingMethodId !== null &&
    !(await repo.isSupplierShippingMethod(db, supplierId, defaultShippingMethodId))
  )
    throw fieldError('default_shipping_method_id', 'This supplier has no such shipping method');
  await repo.setDefaultShippingMethod(db, accountId, supplierId, defaultShippingMethodId);
  const [supplier] = await loadSuppliers(db, accountId, supplierId);
  return { manufacturer: supplier! };
}

/**
 * The outside services this account uses: card payments only once it has a connected card account,
 * by Stripe when configured, else the test checkout.
 */
export async function paymentProviders(db: Db, accountId: number, stripeConfigured: boolean) {
  const { cardAccountId } = await repo.findOrCreateDealerSettings(db, accountId);
  return {
    pdfGeneration: true,
    cardPayments: cardAccountId !== '',
    cardPaymentsMode: stripeConfigured ? ('stripe' as const) : ('test' as const),
  };
}
