import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { listenOnPostgres } from './pg-listener.ts';
import { DATE_PARSERS, DRIZZLE_PARSERS, drizzleFacade } from './pglite-drizzle.ts';

export { DRIZZLE_PARSERS } from './pglite-drizzle.ts';
import { type PreparedRead, preparePgliteRead, preparePostgresRead } from './prepared.ts';

/** The query builder every repository takes; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool on PostgreSQL, for libraries that bring their own SQL (the rate-limit store). */
  pgPool: pg.Pool | undefined;
  /** Runs a script of several statements in one transaction (migrations). */
  execScript: (script: string) => Promise<void>;
  /** Runs one parameterless statement on a single connection and returns its rows. */
  queryRows: <T = Record<string, unknown>>(statement: string, params?: unknown[]) => Promise<T[]>;
  /**
   * A read statement ($1, $2, … placeholders) parsed and planned once, for the hottest paths (the
   * per-request user check). `name` is unique in the app; rows come back with the statement's column names.
   */
  prepareRead: <T>(name: string, statement: string) => PreparedRead<T>;
  /**
   * Calls `onNotice(payload)` for every NOTIFY on `channel` when its transaction commits, whatever
   * process sent it. `onLive(true)` once notices arrive; `onLive(false)` when some may be missed
   * from then on (PostgreSQL: the listening connection broke; it reconnects and says true again).
   * On PGlite the notice is handled before the committing statement's caller resumes.
   */
  listen: (channel: string, onNotice: (payload: string) => void, onLive: (live: boolean) => void) => void;
  /** Serialises work across processes that share a database (migrations, seeding). */
  withExclusiveLock: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export { DataDirLockedError } from './data-dir-lock.ts';

/**
 * Declares a prepared read once (at module level) and prepares it lazily for each database it runs on:
 * `const tenantById = definePreparedRead<Row>('tenant_by_id', 'SELECT … WHERE id = $1');`
 * then `await tenantById(database)([id])`. Outside transactions only: it runs on the pool.
 */
export const definePreparedRead = <T>(name: string, statement: string): ((database: Database) => PreparedRead<T>) => {
  const perDatabase = new WeakMap<Database, PreparedRead<T>>();
  return (database) => {
    let read = perDatabase.get(database);
    if (!read) {
      read = database.prepareRead<T>(name, statement);
      perDatabase.set(database, read);
    }
    return read;
  };
};

/** Opens PGlite under dataDir (or in memory for 'memory://'), or PostgreSQL when databaseUrl is set. */
export const openDatabase = async (options: { dataDir: string; databaseUrl?: string | undefined }): Promise<Database> =>
  options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);

const openPglite = async (dataDir: string): Promise<Database> => {
  let release: (() => Promise<void>) | undefined;
  if (dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  // Drizzle's parsers on the client itself (db/pglite-drizzle.ts); prepared reads and queryRows
  // bring back PGlite's own for dates and times.
  const options = { parsers: DRIZZLE_PARSERS };
  const client = dataDir === 'memory://' ? new PGlite(options) : new PGlite(`${dataDir}/pglite`, options);
  try {
    await client.waitReady;
  } catch (error) {
    await release?.();
    throw error;
  }
  return pgliteDatabase(client, release);
};

/**
 * The app's Database over an open PGlite client made with DRIZZLE_PARSERS (`new PGlite({ parsers:
 * DRIZZLE_PARSERS })`); `release` runs after it closes. The benches build theirs with it too.
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

const MIGRATION_LOCK_KEY = 80_442_001;

const openPostgres = async (databaseUrl: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
  // bigint (int8) and numeric arrive as strings; cents fit safely in a JS number up to 2^53.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool }) as unknown as Db;
  const listeners: { close: () => Promise<void> }[] = [];
  return {
    db,
    kind: 'postgres',
    pgPool: pool,
    execScript: async (script) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    queryRows: async <T>(statement: string, params: unknown[] = []) => (await pool.query(statement, params)).rows as T[],
    prepareRead: (name, statement) => preparePostgresRead(pool, name, statement),
    listen: (channel, onNotice, onLive) => {
      listeners.push(listenOnPostgres(databaseUrl, channel, onNotice, onLive));
    },
    withExclusiveLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await Promise.all(listeners.map((listener) => listener.close()));
      await pool.end();
    },
  };
};
