import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { orderLineSchema } from './order-lines';
import { acceptanceSchema, pendingUpdatesSchema, pricingSchema } from './pricing';

/**
 * Deal quotes (§3 Quote). `externalId` is the id of the order holding the quote's windows and
 * lines: the `/old/quotes/{externalId}/…` calls. Read-only (`isReadOnly`) when accepted,
 * archived, or on an archived deal: every write to it or its lines answers 409.
 */
const quoteFields = {
  id: z.number().int(),
  externalId: z.number().int(),
  tuid: z.number().int(),
  dealId: z.number().int(),
  createdAt: z.string(),
  description: z.string(),
  customerNotes: z.string(),
  status: z.enum(['DRAFT', 'ACCEPTED']),
  /** When it was accepted (the quote modal shows the date). */
  acceptedAt: z.string().nullable(),
  isArchived: z.boolean(),
  isReadOnly: z.boolean(),
  /** The quote's grand total incl. tax (Pricing's sellGrandTotalIncTax; in lists, its cache). */
  totalSellPrice: z.string(),
  /** The total set through apply-override-total; null when none. */
  totalSellPriceOverride: z.string().nullable(),
  quotePdfUrl: z.string().nullable(),
  lastUpdatedAt: z.string(),
  clonedFromId: z.number().int().nullable(),
  config: z.object({
    depositPercentage: z.string(),
    taxPercentage: z.string(),
    taxMode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
  }),
};

/** Another quote of the same deal, as a list names it. */
const quoteRefSchema = z.object({ id: z.number().int(), tuid: z.number().int() });

export const dealQuoteListItemSchema = z.object({
  ...quoteFields,
  context: z.object({
    totalQuantity: z.number().int(),
    orderLineCount: z.number().int(),
    /** How many lines have errors. */
    errorLineCount: z.number().int(),
    /** The accepted quote this one revises ('Revision of #22'). */
    revisionOf: quoteRefSchema.nullable(),
    /** The quote this one was cloned from ('Copy of #22'). */
    copyOf: quoteRefSchema.nullable(),
    /** The revision that replaced this accepted quote. */
    revisedBy: quoteRefSchema.nullable(),
  }),
});
export type DealQuoteListItem = z.infer<typeof dealQuoteListItemSchema>;

export const dealQuoteSchema = z.object({
  ...quoteFields,
  /** The notes saved with the override total (apply-override-total's `notes`); '' when none. */
  totalSellPriceOverrideNotes: z.string(),
  context: z.object({
    totalQuantity: z.number().int(),
    orderLineCount: z.number().int(),
    errorLineCount: z.number().int(),
    /** Lines in window order, then line order. */
    orderLines: z.array(orderLineSchema),
    deal: z.object({
      id: z.number().int(),
      tuid: z.number().int(),
      name: z.string(),
      isArchived: z.boolean(),
      workflowId: z.number().int(),
    }),
    workflow: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    /** The company's measure system: the unit new sizes are entered in. */
    measureSystem: z.enum(['METRIC', 'IMPERIAL']),
    /** §3 Pricing, derived from the quote's inputs and lines on every read. */
    pricing: pricingSchema,
    pendingUpdates: pendingUpdatesSchema,
    /**
     * The frozen accepted quote PDF (its file: /api/deal-quotes/{id}/files/{id}); null until the
     * render the accept enqueued has stored it, and on a quote not accepted.
     */
    acceptedQuoteDocument: z.object({ id: z.number().int(), createdAt: z.string() }).nullable(),
    /** The acceptance record; null on a quote not accepted. */
    acceptance: acceptanceSchema.nullable(),
    /** What the signed-in user may do to this quote's pricing (§6). */
    permissions: z.object({ canOverrideTax: z.boolean() }),
    /**
     * Revisions of an accepted quote: this quote's number, the accepted quote it revises, the
     * newer revision if any, and once this revision is accepted, the differences the deal owes.
     */
    revision: z.object({
      number: z.number().int(),
      revisionOf: z.object({ id: z.number().int(), tuid: z.number().int() }).nullable(),
      revisedBy: z.object({ id: z.number().int(), tuid: z.number().int() }).nullable(),
      /** Decimal strings, negative when the revision costs less. */
      difference: z.object({ total: z.string(), deposit: z.string() }).nullable(),
    }),
    /** The purchase orders converted from this quote (the quote's Orders table), newest revision of each. */
    purchaseOrders: z.array(
      z.object({
        id: z.number().int(),
        tuid: z.number().int(),
        revisionNumber: z.number().int(),
        manufacturerId: z.number().int(),
        manufacturerName: z.string(),
        status: z.enum(['OPEN', 'SUBMITTED']),
        isArchived: z.boolean(),
      }),
    ),
    /**
     * An accepted quote's Ready to Order list: one entry per supplier of its lines, with the
     * order already made for it (null until converted).
     */
    readyToOrder: z.array(
      z.object({
        manufacturerId: z.number().int(),
        manufacturerName: z.string(),
        lineCount: z.number().int(),
        totalQuantity: z.number().int(),
        orderId: z.number().int().nullable(),
      }),
    ),
  }),
});
export type DealQuote = z.infer<typeof dealQuoteSchema>;

const dealParams = z.object({ dealId: idParam() });
const quoteParams = z.object({ id: idParam() });

export const quoteFieldsBody = z.object({
  description: z.string().trim().max(2000).optional().default(''),
  customerNotes: z.string().trim().max(10000).optional().default(''),
});

export const listDealQuotes = defineEndpoint({
  method: 'GET',
  path: '/deals/:dealId/quotes',
  summary: "A deal's quotes, newest first; `archived=true` includes the archived ones",
  auth: 'session',
  params: dealParams,
  query: z.object({ archived: z.enum(['true', 'false']).default('false') }),
  response: z.array(dealQuoteListItemSchema),
});

export const getDealQuote = defineEndpoint({
  method: 'GET',
  path: '/deal-quotes/:id',
  summary: 'One quote with its lines, deal and workflow',
  auth: 'session',
  params: quoteParams,
  response: dealQuoteSchema,
});

export const addDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/quotes/legacy/add',
  summary: "Create a DRAFT quote on a deal, its config copied from the dealer's settings",
  auth: 'session',
  params: dealParams,
  body: quoteFieldsBody,
  response: z.object({ id: z.number().int() }),
});

export const updateDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/update',
  summary: "Change a quote's description and customer notes",
  auth: 'session',
  params: quoteParams,
  body: quoteFieldsBody,
  response: dealQuoteListItemSchema,
});

export const cloneDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/clone',
  summary: 'A new DRAFT quote on the same deal with copies of every window and line',
  auth: 'session',
  params: quoteParams,
  /** Optional: a POST without a body (Fastify reads it as null) clones with the original's description. */
  body: z.object({ description: z.string().trim().max(2000).optional() }).nullish(),
  response: z.object({ id: z.number().int() }),
});

export const archiveDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/archive',
  summary: 'Archive a quote (it becomes read-only)',
  auth: 'session',
  params: quoteParams,
  response: dealQuoteListItemSchema,
});

export const unarchiveDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/:id/unarchive',
  summary: 'Unarchive a quote',
  auth: 'session',
  params: quoteParams,
  response: dealQuoteListItemSchema,
});
