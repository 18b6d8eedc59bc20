import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { listenOnPostgres } from './pg-listener.ts';
import { type PreparedRead, preparePostgresRead } from './prepared.ts';

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
  /**
   * PGlite only: writes the whole database to `file` as a tarball, which `openDatabase({ snapshot })`
   * starts from (the test suites migrate and seed once per run, then load that per test file).
   */
  writeSnapshot?: (file: string) => Promise<void>;
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

/**
 * Opens PGlite under dataDir (or in memory for 'memory://', optionally starting from a snapshot file
 * that `writeSnapshot` wrote), or PostgreSQL when databaseUrl is set.
 */
export const openDatabase = async (options: { dataDir: string; databaseUrl?: string | undefined; snapshot?: string }): Promise<Database> =>
  options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.snapshot);

/** node-postgres finds a Unix socket as `<host>/.s.PGSQL.<port>`: the number only names the file. */
const PGLITE_SOCKET_PORT = 5432;

/** Connections the worker's socket server accepts: the app's one, plus ones still closing after an error. */
const PGLITE_SOCKET_CONNECTIONS = 4;

/** Socket directories of databases still open, removed when the process exits without closing them. */
const socketDirs = new Set<string>();

let isExitCleanupSet = false;

const removeAtExit = (socketDir: string): void => {
  if (!isExitCleanupSet) {
    isExitCleanupSet = true;
    process.once('exit', () => {
      for (const dir of socketDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  socketDirs.add(socketDir);
};

/** The worker's first words: ready to accept connections, or why it could not open the database. */
type WorkerMessage = { type: 'ready' | 'failed' | 'closed' | 'snapshot-written'; message?: string };

const nextMessage = (worker: Worker): Promise<WorkerMessage> =>
  new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      worker.off('error', onError);
      resolve(message);
    };
    const onError = (error: Error) => {
      worker.off('message', onMessage);
      reject(error);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
  });

/**
 * PGlite runs in a worker thread of its own behind a PostgreSQL socket (db/pglite-worker.mjs), and
 * the app talks to it with node-postgres, as to PostgreSQL: one code path for both databases, and
 * the thread that answers HTTP never runs a query. PGlite is one session, so the pool has one
 * connection (a transaction holds it; other statements wait their turn, as they did in-process).
 */
const openPglite = async (dataDir: string, snapshot: string | undefined): Promise<Database> => {
  if (snapshot && dataDir !== 'memory://') throw new Error('Only an in-memory database starts from a snapshot');
  let release: (() => Promise<void>) | undefined;
  if (dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  // A private directory (mode 0700) for the socket: only this user can connect to the database.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-pglite-'));
  removeAtExit(socketDir);
  const worker = new Worker(path.join(import.meta.dirname, 'pglite-worker.mjs'), {
    workerData: {
      dataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`),
      maxConnections: PGLITE_SOCKET_CONNECTIONS,
      snapshot,
    },
  });
  const stopWorker = async () => {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    socketDirs.delete(socketDir);
    await release?.();
  };
  try {
    const first = await nextMessage(worker);
    if (first.type !== 'ready') throw new Error(first.message ?? 'PGlite did not start');
  } catch (error) {
    await stopWorker();
    throw error;
  }
  // Unreferenced: a process that forgets to close the database can still exit (close ends the worker).
  worker.unref();
  const channels = new Map<string, ((payload: string) => void)[]>();
  const pool = new pg.Pool({
    host: socketDir,
    port: PGLITE_SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // PGlite keeps one session whatever the connection: LISTEN outlives a replaced connection.
    idleTimeoutMillis: 0,
    onConnect: async (client) => {
      // NOTIFY's message comes back on the connection that committed, which is the pool's one.
      client.on('notification', (message) => {
        for (const onNotice of channels.get(message.channel) ?? []) onNotice(message.payload ?? '');
      });
      // node-postgres drops a connection whose statement failed and opens another; PGlite's one
      // session still holds the statements the old connection prepared, which the new one would
      // prepare again ("already exists").
      await client.query('DEALLOCATE ALL');
    },
  });
  return postgresDatabase(pool, {
    kind: 'pglite',
    listen: (channel, onNotice, onLive) => {
      channels.set(channel, [...(channels.get(channel) ?? []), onNotice]);
      pool.query(`LISTEN ${channel}`).then(
        () => onLive(true),
        () => onLive(false),
      );
    },
    writeSnapshot: async (file) => {
      const written = nextMessage(worker);
      worker.postMessage({ type: 'snapshot', file });
      const answer = await written;
      if (answer.type !== 'snapshot-written') throw new Error(answer.message ?? 'PGlite wrote no snapshot');
    },
    // One process holds the data directory (its lock): nothing else can interleave.
    withExclusiveLock: (work) => work(),
    close: async () => {
      await pool.end();
      const closed = nextMessage(worker);
      worker.postMessage({ type: 'close' });
      await closed.catch(() => undefined);
      await stopWorker();
    },
  });
};

const MIGRATION_LOCK_KEY = 80_442_001;

const openPostgres = async (databaseUrl: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
  const probe = await pool.connect();
  probe.release();
  const listeners: { close: () => Promise<void> }[] = [];
  return postgresDatabase(pool, {
    kind: 'postgres',
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
  });
};

/** The app's Database over a node-postgres pool: PostgreSQL's, or the one reaching PGlite's worker. */
const postgresDatabase = (
  pool: pg.Pool,
  own: Pick<Database, 'kind' | 'listen' | 'withExclusiveLock' | 'close' | 'writeSnapshot'>,
): Database => {
  // bigint (int8) and numeric arrive as strings; cents fit safely in a JS number up to 2^53.
  pool.on('error', () => undefined);
  return {
    ...own,
    db: drizzlePg({ client: pool }) as unknown as Db,
    // The rate-limit store shares its counts through PostgreSQL; PGlite has one process, so memory does.
    pgPool: own.kind === 'postgres' ? pool : undefined,
    execScript: async (script) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    queryRows: async <T>(statement: string, params: unknown[] = []) => (await pool.query(statement, params)).rows as T[],
    prepareRead: (name, statement) => preparePostgresRead(pool, name, statement),
  };
};
