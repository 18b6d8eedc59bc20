import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, testConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/seed/index.ts';
import { freshPostgres, templatePostgres } from './fresh-postgres.ts';
import { postgresTemplatePrefix } from './global-setup.ts';
import type { LoginLimits } from '../src/modules/identity/index.ts';
import { isSandboxMode } from '../src/modules/stripe-sandbox/index.ts';

/** A clock tests can move: expiry rules are tested without waiting. */
export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (date: Date) => void };

export const createTestClock = (start = new Date()): TestClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
};

/** What a test database starts with: the sandbox's tables (config without Stripe keys) and the demo tenant. */
type Contents = { sandbox: boolean; seedDemo: boolean };

/**
 * Where this test run keeps its PGlite snapshots: the directory test/global-setup.ts made for the run
 * (PLANSMITH_TEST_SNAPSHOTS), or one of this process's own when a test runs without it.
 */
const snapshotDir = (() => {
  let dir: string | undefined;
  return () => {
    dir ??= process.env.PLANSMITH_TEST_SNAPSHOTS ?? mkdtempSync(path.join(os.tmpdir(), 'plansmith-snapshots-'));
    mkdirSync(dir, { recursive: true });
    return dir;
  };
})();

const snapshotsMade = new Map<string, Promise<string>>();

/**
 * A tarball of a freshly migrated (and, with seedDemo, seeded) PGlite database, made once per test run
 * for each kind of contents and loaded by every test file after: PGlite's initdb takes 2–3 s on this
 * machine, migrating and seeding another second, loading the snapshot half a second. Two processes
 * that find no snapshot both make one; the second rename replaces an identical file.
 */
const pgliteSnapshot = (contents: Contents): Promise<string> => {
  const file = path.join(snapshotDir(), `${contents.sandbox ? 'sandbox' : 'stripe'}-${contents.seedDemo ? 'demo' : 'empty'}.tar`);
  let made = snapshotsMade.get(file);
  if (!made) {
    made = (async () => {
      if (existsSync(file)) return file;
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await migrate(database, { sandbox: contents.sandbox });
        if (contents.seedDemo) await seedDemo(database, { sandbox: contents.sandbox });
        await database.writeSnapshot?.(file);
      } finally {
        await database.close();
      }
      return file;
    })();
    snapshotsMade.set(file, made);
    made.catch(() => snapshotsMade.delete(file));
  }
  return made;
};

/**
 * A fresh database for one test file, migrated and seeded as `contents` says: in-memory PGlite
 * loaded from the run's snapshot, or, when TEST_DATABASE_URL is set, a new database on that
 * PostgreSQL server (dropped again on close), migrated and seeded here.
 */
const openTestDatabase = async (contents: Contents): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', snapshot: await pgliteSnapshot(contents) });
    return { database, url: null, drop: async () => undefined };
  }
  const template = await postgresTemplate(serverUrl, contents);
  const fresh = await freshPostgres(serverUrl, 'plansmith_test', template);
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.url });
  if (!template) await fill(database, contents);
  return { database, url: fresh.url, drop: fresh.drop };
};

const fill = async (database: Database, contents: Contents): Promise<void> => {
  await migrate(database, { sandbox: contents.sandbox });
  if (contents.seedDemo) await seedDemo(database, { sandbox: contents.sandbox });
};

const templatesMade = new Map<string, Promise<string>>();

/**
 * PostgreSQL's counterpart of pgliteSnapshot: a database migrated (and seeded) once per test run for
 * each kind of contents, which every test file's database is copied from (CREATE DATABASE … TEMPLATE:
 * a tenth of a second, where migrating and seeding takes one to two). Undefined without the run id
 * test/global-setup.ts gives (nothing would drop the template afterwards): then each file migrates its own.
 */
const postgresTemplate = (serverUrl: string, contents: Contents): Promise<string> | undefined => {
  const run = process.env.PLANSMITH_TEST_RUN;
  if (!run) return undefined;
  const name = `${postgresTemplatePrefix(run)}_${contents.sandbox ? 'sandbox' : 'stripe'}_${contents.seedDemo ? 'demo' : 'empty'}`;
  let made = templatesMade.get(name);
  if (!made) {
    made = templatePostgres(serverUrl, name, async (url) => {
      const database = await openDatabase({ dataDir: 'memory://', databaseUrl: url });
      try {
        await fill(database, contents);
      } finally {
        await database.close();
      }
    });
    templatesMade.set(name, made);
    made.catch(() => templatesMade.delete(name));
  }
  return made;
};

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The PostgreSQL test database's URL (null on PGlite): race tests open their own connection to it. */
  databaseUrl: string | null;
  clock: TestClock;
  request: (options: {
    method?: 'GET' | 'POST';
    url: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  }) => Promise<TestResponse>;
  /** POST with a JSON body and an optional bearer token. */
  post: (url: string, body?: unknown, token?: string) => Promise<TestResponse>;
  get: (url: string, token?: string) => Promise<TestResponse>;
  close: () => Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: each test asserts the shape of the JSON it reads; typing it would only restate the contract.
export type TestResponse = { status: number; headers: Record<string, unknown>; body: any; text: string };

export const createTestApp = async (
  options: {
    seedDemo?: boolean;
    config?: Partial<Config>;
    loginLimits?: Partial<LoginLimits>;
    clock?: TestClock;
    logStream?: { write: (line: string) => void };
  } = {},
): Promise<TestApp> => {
  const config = testConfig({ webDistDir: '/nonexistent', ...options.config });
  const {
    database,
    url: databaseUrl,
    drop,
  } = await openTestDatabase({
    sandbox: isSandboxMode(config),
    seedDemo: options.seedDemo ?? false,
  });
  const clock = options.clock ?? createTestClock();
  const app = await buildApp({
    config,
    database,
    clock,
    loginLimits: options.loginLimits ?? { perAccountAndIp: 1000, perAccount: 1000, perIp: 1000 },
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();

  const { request, post, get } = requestsTo(app);

  return {
    app,
    ctx: app.ctx,
    database,
    databaseUrl,
    clock,
    request,
    post,
    get,
    close: async () => {
      // The PostgreSQL database is dropped even when the app or its pool fails to close (a test that
      // ended the pool itself): otherwise each run left one behind on the server.
      try {
        await app.close();
        await database.close();
      } finally {
        await drop();
      }
    },
  };
};

const requestsTo = (app: FastifyInstance): Pick<TestApp, 'request' | 'post' | 'get'> => {
  const request: TestApp['request'] = async ({ method = 'POST', url, body, token, headers = {} }) => {
    const injectOptions: InjectOptions = {
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    };
    const response = await app.inject(injectOptions);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      parsed = null;
    }
    return { status: response.statusCode, headers: response.headers, body: parsed, text: response.body };
  };

  return {
    request,
    post: (url, body = {}, token) => request({ method: 'POST', url, body, token }),
    get: (url, token) => request({ method: 'GET', url, token }),
  };
};

/**
 * A second app instance on the same PostgreSQL database as `first` (its own pool, like a second
 * process behind a balancer). Only with TEST_DATABASE_URL: PGlite is one process.
 */
export const createSecondInstance = async (
  first: TestApp,
  options: {
    loginLimits?: Partial<LoginLimits>;
    config?: Partial<Config>;
    /** The same database by another road (a proxy the test can cut); first's URL by default. */
    databaseUrl?: string;
  } = {},
): Promise<Pick<TestApp, 'app' | 'request' | 'post' | 'get' | 'close'>> => {
  if (!first.databaseUrl || first.database.kind !== 'postgres') throw new Error('A second instance needs TEST_DATABASE_URL (PostgreSQL).');
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: options.databaseUrl ?? first.databaseUrl });
  const app = await buildApp({
    config: { ...first.ctx.config, ...options.config },
    database,
    clock: first.clock,
    loginLimits: options.loginLimits ?? { perAccountAndIp: 1000, perAccount: 1000, perIp: 1000 },
  });
  await app.ready();
  return {
    app,
    ...requestsTo(app),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
