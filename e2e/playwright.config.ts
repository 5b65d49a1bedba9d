import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_DATA_DIR_TEMPORARY, E2E_PORT } from './run-env';

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${E2E_BASE_URL}/health.json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      E2E_REMOVE_DATA_DIR: E2E_DATA_DIR_TEMPORARY ? '1' : '',
    },
  },
});
