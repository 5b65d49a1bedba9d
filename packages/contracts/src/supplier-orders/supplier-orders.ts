import { z } from 'zod';
import { idParam, idParams, idSchema } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';
import { supplierCoreStatusSchema } from '../orders/purchase-orders';
import { decimalString } from '../settings/shared';
import { dateOnlySchema } from '../wire-formats';

/**
 * Supplier orders, the dealer's side (sales-and-purchasing §3 Supplier order, §7 Supplier orders):
 * what a supplier does with a submitted purchase order. Online suppliers answer through the
 * supplier API (./supplier-api.ts); offline-only suppliers' orders are entered by the dealer.
 */

const text = (max: number) => z.string().trim().max(max);

export const supplierOrderMessages = {
  notFound: 'Supplier order not found',
  offlineOnly: 'Only an offline-only supplier’s order can be entered by hand',
  rejectedNeedsReason: 'Please give a reason for rejecting the order',
  changesNeedLines: 'Name at least one line and what changed',
  lineNotInOrder: 'This line is not in the order',
  alreadyAnswered: 'This order has already been answered',
  cancelledOrCompleted: 'This order is closed: its status can no longer change',
  linkRevoked: 'This link is no longer valid. Ask the dealer for a new one.',
  historyEmpty: 'No changes yet',
  notAcknowledgedAlert: 'Supplier has not acknowledged the order',
  pastEtaAlert: 'Supplier order is past its ETA',
} as const;

/** The Peppol/UBL order response meanings (AB, AP, CA, RE); '' = not answered yet. */
export const supplierAcknowledgementSchema = z.enum([
  '',
  'RECEIVED',
  'ACCEPTED',
  'ACCEPTED_WITH_CHANGES',
  'REJECTED',
]);
export type SupplierAcknowledgement = z.infer<typeof supplierAcknowledgementSchema>;

/** A supplier's named status with its core status (GET /manufacturer/{id}/order-statuses). */
export const supplierOrderStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  coreStatus: supplierCoreStatusSchema,
});
export type SupplierOrderStatus = z.infer<typeof supplierOrderStatusSchema>;

/** One line the supplier changed when accepting with changes. */
export const supplierLineChangeSchema = z.strictObject({
  orderLineId: idSchema,
  quantity: z.number().int().min(0).max(10000).optional(),
  /** The size the supplier will make, as the supplier states it (e.g. '1190 x 1500 mm'). */
  size: text(100).optional(),
  /** The date the supplier can deliver this line (yyyy-MM-dd). */
  date: dateOnlySchema.optional(),
  note: text(1000).optional(),
});
export type SupplierLineChange = z.infer<typeof supplierLineChangeSchema>;

export const trackingSchema = z.object({
  carrier: z.string(),
  number: z.string(),
  url: z.string(),
});

/** A supplier order's line as the supplier received it (§3 orderLines). */
export const supplierOrderLineSchema = z.object({
  id: z.number().int(),
  externalOrderLineId: z.string().nullable(),
  manufacturerOrderId: z.number().int(),
  windowGroupName: z.string(),
  productName: z.string(),
  notes: z.string(),
  quantity: z.number().int(),
  /** The supplier's price for the line (its cost to the dealer), 2 decimals; null when unpriced. */
  sellPrice: z.string().nullable(),
  configuration: z.object({
    width: z.string().nullable(),
    height: z.string().nullable(),
    siteMount: z.string(),
    options: z.array(z.object({ group: z.string(), name: z.string() })),
  }),
});
export type SupplierOrderLine = z.infer<typeof supplierOrderLineSchema>;

/** Spec "Supplier order (online)", with the supplier's answer. */
export const supplierOrderSchema = z.object({
  id: z.number().int(),
  /** The purchase order it belongs to. */
  orderId: z.number().int(),
  manufacturerId: z.number().int(),
  manufacturerName: z.string(),
  reference: z.string(),
  /** The supplier's freight (2 decimals), null until given. */
  freight: z.string().nullable(),
  eta: z.string().nullable(),
  shippingInstructions: z.string(),
  /** One line: carrier, number and link as given. */
  trackingInformation: z.string(),
  tracking: trackingSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  orderStatusId: z.number().int().nullable(),
  customerNotes: z.string(),
  acknowledgement: supplierAcknowledgementSchema,
  acknowledgedAt: z.string().nullable(),
  rejectionReason: z.string(),
  lineChanges: z.array(supplierLineChangeSchema),
  context: z.object({
    orderStatus: z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      coreStatus: supplierCoreStatusSchema,
    }),
    requiredDate: z.string().nullable(),
    shippingAddress: z.string(),
    shippingMethod: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    orderLines: z.array(supplierOrderLineSchema),
  }),
});
export type SupplierOrder = z.infer<typeof supplierOrderSchema>;

/** Spec "Supplier order (offline)": entered by the dealer. `id` is a string on the wire. */
export const offlineSupplierOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  /** Free text, as the dealer typed it. */
  orderStatus: z.string(),
  requiredDate: z.string().nullable(),
  eta: z.string().nullable(),
  notes: z.string(),
  shippingMethod: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  shippingAddress: z.string(),
  shippingInstructions: z.string(),
  freight: z.string().nullable(),
  trackingInformation: z.string(),
  manufacturerId: z.number().int(),
  isOffline: z.literal(true),
});
export type OfflineSupplierOrder = z.infer<typeof offlineSupplierOrderSchema>;

/** The tracked fields of a history entry (§3), keyed by their column names. */
export const trackedFieldSchema = z.enum([
  'customer_notes',
  'eta',
  'order_status_id',
  'tracking_information',
  'total_freight_override',
  'acknowledgement',
  'reference',
  'order_status',
  'required_date',
  'shipping_method_id',
  'shipping_address',
  'shipping_instructions',
]);
export type TrackedField = z.infer<typeof trackedFieldSchema>;

/** How the tracked fields are named on screen (§3: customer_notes as Notes, eta as ETA…). */
export const trackedFieldLabels: Record<TrackedField, string> = {
  customer_notes: 'Notes',
  eta: 'ETA',
  order_status_id: 'Status',
  tracking_information: 'Tracking',
  total_freight_override: 'Freight',
  acknowledgement: 'Acknowledgement',
  reference: 'Reference',
  order_status: 'Status',
  required_date: 'Required date',
  shipping_method_id: 'Shipping method',
  shipping_address: 'Shipping address',
  shipping_instructions: 'Shipping instructions',
};

/**
 * Spec "Supplier order history entry": who changed what, old and new values shown as text (a
 * status by its name, a date yyyy-MM-dd, freight 2 decimals, '' for none).
 */
export const supplierOrderHistoryEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  created_at: z.string(),
  type: z.enum(['order-update', 'order-line-split', 'order-dl']),
  /** The staff member's full name, or the supplier's name with how it answered. */
  employee: z.object({ fullName: z.string() }),
  source: z.enum(['DEALER', 'SUPPLIER_API', 'SUPPLIER_LINK']),
  changes: z.array(
    z.object({ field: trackedFieldSchema, label: z.string(), old: z.string(), new: z.string() }),
  ),
});
export type SupplierOrderHistoryEntry = z.infer<typeof supplierOrderHistoryEntrySchema>;

export const historyPageSchema = z.object({
  data: z.array(supplierOrderHistoryEntrySchema),
  total: z.number().int(),
});

/** §9: the supplier order history page size. */
export const SUPPLIER_ORDER_HISTORY_PAGE_SIZE = 40;

const orderAndSupplierOrderParams = z.object({ id: idParam(), mid: idParam() });

export const listSupplierOrders = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/:id/manufacturerorders',
  summary: "A purchase order's online supplier orders, with their lines and status",
  auth: 'session',
  params: idParams,
  response: z.array(supplierOrderSchema),
});

export const listSupplierOrderStatuses = defineEndpoint({
  method: 'GET',
  path: '/manufacturer/:id/order-statuses',
  summary: "A supplier's order statuses, each with its core status",
  auth: 'session',
  params: idParams,
  response: z.array(supplierOrderStatusSchema),
});

export const listTrackers = defineEndpoint({
  method: 'GET',
  path: '/old/trackers',
  summary: "A supplier order's history (order-update, order-line-split, order-dl), newest first",
  auth: 'session',
  query: z.object({
    type: z
      .union([
        z.enum(['order-update', 'order-line-split', 'order-dl']),
        z.string().transform((s) => s.split(',')),
      ])
      .optional(),
    model: z.literal('ManufacturerOrder').default('ManufacturerOrder'),
    id: idParam(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(SUPPLIER_ORDER_HISTORY_PAGE_SIZE),
  }),
  response: historyPageSchema,
});

export const listOfflineSupplierOrders = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/:id/offline-manufacturer-orders',
  summary: "A purchase order's offline supplier orders (entered by hand)",
  auth: 'session',
  params: idParams,
  response: z.array(offlineSupplierOrderSchema),
});

export const upsertOfflineSupplierOrder = defineEndpoint({
  method: 'POST',
  path: '/purchaseorder/:id/offline-manufacturer-orders/upsert',
  summary: "Enters or changes an offline-only supplier's order by hand (one history entry per change)",
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    /** The offline order's id to change; none makes it (one per purchase order and supplier). */
    id: z.union([z.string().regex(/^[1-9]\d{0,9}$/), idSchema]).nullish(),
    manufacturerId: idSchema,
    reference: text(200).optional(),
    orderStatus: text(200).optional(),
    requiredDate: dateOnlySchema.nullish(),
    eta: dateOnlySchema.nullish(),
    freight: decimalString({ max: 1_000_000, label: 'Freight' }).nullish(),
    shippingAddress: text(2000).optional(),
    shippingMethodId: idSchema.nullish(),
    shippingInstructions: text(2000).optional(),
    trackingInformation: text(1000).optional(),
    notes: text(10000).optional(),
  }),
  response: offlineSupplierOrderSchema,
});

export const listOfflineSupplierOrderHistory = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/:id/offline-manufacturer-orders/:mid/history',
  summary: "An offline supplier order's history, 40 a page (data and total)",
  auth: 'session',
  params: orderAndSupplierOrderParams,
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  response: historyPageSchema,
});

/** The link a supplier without a system answers on (in the purchase-order mail). */
export const supplierOrderLinkSchema = z.object({
  supplierOrderId: z.number().int(),
  /** The page's address, or null when the link is revoked and no new one was made. */
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type SupplierOrderLink = z.infer<typeof supplierOrderLinkSchema>;

export const getSupplierOrderLink = defineEndpoint({
  method: 'GET',
  path: '/purchaseorder/:id/manufacturerorders/:mid/link',
  summary: "The supplier's page link for one supplier order",
  auth: 'session',
  params: orderAndSupplierOrderParams,
  response: supplierOrderLinkSchema,
});

export const revokeSupplierOrderLink = defineEndpoint({
  method: 'POST',
  path: '/purchaseorder/:id/manufacturerorders/:mid/link/revoke',
  summary: "Revokes the supplier's page link (the old address stops answering at once)",
  auth: 'session',
  params: orderAndSupplierOrderParams,
  body: z.strictObject({}).optional(),
  response: supplierOrderLinkSchema,
});

export const renewSupplierOrderLink = defineEndpoint({
  method: 'POST',
  path: '/purchaseorder/:id/manufacturerorders/:mid/link/renew',
  summary: 'Makes a new link for the supplier (revoking the old one) and answers it',
  auth: 'session',
  params: orderAndSupplierOrderParams,
  body: z.strictObject({}).optional(),
  response: supplierOrderLinkSchema,
});

/**
 * Live supplier orders: server-sent events `supplier-order` with {orderId, supplierOrderId} for
 * every change to one of the account's supplier orders, from any process (PostgreSQL NOTIFY).
 */
export const streamSupplierOrderChanges = defineRawEndpoint({
  method: 'GET',
  path: '/orders/stream',
  summary: "Live changes to the account's supplier orders (server-sent events)",
  auth: 'session',
  produces: 'text/event-stream',
});
