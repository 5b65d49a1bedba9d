import PgBoss from 'pg-boss';
import type { Mailer, MailMessage } from './mailer';

export const MAIL_QUEUE = 'mail';

export type Jobs = {
  sendMail: (message: MailMessage) => Promise<void>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

type Log = { error: (obj: object, msg: string) => void };

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
  /** Runs the queue's set-up under the startup lock: pg-boss deadlocks when two processes create queues at once. */
  serialize?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.databaseUrl, max: 4, application_name: 'slat-jobs' });
  boss.on('error', (error) => opts.log.error({ err: error }, 'job queue error'));
  const serialize = opts.serialize ?? ((work) => work());
  await serialize(async () => {
    await boss.start();
    const options = { retryLimit: 12, retryDelay: opts.retryDelaySeconds ?? 5, retryBackoff: true };
    if (await boss.getQueue(MAIL_QUEUE)) await boss.updateQueue(MAIL_QUEUE, { name: MAIL_QUEUE, ...options });
    else await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, ...options });
  });

  if (opts.work) {
    await boss.work<MailMessage>(
      MAIL_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 },
      async ([job]) => {
        if (job) await opts.mailer.deliver(job.data);
      },
    );
  }
  return {
    boss,
    sendMail: async (message) => {
      await boss.send(MAIL_QUEUE, message);
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
