import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import type { Mailer, MailMessage } from './mailer';

export const MAIL_QUEUE = 'mail';
/**
 * Forgot-password (decision 011): the account lookup, the reset token and its mail happen here,
 * so the request does the same work whether or not the address belongs to anyone.
 */
export const PASSWORD_RESET_QUEUE = 'password-reset';
export type PasswordResetJob = { email: string };
/** Renders an accepted quote's frozen PDF, enqueued in the accept's own transaction. */
export const QUOTE_PDF_QUEUE = 'quote-pdf';
export type QuotePdfJob = { accountId: number; quoteId: number };
/**
 * A submitted purchase order's PDF and its mail to the supplier, enqueued in the submit's own
 * transaction: one job, so one mail, however often the order was submitted.
 */
export const PURCHASE_ORDER_SUBMITTED_QUEUE = 'purchase-order-submitted';
export type PurchaseOrderSubmittedJob = { accountId: number; orderId: number };
/** The daily comparison of the card provider's sessions with the payments (the checkout module's). */
export const CARD_RECONCILE_QUEUE = 'card-reconcile';
/**
 * A change to a supplier order (one history entry), enqueued in the change's own transaction:
 * the webhooks module makes one delivery per subscription of the account from it.
 */
export const SUPPLIER_ORDER_CHANGED_QUEUE = 'supplier-order-changed';
export type SupplierOrderChangedJob = { accountId: number; supplierOrderId: number; historyId: number };
/** One webhook delivery's attempt; a failed attempt is retried with backoff, then marked FAILED. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
export type WebhookDeliveryJob = { deliveryId: number };

/**
 * The deals' stored alert counts brought up to date with the supplier alerts, which the clock
 * raises (an order not acknowledged in time, or past its ETA): scheduled every few minutes.
 */
export const DEAL_ALERTS_QUEUE = 'deal-alerts';
/** Every queue and what its jobs carry. */
export type JobData = {
  [MAIL_QUEUE]: MailMessage;
  [PASSWORD_RESET_QUEUE]: PasswordResetJob;
  [QUOTE_PDF_QUEUE]: QuotePdfJob;
  [PURCHASE_ORDER_SUBMITTED_QUEUE]: PurchaseOrderSubmittedJob;
  [CARD_RECONCILE_QUEUE]: Record<string, never>;
  [SUPPLIER_ORDER_CHANGED_QUEUE]: SupplierOrderChangedJob;
  [WEBHOOK_DELIVERY_QUEUE]: WebhookDeliveryJob;
  [DEAL_ALERTS_QUEUE]: Record<string, never>;
};
export type QueueName = keyof JobData;
/**
 * Retries after the first attempt, per queue (12 unless named here). A webhook receiver that is
 * down for a day should not keep 12 exponentially spaced attempts going; 8 span 20 to 40 minutes.
 */
export const DEFAULT_RETRY_LIMITS: Partial<Record<QueueName, number>> = { [WEBHOOK_DELIVERY_QUEUE]: 8 };
const RETRY_LIMIT = 12;
/**
 * Seconds a job may stay active before the queue retries it, for queues whose handlers are
 * bounded (pg-boss's default, 15 minutes, elsewhere): a job whose process died (kill -9, power
 * loss) stays active until then. A webhook attempt gives up after 10 s; a purchase-order mail
 * waits for its PDF (60 s at most) and SMTP. A handler still running past its limit is run again,
 * which the receiver can tell by the stable id (webhook event id, the mail's Message-ID).
 */
export const EXPIRE_SECONDS: Partial<Record<QueueName, number>> = {
  [MAIL_QUEUE]: 300,
  [PURCHASE_ORDER_SUBMITTED_QUEUE]: 300,
  [SUPPLIER_ORDER_CHANGED_QUEUE]: 120,
  [WEBHOOK_DELIVERY_QUEUE]: 120,
};
/** How often the queue looks for such expired jobs (pg-boss's default is 120 s). */
const MAINTENANCE_SECONDS = 60;
/** Where a job stands in its retries, for handlers that record their own final failure. */
export type JobAttempt = { retryCount: number; retryLimit: number };
const QUEUES: QueueName[] = [
  MAIL_QUEUE,
  PASSWORD_RESET_QUEUE,
  QUOTE_PDF_QUEUE,
  PURCHASE_ORDER_SUBMITTED_QUEUE,
  CARD_RECONCILE_QUEUE,
  SUPPLIER_ORDER_CHANGED_QUEUE,
  WEBHOOK_DELIVERY_QUEUE,
  DEAL_ALERTS_QUEUE,
];

export type Jobs = {
  sendMail: (message: MailMessage) => Promise<void>;
  /**
   * Enqueues a job; with `tx` (a transaction), in that transaction, so the job exists exactly
   * when what it works on was committed.
   */
  send: <Q extends QueueName>(queue: Q, data: JobData[Q], tx?: Db) => Promise<void>;
  /**
   * Works a queue whose handler lives outside lib (a module's, wired by createServices); does
   * nothing in a process that only enqueues. Mail is worked from the start.
   */
  work: <Q extends QueueName>(
    queue: Q,
    handler: (data: JobData[Q], attempt: JobAttempt) => Promise<void>,
  ) => Promise<void>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

type Log = { error: (obj: object, msg: string) => void };

/** pg-boss's statements ($1…$n text and values) run on a Drizzle transaction's connection. */
function inTransaction(tx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`,
      );
      const { rows } = await tx.execute(sql.join(chunks));
      return { rows };
    },
  };
}

/**
 * The durable queue in PostgreSQL (pg-boss). Mail, PDFs, supplier submissions and webhooks
 * are enqueued here and retried with backoff, so a restart or a provider outage loses nothing.
 */
export async function startJobs(opts: {
  databaseUrl: string;
  mailer: Mailer;
  log: Log;
  work: boolean;
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
  /** Overrides DEFAULT_RETRY_LIMITS per queue (tests make a failing webhook give up after a few attempts). */
  retryLimits?: Partial<Record<QueueName, number>>;
  /** Runs the queue's set-up under the startup lock: pg-boss deadlocks when two processes create queues at once. */
  serialize?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    max: 4,
    application_name: 'slat-jobs',
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', (error) => opts.log.error({ err: error }, 'job queue error'));
  const serialize = opts.serialize ?? ((work) => work());
  await serialize(async () => {
    await boss.start();
    const limits = { ...DEFAULT_RETRY_LIMITS, ...opts.retryLimits };
    for (const name of QUEUES) {
      const options = {
        retryLimit: limits[name] ?? RETRY_LIMIT,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(EXPIRE_SECONDS[name] ? { expireInSeconds: EXPIRE_SECONDS[name] } : {}),
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options });
      else await boss.createQueue(name, { name, ...options });
    }
  });

  const work: Jobs['work'] = async (queue, handler) => {
    if (!opts.work) return;
    let workerId = '';
    workerId = await boss.work<JobData[typeof queue]>(
      queue,
      { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
        } finally {
          // pg-boss waits the polling interval after every fetch, so a busy queue would work one
          // job a second; a worker that had a job asks for the next at once.
          boss.notifyWorker(workerId);
        }
      },
    );
  };
  const send: Jobs['send'] = async (queue, data, tx) => {
    await boss.send(queue, data, tx ? { db: inTransaction(tx) } : {});
  };
  await work(MAIL_QUEUE, (message) => opts.mailer.deliver(message));
  return {
    boss,
    sendMail: (message) => send(MAIL_QUEUE, message),
    send,
    work,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
