import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The SQL migrations: beside this file in the source tree, copied to dist/migrations by the build. */
export function migrationsDir(): string {
  for (const candidate of ['./migrations', '../migrations', './db/migrations']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}/meta/_journal.json`)) return dir;
  }
  throw new Error('SQL migrations not found; run the build first');
}
