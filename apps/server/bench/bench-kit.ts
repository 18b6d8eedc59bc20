import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { CLIENT_ID } from '@plansmith/contract';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { DRIZZLE_PARSERS, pgliteDatabase } from './in-process-pglite.ts';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-extensions.mjs';
import { migrate } from '../src/db/migrate.ts';
import type { PreparedParam } from '../src/db/prepared.ts';
import { isSandboxMode } from '../src/modules/stripe-sandbox/index.ts';

const BENCH_CONFIG = testConfig({ webDistDir: '/nonexistent' });

/** One measured figure of a benchmark. */
export type BenchFigure = { name: string; value: number; unit: string; note?: string };
/** What a `*.bench.ts` file's `run()` answers. */
export type BenchReport = { title: string; database: string; figures: BenchFigure[] };

/** One statement the app sent, and whether it ran inside a transaction. */
export type LoggedStatement = { sql: string; inTransaction: boolean };

/** The statements the wrapped client has sent so far, in order; slice it around a request. */
export type StatementLog = {
  count: () => number;
  /** Logs a statement the wrapper cannot see (prepared reads bypass query()). */
  record: (sql: string, inTransaction: boolean) => void;
  since: (start: number) => LoggedStatement[];
  /** The statements `work` sends. */
  during: (work: () => Promise<unknown>) => Promise<LoggedStatement[]>;
};

/**
 * Wraps a PGlite client so every statement it runs is logged: its own query/exec and those of
 * the transaction objects it hands out (drizzle runs a transaction's statements on those), with
 * BEGIN and COMMIT/ROLLBACK as the round trips they are.
 */
export const logStatements = (client: PGlite): StatementLog => {
  const log: LoggedStatement[] = [];
  const record = (sql: string, inTransaction: boolean) => log.push({ sql: sql.trim(), inTransaction });
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((statement: string, ...rest: unknown[]) => {
    record(statement, false);
    return (query as (...args: unknown[]) => unknown)(statement, ...rest);
  }) as typeof client.query;
  client.exec = ((statement: string, ...rest: unknown[]) => {
    record(statement, false);
    return (exec as (...args: unknown[]) => unknown)(statement, ...rest);
  }) as typeof client.exec;
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      record('BEGIN', true);
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((statement: string, ...rest: unknown[]) => {
        record(statement, true);
        return (txQuery as (...args: unknown[]) => unknown)(statement, ...rest);
      }) as typeof tx.query;
      tx.exec = ((statement: string, ...rest: unknown[]) => {
        record(statement, true);
        return (txExec as (...args: unknown[]) => unknown)(statement, ...rest);
      }) as typeof tx.exec;
      try {
        const result = await callback(tx);
        record('COMMIT', true);
        return result;
      } catch (error) {
        record('ROLLBACK', true);
        throw error;
      }
    })) as typeof client.transaction;
  return {
    count: () => log.length,
    record,
    since: (start) => log.slice(start),
    during: async (work) => {
      const start = log.length;
      await work();
      return log.slice(start);
    },
  };
};

/** "select users": the verb and the first table a statement names, to tell a bench's statements apart. */
const summarize = (sql: string): string => {
  const verb = (/^\s*(\w+)/.exec(sql)?.[1] ?? '?').toLowerCase();
  const table = /\b(?:from|into|update|join)\s+"?(\w+)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
};

/** A note computed from the statements a request sent, e.g. "4: select users, select marketing_plans, …". */
export const describeStatements = (statements: readonly LoggedStatement[]): string => {
  const inTransaction = statements.filter((statement) => statement.inTransaction).length;
  const list = statements.map((statement) => summarize(statement.sql)).join(', ');
  return `${statements.length}: ${list}${inTransaction ? ` (${inTransaction} in a transaction)` : ''}`;
};

/** A fresh in-memory PGlite whose every statement is logged, wrapped as the app's Database. */
export const openCountingPglite = async (): Promise<{ database: Database; statements: StatementLog }> => {
  const client = new PGlite({ parsers: DRIZZLE_PARSERS, extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  const statements = logStatements(client);
  const base = pgliteDatabase(client);
  const database: Database = {
    ...base,
    // Prepared reads bypass query(), so each run is counted here.
    prepareRead: <T>(name: string, statement: string) => {
      const read = base.prepareRead<T>(name, statement);
      return (params: readonly PreparedParam[]) => {
        statements.record(statement, false);
        return read(params);
      };
    },
  };
  await migrate(database, { sandbox: isSandboxMode(BENCH_CONFIG) });
  return { database, statements };
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
  const token = (JSON.parse(response.body) as { AccessToken: string }).AccessToken;
  // One authenticated call first, so statement counts are per request in the steady state: the
  // first read of the caller (kept by the tenant row cache afterwards) is not any request's own.
  const warm = await app.inject({ method: 'GET', url: '/api/TenantClient/Get', headers: { authorization: `Bearer ${token}` } });
  if (warm.statusCode !== 200) throw new Error(`the first authenticated call failed: ${warm.statusCode} ${warm.body}`);
  return token;
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
