import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { drizzle } from 'drizzle-orm/pglite';
import { CLIENT_ID } from '@plansmith/contract';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import type { Database, Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { type PreparedParam, preparePgliteRead } from '../src/db/prepared.ts';
import { isSandboxMode } from '../src/modules/stripe-sandbox/index.ts';

const BENCH_CONFIG = testConfig({ webDistDir: '/nonexistent' });

/** One measured figure of a benchmark. */
export type BenchFigure = { name: string; value: number; unit: string; note?: string };
/** What a `*.bench.ts` file's `run()` answers. */
export type BenchReport = { title: string; database: string; figures: BenchFigure[] };

/**
 * A fresh in-memory PGlite whose every statement is counted, wrapped as the app's Database.
 * Counting at the driver shows how many statements a request issues (N+1 shows up as growth).
 */
export const openCountingPglite = async (): Promise<{ database: Database; statements: () => number }> => {
  const client = new PGlite();
  await client.waitReady;
  let count = 0;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((...args: Parameters<typeof query>) => {
    count += 1;
    return query(...args);
  }) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => {
    count += 1;
    return exec(...args);
  }) as typeof client.exec;
  const db = drizzle({ client }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    pgPool: undefined,
    execScript: async (script) => {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    queryRows: async <T>(statement: string, params: unknown[] = []) => (await client.query<T>(statement, params)).rows,
    // Prepared reads bypass query(), so each run is counted here.
    prepareRead: <T>(name: string, statement: string) => {
      const read = preparePgliteRead<T>(client, name, statement);
      return (params: readonly PreparedParam[]) => {
        count += 1;
        return read(params);
      };
    },
    withExclusiveLock: (work) => work(),
    close: () => client.close(),
  };
  await migrate(database, { sandbox: isSandboxMode(BENCH_CONFIG) });
  return { database, statements: () => count };
};

export const buildBenchApp = async (database: Database): Promise<FastifyInstance> => {
  const app = await buildApp({
    config: BENCH_CONFIG,
    database,
    loginLimits: { perAccount: 1000, perIp: 1000 },
  });
  await app.ready();
  return app;
};

export const signIn = async (app: FastifyInstance, email: string, password: string): Promise<string> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identity/token/user',
    payload: { Username: email, Password: password, ClientId: CLIENT_ID },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return (JSON.parse(response.body) as { AccessToken: string }).AccessToken;
};

/** Runs `work` `runs` times after `warmup` unmeasured runs; answers the timings in milliseconds. */
export const time = async (work: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> => {
  for (let index = 0; index < warmup; index += 1) await work();
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    await work();
    timings.push(performance.now() - start);
  }
  return timings;
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
