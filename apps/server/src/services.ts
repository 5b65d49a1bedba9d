import type { Config } from './config';
import type { Db } from './db/database';
import type { CacheBus } from './lib/cache-bus';
import type { ErrorReporter } from './lib/error-reporting';

import type { Jobs } from './lib/jobs';
import type { RateLimiter } from './lib/rate-limit';
import type { ProfileCache } from './modules/auth/index';
import type { FileStore } from './modules/files/index';
import type { SessionStore } from './plugins/sessions';

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
  jobs: Pick<Jobs, 'sendMail'>;
  /** The commit /health.json reports; a function so tests can simulate a new deployment. */
  gitCommit: () => string;
};
