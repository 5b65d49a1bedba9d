import { z } from 'zod';
import { idParam, idParams, idSchema } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';
import { supplierCoreStatusSchema } from '../orders/supplier-core-status';
import { phases } from '../settings/workflows';

export const dealMessages = {
  nameRequired: 'Deal name is required',
  conflict: "Oops! That didn't work. We had trouble making that change, please try again",
  archived: 'This deal is archived and cannot be changed',
  unsavedChanges: 'You have unsaved changes. If you exit now your changes will be lost. Are you sure?',
} as const;

export const dealAlertSchema = z.object({
  type: z.enum(['warning', 'info']),
  key: z.string(),
  content: z.string(),
  weight: z.number().int(),
});

/** One supplier order of a deal's purchase order, as the deal shows it. */
export const dealSupplierOrderSchema = z.object({
  id: z.number().int(),
  /** The purchase order (its page is /orders/{orderId}). */
  orderId: z.number().int(),
  orderTuid: z.number().int(),
  manufacturerName: z.string(),
  isOffline: z.boolean(),
  coreStatus: supplierCoreStatusSchema,
  /** The supplier's name for its status, or an offline order's typed status; '' for none. */
  status: z.string(),
  /** The supplier's answer: '', RECEIVED, ACCEPTED, ACCEPTED_WITH_CHANGES or REJECTED. */
  acknowledgement: z.string(),
  eta: z.string().nullable(),
});
export type DealSupplierOrder = z.infer<typeof dealSupplierOrderSchema>;

export const dealSchema = z.object({
  id: z.number().int(),
  tuid: z.number().int(),
  name: z.string(),
  description: z.string(),
  workflowId: z.number().int(),
  statusId: z.number().int(),
  /** Decimal string; ascending from the top of the column. */
  sortOrder: z.string(),
  contactId: z.string().uuid().nullable(),
  contact: z.object({ name: z.string(), email: z.string() }).nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  context: z.object({
    workflow: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    status: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), phase: z.enum(phases) }),
    flagValues: z.array(
      z.object({
        workflowFlagId: z.number().int(),
        workflowFlagValueId: z.number().int(),
        label: z.string(),
        appearance: z.string(),
        showOnCard: z.boolean(),
      }),
    ),
    alerts: z.array(dealAlertSchema),
    /** 100 per warning plus 1 per info. */
    alertWeight: z.number().int(),
    quoteCount: z.number().int(),
    orderCount: z.number().int(),
    /**
     * The grand total incl. tax of the deal's newest non-archived quote (its sellGrandTotalIncTax);
     * null when it has none. Optional for older clients; the server always sends it.
     */
    quoteTotal: z.string().nullable().optional(),
    /**
     * What the suppliers say about the deal's orders (the newest revision of each, not archived):
     * each supplier order's status and ETA. Optional for older clients; the server always sends it.
     */
    supplierOrders: z.array(dealSupplierOrderSchema).optional(),
  }),
});
export type Deal = z.infer<typeof dealSchema>;

export const relatedDealSchema = z.object({
  id: z.number().int(),
  tuid: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  workflowSlug: z.string(),
  isArchived: z.boolean(),
});

/** Longest site address and access notes a deal keeps. */
export const SITE_ADDRESS_MAX = 500;
export const ACCESS_NOTES_MAX = 2000;

export const dealDetailSchema = dealSchema.extend({
  /** Where the job is: the address the measurer and installer drive to ('' when not given). */
  siteAddress: z.string(),
  /** How to get in on site: gate codes, parking, pets, stairs. */
  accessNotes: z.string(),
  relatedDeals: z.array(relatedDealSchema),
});
export type DealDetail = z.infer<typeof dealDetailSchema>;

/** The board table's sort keys: `name`, `contact`, `status`, `updated`, `alerts` or `flag:<slug>`, `-` first for descending. */
export const DEAL_SORT = /^-?(?:name|contact|status|updated|alerts|flag:[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Board filters: the URL's parameters, plus `flag.<slug>=<valueSlug>|…` per flag and paging. */
export const listDealsQuery = z
  .object({
    workflowId: idParam(),
    search: z.string().trim().max(200).optional(),
    /** Status slugs joined by |. */
    status: z.string().max(2000).optional(),
    phase: z.enum(phases).optional(),
    alerts: z.enum(['warning', 'info', 'any']).optional(),
    /** One column (lazy loading); with limit/offset it pages that column. */
    statusId: idParam().optional(),
    archived: z.enum(['true', 'false', 'all']).default('false'),
    /** The table's order: a column, or `flag:<slug>` (by the values' order); `-` first for descending. */
    sort: z.string().regex(DEAL_SORT, 'Unknown sort').optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .catchall(z.string().max(2000));
export type ListDealsQuery = z.input<typeof listDealsQuery>;

export const listDeals = defineEndpoint({
  method: 'GET',
  path: '/deals',
  summary:
    'Deals of a workflow with the board filters; `counts` holds the true number of matching deals per status column',
  auth: 'session',
  query: listDealsQuery,
  response: z.object({
    data: z.array(dealSchema),
    total: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
    /**
     * Per status id (as `counts`): the sum of `context.quoteTotal` over every deal of the column
     * matching the filters, not just this page. Optional for older clients; the server always sends it.
     */
    quoteTotals: z.record(z.string(), z.string()).optional(),
  }),
});

const siteAddress = z.string().trim().max(SITE_ADDRESS_MAX);
const accessNotes = z.string().trim().max(ACCESS_NOTES_MAX);

const dealName = z
  .string({ error: dealMessages.nameRequired })
  .trim()
  .min(1, dealMessages.nameRequired)
  .max(200);

export const createDeal = defineEndpoint({
  method: 'POST',
  path: '/deals',
  summary: 'Create a deal (at the top of its first status column unless a status is given)',
  auth: 'session',
  body: z.strictObject({
    workflowId: idSchema,
    statusId: idSchema.optional(),
    name: dealName,
    description: z.string().max(5000).default(''),
    contactId: z.string().uuid().nullable().default(null),
    siteAddress: siteAddress.default(''),
    accessNotes: accessNotes.default(''),
  }),
  response: dealDetailSchema,
});

export const getDeal = defineEndpoint({
  method: 'GET',
  path: '/deals/:id',
  summary: 'One deal with its context and related deals',
  auth: 'session',
  params: idParams,
  response: dealDetailSchema,
});

export const updateDeal = defineEndpoint({
  method: 'PUT',
  path: '/deals/:id',
  summary: 'Edit name, description, contact, site address and access notes (the last two kept when left out)',
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    name: dealName,
    description: z.string().max(5000).default(''),
    contactId: z.string().uuid().nullable().default(null),
    siteAddress: siteAddress.optional(),
    accessNotes: accessNotes.optional(),
  }),
  response: dealDetailSchema,
});

export const moveDeal = defineEndpoint({
  method: 'POST',
  path: '/deals/:id/move',
  summary:
    'Drag on the board: place the deal just below `belowId` (null: at the top) in the target status. 409 when currentStatusId is stale.',
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    dealId: idSchema,
    currentStatusId: idSchema,
    targetStatusId: idSchema,
    belowId: idSchema.nullable(),
    belowSortOrder: z.union([z.string(), z.number()]).nullable().optional(),
    workflowId: idSchema,
  }),
  response: dealSchema,
});

export const setDealStatus = defineEndpoint({
  method: 'POST',
  path: '/deals/:id/status',
  summary: 'Change the status (goes to the top of the new column). 409 when currentStatusId is stale.',
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    currentStatusId: idSchema,
    statusId: idSchema,
  }),
  response: dealSchema,
});

export const setDealFlag = defineEndpoint({
  method: 'POST',
  path: '/deals/:id/flags/:flagId',
  summary: "Set the deal's value of one workflow flag",
  auth: 'session',
  params: z.object({ id: idParam(), flagId: idParam() }),
  body: z.strictObject({ valueId: idSchema }),
  response: dealSchema,
});

export const archiveDeal = defineEndpoint({
  method: 'POST',
  path: '/deals/:id/archive',
  summary: 'Archive: the deal becomes read-only',
  auth: 'session',
  params: idParams,
  response: dealDetailSchema,
});

export const unarchiveDeal = defineEndpoint({
  method: 'POST',
  path: '/deals/:id/unarchive',
  summary: 'Unarchive',
  auth: 'session',
  params: idParams,
  response: dealDetailSchema,
});

export const linkRelatedDeal = defineEndpoint({
  method: 'POST',
  path: '/deals/:id/related',
  summary: 'Relate two deals (the link shows on both)',
  auth: 'session',
  params: idParams,
  body: z.strictObject({ relatedDealId: idSchema }),
  response: dealDetailSchema,
});

export const unlinkRelatedDeal = defineEndpoint({
  method: 'DELETE',
  path: '/deals/:id/related/:relatedDealId',
  summary: 'Remove the relation (from both deals)',
  auth: 'session',
  params: z.object({
    id: idParam(),
    relatedDealId: idParam(),
  }),
  response: dealDetailSchema,
});

export const dashboardDeals = defineEndpoint({
  method: 'GET',
  path: '/dashboard/deals',
  summary: 'Per active workflow: non-archived deal counts per phase and alert counts',
  auth: 'session',
  response: z.array(
    z.object({
      workflowId: z.number().int(),
      name: z.string(),
      slug: z.string(),
      phases: z.record(z.enum(phases), z.number().int()),
      alerts: z.object({ warning: z.number().int(), info: z.number().int() }),
    }),
  ),
});

export const streamDealChanges = defineRawEndpoint({
  method: 'GET',
  path: '/deals/stream',
  summary: 'Server-sent events: `deal` with {dealId, workflowId} whenever a deal of the workflow changes',
  produces: 'text/event-stream',
  query: z.object({ workflowId: idParam() }),
});

/** How many deals a board column asks for at a time. */
export const BOARD_COLUMN_PAGE_SIZE = 40;

/**
 * The address of a board column's first page without filters, exactly as the board asks for it
 * (the same parameters in the same order): the server preloads these in a board's document, and
 * the browser uses a preload only when the addresses are equal.
 */
export function boardColumnFirstPagePath(workflowId: number, statusId: number): string {
  return `/api${listDeals.path}?workflowId=${workflowId}&statusId=${statusId}&limit=${BOARD_COLUMN_PAGE_SIZE}&offset=0`;
}
