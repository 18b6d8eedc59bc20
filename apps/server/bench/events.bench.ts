// Live changes (issue 30.5, DESIGN.md §13): 500 open event streams (GET /api/events) — the server's
// memory per stream, and the time from a change (an UPDATE of an expense in its own transaction, timed
// from the moment it is sent: PostgreSQL may deliver the NOTIFY before the writer reads its commit's
// answer, so timing from that answer could come out negative) to its arrival at every one of the 500 streams: median and p95 over CHANGES changes. On
// the embedded PGlite (one instance, PGlite's LISTEN/NOTIFY through its worker) and, when
// DATABASE_URL is set, on a fresh PostgreSQL database with two instances (250 streams on each, the
// change written through the first). The browsers run in a child process (event-clients.ts).
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/seed/index.ts';
import { isSandboxMode } from '../src/modules/stripe-sandbox/index.ts';
import { listeningUrl } from '../test/event-stream.ts';
import { type BenchFigure, type BenchReport, percentile, round, signIn } from './bench-kit.ts';
import { DEMO_PASSWORD, DEMO_USER, freshPostgres } from './built-app.ts';

const STREAMS = Number(process.env.EVENTS_STREAMS ?? 500);
const CHANGES = Number(process.env.EVENTS_CHANGES ?? 30);
const CONFIG = testConfig({ webDistDir: '/nonexistent', logLevel: 'silent' });

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// The heap after two collections: RSS was printed too, but it moves with what the collector hands
// back to the system (one run measured −63 KiB per stream), so it said nothing per stream.
const heapAfterGc = () => {
  gc();
  gc();
  return { heap: process.memoryUsage().heapUsed };
};

const startApp = async (database: Database): Promise<FastifyInstance> => {
  const app = await buildApp({ config: CONFIG, database, loginLimits: { perAccount: 1000, perIp: 1000 } });
  await app.ready();
  return app;
};

const ticket = async (app: FastifyInstance, token: string): Promise<string> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/EventsClient/Ticket',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  if (response.statusCode !== 200) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  return (JSON.parse(response.body) as { Result: { Ticket: string } }).Result.Ticket;
};

type Arrivals = Map<number, number[]>;

const startClients = async (urls: string[], tickets: string[]): Promise<{ child: ChildProcess; arrivals: Arrivals }> => {
  const child = fork(path.join(import.meta.dirname, 'event-clients.ts'), [JSON.stringify({ urls, tickets, count: STREAMS })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals: Arrivals = new Map();
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type: string; arrivals?: [number, number][] }) => {
      if (message.type === 'ready') resolve();
      for (const [version, at] of message.arrivals ?? []) arrivals.set(version, [...(arrivals.get(version) ?? []), at]);
    });
    child.once('exit', (code) => reject(new Error(`the clients exited (${code}) before they were ready`)));
  });
  return { child, arrivals };
};

const waitFor = async (check: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** CHANGES updates of one expense, one at a time: per change, the time until all streams had it, and each stream's time. */
const measure = async (writer: Database, arrivals: Arrivals) => {
  const [expense] = await writer.queryRows<{ tenant_id: string; id: string; version: number }>(
    // One dated in an open month: an expense in a closed month cannot change (the demo closes January–October 2026).
    `SELECT e.tenant_id, e.id, e.version FROM expenses e
      WHERE NOT EXISTS (SELECT 1 FROM plan_periods p WHERE p.tenant_id = e.tenant_id AND p.marketing_plan_id = e.marketing_plan_id
                          AND p.month = date_trunc('month', e.purchase_date)::date)
      ORDER BY e.id LIMIT 1`,
  );
  if (!expense) throw new Error('the demo seed has no expense');
  const toAll: number[] = [];
  const each: number[] = [];
  for (let change = 0; change < CHANGES; change += 1) {
    const sentAt = performance.timeOrigin + performance.now();
    const [row] = await writer.queryRows<{ version: number }>(
      'UPDATE expenses SET amount_cents = amount_cents + 1 WHERE tenant_id = $1 AND id = $2 RETURNING version',
      [expense.tenant_id, expense.id],
    );
    const version = row?.version ?? 0;
    await waitFor(() => (arrivals.get(version)?.length ?? 0) >= STREAMS, 20_000);
    const times = (arrivals.get(version) ?? []).map((at) => at - sentAt);
    toAll.push(Math.max(...times));
    each.push(...times);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { toAll, each };
};

const stopClients = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'close' });
  await exited;
};

const figuresOf = (label: string, measured: { toAll: number[]; each: number[] }, memory?: { heap: number }): BenchFigure[] => [
  ...(memory
    ? [
        {
          name: `${label}: server heap per open stream`,
          value: round(memory.heap / STREAMS / 1024, 1),
          unit: 'KiB',
          note: `${STREAMS} streams, after GC`,
        },
      ]
    : []),
  {
    name: `${label}: write → all ${STREAMS} streams, median`,
    value: round(percentile(measured.toAll, 50), 1),
    unit: 'ms',
    note: `${CHANGES} changes`,
  },
  { name: `${label}: write → all ${STREAMS} streams, p95`, value: round(percentile(measured.toAll, 95), 1), unit: 'ms' },
  { name: `${label}: write → one stream, median`, value: round(percentile(measured.each, 50), 1), unit: 'ms' },
  { name: `${label}: write → one stream, p95`, value: round(percentile(measured.each, 95), 1), unit: 'ms' },
];

const onPglite = async (): Promise<BenchFigure[]> => {
  const database = await openDatabase({ dataDir: 'memory://' });
  const sandbox = isSandboxMode(CONFIG);
  await migrate(database, { sandbox });
  await seedDemo(database, { sandbox });
  const app = await startApp(database);
  try {
    const url = await listeningUrl(app);
    const token = await signIn(app, DEMO_USER, DEMO_PASSWORD);
    const before = heapAfterGc();
    const { child, arrivals } = await startClients([url], [await ticket(app, token)]);
    const after = heapAfterGc();
    const measured = await measure(database, arrivals);
    await stopClients(child);
    return figuresOf('PGlite, one instance', measured, { heap: after.heap - before.heap });
  } finally {
    await app.close();
    await database.close();
  }
};

const onPostgres = async (serverUrl: string): Promise<BenchFigure[]> => {
  const fresh = await freshPostgres(serverUrl);
  const first = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.url });
  const second = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.url });
  const apps: FastifyInstance[] = [];
  try {
    const sandbox = isSandboxMode(CONFIG);
    await migrate(first, { sandbox });
    await seedDemo(first, { sandbox });
    apps.push(await startApp(first), await startApp(second));
    const urls = await Promise.all(apps.map((app) => listeningUrl(app)));
    const tickets = await Promise.all(apps.map(async (app) => ticket(app, await signIn(app, DEMO_USER, DEMO_PASSWORD))));
    const { child, arrivals } = await startClients(urls, tickets);
    const measured = await measure(first, arrivals);
    await stopClients(child);
    return figuresOf('PostgreSQL, two instances', measured);
  } finally {
    for (const app of apps) await app.close();
    await first.close();
    await second.close();
    await fresh.drop();
  }
};

export const run = async (): Promise<BenchReport> => {
  const figures = await onPglite();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) figures.push(...(await onPostgres(serverUrl)));
  return {
    title: `Live changes: ${STREAMS} open event streams`,
    database: serverUrl ? 'PGlite; PostgreSQL (two instances)' : 'PGlite',
    figures,
  };
};
