import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/chromium.mjs';
import { E2E_WORKERS, e2eServer } from './e2e/servers.ts';

const port = e2eServer(0).port;
const webDist = process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Per port, so that runs on different ports can go side by side.
  outputDir: `.tmp/test-results-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // With E2E_WORKERS=2, spec files run side by side, one per worker, each against its own server
  // (e2e/servers.ts, e2e/fixtures.ts); the tests of one file run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.tmp/playwright-report.json' }]],
  use: {
    // Each worker's own server: e2e/fixtures.ts sets baseURL by the worker's index.
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const server = e2eServer(index);
    return {
      command: `rm -rf "${server.dataDir}" && node --import tsx apps/server/src/server.ts`,
      url: `${server.baseURL}/readyz`,
      reuseExistingServer: false,
      // A fresh data folder migrates and seeds the demo tenant first: well under a minute on a quiet
      // 2-core machine, up to two on a busy one (seen at load 20). Waiting longer costs nothing when it is quick.
      timeout: 180_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATA_DIR: server.dataDir,
        WEB_DIST_DIR: webDist,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    };
  }),
});
