import { type PGlite, parse, protocol } from '@electric-sql/pglite';
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

const concat = (parts: Uint8Array[]): Uint8Array => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};

/**
 * PGlite: `query()` parses and plans every statement again and crosses into WebAssembly six times
 * (parse, describe, bind, describe, execute, sync), which made a one-row lookup cost ~5× its execution.
 * Here the statement is parsed once under its name; each run is one Bind/Describe/Execute/Sync
 * message. It takes the same two locks as `query()`, so it never runs inside another caller's
 * open transaction, and the Sync in the same message brings the session back even when it fails.
 */
export const preparePgliteRead = <T>(
  client: PGlite,
  name: string,
  statement: string,
  /** Parsers over the client's own, for some types (merged once here, not on every run). */
  parsers: Record<number, (value: string, typeId?: number) => unknown> = {},
): PreparedRead<T> => {
  let rowParsers: typeof client.parsers | undefined;
  const { serialize } = protocol;
  const exclusive = <R>(work: () => Promise<R>): Promise<R> => {
    if (client.closed) return Promise.reject(new Error('PGlite is closed'));
    return client._runExclusiveTransaction(() => client.runExclusive(work));
  };
  let parsed: Promise<unknown> | undefined;
  const parseOnce = (): Promise<unknown> => {
    parsed ??= exclusive(() =>
      client.execProtocol(concat([serialize.parse({ name, text: statement }), serialize.sync()]), { syncToFs: false }),
    ).catch((error: unknown) => {
      parsed = undefined;
      throw error;
    });
    return parsed;
  };
  return async (params) => {
    await parseOnce();
    const message = concat([
      serialize.bind({ statement: name, values: params.map((value) => (value === null ? null : String(value))) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await exclusive(() => client.execProtocol(message, { syncToFs: false }));
    rowParsers ??= { ...client.parsers, ...parsers };
    return (parse.parseResults(messages, rowParsers)[0]?.rows ?? []) as T[];
  };
};
