// The app opens PGlite in a worker thread and reaches it through node-postgres (src/db/client.ts).
// The benches that count a request's statements open it in-process instead, where every statement
// can be seen: this is that Database, with the parsers and prepared reads it needs.
import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from '../src/db/client.ts';
import type { PreparedRead } from '../src/db/prepared.ts';

const asText = (value: string): string => value;

/**
 * The parsers Drizzle's PGlite driver asks for on every query: date, time and interval values
 * (and numeric and date/time arrays) stay PostgreSQL's text, and Drizzle makes its Dates itself.
 * Set once on the client instead (openPglite), for every statement.
 */
export const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/**
 * PGlite's own parsers for the same types (dates and times as Dates): statements outside Drizzle
 * (prepared reads, queryRows) answer what node-postgres answers on PostgreSQL.
 */
export const DATE_PARSERS: Record<number, (value: string, typeId?: number) => unknown> = Object.fromEntries(
  Object.keys(DRIZZLE_PARSERS)
    .map((oid) => [oid, types.parsers[oid]])
    .filter((entry): entry is [string, (value: string, typeId?: number) => unknown] => entry[1] !== undefined),
);

type Queryable = { query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>> };

/**
 * PGlite merges a query's own parsers into all ~320 of the client's on every query (~150 µs on
 * this machine, half of a small read); with DRIZZLE_PARSERS already on the client the per-query
 * copy is the same map, so it is left out.
 */
const withoutQueryParsers = (client: PGlite | Transaction): Queryable => ({
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    client.query<T>(text, params, options?.parsers ? { ...options, parsers: undefined } : options),
});

/** What Drizzle's PGlite driver is given in place of the client: query and transaction, as it uses them. */
export const drizzleFacade = (client: PGlite) => ({
  /** The client behind it (`db.$client.pglite`: tests take it away to stage an outage). */
  pglite: client,
  ...withoutQueryParsers(client),
  transaction: <T>(work: (tx: Queryable) => Promise<T>) => client.transaction((tx) => work(withoutQueryParsers(tx))),
});

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

/**
 * The app's Database over an open PGlite client made with DRIZZLE_PARSERS (`new PGlite({ parsers:
 * DRIZZLE_PARSERS })`); `release` runs after it closes.
 */
export const pgliteDatabase = (client: PGlite, release?: () => Promise<void>): Database => {
  const db = drizzlePglite({ client: drizzleFacade(client) as unknown as PGlite }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pgPool: undefined,
    execScript: async (script) => {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    queryRows: async <T>(statement: string, params: unknown[] = []) =>
      (await client.query<T>(statement, params, { parsers: DATE_PARSERS })).rows,
    prepareRead: (name, statement) => preparePgliteRead(client, name, statement, DATE_PARSERS),
    listen: (channel, onNotice, onLive) => {
      client.listen(channel, onNotice).then(
        () => onLive(true),
        () => onLive(false),
      );
    },
    // One in-process connection: nothing else can interleave across processes, the directory lock covers it.
    withExclusiveLock: (work) => work(),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
};
