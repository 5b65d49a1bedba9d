import { z } from 'zod';
import { idParam, idParams, idSchema } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';
import { orderLineSchema } from '../quotes/order-lines';
import { pendingUpdatesSchema } from '../quotes/pricing';
import { dateOnlySchema } from '../wire-formats';
import { type SupplierCoreStatus, supplierCoreStatusSchema } from './supplier-core-status';

/**
 * Purchase orders (sales-and-purchasing §3 Purchase order, §7 Purchase orders). A purchase order
 * owns one order of kind PURCHASE_ORDER: its `id` is that order's id, so the windows, lines and
 * documents are the shared `/old/quotes/{id}/…` calls. Read-only (`isReadOnly`) when submitted,
 * archived, or replaced by a newer revision: every write to it or its lines answers 409.
 */

export const purchaseOrderMessages = {
  readOnly: 'This order is read-only: it has been submitted or archived',
  noSuppliersTitle: 'No suppliers configured',
  noSuppliers: 'You need to configure a supplier before creating an order.',
  requiredDateRequired: 'Please specify the required date',
  invalidDate: 'Invalid date',
  /** With {date} as the earliest allowed yyyy-MM-dd (shown as the screen formats dates). */
  earliestAllowed: 'Earliest allowed date is {date}',
  productsHaveErrors: 'One or more products have errors.',
  resolveBeforeSubmitting: 'Please resolve the following issues before submitting',
  zeroQuantity: 'The order has no products to submit',
  pendingUpdates: 'Supplier updates are pending: apply them with Update now before submitting or editing',
  alreadySubmitted: 'This order has already been submitted',
  shippingMethodRequired: 'Shipping method is required',
  shippingAddressRequired: 'Shipping address is required',
  notOfflineSupplier: 'Only orders of offline-only suppliers can be reopened',
  notSubmitted: 'Only a submitted order can be reopened',
  archived: 'This order is archived',
  quoteNotAccepted: 'Only an accepted quote can be converted to a purchase order',
  /** Converting a quote of an archived deal; worded as the deal's own refusal (dealMessages.archived). */
  dealArchived: 'This deal is archived and cannot be changed',
  cloneOnlyAsOrder: 'A purchase order can only be cloned as an order',
  supplierNotLinked: 'This supplier is not configured for your account',
  noLinesForSupplier: 'This quote has no products from this supplier',
  submitTitle: 'Submit order',
  submitConfirm: 'Orders cannot be edited after submission. Are you sure?',
  submitYes: 'Yes, submit order',
  archiveConfirm: 'Are you sure you want to archive this order?',
  archiveYes: 'Yes, archive now',
  unarchiveConfirm: 'Are you sure you want to unarchive this order?',
  unarchiveYes: 'Yes, unarchive now',
  reopenConfirm: 'Are you sure you want to reopen this order? The supplier may have begun work.',
  reopenYes: 'Yes, reopen',
  emptyNoProducts: 'No products added',
  emptyNoProductsYet: 'No products added yet',
  emptyNoMatch: 'No products in this order matched your search.',
} as const;

export const purchaseOrderStatusSchema = z.enum(['OPEN', 'SUBMITTED']);
export type PurchaseOrderStatus = z.infer<typeof purchaseOrderStatusSchema>;

export { type SupplierCoreStatus, supplierCoreStatusSchema };

/** A supplier as an order needs it: how it is ordered from and how goods can ship. */
export const orderSupplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Offline-only: the supplier order is entered by hand ('Review Order (Manual)', 'Mark as Submitted'). */
  offlineOnly: z.boolean(),
  /** Internal: no shipping method, address or freight. */
  isInternal: z.boolean(),
  defaultShippingMethodId: z.number().int().nullable(),
  shippingMethods: z.array(
    z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() }),
  ),
});
export type OrderSupplier = z.infer<typeof orderSupplierSchema>;

/** A supplier order as a list shows it: {id, eta, status}. */
const supplierOrderRefSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  eta: z.string().nullable(),
  /** The core status of an online supplier order; an offline one's free text. */
  status: z.string(),
  coreStatus: supplierCoreStatusSchema,
});

const purchaseOrderFields = {
  id: z.number().int(),
  /** The display number; revisions keep their original's number. */
  tuid: z.number().int(),
  revisionNumber: z.number().int(),
  manufacturerId: z.number().int(),
  manufacturerName: z.string(),
  sidemark: z.string(),
  createdAt: z.string(),
  isArchived: z.boolean(),
  isReadOnly: z.boolean(),
  /** The rep shown: the override's name, else the creator's full name; null for none. */
  salesRep: z.string().nullable(),
  salesRepOverride: z.string().nullable(),
  employeeId: z.number().int().nullable(),
  customerDetails: z.string(),
  notes: z.string(),
  status: purchaseOrderStatusSchema,
  /** Σ line cost (the supplier's price), 2 decimals. */
  totalCost: z.string(),
  /**
   * §9: a submitted order's freight, the sum of its supplier orders' freight (2 decimals); null
   * while open (the review shows the estimate) or when no supplier order has freight.
   */
  freight: z.string().nullable(),
  totalQuantity: z.number().int(),
  orderLineCount: z.number().int(),
  submittedAt: z.string().nullable(),
  requiredDate: z.string().nullable(),
  /** The deal quote it was converted from, for the breadcrumb back to the deal. */
  sourceQuote: z
    .object({
      id: z.number().int(),
      tuid: z.number().int(),
      dealId: z.number().int(),
      workflowSlug: z.string(),
    })
    .nullable(),
};

export const purchaseOrderListItemSchema = z.object({
  ...purchaseOrderFields,
  context: z.object({
    manufacturerOrders: z.array(supplierOrderRefSchema),
    offlineManufacturerOrders: z.array(supplierOrderRefSchema),
  }),
});
export type PurchaseOrderListItem = z.infer<typeof purchaseOrderListItemSchema>;

/** One line's difference between a revision and the order it replaces (what the supplier must see). */
export const revisionChangeSchema = z.object({
  kind: z.enum(['ADDED', 'REMOVED', 'CHANGED']),
  /** The line in this revision (null when removed). */
  lineId: z.number().int().nullable(),
  /** The line in the replaced order (null when added). */
  previousLineId: z.number().int().nullable(),
  windowGroupName: z.string(),
  productName: z.string(),
  /** For CHANGED: each field that differs (Quantity, Width, Height, Options, Mount, Notes), as shown. */
  fields: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
});
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

export const purchaseOrderSchema = z.object({
  ...purchaseOrderFields,
  shippingMethodId: z.number().int().nullable(),
  shippingAddress: z.string(),
  shippingInstructions: z.string(),
  context: z.object({
    /**
     * The earliest required date the supplier accepts (yyyy-MM-dd): tomorrow in the company's time
     * zone (suppliers state no lead time of their own yet); null: tomorrow.
     */
    minRequiredDate: z.string().nullable(),
    /** The PDF as submitted. */
    orderDocument: z.object({ id: z.number().int(), url: z.string() }).nullable(),
    /** What this order came from: the revision it replaces, or the quote it was converted from. */
    parentOrder: z.object({ id: z.number().int(), tuid: z.number().int(), isQuote: z.boolean() }).nullable(),
    /** The newest revision when this one was replaced (the page redirects there). */
    latestRevision: z.object({ id: z.number().int(), tuid: z.number().int() }).nullable(),
    pendingUpdates: pendingUpdatesSchema,
    orderLines: z.array(orderLineSchema),
    /** Lines with errors (the Problems filter and the submit block). */
    errorLineCount: z.number().int(),
    /** For a revision: how its lines differ from the order it replaces; [] otherwise. */
    revisionChanges: z.array(revisionChangeSchema),
    supplier: orderSupplierSchema,
    manufacturerOrders: z.array(supplierOrderRefSchema),
    offlineManufacturerOrders: z.array(supplierOrderRefSchema),
    /** The company's measure system: the unit new sizes are entered in. */
    measureSystem: z.enum(['METRIC', 'IMPERIAL']),
    /** Orders settings: the review form's defaults. */
    defaults: z.object({ deliveryAddress: z.string(), shippingInstructions: z.string() }),
  }),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

const text = (max: number) => z.string().trim().max(max);
/** A sales rep filter: a name, or null for orders without a rep ('None'). Absent: any. */
const salesRepFilter = z.string().trim().max(200).nullable();

export const listPurchaseOrders = defineEndpoint({
  method: 'POST',
  path: '/purchaseorder',
  summary: 'Purchase orders matching the filters, newest first, one page and the total',
  auth: 'session',
  // A search is a read: it needs no CSRF token.
  csrf: false,
  body: z.strictObject({
    filters: z
      .strictObject({
        search: text(200).optional(),
        manufacturerId: idSchema.optional(),
        /** Created on or after (yyyy-MM-dd, the company's day). */
        dateFrom: dateOnlySchema.optional(),
        /** Created on or before (yyyy-MM-dd). */
        dateTo: dateOnlySchema.optional(),
        isArchived: z.boolean().optional(),
        salesRep: salesRepFilter.optional(),
        status: purchaseOrderStatusSchema.optional(),
      })
      .default({}),
    pagination: z
      .strictObject({
        limit: z.number().int().min(1).max(10000).default(50),
        offset: z.number().int().min(0).default(0),
      })
      .default({ limit: 50, offset: 0 }),
  }),
  response: z.object({ total: z.number().int(), data: z.array(purchaseOrderListItemSchema) }),
});

export const getPurchaseOrder = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/:id',
  summary: 'A purchase order with its lines, supplier, revisions and pending supplier updates',
  auth: 'session',
  params: idParams,
  response: purchaseOrderSchema,
});

/** The Order draft/payload (§3): what creating and editing an order send. */
const draftFields = {
  /** The dealer's company: accepted for the spec's shape; it must be the signed-in account. */
  company_id: idSchema.optional(),
  /** The staff member the order is for (default: the signed-in user). */
  employee_id: idSchema.nullish(),
  sidemark: text(200).optional().default(''),
  sales_rep_override: text(200).nullish(),
  details: text(10000).optional().default(''),
  notes: text(10000).optional(),
};

export const createPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/old/quotes',
  summary: 'A new open purchase order for a supplier',
  auth: 'session',
  body: z.strictObject({
    manufacturer_id: idSchema,
    ...draftFields,
    is_draft: z.boolean().optional(),
  }),
  response: z.object({ data: z.object({ id: z.number().int(), tuid: z.number().int() }) }),
});

export const updatePurchaseOrderDetails = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:id/update-details',
  summary: "An open purchase order's details: sidemark, sales rep, customer details, notes",
  auth: 'session',
  params: idParams,
  body: z.strictObject(draftFields),
  response: purchaseOrderSchema,
});

export const reopenPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/purchaseorder/:id/reopen',
  summary:
    'Reopens a submitted order of an offline-only supplier as a new open revision (what was sent is kept as it was)',
  auth: 'session',
  params: idParams,
  response: purchaseOrderSchema,
});

export const clonePurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:id/clone',
  summary:
    "A new open purchase order with copies of the chosen windows (every window when none are named); with_contact false leaves out the customer details; type 'quote' is refused (a quote belongs to a deal)",
  auth: 'session',
  params: idParams,
  body: z
    .strictObject({
      type: z.enum(['order', 'quote']).optional(),
      /** false: the copy carries no customer details (`details`), unless `details` is given. */
      with_contact: z.boolean().optional(),
      details: text(10000).optional(),
      sidemark: text(200).optional(),
      sales_rep_override: text(200).nullish(),
      is_draft: z.boolean().optional(),
      order_window_ids: z.array(idSchema).max(1000).optional(),
      first_run: z.boolean().optional(),
      last_run: z.boolean().optional(),
    })
    .nullish(),
  response: z.object({ cloned_order: z.object({ id: z.number().int(), tuid: z.number().int() }) }),
});

const archiveBody = z.strictObject({ ids: z.array(idSchema).min(1).max(1000) });
const archiveAnswer = z.object({ ids: z.array(z.number().int()) });

export const archivePurchaseOrders = defineEndpoint({
  method: 'POST',
  path: '/old/orders/archive/1',
  summary: 'Archives purchase orders (answers the ids it archived)',
  auth: 'session',
  body: archiveBody,
  response: archiveAnswer,
});

export const unarchivePurchaseOrders = defineEndpoint({
  method: 'POST',
  path: '/old/orders/archive/0',
  summary: 'Unarchives purchase orders (answers the ids it unarchived)',
  auth: 'session',
  body: archiveBody,
  response: archiveAnswer,
});

/** An offline-only supplier's order as the dealer enters it at 'Mark as Submitted' (Review form model). */
export const offlineSupplierOrderInputSchema = z.strictObject({
  reference: text(200).optional().default(''),
  orderStatus: text(200).optional().default(''),
  eta: dateOnlySchema.nullish(),
  notes: text(10000).optional().default(''),
});

export const submitPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:id/convert',
  summary:
    'Submits an open purchase order to its supplier: makes the supplier order and mails the purchase-order PDF (once, however often it is sent)',
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    type: z.string().max(50).optional(),
    process_type: z.string().max(50).optional(),
    orderOnline: z.boolean().optional(),
    required_date: z.string({ error: purchaseOrderMessages.requiredDateRequired }).max(50),
    shipping_address: text(2000).nullish(),
    shipping_method_id: idSchema.nullish(),
    shipping_instructions: text(2000).nullish(),
    /** Manual suppliers: the supplier order as entered in the review's last step. */
    offline_supplier_order: offlineSupplierOrderInputSchema.optional(),
  }),
  response: purchaseOrderSchema,
});

export const estimatePurchaseOrderFreight = defineEndpoint({
  method: 'POST',
  path: '/order/:orderId/manufacturer/:manufacturerId/freight',
  summary: "The supplier's freight estimate for an open order and a shipping method",
  auth: 'session',
  // An estimate changes nothing.
  csrf: false,
  params: z.object({ orderId: idParam(), manufacturerId: idParam() }),
  body: z.strictObject({ shippingMethodId: idSchema.nullish() }),
  /** The estimate, a number with 2 decimals (§7: 'returns an estimate (a number)'). */
  response: z.object({ estimate: z.number() }),
});

export const purchaseOrderPdf = defineEndpoint({
  method: 'POST',
  path: '/purchaseorder/:id/pdf',
  summary:
    "The purchase-order PDF as the review would send it (or as submitted); 501 when the company's template is not configured",
  auth: 'session',
  // A preview changes nothing.
  csrf: false,
  params: idParams,
  body: z
    .strictObject({
      requiredDate: z.string().max(50).nullish(),
      shippingMethodId: idSchema.nullish(),
      shippingAddress: text(2000).nullish(),
      shippingInstructions: text(2000).nullish(),
    })
    .nullish(),
  response: z.object({ url: z.string() }),
});

/** The legacy generator the browser falls back to on 501 (§8): the built-in layout, always available. */
export const legacyPurchaseOrderPdf = defineRawEndpoint({
  method: 'GET',
  path: '/old/orders/generate-pdf',
  summary: 'The purchase-order PDF in the built-in layout (the fallback when no template is configured)',
  auth: 'session',
  produces: 'application/pdf',
  query: z.object({
    type: z.string().max(50).optional(),
    manufacturer_id: idParam().optional(),
    order_id: idParam(),
    required_date: z.string().max(50).optional(),
    shipping_method_id: idParam().optional(),
    shipping_address: z.string().max(2000).optional(),
    shipping_instructions: z.string().max(2000).optional(),
  }),
});

/** A stored purchase-order PDF (the URL `url` answers name). */
export const purchaseOrderFile = defineRawEndpoint({
  method: 'GET',
  path: '/purchaseorder/:id/files/:fileId',
  summary: 'A purchase-order PDF made by /purchaseorder/{id}/pdf or at submission',
  auth: 'session',
  produces: 'application/pdf',
  params: z.object({ id: idParam(), fileId: idParam() }),
});

/** The suppliers a new order may be placed with (the 'New order' modal and the filters). */
export const listOrderSuppliers = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/suppliers',
  summary: "The account's suppliers with how they are ordered from and their shipping methods",
  auth: 'session',
  response: z.object({
    data: z.array(orderSupplierSchema),
    /** The multi-supplier permission: the supplier filter, column and choice show with it. */
    multiSupplier: z.boolean(),
  }),
});

/** The quote side of converting (§7 POST /deal-quotes/convert): one order per chosen supplier. */
export const convertDealQuote = defineEndpoint({
  method: 'POST',
  path: '/deal-quotes/convert',
  summary:
    "An accepted quote's lines for one supplier as an open purchase order (the same order however often it is asked)",
  auth: 'session',
  body: z.strictObject({ quoteId: idSchema, manufacturerId: idSchema }),
  response: z.object({ id: z.number().int(), tuid: z.number().int(), created: z.boolean() }),
});

/** The Dashboard's Orders section: the past 30 days, non-archived (§2, up to 10000 fetched). */
export const purchaseOrderDashboard = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/dashboard',
  summary: 'Counts of the past 30 days of non-archived orders: open, and submitted per supplier core status',
  auth: 'session',
  response: z.object({
    open: z.number().int(),
    submitted: z.object({
      UNSTARTED: z.number().int(),
      IN_PROGRESS: z.number().int(),
      ON_HOLD: z.number().int(),
      COMPLETED: z.number().int(),
      CANCELLED: z.number().int(),
    }),
    /**
     * Orders created per day of the window, oldest first, for the small chart: the window is the
     * company's today and the 30 days before it (31 entries), in the company's time zone.
     */
    perDay: z.array(z.object({ date: z.string(), open: z.number().int(), submitted: z.number().int() })),
  }),
});
