import { defineConfig } from 'vitest/config';

// `*.pg.test.ts` race tests need PostgreSQL's concurrent transactions (PGlite runs one at a time, so
// they could not fail there): they run only in the PostgreSQL pass, which sets TEST_DATABASE_URL.
const serverInclude = ['apps/server/**/*.test.ts', 'packages/contract/**/*.test.ts'];
const serverExclude = process.env.TEST_DATABASE_URL ? [] : ['apps/server/**/*.pg.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: serverInclude,
          exclude: ['**/node_modules/**', ...serverExclude],
          environment: 'node',
          // A test that builds two apps migrates two fresh databases: on a busy 2-core machine that
          // alone can take half a minute.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each worker imports the app once for all its files instead of once per file (that import
          // was 40 % of the suite's time). Every test file builds its own app and database, so
          // nothing a file leaves behind reaches the next.
          isolate: false,
          // One PGlite snapshot directory per run (test/global-setup.ts): each test database loads a
          // migrated one instead of running initdb and every migration again.
          globalSetup: ['./apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'happy-dom',
          // Imports React, antd and the app once per worker, not per file; setup.ts cleans the DOM
          // and storage after every test.
          isolate: false,
          testTimeout: 20_000,
          // Tests that start the real server in beforeAll need room on a busy 2-core machine.
          hookTimeout: 60_000,
          setupFiles: ['./src/test/setup.ts'],
          globalSetup: ['../server/test/global-setup.ts'],
        },
      },
    ],
    maxWorkers: 2,
  },
});
