// npm run bench -- startup
// Clone → running demo, as on a new machine: git clone of the committed HEAD into a temp dir,
// `npm ci` with an empty npm cache (every package from the registry), `npm ci` again with that
// cache warm, and the first `npm start` there (build, initdb, migrate, seed) until 'Slat is
// running at'; prints each phase (the first start split into build and server), the totals with
// a verdict on the new machine's (✓ under 60 s, the README's promise, ✗ over), node_modules' size
// and its ten largest packages.
// Baseline of the ratio, measured in the same run: `npm ci --omit=dev` (warm) of the same clone,
// only the packages the product runs on, so the ratio is what the build and test tools add.
// Then, as before, `npm start` (build already up to date) on a fresh data directory and again on
// the same directory, three times each; prints medians. BENCH_STARTUP_SKIP_CLONE=1 skips the clone,
// BENCH_STARTUP_CLONE_ONLY=1 the rest; BENCH_STARTUP_COMMIT clones another commit (an earlier figure).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, median, root, startSlat, tempDataDir } from './lib.mjs';

const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 3700);
/** Clone → running demo on a new machine (empty npm cache), the README's promise. */
const TARGET = 60;

/** Runs a command in `cwd`; resolves with its seconds, rejects with its output when it fails. */
function timed(cmd, args, cwd, env = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - started) / 1000)
        : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out.slice(-4000)}`)),
    );
  });
}

/**
 * `npm start` in `cwd` (the fresh clone) until it says Slat is running: the seconds it took, and
 * of those the server's own start (initdb, migrations, seed) as it reports it; the rest is npm,
 * the build (server bundle, four vite builds, precompression) and Node's start.
 */
async function firstStart(cwd, env) {
  // `npm start` execs the server, so the stop's SIGTERM to npm reaches it
  const slat = await startSlat({ cmd: 'npm', args: ['start'], cwd, env });
  await slat.stop();
  const server = Number(/started in ([\d.]+) s/.exec(slat.output())?.[1] ?? Number.NaN);
  return { seconds: slat.seconds, server };
}

/** Bytes and files under a directory, not following links (workspace links count nothing). */
function sizeOf(dir) {
  let bytes = 0;
  let files = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        bytes += fs.statSync(p).size;
        files += 1;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return { bytes, files };
}

/** Every installed package directory (scoped and nested included) with its own size, nested packages apart. */
function packagesOf(nodeModules) {
  const out = [];
  const visit = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory() || e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.name.startsWith('@')) {
        for (const s of fs.readdirSync(p, { withFileTypes: true }))
          if (s.isDirectory()) out.push(packageAt(path.join(p, s.name), `${e.name}/${s.name}`));
      } else out.push(packageAt(p, e.name));
    }
  };
  const packageAt = (dir, name) => {
    const nested = path.join(dir, 'node_modules');
    const whole = sizeOf(dir);
    const inner = sizeOf(nested);
    visit(nested);
    return { name, bytes: whole.bytes - inner.bytes, files: whole.files - inner.files };
  };
  visit(nodeModules);
  return out;
}

const MB = (b) => (b / 1e6).toFixed(0);
const lines = [];
const say = (s) => {
  lines.push(s);
  console.log(s);
};

if (!process.env.BENCH_STARTUP_SKIP_CLONE) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'slat-bench-clone-'));
  fs.chmodSync(work, 0o755);
  const clone = path.join(work, 'slat');
  const cache = path.join(work, 'npm-cache');
  const head = execFileSync('git', ['rev-parse', process.env.BENCH_STARTUP_COMMIT ?? 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  try {
    const tClone = await timed('git', ['clone', '--quiet', '--no-checkout', root, clone], work);
    const tCheckout = await timed('git', ['checkout', '--quiet', head], clone);
    const npmCi = ['ci', '--no-audit', '--no-fund', '--cache', cache];
    const tCold = await timed('npm', npmCi, clone);
    fs.rmSync(path.join(clone, 'node_modules'), { recursive: true, force: true });
    fs.rmSync(path.join(clone, 'apps/web/node_modules'), { recursive: true, force: true });
    const tRuntime = await timed('npm', [...npmCi, '--omit=dev'], clone);
    const runtimeSize = sizeOf(path.join(clone, 'node_modules'));
    fs.rmSync(path.join(clone, 'node_modules'), { recursive: true, force: true });
    fs.rmSync(path.join(clone, 'apps/web/node_modules'), { recursive: true, force: true });
    const tWarm = await timed('npm', npmCi, clone);
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const { seconds: tStart, server: tServer } = await firstStart(clone, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(PORT),
    });
    const size = [
      sizeOf(path.join(clone, 'node_modules')),
      sizeOf(path.join(clone, 'apps/web/node_modules')),
    ];
    const installed = { bytes: size[0].bytes + size[1].bytes, files: size[0].files + size[1].files };
    const packages = [
      ...packagesOf(path.join(clone, 'node_modules')),
      ...packagesOf(path.join(clone, 'apps/web/node_modules')),
    ].sort((a, b) => b.bytes - a.bytes);
    const gitS = tClone + tCheckout;
    say(
      `clone → demo — ${new Date().toISOString().slice(0, 10)} — ${machine()} — load ${os.loadavg()[0].toFixed(1)}`,
    );
    say(`commit ${head.slice(0, 12)}`);
    say(`git clone + checkout:              ${gitS.toFixed(1)} s`);
    say(`npm ci, empty cache (registry):    ${tCold.toFixed(1)} s`);
    say(`npm ci, warm cache:                ${tWarm.toFixed(1)} s`);
    say(`first npm start (build+db+seed):   ${tStart.toFixed(1)} s`);
    say(`  of which the build and npm:      ${(tStart - tServer).toFixed(1)} s`);
    say(`  of which the server (db+seed):   ${tServer.toFixed(1)} s`);
    const total = gitS + tCold + tStart;
    say(
      `total clone → running, new machine: ${total.toFixed(1)} s  ${total < TARGET ? '✓' : '✗'} (target < ${TARGET} s)`,
    );
    say(`total clone → running, warm cache:  ${(gitS + tWarm + tStart).toFixed(1)} s`);
    say(`node_modules: ${MB(installed.bytes)} MB in ${installed.files} files (${packages.length} packages)`);
    say(
      `baseline npm ci --omit=dev, warm: ${tRuntime.toFixed(1)} s, ${MB(runtimeSize.bytes)} MB; ` +
        `ratio npm ci warm / baseline: ${(tWarm / tRuntime).toFixed(2)}`,
    );
    say('ten largest packages:');
    for (const p of packages.slice(0, 10))
      say(`  ${MB(p.bytes).padStart(4)} MB ${String(p.files).padStart(6)} files  ${p.name}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const first = [];
const second = [];
for (let i = 0; i < (process.env.BENCH_STARTUP_CLONE_ONLY ? 0 : 3); i++) {
  const dir = tempDataDir();
  const env = { DATA_DIR: dir, DATABASE_URL: '', PORT: String(PORT + 1) };
  const a = await startSlat({ cmd: 'npm', args: ['start'], env });
  first.push(a.seconds);
  await a.stop();
  const b = await startSlat({ cmd: 'npm', args: ['start'], env });
  second.push(b.seconds);
  await b.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (first.length) {
  console.log(`startup bench — ${new Date().toISOString().slice(0, 10)} — ${machine()}`);
  console.log(
    `npm start, fresh data dir:  median ${median(first).toFixed(2)} s  (${first.map((s) => s.toFixed(2)).join(', ')})`,
  );
  console.log(
    `npm start, same data dir:   median ${median(second).toFixed(2)} s  (${second.map((s) => s.toFixed(2)).join(', ')})`,
  );
  console.log(`ratio second / first: ${(median(second) / median(first)).toFixed(2)}`);
}
