import { buildCommit, openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';
import { withStartupLock } from '../db/database';
import { createServices, type Services } from '../services';

/**
 * Command-line tools use the server's database: DATABASE_URL, or the embedded PostgreSQL in
 * DATA_DIR (joined when a server holds it, otherwise started for the command and stopped after),
 * and the same services as the server (createServices), without working the job queue.
 */
export async function withCliServices(work: (services: Services) => Promise<void>): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const opened = await openDatabase(
    config,
    { info: (m) => console.error(m) },
    { role: 'guest', seed: false, poolSize: 2 },
  );
  try {
    const commit = buildCommit(config);
    const running = await createServices({
      config,
      db: opened.database.db,
      databaseUrl: opened.url,
      log: {
        info: () => {},
        warn: (obj, m) => console.error(m, obj),
        error: (obj, m) => console.error(m, obj),
      },
      role: 'tool',
      serialize: (job) => withStartupLock(opened.database.pool, job),
      gitCommit: () => commit,
    });
    try {
      await work(running.services);
    } finally {
      await running.stop();
    }
  } finally {
    await opened.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
