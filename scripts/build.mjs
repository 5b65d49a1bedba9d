// Builds what `npm start` runs: the server bundle (esbuild) and the web app (vite).
// Each part is skipped when none of its inputs changed since its last build, so a second
// `npm start` is listening within seconds.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverOnly = process.argv.includes('--server-only');
const force = process.argv.includes('--force');

function gitCommit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'development';
  }
}

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
}

function stampOf(inputs, extra) {
  const files = [];
  for (const input of inputs) {
    const p = path.join(root, input);
    if (fs.existsSync(p) && fs.statSync(p).isFile()) files.push(p);
    else walk(p, files);
  }
  const hash = createHash('sha256').update(extra);
  for (const f of files.sort()) hash.update(f).update(fs.readFileSync(f));
  return hash.digest('hex');
}

function upToDate(name, stamp, output) {
  const file = path.join(root, `.build-stamp-${name}`);
  return !force && fs.existsSync(output) && fs.existsSync(file) && fs.readFileSync(file, 'utf8') === stamp;
}
const remember = (name, stamp) => fs.writeFileSync(path.join(root, `.build-stamp-${name}`), stamp);

const commit = gitCommit();
const shared = ['packages/contracts/src', 'packages/domain/src', 'package-lock.json', 'scripts/build.mjs'];

async function buildServer() {
  const outdir = path.join(root, 'apps/server/dist');
  const stamp = stampOf(['apps/server/src', ...shared], commit);
  if (upToDate('server', stamp, path.join(outdir, 'main.js'))) return console.log('server: up to date');
  const started = Date.now();
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'pdf-main': 'apps/server/src/pdf-main.ts',
      'cli/account': 'apps/server/src/cli/account.ts',
      'cli/seed': 'apps/server/src/cli/seed.ts',
      'cli/catalog-import': 'apps/server/src/cli/catalog-import.ts',
    },
    absWorkingDir: root,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __slatRequire } from 'node:module'; const require = __slatRequire(import.meta.url);",
    },
    plugins: [
      {
        // Workspace packages are bundled from source; every npm dependency stays in node_modules.
        name: 'externals',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@slat/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  // The PDF worker thread's file (plain JavaScript, loaded by path: piscina starts it by name).
  fs.copyFileSync(
    path.join(root, 'apps/server/src/lib/pdf/pdf-render-worker.mjs'),
    path.join(outdir, 'pdf-render-worker.mjs'),
  );
  fs.writeFileSync(path.join(outdir, 'build-info.json'), JSON.stringify({ gitCommit: commit }));
  remember('server', stamp);
  console.log(`server: built in ${Date.now() - started} ms`);
}

function buildWeb() {
  const stamp = stampOf(
    [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/auth.html',
      'apps/web/options-frame.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      ...shared,
    ],
    commit,
  );
  if (upToDate('web', stamp, path.join(root, 'apps/web/dist/index.html')))
    return console.log('web: up to date');
  const started = Date.now();
  // the SPA (index.html, empties dist/), then the sign-in document (auth.html) and the product
  // options frame (options-frame.html) beside it
  for (const entry of ['spa', 'auth', 'options-frame']) {
    const res = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: path.join(root, 'apps/web'),
        stdio: 'inherit',
        env: { ...process.env, VITE_GIT_COMMIT: commit, SLAT_WEB_ENTRY: entry },
      },
    );
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  remember('web', stamp);
  console.log(`web: built in ${Date.now() - started} ms`);
}

await buildServer();
if (!serverOnly) buildWeb();
