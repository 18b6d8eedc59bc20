import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/contract/**/*.test.ts'],
          // *.pg.test.ts need PostgreSQL (several connections, row locks across instances): they run
          // in the PostgreSQL pass only, instead of being skipped in the PGlite one.
          exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 20_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
    maxWorkers: 2,
  },
});
