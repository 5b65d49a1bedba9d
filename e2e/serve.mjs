// Starts Slat as `npm start` does (scripts/build.mjs, then the built server) on a fresh data
// directory, for Playwright. DATA_DIR comes from e2e/run-env.ts; with E2E_REMOVE_DATA_DIR=1 it is
// this run's own and is removed once the server has stopped. Run directories that a killed run
// left behind are removed at start (their embedded PostgreSQL stopped first).
//
// The server runs from a copy of the build in DATA_DIR/app: other work in this checkout may
// rebuild apps/*/dist while the suite runs, and a server whose page names assets that a rebuild
// replaced would serve blank pages.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsRoot = path.join(root, 'e2e/.data');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(runsRoot, 'manual'));
const removeAtEnd = process.env.E2E_REMOVE_DATA_DIR === '1';
const OWNER_FILE = 'e2e-serve.pid';

/** A running process (a zombie, not yet reaped by its parent, counts as gone). */
function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux'; // no /proc: trust kill(0); on Linux, gone meanwhile
  }
}

const readPid = (file) => Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
const pidIn = (file) => (fs.existsSync(file) ? readPid(file) : undefined);

/** Waits until the embedded PostgreSQL of `dir` has stopped (asking it to, when `stop`); false on timeout. */
async function postgresStopped(dir, { stop, timeoutMs }) {
  const pid = pidIn(path.join(dir, 'postgres/postmaster.pid'));
  if (!alive(pid)) return true;
  if (stop) process.kill(pid, 'SIGINT'); // fast shutdown, as the server itself does
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

/** Removes run-* directories whose serve.mjs is gone (a run killed before it could clean up). */
async function removeAbandonedRuns() {
  const entries = fs.existsSync(runsRoot) ? fs.readdirSync(runsRoot, { withFileTypes: true }) : [];
  for (const entry of entries) {
    const dir = path.join(runsRoot, entry.name);
    if (!entry.isDirectory() || !entry.name.startsWith('run-') || dir === dataDir) continue;
    const owner = pidIn(path.join(dir, OWNER_FILE));
    // No owner file yet: a run that is still starting, unless it is an hour old.
    if (owner === undefined ? Date.now() - fs.statSync(dir).mtimeMs < 3_600_000 : alive(owner)) continue;
    if (await postgresStopped(dir, { stop: true, timeoutMs: 30_000 })) {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  }
}

await removeAbandonedRuns();
fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
fs.mkdirSync(dataDir, { recursive: true });
fs.writeFileSync(path.join(dataDir, OWNER_FILE), String(process.pid));

/** The build copied into `app`, or false when what was copied is incomplete (a build ran meanwhile). */
function copyBuild(app) {
  fs.rmSync(app, { recursive: true, force: true });
  try {
    for (const part of ['apps/server/dist', 'apps/server/seed', 'apps/web/dist', 'apps/web/dist-ssr']) {
      fs.cpSync(path.join(root, part), path.join(app, part), { recursive: true });
    }
  } catch {
    return false; // a part missing, or a file gone while it was copied
  }
  const web = path.join(app, 'apps/web/dist');
  const needed = [
    'apps/server/dist/main.js',
    'apps/server/dist/pdf-main.js',
    'apps/server/dist/migrations/meta/_journal.json',
    // the server's render of the board, a deal and a quote (decision 039)
    'apps/web/dist-ssr/entry-server.js',
  ];
  for (const page of ['index.html', 'auth.html', 'options-frame.html']) {
    if (!fs.existsSync(path.join(web, page))) return false;
    const html = fs.readFileSync(path.join(web, page), 'utf8');
    for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g))
      needed.push(`apps/web/dist/${asset}`);
  }
  return needed.every((file) => fs.existsSync(path.join(app, file)));
}

const app = path.join(dataDir, 'app');
for (let attempt = 1; ; attempt++) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status === 0 && copyBuild(app)) break;
  if (attempt === 3) {
    console.error('e2e/serve.mjs: no complete build to copy after 3 attempts');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 5_000));
}

const child = spawn(process.execPath, [path.join(app, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SLAT_TEST_HOOKS: '1',
    // Every quote detail served from the cache is also read afresh and compared (decision 014).
    SLAT_QUOTE_CACHE: 'verify',
    // PDFs made in the server process (its render thread), not in the PDF process at the idle
    // CPU class (decision 017): the browser suite keeps both cores busy, and there an idle-class
    // PDF waited until its 60 s timeout (decision 030). The PDF process itself, its class, CPU,
    // restart and timeout are tested on the built server by apps/server/test/pdf-process.test.ts.
    SLAT_PDF_PROCESS: process.env.SLAT_PDF_PROCESS ?? '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Webhook specs deliver to a receiver the spec starts on loopback (refused in production by default).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code) => {
  // The server stops its PostgreSQL last; only then is the directory free to remove.
  if (removeAtEnd && (await postgresStopped(dataDir, { stop: false, timeoutMs: 15_000 }))) {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  process.exit(code ?? 0);
});
