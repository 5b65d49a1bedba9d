import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/**
 * A statement PostgreSQL plans once per connection rather than on every run: node-postgres sends
 * it by name, parsing it on a connection's first use and only binding it after that, and
 * PostgreSQL keeps its plan. For the statements of hot paths (adding a line runs a dozen inside
 * its order's lock). The text uses $1…$n; a name stands for one text only.
 */
export type NamedStatement = { readonly name: string; readonly text: string };

const namedTexts = new Map<string, string>();

export function namedStatement(name: string, text: string): NamedStatement {
  const known = namedTexts.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`Statement name '${name}' stands for another text`);
  namedTexts.set(name, text);
  return { name, text };
}

/** Runs a named statement on `db` (the pool, or a transaction's connection); answers its rows. */
export async function runNamed<T extends Record<string, unknown>>(
  db: Db,
  statement: NamedStatement,
  values: unknown[],
): Promise<T[]> {
  const query = db._.session.prepareQuery<{ execute: pg.QueryResult<T>; all: unknown; values: unknown }>(
    { sql: statement.text, params: values },
    undefined,
    statement.name,
    false,
  );
  return (await query.execute()).rows;
}

const dialect = new PgDialect();

/**
 * Runs a statement built with sql`` prepared by name, like `runNamed`: the name is `prefix` and a
 * digest of the text, so each shape of a query built from filters (a list's) is one statement
 * per connection, planned once, whatever its values.
 */
export async function runPrepared<T extends Record<string, unknown>>(
  db: Db,
  prefix: string,
  query: SQL,
): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return runNamed<T>(db, namedStatement(name, text), params);
}
