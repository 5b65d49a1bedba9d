// `npm test`: every check, in order, each counted; ends with one line `N passed, N failed`.
//   node scripts/test.mjs            typecheck, lint, import boundaries, unit + web + API (Vitest), browser (Playwright)
//   node scripts/test.mjs --api-only the API suite alone (CI runs it again against TEST_DATABASE_URL)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiOnly = process.argv.includes('--api-only');
const results = [];
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

function run(cmd, args, extraEnv = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return { status: res.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return undefined;
  }
};

function check(name, cmd, args) {
  const { status, seconds } = run(cmd, args);
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds });
}

function vitest(projects) {
  const out = 'test-results/vitest.json';
  fs.rmSync(path.join(root, out), { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
  const { status, seconds } = run(bin('vitest'), args);
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  // A crashed file or a failed run without counted failures still counts as one failure.
  const failed = (report?.numFailedTests ?? 0) + (report?.numFailedTestSuites ?? 0) || (status === 0 ? 0 : 1);
  results.push({ name: `vitest (${projects.join(', ')})`, passed, failed, seconds });
}

function playwright() {
  const out = 'test-results/playwright.json';
  fs.rmSync(path.join(root, out), { force: true });
  // E2E_WORKERS=2 runs two workers, each with a server and data of its own (e2e/run-env.ts);
  // one stays the default until two are measured faster on a quiet machine (decision 030).
  const { status, seconds } = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  const stats = readJson(out)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) || (status === 0 ? 0 : 1);
  results.push({ name: 'playwright (chromium)', passed, failed, seconds });
}

const build = run(process.execPath, ['scripts/build.mjs']);
if (build.status !== 0) results.push({ name: 'build', passed: 0, failed: 1, seconds: build.seconds });
else if (apiOnly) vitest(['api']);
else {
  check('typecheck (tsc -b)', bin('tsc'), ['-b']);
  check('lint (biome)', bin('biome'), ['check', '.']);
  check('boundaries (dependency-cruiser)', bin('depcruise'), [
    'apps',
    'packages',
    '--config',
    '.dependency-cruiser.cjs',
  ]);
  vitest(['unit', 'web', 'api']);
  playwright();
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
