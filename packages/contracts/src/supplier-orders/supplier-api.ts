import { z } from 'zod';
import { idParam, idParams, idSchema } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';
import { supplierCoreStatusSchema } from '../orders/purchase-orders';
import { decimalString } from '../settings/shared';
import { dateOnlySchema } from '../wire-formats';
import {
  supplierLineChangeSchema,
  supplierOrderHistoryEntrySchema,
  supplierOrderSchema,
  supplierOrderStatusSchema,
} from './supplier-orders';

/**
 * The supplier API (DESIGN §5, supplier side), beyond the spec: what a supplier calls to answer
 * the orders placed with it. `auth: 'supplier'`: `Authorization: Bearer <credential>`, where the
 * credential is the supplier's token (`slat_sup_…`, all its orders, every dealer) or the id of an
 * order link from a purchase-order mail (that one supplier order only). No session, no CSRF
 * token (nothing is sent by a browser on its own); a dealer's session cookie is no credential here,
 * and a supplier credential opens no dealer call. Tagged `supplier` in the OpenAPI document.
 */

const text = (max: number) => z.string().trim().max(max);

/** A supplier order as the supplier sees it: the dealer it is for, the order, and the revision it replaces. */
export const supplierViewOrderSchema = supplierOrderSchema.extend({
  dealerName: z.string(),
  /** The purchase order's display number and revision (1 for an original). */
  purchaseOrderNumber: z.number().int(),
  revisionNumber: z.number().int(),
  /** Set when this order replaces one sent before: the supplier acknowledges the revision. */
  revises: z
    .object({
      supplierOrderId: z.number().int().nullable(),
      revisionNumber: z.number().int(),
      changes: z.array(z.object({ kind: z.enum(['ADDED', 'REMOVED', 'CHANGED']), description: z.string() })),
    })
    .nullable(),
  submittedAt: z.string().nullable(),
  /** The purchase-order PDF as sent (GET /supplier/v1/orders/{id}/pdf). */
  pdfUrl: z.string().nullable(),
  /** The statuses this supplier may set. */
  statuses: z.array(supplierOrderStatusSchema),
});
export type SupplierViewOrder = z.infer<typeof supplierViewOrderSchema>;

export const supplierOrderSummarySchema = z.object({
  id: z.number().int(),
  dealerName: z.string(),
  purchaseOrderNumber: z.number().int(),
  revisionNumber: z.number().int(),
  reference: z.string(),
  coreStatus: supplierCoreStatusSchema,
  statusName: z.string(),
  acknowledgement: z.enum(['', 'RECEIVED', 'ACCEPTED', 'ACCEPTED_WITH_CHANGES', 'REJECTED']),
  eta: z.string().nullable(),
  requiredDate: z.string().nullable(),
  submittedAt: z.string().nullable(),
  lineCount: z.number().int(),
});
export type SupplierOrderSummary = z.infer<typeof supplierOrderSummarySchema>;

const supplierAuth = { auth: 'supplier' as const, csrf: false };

export const supplierListOrders = defineEndpoint({
  ...supplierAuth,
  method: 'GET',
  path: '/supplier/v1/orders',
  summary: 'The orders placed with this supplier, newest first (a link sees only its own order)',
  query: z.object({
    coreStatus: supplierCoreStatusSchema.optional(),
    /** Only orders not yet acknowledged. */
    unacknowledged: z.enum(['true', 'false']).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ data: z.array(supplierOrderSummarySchema), total: z.number().int() }),
});

export const supplierGetOrder = defineEndpoint({
  ...supplierAuth,
  method: 'GET',
  path: '/supplier/v1/orders/:id',
  summary: 'One supplier order: lines as ordered, required date, shipping, status and the answer so far',
  params: idParams,
  response: supplierViewOrderSchema,
});

export const supplierOrderPdf = defineRawEndpoint({
  auth: 'supplier',
  csrf: false,
  method: 'GET',
  path: '/supplier/v1/orders/:id/pdf',
  summary: 'The purchase-order PDF as it was sent',
  params: idParams,
  produces: 'application/pdf',
});

/**
 * Acknowledges an order with the meanings of the UBL order response: RECEIVED (AB), ACCEPTED (AP),
 * ACCEPTED_WITH_CHANGES (CA, with per-line changes), REJECTED (RE, with a reason). RECEIVED may be
 * followed by one of the other three; after those the answer is final (409). Sent twice (or by 20
 * at once), the same answer has one effect.
 */
export const supplierAcknowledgeOrder = defineEndpoint({
  ...supplierAuth,
  method: 'POST',
  path: '/supplier/v1/orders/:id/acknowledge',
  summary:
    'Acknowledges the order: received, accepted, accepted with changes (per line) or rejected (with a reason)',
  params: idParams,
  body: z.strictObject({
    response: z.enum(['RECEIVED', 'ACCEPTED', 'ACCEPTED_WITH_CHANGES', 'REJECTED']),
    reason: text(2000).optional(),
    lineChanges: z.array(supplierLineChangeSchema).max(500).optional(),
    /** The supplier's own order number. */
    reference: text(200).optional(),
  }),
  response: supplierViewOrderSchema,
});

/** Moves an order on: any of these fields; one call that changes something is one history entry. */
export const supplierUpdateOrder = defineEndpoint({
  ...supplierAuth,
  method: 'POST',
  path: '/supplier/v1/orders/:id/update',
  summary: 'Sets status, ETA, freight, tracking (carrier, number, link) or notes; one history entry per call',
  params: idParams,
  body: z
    .strictObject({
      orderStatusId: idSchema.optional(),
      eta: dateOnlySchema.nullish(),
      freight: decimalString({ max: 1_000_000, label: 'Freight' }).nullish(),
      tracking: z
        .strictObject({
          carrier: text(100).default(''),
          number: text(100).default(''),
          url: z
            .union([
              z.literal(''),
              z.url({ protocol: /^https?$/, error: 'Tracking link must be an http(s) address' }),
            ])
            .default(''),
        })
        .optional(),
      notes: text(10000).optional(),
      reference: text(200).optional(),
    })
    .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' }),
  response: supplierViewOrderSchema,
});

export const supplierOrderHistory = defineEndpoint({
  ...supplierAuth,
  method: 'GET',
  path: '/supplier/v1/orders/:id/history',
  summary: "The order's history as the dealer sees it, 40 a page",
  params: z.object({ id: idParam() }),
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  response: z.object({ data: z.array(supplierOrderHistoryEntrySchema), total: z.number().int() }),
});

export const supplierListStatuses = defineEndpoint({
  ...supplierAuth,
  method: 'GET',
  path: '/supplier/v1/order-statuses',
  summary: "This supplier's order statuses, each with its core status",
  response: z.array(supplierOrderStatusSchema),
});

/** Replaces the supplier's token: the old one stops at once, the new one is shown only in this answer. */
export const supplierRotateToken = defineEndpoint({
  ...supplierAuth,
  method: 'POST',
  path: '/supplier/v1/token/rotate',
  summary: "Rotates the supplier's token (a link cannot)",
  body: z.strictObject({}).optional(),
  response: z.object({ token: z.string(), prefix: z.string(), createdAt: z.string() }),
});

/** Who the credential is: the supplier, and the one order a link is for. */
export const supplierWhoAmI = defineEndpoint({
  ...supplierAuth,
  method: 'GET',
  path: '/supplier/v1/me',
  summary: 'The supplier the credential belongs to (and the one order of a link)',
  response: z.object({
    manufacturerId: z.number().int(),
    name: z.string(),
    kind: z.enum(['TOKEN', 'LINK']),
    supplierOrderId: z.number().int().nullable(),
  }),
});
