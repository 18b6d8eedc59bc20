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
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'happy-dom',
          testTimeout: 20_000,
          // Tests that start the real server in beforeAll need room on a busy 2-core machine.
          hookTimeout: 60_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
    maxWorkers: 2,
  },
});
