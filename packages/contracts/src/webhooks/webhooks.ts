import { z } from 'zod';
import { idParams } from '../common';
import { defineEndpoint } from '../endpoint';
import { supplierCoreStatusSchema } from '../orders/purchase-orders';
import { successSchema } from '../settings/shared';
import { supplierAcknowledgementSchema } from '../supplier-orders/supplier-orders';

/**
 * Outgoing webhooks (Settings → Integrations): a dealer subscribes a URL to supplier-order
 * changes. Each event is POSTed as JSON and signed like Stripe's webhooks:
 *
 *   Slat-Webhook-Id: <event id>            (the same on every retry: a receiver drops repeats)
 *   Slat-Webhook-Timestamp: <unix seconds> (when this attempt was signed)
 *   Slat-Signature: v1=<hex HMAC-SHA256(secret, `${timestamp}.${body}`)>
 *
 * A receiver recomputes the HMAC over the raw body bytes, compares in constant time and refuses a
 * timestamp more than 5 minutes from its clock (`verifyWebhookSignature` in
 * `@slat/domain/webhook-signature` does exactly this). Any 2xx answer is a delivery; anything
 * else (or no answer in 10 s; redirects are not followed) is retried with growing delays, then
 * marked FAILED.
 */
export const WEBHOOK_HEADERS = {
  id: 'Slat-Webhook-Id',
  timestamp: 'Slat-Webhook-Timestamp',
  signature: 'Slat-Signature',
} as const;

/** Subscriptions per account. */
export const MAX_WEBHOOKS = 10;
/** The delivery log's default page size. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const webhookMessages = {
  urlInvalid: 'Enter a full URL starting with http:// or https://',
  urlPrivate: 'Webhooks cannot be sent to a private or loopback address',
  tooMany: `An account can have at most ${MAX_WEBHOOKS} webhooks. Delete one to add another.`,
  notFound: 'Webhook not found',
  disabled: 'The webhook was disabled before this event could be sent',
  testDisabled: 'Enable the webhook to send it a test event',
} as const;

export const webhookEventTypeSchema = z.enum(['supplier_order.updated', 'ping']);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
export const webhookDeliveryStatusSchema = z.enum(['PENDING', 'DELIVERED', 'FAILED']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** A subscription as listed: never its secret, which is shown once when it is made. */
export const webhookSubscriptionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
  disabled: z.boolean(),
  /** The newest delivery's status, null before the first event. */
  lastDeliveryStatus: webhookDeliveryStatusSchema.nullable(),
  lastDeliveryAt: z.string().nullable(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: webhookEventTypeSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when it never answered. */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * The body of a `supplier_order.updated` event: the supplier order as it is after the change, and
 * the change itself (one history entry: who, through what, each field's old and new value).
 */
export const supplierOrderWebhookEventSchema = z.object({
  id: z.string(),
  type: z.literal('supplier_order.updated'),
  createdAt: z.string(),
  data: z.object({
    supplierOrderId: z.number().int(),
    purchaseOrderId: z.number().int(),
    /** The purchase order's number as the dealer sees it (a revision keeps its original's). */
    purchaseOrderNumber: z.number().int(),
    manufacturerName: z.string(),
    coreStatus: supplierCoreStatusSchema,
    /** The supplier's named status ('' when it has none). */
    statusName: z.string(),
    acknowledgement: supplierAcknowledgementSchema,
    eta: z.string().nullable(),
    /** Decimal string, 2 places. */
    freight: z.string().nullable(),
    trackingInformation: z.string(),
    change: z.object({
      source: z.enum(['DEALER', 'SUPPLIER_API', 'SUPPLIER_LINK']),
      actorName: z.string(),
      changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
    }),
  }),
});
export type SupplierOrderWebhookEvent = z.infer<typeof supplierOrderWebhookEventSchema>;

/** The body of the test event ("Send test event"). */
export const pingWebhookEventSchema = z.object({
  id: z.string(),
  type: z.literal('ping'),
  createdAt: z.string(),
  data: z.object({ webhookId: z.number().int() }),
});
export type PingWebhookEvent = z.infer<typeof pingWebhookEventSchema>;

/** http or https with a host, at most 2000 characters; the same rule in the form and the server. */
export const webhookUrlSchema = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .max(2000, webhookMessages.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid }));

export const listWebhooks = defineEndpoint({
  method: 'GET',
  path: '/account-settings/webhooks',
  summary: "The account's webhook subscriptions (their secrets are shown only when made)",
  response: z.object({ data: z.array(webhookSubscriptionSchema) }),
});

export const createWebhook = defineEndpoint({
  method: 'POST',
  path: '/account-settings/webhooks',
  summary: `Subscribe a URL to supplier-order changes; answers the signing secret, this once (at most ${MAX_WEBHOOKS} per account)`,
  body: z.strictObject({ url: webhookUrlSchema }),
  response: z.object({
    webhook: webhookSubscriptionSchema,
    /** `whsec_` and 32 random bytes (base64url): the key of Slat-Signature. Never shown again. */
    secret: z.string(),
  }),
});

export const updateWebhook = defineEndpoint({
  method: 'PUT',
  path: '/account-settings/webhooks/:id',
  summary: 'Disable or enable a webhook (a disabled one gets no new events)',
  params: idParams,
  body: z.strictObject({ disabled: z.boolean() }),
  response: webhookSubscriptionSchema,
});

export const deleteWebhook = defineEndpoint({
  method: 'DELETE',
  path: '/account-settings/webhooks/:id',
  summary: 'Delete a webhook and its delivery log',
  params: idParams,
  response: successSchema,
});

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/account-settings/webhooks/:id/deliveries',
  summary: "A webhook's delivery log, newest first (data and total)",
  params: idParams,
  query: z.object({
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(WEBHOOK_DELIVERIES_PAGE_SIZE),
  }),
  response: z.object({ data: z.array(webhookDeliverySchema), total: z.number().int() }),
});

export const sendTestWebhook = defineEndpoint({
  method: 'POST',
  path: '/account-settings/webhooks/:id/test',
  summary: 'Send a `ping` event to the webhook (signed and retried like any other)',
  params: idParams,
  response: webhookDeliverySchema,
});
