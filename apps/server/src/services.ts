import path from 'node:path';
import { pricingMessages } from '@slat/contracts';
import type { Config } from './config';
import type { Db } from './db/database';
import { CacheBus } from './lib/cache-bus';
import { createErrorReporter, type ErrorReporter } from './lib/error-reporting';
import {
  type Jobs,
  PASSWORD_RESET_QUEUE,
  PURCHASE_ORDER_SUBMITTED_QUEUE,
  QUOTE_PDF_QUEUE,
  type QueueName,
  SUPPLIER_ORDER_CHANGED_QUEUE,
  startJobs,
  WEBHOOK_DELIVERY_QUEUE,
} from './lib/jobs';
import { createMailer, type Mailer } from './lib/mailer';
import { PDF_PROCESS_ENV, PdfProcess } from './lib/pdf/pdf-process';
import { RateLimiter } from './lib/rate-limit';
import { mailPasswordReset, ProfileCache } from './modules/auth/index';
import { startCheckoutJobs } from './modules/checkout/index';
import { startDealJobs } from './modules/deals/index';
import { FileStore } from './modules/files/index';
import {
  inProcessPurchaseOrderPdfMaker,
  mailSubmittedPurchaseOrder,
  type PurchaseOrderPdfMaker,
  pdfProcessPurchaseOrderMaker,
} from './modules/purchase-orders/index';
import { inProcessPdfMaker, type PdfMaker, pdfProcessMaker } from './modules/quotes/index';
import { deliverWebhook, handleSupplierOrderChanged } from './modules/webhooks/index';
import { SessionStore } from './plugins/sessions';

/** What every feature's service gets: one object built at start, passed down explicitly. */
export type Services = {
  config: Config;
  db: Db;
  sessions: SessionStore;
  profiles: ProfileCache;
  files: FileStore;
  /** LISTEN/NOTIFY: cache eviction and live deal changes. */
  bus: CacheBus;
  errors: ErrorReporter;
  rateLimiter: RateLimiter;
  jobs: Pick<Jobs, 'sendMail' | 'send'>;
  /** Quote, measure and install PDFs: the PDF process in the server, this process elsewhere. */
  pdfs: PdfMaker;
  /** Purchase-order PDFs, made where the quote PDFs are. */
  purchaseOrderPdfs: PurchaseOrderPdfMaker;
  /** The commit /health.json reports; a function so tests can simulate a new deployment. */
  gitCommit: () => string;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type ServicesOptions = {
  config: Config;
  db: Db;
  /** The connection string of `db`, for the job queue and the cache bus's own connections. */
  databaseUrl: string;
  log: Log;
  /**
   * 'server': works the job queue and listens on the cache bus (the server, API tests);
   * 'tool': enqueues only and does not listen (command-line tools).
   */
  role: 'server' | 'tool';
  /** Faster queue polling and retries in tests. */
  queue?: {
    pollingIntervalSeconds?: number;
    retryDelaySeconds?: number;
    retryLimits?: Partial<Record<QueueName, number>>;
  };
  /** Runs the queue's set-up under the startup lock (several processes starting at once). */
  serialize?: <T>(work: () => Promise<T>) => Promise<T>;
  gitCommit: () => string;
  /**
   * The PDF process's entry (the built server's dist/pdf-main.js) and whether the database is
   * the embedded one on this machine; without it PDFs are made in this process.
   */
  pdfProcess?: { entry: string; localDatabase: boolean };
  /** The release errors are reported under; the build's commit unless said otherwise. */
  release?: string;
};

export type RunningServices = {
  services: Services;
  mailer: Mailer;
  jobs: Jobs;
  /** Stops the queue, the cache bus, error reporting and mail, in that order (not the database). */
  stop: () => Promise<void>;
};

/** The one wiring of the services: the server, the test harness and the command-line tools use it. */
export async function createServices(opts: ServicesOptions): Promise<RunningServices> {
  const { config, db, log } = opts;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const jobs = await startJobs({
    databaseUrl: opts.databaseUrl,
    mailer,
    log,
    work: opts.role === 'server',
    ...opts.queue,
    ...(opts.serialize ? { serialize: opts.serialize } : {}),
  });
  const bus = new CacheBus(opts.databaseUrl, log);
  if (opts.role === 'server') await bus.start();
  const errors = createErrorReporter({
    dsn: config.sentryDsn,
    release: opts.release ?? opts.gitCommit(),
    environment: config.env,
  });
  const filesDir = path.join(config.dataDir, 'files');
  const files = new FileStore(db, filesDir);
  const pdfProcess =
    opts.pdfProcess &&
    new PdfProcess({
      entry: opts.pdfProcess.entry,
      env: {
        [PDF_PROCESS_ENV.databaseUrl]: opts.databaseUrl,
        [PDF_PROCESS_ENV.filesDir]: filesDir,
        [PDF_PROCESS_ENV.localDatabase]: opts.pdfProcess.localDatabase ? '1' : '0',
      },
      log,
      timeoutMs: config.pdfTimeoutMs,
      unavailable: pricingMessages.pdfUnavailable,
    });
  const services: Services = {
    config,
    db,
    sessions: new SessionStore(db, config.secureCookies, bus),
    profiles: new ProfileCache(bus),
    files,
    bus,
    errors,
    rateLimiter: new RateLimiter(db),
    jobs,
    pdfs: pdfProcess ? pdfProcessMaker(pdfProcess) : inProcessPdfMaker({ db, files }),
    purchaseOrderPdfs: pdfProcess
      ? pdfProcessPurchaseOrderMaker(pdfProcess)
      : inProcessPurchaseOrderPdfMaker({ db, files }),
    gitCommit: opts.gitCommit,
  };
  // Forgot-password mail (the auth module's job; lib/jobs cannot import modules).
  await jobs.work(PASSWORD_RESET_QUEUE, (job) => mailPasswordReset(services, job));
  // An accepted quote's frozen PDF (the quotes module's job, enqueued in the accept's transaction).
  await jobs.work(QUOTE_PDF_QUEUE, async (job) => {
    await services.pdfs.acceptedDocument(job.accountId, job.quoteId);
  });
  // A submitted purchase order's PDF and its mail to the supplier (enqueued in the submit's transaction).
  await jobs.work(PURCHASE_ORDER_SUBMITTED_QUEUE, (job) =>
    mailSubmittedPurchaseOrder(
      { db, publicUrl: config.publicUrl, files, pdfs: services.purchaseOrderPdfs, mailer },
      job,
    ),
  );
  // A supplier-order change: one webhook delivery per subscription (enqueued in the change's transaction).
  await jobs.work(SUPPLIER_ORDER_CHANGED_QUEUE, (job) => handleSupplierOrderChanged({ db, jobs }, job));
  // One signed attempt at a delivery; a failure throws so the queue retries it with backoff.
  await jobs.work(WEBHOOK_DELIVERY_QUEUE, (job, attempt) => deliverWebhook({ db, config }, job, attempt));
  await startCheckoutJobs(services, jobs);
  // The supplier alerts' deadlines pass without a write: the deals' stored counts follow them.
  await startDealJobs(services, jobs);
  return {
    services,
    mailer,
    jobs,
    stop: async () => {
      await jobs.stop();
      await pdfProcess?.close();
      await bus.stop();
      await errors.flush();
      mailer.close();
    },
  };
}
