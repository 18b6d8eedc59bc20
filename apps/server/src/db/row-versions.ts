import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * The version of the row `where` picks, locked until the transaction ends (`FOR UPDATE`), or null
 * when there is no such row. A writer compares it with the version the person read (DESIGN.md §13):
 * while it holds the lock nobody else can change the row, so "checked, then written" cannot lose a
 * change made in between, on PostgreSQL with many connections as on PGlite with one.
 */
export const lockVersion = async (tx: Db, table: PgTable, version: PgColumn, where: SQL): Promise<number | null> => {
  const [row] = await tx.select({ version }).from(table).where(where).limit(1).for('update');
  return row ? Number(row.version) : null;
};

/**
 * Every row `where` picks with its version, locked until the transaction ends: for a change of many
 * rows at once (a paste, a bulk edit), which is written only when every row is still as read.
 */
export const lockVersions = async <K extends Record<string, PgColumn>>(
  tx: Db,
  table: PgTable,
  version: PgColumn,
  keys: K,
  where: SQL,
): Promise<Array<{ [P in keyof K]: unknown } & { version: number }>> => {
  const rows = await tx
    .select({ ...keys, version })
    .from(table)
    .where(where)
    .for('update');
  return rows.map((row) => ({ ...row, version: Number(row.version) })) as Array<{ [P in keyof K]: unknown } & { version: number }>;
};
