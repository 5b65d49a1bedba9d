import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';

/** Quote pricing (§3 Pricing, §5, DESIGN §5), acceptance, revisions and PDFs. */
export const pricingMessages = {
  adjustmentNameRequired: 'Name is required',
  adjustmentAmountRequired: 'Amount is required',
  overrideAmountRequired: 'Please enter an override amount',
  discountPercentageRequired: 'Please enter a discount percentage',
  amountNotDigits: 'Enter an amount in digits, like 25 or 10.50',
  amountDecimals: 'Enter an amount with at most 2 decimals',
  stale: 'This quote was changed by someone else. Reload it to see the latest prices.',
  taxOverrideNotAllowed: 'You do not have permission to change the tax amount',
  taxOverrideInclusive: 'The tax amount cannot be changed when prices include tax',
  acceptNeedsSignature: 'Please sign, or tick Accept without signature',
  acceptHasErrors: 'One or more products have errors',
  acceptNoProducts: 'Add a product before accepting the quote',
  alreadyAccepted: 'This quote has already been accepted',
  signatureInvalid: 'The signature must be a PNG image of at most 1 MB',
  signatureDamaged: 'The signature image is damaged or incomplete. Please sign again.',
  signatureTooLarge: 'The signature image is too large: at most 3072 × 960 pixels',
  signerNameRequired: 'Enter the name of the person signing',
  /** Followed by the total: "…, $1,234.50". */
  depositAboveTotal: 'The deposit cannot be more than the total',
  /** Followed by the bound: "…, $24.00". */
  taxAboveBound: 'The tax amount cannot be more than twice the tax on the taxable total',
  acceptNegativeTotal: 'A quote whose total is below zero cannot be accepted.',
  acceptDepositAboveTotal:
    'The deposit is more than the total. Change the deposit before accepting the quote.',
  reviseNotAccepted: 'Only an accepted quote can be revised',
  /** Followed by the existing revision's number: "…: quote 12". */
  alreadyRevised: 'This quote has already been revised',
  /** 503: the PDF process took too long (it is started afresh) or ended midway. */
  pdfUnavailable: 'The PDF could not be made just now. Please try again in a moment.',
  templateNotConfigured:
    'Template Not Configured: The template for this pdf has not been configured. Please contact support for assistance.',
} as const;

/** The percentage-discount dialog's presets (§5). */
export const DISCOUNT_PRESETS = [5, 10, 15, 20] as const;

/**
 * A money amount in a request: a number or decimal text with at most 2 decimals. Text that is not
 * digits at all (letters, '1e3') is told so apart from one with a third decimal.
 */
export const moneyInput = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => /^-?(\d+(\.\d*)?|\.\d+)$/.test(v), pricingMessages.amountNotDigits)
  .refine(
    (v) => !/^-?(\d+(\.\d*)?|\.\d+)$/.test(v) || /^-?\d{1,10}(\.\d{1,2})?$/.test(v),
    pricingMessages.amountDecimals,
  );

export const adjustmentSchema = z.object({
  label: z.string(),
  amountIncTax: z.string(),
  amountExTax: z.string(),
  taxType: z.enum(['NONE', 'STANDARD']),
  /** The system adjustment that realises an override total ('Total override'). */
  isSystem: z.boolean(),
});

/**
 * An override total once the quote under it changed (DESIGN §5, overrideDrift in packages/domain):
 * the discount it came to when set and now (percent, 2 decimals, negative above the total), the
 * totals without it then and now, and the override that re-applies the old percentage.
 */
export const overrideDriftSchema = z.object({
  discountPercentThen: z.string(),
  discountPercentNow: z.string(),
  totalWithoutOverrideThen: z.string(),
  totalWithoutOverrideNow: z.string(),
  reapplyTotal: z.string(),
});
export type OverrideDrift = z.infer<typeof overrideDriftSchema>;

/** §3 Pricing: derived on every read from the quote's inputs and lines (priceQuote, packages/domain). */
export const pricingSchema = z.object({
  sellTotalOrderLinesIncTax: z.string(),
  sellTotalOrderLinesExTax: z.string(),
  sellTotalTaxable: z.string(),
  sellTaxCalculated: z.string(),
  sellTaxOverride: z.string().nullable(),
  sellTaxTotal: z.string(),
  sellGrandTotalExTax: z.string(),
  sellGrandTotalIncTax: z.string(),
  depositAmountCalculated: z.string(),
  depositAmountOverride: z.string().nullable(),
  depositAmount: z.string(),
  isPricingValid: z.boolean(),
  adjustments: z.array(adjustmentSchema),
  /** Null without an override or while nothing under it changed; absent in pricing frozen before it existed. */
  overrideDrift: overrideDriftSchema.nullable().optional(),
});
export type QuotePricing = z.infer<typeof pricingSchema>;

/** §3 Pending updates: what a supplier's newer catalog changes for this quote's lines. */
export const pendingUpdatesSchema = z.object({
  hasPendingUpdates: z.boolean(),
  orderUpdates: z.object({
    hasSurchargesUpdates: z.boolean(),
    hasFreightUpdates: z.boolean(),
    hasInstallationUpdates: z.boolean(),
  }),
  products: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      costPadding: z.boolean(),
      fabric: z.boolean(),
      freight: z.boolean(),
      installation: z.boolean(),
      rule: z.boolean(),
      surcharges: z.boolean(),
      pricing: z.boolean(),
    }),
  ),
});

/** Who accepted, when, from where, and what was frozen (the acceptance record). */
export const acceptanceSchema = z.object({
  acceptedAt: z.string(),
  /** Who recorded it: the staff member signed in (USER), or the customer accepting themselves. */
  acceptedBy: z.object({ type: z.enum(['USER', 'CUSTOMER']), name: z.string() }),
  /** The signer's name as asked in the accept dialog; null on acceptances recorded before it was asked. */
  signerName: z.string().nullable(),
  acceptedWithoutSignature: z.boolean(),
  /** The signature image (PNG), served to the quote's owner only. */
  signatureUrl: z.string().nullable(),
  ipAddress: z.string(),
  userAgent: z.string(),
  /** The pricing at the moment of acceptance. */
  pricing: pricingSchema,
  documentSha256: z.string().nullable(),
});

export const quoteIdParams = z.object({ id: idParam() });

export const updateQuotePricing = defineEndpoint({
  method: 'PUT',
  path: '/deal-quotes/:id/pricing',
  summary:
    'Set adjustments and the deposit and tax overrides; `lastUpdatedAt` must be the quote’s current one (409 when stale, nothing lost)',
  auth: 'session',
  params: quoteIdParams,
  body: z.object({
    lastUpdatedAt: z.string().min(1),
    depositAmountOverride: moneyInput.nullable().optional(),
    sellTaxOverride: moneyInput.nullable().optional(),
    adjustments: z
      .array(
        z.object({
          label: z.string().trim().min(1, pricingMessages.adjustmentNameRequired).max(200),
          /** INCLUSIVE mode. */
          amountIncTax: moneyInput.optional(),
          /** EXCLUSIVE mode. */
          amountExTax: moneyInput.optional(),
          taxType: z.enum(['NONE', 'STANDARD']),
        }),
      )
      .max(50)
      .optional(),
  }),
  response: z.object({ lastUpdatedAt: z.string(), pricing: pricingSchema }),
});

export const applyOverrideTotal = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:externalId/manage-prices/apply-override-total',
  summary:
    "Reach a total: one system adjustment 'Total override' (STANDARD when override_taxables) makes the grand total the override; null removes it",
  auth: 'session',
  params: z.object({ externalId: idParam() }),
  body: z.object({
    /** Optional (added for the pricing UI): the quote's current lastUpdatedAt; a stale one answers 409 like PUT …/pricing. */
    lastUpdatedAt: z.string().min(1).optional(),
    override_total: moneyInput.nullable(),
    notes: z.string().max(2000).optional(),
    override_taxables: z.boolean().optional(),
  }),
  response: z.object({ data: z.object({ lastUpdatedAt: z.string(), pricing: pricingSchema }) }),
});

export const acceptDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/accept',
  summary:
    'Accept a DRAFT quote with a drawn signature (PNG data URL) or without one by choice; freezes the pricing and the quote PDF; exactly one acceptance',
  auth: 'session',
  params: quoteIdParams,
  body: z.object({
    /** `data:image/png;base64,…`, at most ~1 MB and 3072 × 960 pixels (the canvas at 4× scale). */
    signature: z.string().max(1_500_000).nullable().optional(),
    acceptWithoutSignature: z.boolean().optional(),
    /** Who signs (the accept dialog defaults it to the deal's contact); required with a signature. */
    signerName: z.string().trim().max(200).nullable().optional(),
  }),
  response: z.object({ id: z.number().int(), acceptedAt: z.string() }),
});

export const reviseDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/revise',
  summary: 'A new DRAFT revision of an accepted quote (the accepted one stays, read-only)',
  auth: 'session',
  params: quoteIdParams,
  response: z.object({ id: z.number().int() }),
});

const pdfResponse = z.object({ url: z.string() });

export const getQuotePdf = defineEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id/pdf',
  summary: 'The quote PDF (the frozen one once accepted); 501 when the company has no quote template',
  auth: 'session',
  params: quoteIdParams,
  response: pdfResponse,
});

export const getQuoteMeasurePdf = defineEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id/measure-pdf',
  summary: 'The measure sheet PDF; 501 when the company has no measure template',
  auth: 'session',
  params: quoteIdParams,
  response: pdfResponse,
});

export const getQuoteInstallPdf = defineEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id/install-pdf',
  summary: 'The install sheet PDF; 501 when the company has no install template',
  auth: 'session',
  params: quoteIdParams,
  response: pdfResponse,
});

/**
 * A quote's stored file: its PDFs (the `url` the three PDF calls answer) and its acceptance's
 * signature. Served to the quote's owner only, never cached (no-store).
 */
export const downloadQuoteFile = defineRawEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id/files/:fileId',
  summary: "One of a quote's PDFs or its acceptance's signature image (owner only, no-store)",
  auth: 'session',
  produces: 'application/octet-stream',
  params: z.object({ id: idParam(), fileId: idParam() }),
});

/** The deal's 'order update details' modal: per line, the cost now and in the supplier's latest catalog. */
export const getQuotePendingUpdates = defineEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id/pending-updates',
  summary: "What 'Update now' would change: each affected line's cost and sell price, now and after",
  auth: 'session',
  params: quoteIdParams,
  response: z.object({
    pendingUpdates: pendingUpdatesSchema,
    lines: z.array(
      z.object({
        lineId: z.number().int(),
        productId: z.number().int(),
        productName: z.string(),
        windowGroupName: z.string(),
        costNow: z.string().nullable(),
        costAfter: z.string().nullable(),
        sellNow: z.string().nullable(),
        sellAfter: z.string().nullable(),
      }),
    ),
    sellGrandTotalIncTaxNow: z.string(),
    sellGrandTotalIncTaxAfter: z.string(),
  }),
});
