import pg from 'pg';
import { vi } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * Helpers for `*.pg.test.ts`: race tests that need PostgreSQL, where transactions really run side by
 * side (PGlite runs them one at a time, so a race test there passes with or without the guard).
 * A race is made certain, not likely: the test holds a table lock so every request under test stops
 * at the same write, waits until all of them are stopped there, then lets them go.
 */

/** The test database's URL; a race test run on PGlite fails here instead of passing for nothing. */
export const requirePostgres = (t: TestApp): string => {
  if (!t.databaseUrl) throw new Error('This race test needs PostgreSQL: run it with TEST_DATABASE_URL set.');
  return t.databaseUrl;
};

export type HeldLock = { release: () => Promise<void> };

/**
 * Locks a table in its own transaction until release() commits. SHARE mode lets the requests read
 * the table but stops their INSERT/UPDATE/DELETE on it.
 */
export const holdTableLock = async (t: TestApp, table: string, mode = 'SHARE'): Promise<HeldLock> => {
  const client = new pg.Client({ connectionString: requirePostgres(t) });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ${mode} MODE`);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
};

/** How many sessions of the test database wait on a lock right now. */
export const lockWaiters = async (t: TestApp): Promise<number> => {
  const [row] = await t.database.queryRows<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return row?.n ?? 0;
};

/** Resolves once `count` sessions wait on a lock: every request under test has reached the held lock. */
export const waitForLockWaiters = async (t: TestApp, count: number): Promise<void> => {
  await vi.waitFor(
    async () => {
      const waiting = await lockWaiters(t);
      if (waiting < count) throw new Error(`${waiting} of ${count} sessions wait on a lock`);
    },
    { timeout: 15_000, interval: 10 },
  );
};
