import { z } from 'zod';
import { modulesSchema } from '../auth/auth';
import { idParam, idSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { adjustmentTypeSchema, decimalString } from './shared';

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iso2_code: z.string(),
  iso3_code: z.string(),
  calling_code: z.string(),
  measure_system: z.enum(['METRIC', 'IMPERIAL']),
  flag: z.string(),
  native_name: z.string(),
  labor_tax_control: z.number().int(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  currency_name: z.string(),
  language_locale: z.string(),
  tax_display: z.string(),
  new_taxing: z.boolean(),
});

export const deliveryAddressSchema = z.object({
  id: z.number().int(),
  is_product_default: z.boolean(),
  full_address: z.string(),
});

export const mainCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  account_email: z.string(),
  order_confirmation_email: z.string(),
  timezone: z.string(),
  account_id: z.number().int(),
  phone: z.string(),
  mobile: z.string(),
  fax: z.string(),
  address: z.string().nullable(),
  delivery_addresses: z.array(deliveryAddressSchema),
});
export type MainCompany = z.infer<typeof mainCompanySchema>;

export const shippingMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
});

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  email: z.string(),
  timezone: z.string(),
  customer_settings: z.object({ default_shipping_method_id: z.number().int().nullable() }),
  shipping_methods: z.array(shippingMethodSchema),
  brands: z.array(z.number().int()),
  manufacturer_customer_settings: z.object({ is_internal: z.boolean() }),
  offline_only: z.boolean(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const accountSettingsSchema = z.object({
  main_company: mainCompanySchema,
  country: countrySchema,
  manufacturers: z.array(manufacturerSchema),
  modules: modulesSchema,
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const getAccountSettings = defineEndpoint({
  method: 'GET',
  path: '/old/account-settings',
  summary: 'The main company, its country, linked suppliers and modules',
  auth: 'session',
  response: accountSettingsSchema,
});

// ——— Main company (Settings › General) ———

export const companyMessages = {
  invalidAddress: 'Email address is invalid',
  duplicateAddress: 'Duplicate address already added',
} as const;

/** Splits a comma-separated address list: trimmed, empties dropped. */
export const splitEmailList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
export const isEmailAddress = (value: string) => EMAIL.test(value);

/** Each address valid, none twice (case-insensitive). Issues point at the list field. */
export const emailListSchema = (label: string, required: boolean) =>
  z
    .string({ error: `${label} is required` })
    .max(2000)
    .superRefine((value, ctx) => {
      const list = splitEmailList(value);
      if (required && list.length === 0) {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return;
      }
      const seen = new Set<string>();
      for (const address of list) {
        if (!isEmailAddress(address)) {
          ctx.addIssue({ code: 'custom', message: companyMessages.invalidAddress });
          return;
        }
        if (seen.has(address.toLowerCase())) {
          ctx.addIssue({ code: 'custom', message: companyMessages.duplicateAddress });
          return;
        }
        seen.add(address.toLowerCase());
      }
    })
    .transform((value) => splitEmailList(value).join(', '));

export const saveMainCompanyRequestSchema = z.strictObject({
  company_name: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(200),
  address: z.string().trim().max(500).nullable().optional(),
  email: emailListSchema('Email', true),
  account_email: emailListSchema('Account email', false).optional(),
  order_confirmation_email: emailListSchema('Order confirmation email', false).optional(),
  phone: z.string().trim().max(50).optional(),
});
export type SaveMainCompanyRequest = z.input<typeof saveMainCompanyRequestSchema>;

export const saveMainCompany = defineEndpoint({
  method: 'POST',
  path: '/old/account-settings/main-company',
  summary: 'Save the company details (Settings › General)',
  auth: 'session',
  body: saveMainCompanyRequestSchema,
  response: z.object({ main_company: mainCompanySchema }),
});

// ——— Dealer portal settings (Settings › Orders and Quotes) ———

export const dealerSettingsSchema = z.object({
  companyLogoDocumentId: z.number().int().nullable(),
  companyLogoDocumentUrl: z.string().nullable(),
  companyDeliveryAddress: z.string(),
  defaultShippingInstructions: z.string(),
  companyDetails: z.string(),
  bindingText: z.string(),
  depositPercentage: z.string(),
  taxRatePercentage: z.string(),
  accountAdjustmentType: adjustmentTypeSchema,
  accountAdjustmentValue: z.string(),
  quotePricingTaxMode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
});
export type DealerSettings = z.infer<typeof dealerSettingsSchema>;

export const getDealerSettings = defineEndpoint({
  method: 'GET',
  path: '/old/account-settings/dealer-portal',
  summary: 'Dealer settings: delivery defaults, quote pricing and texts',
  auth: 'session',
  response: dealerSettingsSchema,
});

/** Any subset of the fields; percentages as decimals (numbers or strings). */
export const saveDealerSettingsRequestSchema = z
  .strictObject({
    companyLogoDocumentId: idSchema.nullable(),
    companyDeliveryAddress: z.string().trim().max(500),
    defaultShippingInstructions: z.string().trim().max(2000),
    companyDetails: z.string().max(5000),
    bindingText: z.string().max(10000),
    depositPercentage: decimalString({ max: 100, label: 'Deposit percentage' }),
    taxRatePercentage: decimalString({ max: 100, label: 'Tax rate' }),
    accountAdjustmentType: adjustmentTypeSchema,
    accountAdjustmentValue: decimalString({ max: 10000, label: 'Account adjustment' }),
    quotePricingTaxMode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  })
  .partial()
  .refine(
    (v) =>
      !(
        v.accountAdjustmentType === 'PERCENT_MARGIN' &&
        v.accountAdjustmentValue !== undefined &&
        Number(v.accountAdjustmentValue) >= 100
      ),
    {
      message: 'A margin must be less than 100%',
      path: ['accountAdjustmentValue'],
    },
  );
export type SaveDealerSettingsRequest = z.input<typeof saveDealerSettingsRequestSchema>;

export const saveDealerSettings = defineEndpoint({
  method: 'POST',
  path: '/old/account-settings/dealer-portal',
  summary: 'Save dealer settings (any subset of the fields)',
  auth: 'session',
  body: saveDealerSettingsRequestSchema,
  response: dealerSettingsSchema,
});

export const uploadCompanyLogo = defineEndpoint({
  method: 'POST',
  path: '/old/account-settings/dealer-portal/logo',
  summary: 'Upload the company logo (multipart field `file`: PNG or JPEG, at most 2 MB)',
  auth: 'session',
  response: dealerSettingsSchema,
});

// ——— Supplier customer settings (Settings › Suppliers) ———

export const saveManufacturerCustomerSettings = defineEndpoint({
  method: 'POST',
  path: '/old/account-settings/manufacturer/:manufacturerId/customer-settings',
  summary: "Set the dealer's default shipping method for a linked supplier",
  auth: 'session',
  params: z.object({ manufacturerId: idParam() }),
  body: z.strictObject({ default_shipping_method_id: idSchema.nullable() }),
  response: z.object({ manufacturer: manufacturerSchema }),
});

// ——— Providers ———

export const providersSchema = z.object({
  /** PDFs are rendered by Slat itself. */
  pdfGeneration: z.boolean(),
  /** Card payments: Stripe when configured, else the labelled test checkout. */
  cardPayments: z.boolean(),
  cardPaymentsMode: z.enum(['stripe', 'test']),
});

export const getProviders = defineEndpoint({
  method: 'GET',
  path: '/providers',
  summary: 'Which providers are available: PDF generation and card payments',
  auth: 'session',
  response: providersSchema,
});
