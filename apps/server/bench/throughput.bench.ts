// Server throughput (issue 13 part 4), autocannon on loopback, every case in the same run:
// a bare Fastify app's trivial route, our /healthz and an authenticated read (GET /api/TenantClient/Get
// with the demo Owner's token) against the real server (src/server.ts, fresh data, demo seed, LOG_LEVEL=info),
// on the embedded PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database beside it;
// and sign-in latency at 8 concurrent sign-ins. Ratios measured in one run are what count: the
// machine is shared, so absolute numbers move with its load.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options } from 'autocannon';
import pg from 'pg';
import { CLIENT_ID } from '@plansmith/contract';
import { type BenchFigure, type BenchReport, percentile, round } from './bench-kit.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = 1;
const CONNECTIONS = 10;
const SIGN_IN_CONCURRENCY = 8;
const PORTS = { bare: 3109, pglite: 3110, postgres: 3111 } as const;
const DEMO = { Username: 'demo@plansmith.test', Password: 'plansmith-demo-2026', ClientId: CLIENT_ID };
const TARGETS = { authPglite: 0.25, authPostgres: 0.4, healthzVsBare: 0.5, signInP95Ms: 300 };

const serverEntry = path.join(import.meta.dirname, '../src/server.ts');
const bareEntry = path.join(import.meta.dirname, 'bare-fastify.ts');

type Load = { reqPerSec: number; p50: number; p95: number; requests: number };

/** Runs autocannon against one URL on loopback; every answer must be 2xx or the figure is worthless. */
const load = async (options: Omit<Options, 'duration' | 'warmup'>, connections = CONNECTIONS): Promise<Load> => {
  const latencies: number[] = [];
  const result = await autocannon({
    ...options,
    connections,
    duration: DURATION_S,
    warmup: { connections, duration: WARMUP_S },
  }).on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { reqPerSec: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), requests: latencies.length };
};

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

/** A fresh database on the PostgreSQL server of DATABASE_URL; dropped again by the answer's drop(). */
const freshPostgres = async (serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `plansmith_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
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

/**
 * The bare app, then healthz, the authenticated read and sign-in against the real server on one
 * database: the bare figure is taken again beside each server so their ratio shares the machine's load.
 */
const measureServer = async (label: string, port: number, env: Record<string, string>) => {
  const child = await startProcess(serverEntry, port, env, '/readyz');
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await signIn(base);
    const bare = await load({ url: `http://127.0.0.1:${PORTS.bare}/` });
    const healthz = await load({ url: `${base}/healthz` });
    const authRead = await load({ url: `${base}/api/TenantClient/Get`, headers: { authorization: `Bearer ${token}` } });
    const signInLoad = await load(
      { url: `${base}/api/identity/token/user`, method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody },
      SIGN_IN_CONCURRENCY,
    );
    return { label, bare, healthz, authRead, signIn: signInLoad };
  } finally {
    await stopProcess(child);
  }
};

const loadFigures = (name: string, figures: Load): BenchFigure[] => [
  { name: `${name}: throughput`, value: Math.round(figures.reqPerSec), unit: 'req/s', note: `${figures.requests} requests` },
  { name: `${name}: latency p50`, value: round(figures.p50), unit: 'ms' },
  { name: `${name}: latency p95`, value: round(figures.p95), unit: 'ms' },
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
      { name: 'duration per case', value: DURATION_S, unit: 's', note: `after ${WARMUP_S} s warm-up; ${CONNECTIONS} connections` },
    ];
    for (const { bare, ...server } of servers) {
      const authTarget = server.label === 'PGlite' ? TARGETS.authPglite : TARGETS.authPostgres;
      const authRatio = server.authRead.reqPerSec / server.healthz.reqPerSec;
      const healthzRatio = server.healthz.reqPerSec / bare.reqPerSec;
      figures.push(
        ...loadFigures(`${server.label} run, bare Fastify GET /`, bare),
        ...loadFigures(`${server.label} /healthz`, server.healthz),
        ...loadFigures(`${server.label} GET /api/TenantClient/Get`, server.authRead),
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
            ? { ...figure, note: verdict(server.signIn.p95 <= TARGETS.signInP95Ms, `≤ ${TARGETS.signInP95Ms} ms`) }
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
