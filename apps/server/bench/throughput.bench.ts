// Server throughput (issue 13 part 4), autocannon on loopback, every case in the same run:
// a bare Fastify app's trivial route, our /healthz and an authenticated read (GET /api/TenantClient/Get
// with the demo Owner's token; the caller and the tenant come from the tenant row cache, db/tenant-row-cache.ts)
// and, for comparison only, a read that reaches the database every time (POST /api/TeamClient/MyList),
// against the real server (src/server.ts, fresh data, demo seed, LOG_LEVEL=info),
// on the embedded PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database beside it;
// and sign-in latency at 8 concurrent sign-ins. Ratios measured in one run are what count: the
// machine is shared, so absolute numbers move with its load.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options } from 'autocannon';
import { CLIENT_ID } from '@plansmith/contract';
import { type BenchFigure, type BenchReport, percentile, round } from './bench-kit.ts';
import { freshPostgres } from './built-app.ts';

const ROUNDS = 5;
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 1);
const WARMUP_S = 1;
const CONNECTIONS = 10;
const SIGN_IN_CONCURRENCY = 8;
const SIGN_IN_S = 5;
const PORTS = { bare: 3109, pglite: 3110, postgres: 3111 } as const;
const DEMO = { Username: 'demo@plansmith.test', Password: 'plansmith-demo-2026', ClientId: CLIENT_ID };
const TARGETS = { authPglite: 0.25, authPostgres: 0.4, healthzVsBare: 0.5, signInP95Ms: 300 };

const serverEntry = path.join(import.meta.dirname, '../src/server.ts');
const bareEntry = path.join(import.meta.dirname, 'bare-fastify.ts');

type Request = Omit<Options, 'duration' | 'warmup' | 'connections'>;
/** Requests per second of each round, and every answer's latency in milliseconds. */
type Load = { rates: number[]; latencies: number[] };

/** One autocannon run against one URL on loopback; every answer must be 2xx or the figure is worthless. */
const runOnce = async (request: Request, seconds: number, connections: number, into?: Load): Promise<void> => {
  const result = await autocannon({ ...request, connections, duration: seconds }).on('response', (_client, _status, _bytes, ms) => {
    into?.latencies.push(ms);
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${request.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  into?.rates.push(result.requests.total / (result.duration || seconds));
};

/**
 * The cases take turns, one second each, for ROUNDS rounds: the machine is shared, and a ratio of
 * two figures taken in the same few seconds survives the load of other processes far better.
 */
const interleave = async <K extends string>(cases: Record<K, Request>): Promise<Record<K, Load>> => {
  const keys = Object.keys(cases) as K[];
  const loads = Object.fromEntries(keys.map((key) => [key, { rates: [], latencies: [] }])) as unknown as Record<K, Load>;
  for (const key of keys) await runOnce(cases[key], WARMUP_S, CONNECTIONS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const key of keys) await runOnce(cases[key], ROUND_S, CONNECTIONS, loads[key]);
  }
  return loads;
};

const median = (values: readonly number[]): number => percentile(values, 50);
/** The median over rounds of one case's rate divided by another's in the same round. */
const ratio = (numerator: Load, denominator: Load): number =>
  median(numerator.rates.map((rate, round) => rate / (denominator.rates[round] ?? Number.NaN)));

/** Starts a child Node process listening on 127.0.0.1:port and waits until `readyPath` answers 200. */
const startProcess = async (entry: string, port: number, env: Record<string, string>, readyPath: string): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${path.basename(entry)} exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${path.basename(entry)} did not become ready on port ${port}: ${stderr}`);
};

const stopProcess = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
};

const signInBody = JSON.stringify(DEMO);

const signIn = async (base: string): Promise<string> => {
  const response = await fetch(`${base}/api/identity/token/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signInBody,
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { AccessToken: string }).AccessToken;
};

/** Bare Fastify, /healthz and the authenticated read in turns, then sign-ins, against the real server on one database. */
const measureServer = async (label: string, port: number, env: Record<string, string>) => {
  const child = await startProcess(serverEntry, port, env, '/readyz');
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await signIn(base);
    const loads = await interleave({
      bare: { url: `http://127.0.0.1:${PORTS.bare}/` },
      healthz: { url: `${base}/healthz` },
      authRead: { url: `${base}/api/TenantClient/Get`, headers: { authorization: `Bearer ${token}` } },
      // Not a target: a read answered from the database on every request (the teams of the caller),
      // beside the tenant that the tenant row cache holds, so both costs stay in view.
      teamsRead: {
        url: `${base}/api/TeamClient/MyList`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      },
    });
    const signInLoad: Load = { rates: [], latencies: [] };
    await runOnce(
      { url: `${base}/api/identity/token/user`, method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody },
      SIGN_IN_S,
      SIGN_IN_CONCURRENCY,
      signInLoad,
    );
    return { label, ...loads, signIn: signInLoad };
  } finally {
    await stopProcess(child);
  }
};

const loadFigures = (name: string, load: Load): BenchFigure[] => [
  {
    name: `${name}: throughput`,
    value: Math.round(median(load.rates)),
    unit: 'req/s',
    note: `median of ${load.rates.length}; ${load.rates.map(Math.round).join(', ')}`,
  },
  { name: `${name}: latency p50`, value: round(percentile(load.latencies, 50)), unit: 'ms' },
  { name: `${name}: latency p95`, value: round(percentile(load.latencies, 95)), unit: 'ms', note: `${load.latencies.length} requests` },
];

const verdict = (ok: boolean, target: string): string => `${ok ? 'meets' : 'MISSES'} the target ${target}`;

export const run = async (): Promise<BenchReport> => {
  const appEnv = { NODE_ENV: 'development', LOG_LEVEL: 'info', SEED_DEMO: 'true', WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build') };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plansmith-throughput-'));
  const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  try {
    const bareChild = await startProcess(bareEntry, PORTS.bare, {}, '/');
    const servers = [];
    try {
      servers.push(await measureServer('PGlite', PORTS.pglite, { ...appEnv, DATA_DIR: dataDir }));
      if (postgres)
        servers.push(await measureServer('PostgreSQL', PORTS.postgres, { ...appEnv, DATA_DIR: dataDir, DATABASE_URL: postgres.url }));
    } finally {
      await stopProcess(bareChild);
    }

    const figures: BenchFigure[] = [
      {
        name: 'time per case',
        value: ROUNDS * ROUND_S,
        unit: 's',
        note: `${ROUNDS} rounds of ${ROUND_S} s in turns after ${WARMUP_S} s warm-up, ${CONNECTIONS} connections; ratios are medians of per-round ratios`,
      },
    ];
    for (const { bare, ...server } of servers) {
      const authTarget = server.label === 'PGlite' ? TARGETS.authPglite : TARGETS.authPostgres;
      const authRatio = ratio(server.authRead, server.healthz);
      const healthzRatio = ratio(server.healthz, bare);
      figures.push(
        ...loadFigures(`${server.label} run, bare Fastify GET /`, bare),
        ...loadFigures(`${server.label} /healthz`, server.healthz),
        ...loadFigures(`${server.label} GET /api/TenantClient/Get`, server.authRead),
        ...loadFigures(`${server.label} POST /api/TeamClient/MyList (from the database)`, server.teamsRead),
        {
          name: `${server.label} teams read ÷ /healthz`,
          value: round(ratio(server.teamsRead, server.healthz)),
          unit: '×',
          note: 'no target: every answer reads the database',
        },
        {
          name: `${server.label} auth read ÷ /healthz`,
          value: round(authRatio),
          unit: '×',
          note: verdict(authRatio >= authTarget, `≥ ${authTarget}`),
        },
        {
          name: `${server.label} /healthz ÷ bare Fastify`,
          value: round(healthzRatio),
          unit: '×',
          note: verdict(healthzRatio >= TARGETS.healthzVsBare, `≥ ${TARGETS.healthzVsBare} (within 2×)`),
        },
        ...loadFigures(`${server.label} sign-in ×${SIGN_IN_CONCURRENCY} concurrent`, server.signIn).map((figure) =>
          figure.name.endsWith('p95')
            ? { ...figure, note: verdict(figure.value <= TARGETS.signInP95Ms, `≤ ${TARGETS.signInP95Ms} ms`) }
            : figure,
        ),
      );
    }
    return {
      title: 'Server throughput (autocannon on 127.0.0.1, real server with LOG_LEVEL=info and the demo seed)',
      database: postgres
        ? 'PGlite (fresh DATA_DIR) and PostgreSQL (fresh database)'
        : 'PGlite (fresh DATA_DIR); set DATABASE_URL for PostgreSQL',
      figures,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
};
