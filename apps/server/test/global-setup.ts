import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase, withStartupLock } from '../src/db/database';
import { type EmbeddedServer, startEmbeddedPostgres } from '../src/db/embedded';
import { migrationsDir } from '../src/db/migrations-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    dbServerUrl: string;
    dbTemplate: string;
    dbPrefix: string;
  }
}

/** `postgres://…/name` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, or an embedded one in a temp dir) and a
 * template database migrated once, with the job queue's schema in it. Each test file then
 * copies the template (CREATE DATABASE … TEMPLATE …) in milliseconds.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  let embedded: EmbeddedServer | undefined;
  let tmp: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-test-pg-'));
    await fs.chmod(tmp, 0o755);
    embedded = await startEmbeddedPostgres(tmp, () => {}, { role: 'owner' });
    serverUrl = embedded.url;
  }
  const template = `slat_tpl_${runId}`;
  const prefix = `slat_t_${runId}_`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(serverUrl, template);
  const database = connectDatabase(templateUrl, { max: 2 });
  await withStartupLock(database.pool, (db) => migrateDatabase(db, migrationsDir()));
  await database.close();
  const tpl = new pg.Client({ connectionString: templateUrl });
  await tpl.connect();
  await tpl.query(PgBoss.getConstructionPlans());
  await tpl.end();

  project.provide('dbServerUrl', serverUrl);
  project.provide('dbTemplate', template);
  project.provide('dbPrefix', prefix);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2',
      [`${prefix}%`, template],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    if (embedded) await embedded.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  };
}
