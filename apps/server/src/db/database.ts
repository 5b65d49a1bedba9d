import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

// NUMERIC stays a string in JS so money never passes through binary floating point.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

export function connectDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

const MIGRATION_LOCK = 727_001;

/**
 * Runs `work` while holding a session-level advisory lock, so two processes starting
 * together migrate and seed one after the other instead of racing.
 */
export async function withStartupLock<T>(pool: pg.Pool, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await work(drizzle(client, { schema }));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function migrateDatabase(db: Db, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}
