import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/contract/**/*.test.ts'],
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
