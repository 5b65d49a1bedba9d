// npm run bench -- <name…>: runs bench/<name>.mjs for each name (all of them when none is given).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs'].includes(f))
  .map((f) => f.replace(/\.mjs$/, ''));
const names = process.argv.slice(2).length ? process.argv.slice(2) : available;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`No bench '${name}'. Available: ${available.join(', ')}`);
    process.exit(2);
  }
  const res = spawnSync(process.execPath, [path.join(here, `${name}.mjs`)], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
