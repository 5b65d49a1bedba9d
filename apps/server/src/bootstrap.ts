import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { connectDatabase, type Database, migrateDatabase, withStartupLock } from './db/database';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded';
import { migrationsDir } from './db/migrations-dir';
import { seedDemoIfEmpty } from './db/seed/demo';

type Log = { info: (msg: string) => void };

export type OpenedDatabase = {
  url: string;
  database: Database;
  embedded: EmbeddedServer | undefined;
  /** Closes the pool, then stops the embedded server if this process owns it. */
  close: () => Promise<void>;
};

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR, started (or joined)
 * here. Migrations (and, for the server, the demo seed) run under an advisory lock.
 */
export async function openDatabase(
  config: Config,
  log: Log,
  opts: { role: 'owner' | 'guest'; seed: boolean; poolSize?: number },
): Promise<OpenedDatabase & { seeded: boolean }> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, (m) => log.info(m), { role: opts.role });
    url = embedded.url;
  }
  const database = connectDatabase(url, { max: opts.poolSize ?? 10 });
  const close = async () => {
    await database.close();
    if (embedded?.owned) await embedded.stop();
  };
  try {
    const seeded = await withStartupLock(database.pool, async (db) => {
      await migrateDatabase(db, migrationsDir());
      return opts.seed ? seedDemoIfEmpty(db, { filesRoot: path.join(config.dataDir, 'files') }) : false;
    });
    return { url, database, embedded, close, seeded };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/** The commit this build was made from: GIT_COMMIT, else the build's stamp, else 'development'. */
export function buildCommit(config: Config): string {
  if (config.gitCommit) return config.gitCommit;
  const file = fileURLToPath(new URL('./build-info.json', import.meta.url));
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { gitCommit?: string };
    if (info.gitCommit) return info.gitCommit;
  } catch {
    // no build stamp: running from source
  }
  return 'development';
}

export const webDistDir = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
};
