import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs one hand-written statement and answers its rows. Both drivers (PGlite and node-postgres)
 * return `{ rows }`; Db's generic result type does not say so, hence the one narrowing here.
 */
export const selectRows = async <T extends Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> => {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
};

/** Cents from SQL (int8 and numeric arrive as strings or bigints, depending on the driver) to a number. */
export const cents = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
