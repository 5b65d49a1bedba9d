import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database, namedStatement, runNamed } from '../src/db/database';
import * as schema from '../src/db/schema';
import { createTestDatabase } from './harness';

let database: Database;

beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), { max: 2 });
});
afterAll(async () => {
  await database.close();
});

/** The statements PostgreSQL holds prepared on this connection (its own session's view). */
const preparedHere = async (db: Database['db']) =>
  (
    await runNamed<{ name: string }>(
      db,
      namedStatement('test_prepared_here', 'SELECT name FROM pg_prepared_statements'),
      [],
    )
  )
    .map((r) => r.name)
    .sort();

describe('named statements', () => {
  it('run with their values on the pool and inside a transaction, answering rows', async () => {
    const add = namedStatement('test_add', 'SELECT $1::int + $2::int AS sum');
    expect(await runNamed(database.db, add, [2, 3])).toEqual([{ sum: 5 }]);
    const inTx = await database.db.transaction(async (tx) => {
      await runNamed(tx, namedStatement('test_temp', 'CREATE TEMP TABLE t_named (v int) ON COMMIT DROP'), []);
      await runNamed(tx, namedStatement('test_insert', 'INSERT INTO t_named VALUES ($1), ($2)'), [7, 8]);
      return runNamed<{ v: number }>(
        tx,
        namedStatement('test_select', 'SELECT v FROM t_named ORDER BY v'),
        [],
      );
    });
    expect(inTx).toEqual([{ v: 7 }, { v: 8 }]);
  });

  it('are prepared once on a connection, then run by name with other values', async () => {
    const client = await database.pool.connect();
    try {
      const db = drizzle(client, { schema });
      const twice = namedStatement('test_twice', 'SELECT $1::text AS v');
      expect(await runNamed(db, twice, ['a'])).toEqual([{ v: 'a' }]);
      expect(await runNamed(db, twice, ['b'])).toEqual([{ v: 'b' }]);
      const names = await preparedHere(db);
      expect(names.filter((n) => n === 'test_twice')).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it('refuse a name already standing for another text', () => {
    namedStatement('test_unique', 'SELECT 1');
    expect(() => namedStatement('test_unique', 'SELECT 1')).not.toThrow();
    expect(() => namedStatement('test_unique', 'SELECT 2')).toThrow(/stands for another text/);
  });
});
