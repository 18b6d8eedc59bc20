import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Column name → its SQL type, as json_to_recordset needs them. Names come from code, never from input. */
export type BulkColumns = Record<
  string,
  'uuid' | 'text' | 'date' | 'bigint' | 'integer' | 'smallint' | 'boolean' | 'timestamptz' | 'jsonb'
>;

/**
 * Inserts many rows in ONE statement: the rows travel as a single JSON parameter read by
 * json_to_recordset. A VALUES list with a parameter per cell costs PGlite seconds to parse and
 * bind for 10,000 rows; this form costs what the insert itself costs (issue 14's import bench).
 * Row keys are the column names.
 */
export const insertJsonRows = async (
  db: Db,
  table: string,
  columns: BulkColumns,
  rows: readonly Record<string, unknown>[],
): Promise<void> => {
  if (rows.length === 0) return;
  await insertJsonText(db, table, columns, JSON.stringify(rows));
};

/** insertJsonRows with the rows already written as a JSON array (in a worker thread, say: imports/commit-rows.ts). */
export const insertJsonText = async (db: Db, table: string, columns: BulkColumns, rowsJson: string): Promise<void> => {
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  const definitions = sql.raw(names.map((name) => `${name} ${columns[name]}`).join(', '));
  await db.execute(
    sql`INSERT INTO ${sql.raw(table)} (${list}) SELECT ${list} FROM json_to_recordset(${rowsJson}::json) AS x(${definitions})`,
  );
};
