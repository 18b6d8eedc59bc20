import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('.tmp', `e2e-data-${port}`);
const webDist = process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Per port, so that runs on different ports can go side by side.
  outputDir: `.tmp/test-results-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.tmp/playwright-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/server.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // A fresh data folder migrates and seeds the demo tenant first: well under a minute on a quiet
    // 2-core machine, up to two on a busy one (seen at load 20). Waiting longer costs nothing when it is quick.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  },
});
