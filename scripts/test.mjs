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
const firstLine = (text) =>
  String(text ?? 'no message')
    .split('\n')[0]
    .slice(0, 200);
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
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} › ${t.fullName}`);
    // A file that failed without a failed test failed to load or in a hook.
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${where} (${firstLine(file.message)})`);
  }
  results.push({ name: `vitest (${projects.join(', ')})`, passed, failed, seconds, failures });
}

function playwright() {
  const out = 'test-results/playwright.json';
  fs.rmSync(path.join(root, out), { force: true });
  // E2E_WORKERS=2 runs two workers, each with a server and data of its own (e2e/run-env.ts);
  // one stays the default until two are measured faster on a quiet machine (decision 030).
  const { status, seconds } = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  const report = readJson(out);
  const stats = report?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) || (status === 0 ? 0 : 1);
  const failures = [];
  const flaky = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = [...titles, spec.title].join(' › ');
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`${spec.file} › ${name}`);
        if (t.status === 'flaky') flaky.push(`${spec.file} › ${name}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  results.push({ name: 'playwright (chromium)', passed, failed, seconds, failures, flaky });
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
// Named again last, where a reader of the log's tail finds them (.ci/run repeats them at its end).
for (const r of results) for (const f of r.failures ?? []) console.log(`  failed: ${f}`);
for (const r of results) for (const f of r.flaky ?? []) console.log(`  flaky: ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
