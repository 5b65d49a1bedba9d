import {
  MAX_WEBHOOKS,
  type PingWebhookEvent,
  type SupplierOrderWebhookEvent,
  WEBHOOK_HEADERS,
  type WebhookDelivery,
  type WebhookSubscription,
  webhookMessages,
} from '@slat/contracts';
import { signWebhookPayload } from '@slat/domain/webhook-signature';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import {
  type JobAttempt,
  type Jobs,
  type SupplierOrderChangedJob,
  WEBHOOK_DELIVERY_QUEUE,
  type WebhookDeliveryJob,
} from '../../lib/jobs';
import { randomToken } from '../../lib/secrets';
import { namesPrivateHost, postWebhook } from './webhook-sender';
import * as repo from './webhooks.repository';

type Deps = { db: Db; jobs: Pick<Jobs, 'send'> };

/** A receiver that has not answered in 10 s is treated as down (and retried). */
const TIMEOUT_MS = 10_000;

function toSubscription(row: repo.SubscriptionRow, last?: repo.ListedSubscription): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
    lastDeliveryStatus: last?.lastDeliveryStatus ?? null,
    lastDeliveryAt: last?.lastDeliveryAt?.toISOString() ?? null,
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType === 'ping' ? 'ping' : 'supplier_order.updated',
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function listWebhooks(db: Db, accountId: number): Promise<{ data: WebhookSubscription[] }> {
  const rows = await repo.listSubscriptions(db, accountId);
  return { data: rows.map((row) => toSubscription(row, row)) };
}

/** Makes a subscription and answers its secret, the only time it is shown. */
export async function createWebhook(
  db: Db,
  config: Pick<Config, 'webhooksAllowPrivate'>,
  accountId: number,
  url: string,
): Promise<{ webhook: WebhookSubscription; secret: string }> {
  if (!config.webhooksAllowPrivate && namesPrivateHost(new URL(url)))
    throw fieldError('url', webhookMessages.urlPrivate);
  const secret = `whsec_${randomToken(32)}`;
  const row = await db.transaction(async (tx) => {
    await repo.lockAccount(tx, accountId);
    if ((await repo.countSubscriptions(tx, accountId)) >= MAX_WEBHOOKS)
      throw new AppError('CONFLICT', webhookMessages.tooMany);
    return repo.insertSubscription(tx, accountId, url, secret);
  });
  return { webhook: toSubscription(row), secret };
}

export async function setWebhookDisabled(
  db: Db,
  accountId: number,
  id: number,
  disabled: boolean,
): Promise<WebhookSubscription> {
  const row = await repo.setDisabled(db, accountId, id, disabled);
  if (!row) throw notFound(webhookMessages.notFound);
  const listed = (await repo.listSubscriptions(db, accountId)).find((s) => s.id === id);
  return toSubscription(row, listed);
}

export async function deleteWebhook(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  if (!(await repo.deleteSubscription(db, accountId, id))) throw notFound(webhookMessages.notFound);
  return { success: true };
}

export async function listWebhookDeliveries(
  db: Db,
  accountId: number,
  id: number,
  page: { offset: number; limit: number },
): Promise<{ data: WebhookDelivery[]; total: number }> {
  if (!(await repo.findSubscription(db, accountId, id))) throw notFound(webhookMessages.notFound);
  const { rows, total } = await repo.listDeliveries(db, accountId, id, page);
  return { data: rows.map(toDelivery), total };
}

/** "Send test event": a `ping` delivery, enqueued in the transaction that records it. */
export async function sendTestEvent(deps: Deps, accountId: number, id: number): Promise<WebhookDelivery> {
  const subscription = await repo.findSubscription(deps.db, accountId, id);
  if (!subscription) throw notFound(webhookMessages.notFound);
  if (subscription.disabledAt) throw new AppError('CONFLICT', webhookMessages.testDisabled);
  const eventId = randomToken(24);
  const payload: PingWebhookEvent = {
    id: eventId,
    type: 'ping',
    createdAt: new Date().toISOString(),
    data: { webhookId: id },
  };
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertDelivery(tx, {
      accountId,
      subscriptionId: id,
      eventId,
      eventType: 'ping',
      historyId: null,
      payload,
    });
    if (!inserted) throw new Error('ping delivery not inserted');
    await deps.jobs.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId: inserted.id }, tx);
    return inserted;
  });
  return toDelivery(row);
}

/**
 * A supplier order changed (one history entry): one delivery per enabled subscription of the
 * account, each enqueued with its row. A second run for the same change inserts nothing and
 * sends nothing (unique per subscription and history entry).
 */
export async function handleSupplierOrderChanged(deps: Deps, job: SupplierOrderChangedJob): Promise<void> {
  const subscriptionIds = await repo.enabledSubscriptionIds(deps.db, job.accountId);
  if (subscriptionIds.length === 0) return;
  const row = await repo.readSupplierOrderEvent(deps.db, job.accountId, job.supplierOrderId, job.historyId);
  if (!row) return;
  // the event's time is the change's, however late the job runs
  const createdAt = new Date(row.changed_at).toISOString();
  const data: SupplierOrderWebhookEvent['data'] = {
    supplierOrderId: row.supplier_order_id,
    purchaseOrderId: row.purchase_order_id,
    purchaseOrderNumber: row.purchase_order_number,
    manufacturerName: row.manufacturer_name,
    coreStatus: row.core_status,
    statusName: row.status_name ?? row.order_status_text,
    acknowledgement: row.acknowledgement,
    eta: row.eta,
    freight: row.freight,
    trackingInformation: row.tracking_information,
    change: {
      source: row.source,
      actorName: row.actor_name,
      changes: Object.entries(row.changes ?? {}).map(([field, change]) => ({
        field,
        old: change?.old ?? null,
        new: change?.new ?? null,
      })),
    },
  };
  await deps.db.transaction(async (tx) => {
    for (const subscriptionId of subscriptionIds) {
      const eventId = randomToken(24);
      const payload: SupplierOrderWebhookEvent = {
        id: eventId,
        type: 'supplier_order.updated',
        createdAt,
        data,
      };
      const inserted = await repo.insertDelivery(tx, {
        accountId: job.accountId,
        subscriptionId,
        eventId,
        eventType: payload.type,
        historyId: job.historyId,
        payload,
      });
      if (inserted) await deps.jobs.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId: inserted.id }, tx);
    }
  });
}

/** Thrown to have the queue retry a failed attempt with backoff. */
export class WebhookAttemptFailed extends Error {}

/**
 * One attempt at a delivery: signed POST; 2xx is DELIVERED. Otherwise the attempt is recorded
 * and thrown (the queue retries with backoff), and after the last attempt the delivery is FAILED.
 */
export async function deliverWebhook(
  deps: { db: Db; config: Pick<Config, 'webhooksAllowPrivate'> },
  job: WebhookDeliveryJob,
  attempt: JobAttempt,
): Promise<void> {
  const delivery = await repo.findDeliveryToSend(deps.db, job.deliveryId);
  if (delivery?.status !== 'PENDING') return;
  if (delivery.disabled) return repo.markUnsent(deps.db, delivery.id, webhookMessages.disabled);
  // jsonb keeps keys by length; a receiver reads id, type and time first
  const { id, type, createdAt, ...rest } = delivery.payload as Record<string, unknown>;
  const body = JSON.stringify({ id, type, createdAt, ...rest });
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await postWebhook(
    delivery.url,
    body,
    {
      'Content-Type': 'application/json',
      'User-Agent': 'Slat-Webhooks/1',
      [WEBHOOK_HEADERS.id]: delivery.event_id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhookPayload(delivery.secret, timestamp, body),
    },
    { timeoutMs: TIMEOUT_MS, allowPrivate: deps.config.webhooksAllowPrivate },
  );
  const ok = 'statusCode' in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300;
  if (ok) {
    await repo.recordAttempt(deps.db, delivery.id, {
      status: 'DELIVERED',
      statusCode: outcome.statusCode,
      error: '',
    });
    return;
  }
  const error =
    'error' in outcome
      ? outcome.error
      : `HTTP ${outcome.statusCode}${outcome.body ? `: ${outcome.body.slice(0, 500)}` : ''}`;
  const last = attempt.retryCount >= attempt.retryLimit;
  await repo.recordAttempt(deps.db, delivery.id, {
    status: last ? 'FAILED' : 'PENDING',
    statusCode: 'statusCode' in outcome ? outcome.statusCode : null,
    error,
  });
  // The last attempt's failure is recorded; nothing is left for the queue to retry.
  if (!last) throw new WebhookAttemptFailed(error);
}
