import { type PGlite, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';

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
