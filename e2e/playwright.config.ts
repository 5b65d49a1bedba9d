import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR_TEMPORARY, E2E_SERVERS } from './run-env';

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  // One worker per server (E2E_WORKERS, run-env.ts): spec files are shared out, never data.
  workers: E2E_SERVERS.length,
  forbidOnly: true,
  // CI runs on a shared 2-core machine whose speed varies run to run (1.6× between two runs of
  // this suite); a test that fails three times is failing, one that passes on a retry is reported
  // as flaky in the list and in test-results/playwright.json.
  retries: process.env.CI ? 2 : 0,
  // CI's shared machine ran this suite 1.6× slower than a quiet one: more room there
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace for every test costs about a sixth of the suite's time; CI records one
    // only when a test is run again, locally every failing test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Started one after another: the first runs the build (scripts/build.mjs), the others find it done.
  webServer: E2E_SERVERS.map(({ port, dataDir }) => ({
    command: 'node e2e/serve.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${port}/health.json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      E2E_REMOVE_DATA_DIR: E2E_DATA_DIR_TEMPORARY ? '1' : '',
    },
  })),
});
