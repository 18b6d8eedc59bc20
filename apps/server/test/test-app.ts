import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, testConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/seed/index.ts';
import { freshPostgres } from './fresh-postgres.ts';
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

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server, dropped again on close.
 */
const openTestDatabase = async (): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, url: null, drop: async () => undefined };
  }
  const fresh = await freshPostgres(serverUrl, 'plansmith_test');
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.url });
  return { database, url: fresh.url, drop: fresh.drop };
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
  const { database, url: databaseUrl, drop } = await openTestDatabase();
  const config = testConfig({ webDistDir: '/nonexistent', ...options.config });
  const sandbox = isSandboxMode(config);
  await migrate(database, { sandbox });
  if (options.seedDemo) await seedDemo(database, { sandbox });
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
      await app.close();
      await database.close();
      await drop();
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
