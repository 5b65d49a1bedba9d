// Builds what `npm start` runs: the server bundle (esbuild) and the web app (vite).
// Each part is skipped when none of its inputs changed since its last build, so a second
// `npm start` is listening within seconds.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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
      'cli/webhook-receiver': 'apps/server/src/cli/webhook-receiver.ts',
      'cli/account': 'apps/server/src/cli/account.ts',
      'cli/seed': 'apps/server/src/cli/seed.ts',
      'cli/catalog-import': 'apps/server/src/cli/catalog-import.ts',
      'cli/supplier': 'apps/server/src/cli/supplier.ts',
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

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes file.br (brotli, maximum quality) and file.gz (gzip level 9) beside each text file the
 * browser fetches, made once here so the server sends them without compressing per request.
 * A form no smaller than the file is not written (the server then sends the next it has).
 */
async function precompress(dir) {
  const files = [];
  (function collect(d) {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // .vite/ manifests: read by the build, never served
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) collect(p);
      else if (COMPRESSIBLE.test(entry.name)) files.push(p);
    }
  })(dir);
  let raw = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = fs.readFileSync(file);
      const [b, g] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: 9 }),
      ]);
      for (const [ext, out] of [
        ['.br', b],
        ['.gz', g],
      ]) {
        if (out.length < bytes.length) fs.writeFileSync(file + ext, out);
        else fs.rmSync(file + ext, { force: true });
      }
      raw += bytes.length;
      br += Math.min(b.length, bytes.length);
    }),
  );
  console.log(
    `web: ${files.length} files precompressed, ${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB brotli`,
  );
}

async function buildWeb() {
  const stamp = stampOf(
    [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/auth.html',
      'apps/web/options-frame.html',
      'apps/web/public.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      ...shared,
    ],
    commit,
  );
  if (
    upToDate('web', stamp, path.join(root, 'apps/web/dist/index.html')) &&
    fs.existsSync(path.join(root, 'apps/web/dist-ssr/entry-server.js'))
  )
    return console.log('web: up to date');
  const started = Date.now();
  // the SPA (index.html, empties dist/), then the sign-in document (auth.html) and the product
  // options frame (options-frame.html) beside it, then the server's render of the SPA's first
  // screen (dist-ssr/, never served: decision 039)
  for (const entry of ['spa', 'auth', 'options-frame', 'public', 'ssr']) {
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
  await precompress(path.join(root, 'apps/web/dist'));
  remember('web', stamp);
  console.log(`web: built in ${Date.now() - started} ms`);
}

await buildServer();
if (!serverOnly) await buildWeb();
