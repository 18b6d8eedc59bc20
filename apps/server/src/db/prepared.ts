import type pg from 'pg';

/** A parameter of a prepared read: text, numbers and booleans travel as text, as node-postgres sends them. */
export type PreparedParam = string | number | boolean | null;

/** Runs a prepared read with its parameters ($1, $2, …) and answers its rows. */
export type PreparedRead<T> = (params: readonly PreparedParam[]) => Promise<T[]>;

/**
 * PostgreSQL: node-postgres parses a named statement once per pooled connection and afterwards
 * only binds and executes it, so the server plans it once (a generic plan after five runs).
 */
export const preparePostgresRead =
  <T>(pool: pg.Pool, name: string, statement: string): PreparedRead<T> =>
  async (params) =>
    (await pool.query({ name, text: statement, values: [...params] })).rows as T[];
