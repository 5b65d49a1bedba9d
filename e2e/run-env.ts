// The port and data directory of one browser-test run, so that two runs on one machine never share
// either. Playwright evaluates its config in the runner and again in every worker: the runner
// chooses once and leaves its choice in the environment, which the workers and the web server
// (e2e/serve.mjs) inherit, so every process of a run agrees.
//   E2E_PORT      set: used as given; unset: a port free on 127.0.0.1 now.
//   E2E_DATA_DIR  set: used as given (wiped at start, kept at the end); unset: a fresh
//                 e2e/.data/run-<pid>-<random>, removed when the server stops (serve.mjs).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Where the runs' own data directories live (gitignored). */
export const E2E_DATA_ROOT = path.resolve(import.meta.dirname, '.data');

/**
 * A TCP port free on 127.0.0.1 (the kernel's pick for port 0), found synchronously in a child
 * process because Playwright's config cannot await. The port lies in the ephemeral range, where
 * no fixed-port service lives and concurrent runs draw different ports.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();})";
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: {} });
  return Number(out);
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());
if (!process.env.E2E_DATA_DIR) {
  const runId = `run-${process.pid}-${randomBytes(4).toString('hex')}`;
  process.env.E2E_DATA_DIR = path.join(E2E_DATA_ROOT, runId);
  process.env.E2E_DATA_DIR_TEMPORARY = '1';
}

export const E2E_PORT = Number(process.env.E2E_PORT);
if (!Number.isInteger(E2E_PORT) || E2E_PORT < 1 || E2E_PORT > 65535) {
  throw new Error(`E2E_PORT must be a TCP port, not ${JSON.stringify(process.env.E2E_PORT)}`);
}
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR);
/** True when this run chose its data directory (serve.mjs removes it when the server stops). */
export const E2E_DATA_DIR_TEMPORARY = process.env.E2E_DATA_DIR_TEMPORARY === '1';
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
