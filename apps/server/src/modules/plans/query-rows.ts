import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Runs one hand-written SQL statement and answers its rows. Both drivers (PGlite and node-postgres)
 * return `{ rows }`; Db's generic result type does not say so, hence the one narrowing here.
 */
export const queryRows = async <T extends Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> => {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
};
