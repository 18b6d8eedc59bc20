// Many users at once (issue 29.3): `npm run bench load`. Two app instances (the real server,
// src/server.ts, each its own process) on one fresh PostgreSQL database behind HAProxy (Debian's
// package, started by the bench with a generated config), driven by autocannon scenarios: LOAD_VUS
// virtual users (200) for LOAD_SECONDS (120), each its own user in one of LOAD_TENANTS tenants,
// going round a realistic session at LOAD_RATE requests per second (1): the app's start (its
// session read, or a fresh sign-in), dashboard, budget items, the month grid, a paste into the grid
// (BudgetItemClient/SaveMonths with the cells' Versions), the expenses page, record an expense, one
// item's expenses, edit the expense just recorded (with its Version), the category report, an export
// (every expense of the plan, 200 a page, as the web app's export reads them) and a search.
//
// Phase 1: latency per kind and overall (p50/p95/p99), errors by status, throughput; then every
// acknowledged write (each 2xx create, edit and paste, kept with its Id/Version/amount) is read back
// from the database, and the category report's totals are compared with a SQL recount and with the
// sum of the acknowledged expenses, to the cent.
// Phase 2 (unless LOAD_KILL=0): the same with the second instance killed (SIGKILL) half way: the
// requests HAProxy had in flight to it are counted from its stats socket at the kill and compared
// with the failures; failures after HAProxy marked it down must be none; nothing acknowledged may
// be lost, and the survivor's share after the kill is printed.
//
// Sign-ins: argon2id (19 MiB, t = 2) costs ~40 ms of CPU each, so a session does not sign in on every
// round: every user signs in once before the load starts (timed, 8 at a time), and again every
// SIGN_IN_EVERY rounds, spread over the users, as sessions that begin during the run. Only failed
// sign-ins are rate limited (modules/identity/login-limiter.ts), so this is the CPU's limit, not
// the limiter's. Everyone comes from 127.0.0.1 through HAProxy (X-Forwarded-For, TRUST_PROXY=loopback).
//
// HAProxy retries: `retry-on conn-failure` with `option redispatch 1` and 3 retries. A request is
// retried (on the other instance) only when the connection to the instance could not be made, so
// the instance never saw it: safe for a POST. It is never retried once sent (no `empty-response`,
// `response-timeout` or `junk-response`): an instance killed while writing may have committed, and
// a resent Save would record the expense twice. So a request in flight to a dying instance fails
// (HAProxy answers 502, or, on a kept-alive server connection, closes the client's connection
// unanswered as a server would) and its client must read before trying again; a new request sent
// there before the health check (GET /healthz every 500 ms, down after 2 failures) notices is
// refused at connect and redispatched, so it does not fail. The last DRAIN_S seconds only read,
// so no write is cut unanswered by the end of the run; a write whose answer never came (in flight
// at the kill) may have committed or not, and the check accepts either, counting those that did.
// CPU per request (the instances, this database's backends, the load generator) is printed beside
// the latencies: on a shared machine the latencies say how busy it was, the CPU what a request costs.
import { randomBytes } from 'node:crypto';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type ScenarioRequest } from 'autocannon';
import pg from 'pg';
import { CLIENT_ID, EMPTY_ID, EXPENSES_MAX_PAGE_SIZE, toCents } from '@plansmith/contract';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { type BenchFigure, type BenchReport, percentile, round } from './bench-kit.ts';
import { ROOT } from './built-app.ts';

const VUS = Number(process.env.LOAD_VUS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const RATE = Number(process.env.LOAD_RATE ?? 1);
const TENANTS = Math.max(1, Math.min(VUS, Number(process.env.LOAD_TENANTS ?? 10)));
const SEED_EXPENSES = Number(process.env.LOAD_SEED_EXPENSES ?? 2000);
/** LOAD_KILL=0: phase 1 only; LOAD_KILL=only: phase 2 only. */
const KILL = process.env.LOAD_KILL !== '0';
const ONLY_KILL = process.env.LOAD_KILL === 'only';
const SIGN_IN_EVERY = 5;
/** Seconds at the end in which the users only read. */
const DRAIN_S = Math.min(5, SECONDS / 4);
const FRONT_PORT = Number(process.env.LOAD_PORT ?? 3160);
const APP_PORTS = [FRONT_PORT + 1, FRONT_PORT + 2] as const;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = 'plansmith_load';
const PASSWORD = 'load-bench-password-2026';
const FRONT = `http://127.0.0.1:${FRONT_PORT}`;
const MONTHS = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`);
const TARGETS = { p95Ms: 250, errors: 0 };

// ---------------------------------------------------------------------------------------------
// Processes: the database, the two instances, HAProxy.

const haproxyBinary = (): string => {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // Not there.
    }
  }
  throw new Error(
    'HAProxy is not installed. The load bench runs it from Debian’s package: `sudo apt-get install -y haproxy` (or as root: `apt-get update && apt-get install -y haproxy`), then run `npm run bench load` again.',
  );
};

/** Drops and creates plansmith_load on the server of SERVER_URL; answers its URL. */
const recreateDatabase = async (): Promise<string> => {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`The load bench needs PostgreSQL (DATABASE_URL, or ${SERVER_URL}): ${(error as Error).message}`);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
};

const dropDatabase = async (): Promise<void> => {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
  await admin.end();
};

/** Every process the bench started, killed on the way out even when the bench itself fails. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server as `npm run serve` runs it, on PORT; it migrates and seeds the demo (the first does, the second finds it done). */
const startInstance = async (port: number, databaseUrl: string, secret: string, dir: string): Promise<ChildProcess> => {
  const log = path.join(dir, `app-${port}.log`);
  // LOAD_CPU_PROF=1: each instance writes a V8 CPU profile into the kept log directory when it stops.
  const profile = process.env.LOAD_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // The same secret on both, so a token from one is valid on the other.
      JWT_SECRET: secret,
      DATA_DIR: path.join(dir, `data-${port}`),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      // No pages are requested (a browser keeps the static files cached); the API only.
      WEB_DIST_DIR: path.join(dir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const out = createWriteStream(log);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The instance on ${port} stopped with ${child.exitCode}; see ${log}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`The instance on ${port} was not ready after 180 s; see ${log}`);
};

const stopProcess = async (child: ChildProcess | undefined): Promise<void> => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

const haproxyConfig = (socket: string): string => `# Generated by apps/server/bench/load.bench.ts
global
  maxconn 4096
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout queue 10s
  # Clients keep their connections; the connection to an instance is closed after each answer. The
  # app closes an idle kept-alive connection after 5 s (app.ts keepAliveTimeout): a request sent by
  # HAProxy on one just as it closes fails after being sent, which no safe retry covers, and
  # HAProxy closes the client's connection unanswered. A fresh connection per request (loopback)
  # avoids that race, and a refused connect is always retried safely.
  option http-server-close
  option forwardfor
  # Retry (on the other instance: redispatch) only when the connection could not be made, so the
  # instance never saw the request. Never once it was sent: a POST in flight may have committed.
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend plansmith
  bind 127.0.0.1:${FRONT_PORT}
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  # A busy instance answers /healthz late (behind the requests its event loop holds): without its
  # own timeout a check must answer within inter (500 ms), and under load both were marked DOWN at
  # once (HAProxy's 503 'No server is available'). A killed one refuses the connection at once.
  timeout check 5s
  default-server inter 500ms fall 2 rise 2
  http-response set-header X-Served-By %s
  server app1 127.0.0.1:${APP_PORTS[0]} check
  server app2 127.0.0.1:${APP_PORTS[1]} check
`;

type ServerStat = {
  name: string;
  status: string;
  inFlight: number;
  total: number;
  /** Failed connections, failed answers (after the request was sent), retries, redispatches. */
  connectionErrors: number;
  responseErrors: number;
  retries: number;
  redispatches: number;
};

/** `show stat` on HAProxy's socket: each server of the backend with its status and current sessions. */
const haproxyStats = (socket: string): Promise<ServerStat[]> =>
  new Promise((resolve, reject) => {
    let text = '';
    const connection = connect(socket, () => connection.write('show stat\n'));
    connection.on('data', (chunk) => {
      text += chunk.toString();
    });
    connection.on('error', reject);
    connection.on('end', () => {
      const [header = '', ...rows] = text.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const at = (name: string) => columns.indexOf(name);
      resolve(
        rows
          .map((row) => row.split(','))
          .filter((cells) => cells[0] === 'apps' && cells[1] !== 'BACKEND')
          .map((cells) => ({
            name: cells[1] ?? '',
            status: cells[at('status')] ?? '',
            inFlight: Number(cells[at('scur')] ?? 0),
            total: Number(cells[at('stot')] ?? 0),
            connectionErrors: Number(cells[at('econ')] || 0),
            responseErrors: Number(cells[at('eresp')] || 0),
            retries: Number(cells[at('wretr')] || 0),
            redispatches: Number(cells[at('wredis')] || 0),
          })),
      );
    });
  });

const startHaproxy = async (dir: string): Promise<{ child: ChildProcess; socket: string }> => {
  const binary = haproxyBinary();
  const socket = path.join(dir, 'haproxy.sock');
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(socket));
  execFileSync(binary, ['-c', '-q', '-f', config]);
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  started.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`HAProxy stopped with ${child.exitCode}: ${stderr}`);
    const stats = await haproxyStats(socket).catch(() => []);
    if (stats.length === 2 && stats.every((server) => server.status === 'UP')) return { child, socket };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`HAProxy did not see both instances UP within 30 s: ${stderr}`);
};

// ---------------------------------------------------------------------------------------------
// The tenants, users, plans and items of the load, written straight in SQL before it starts.

type VirtualUser = {
  index: number;
  email: string;
  tenantId: string;
  planId: string;
  itemId: string;
  token: string;
  rounds: number;
  created: number;
  /** This user's expenses acknowledged so far (the edit step edits the latest). */
  mine: string[];
  itemVersion: number;
  cells: { Month: string; Version: number }[];
  /** Whether cells are as last read: a paste changes them, so the next paste reads the grid first. */
  cellsFresh: boolean;
  /** Expenses whose last write had no answer: the user reads before editing them again (never edited here). */
  unsure: Set<string>;
};

type Fixture = { users: VirtualUser[]; tenantIds: string[]; planIds: string[]; seededCents: Map<string, number> };

const seedLoad = async (databaseUrl: string): Promise<Fixture> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const hash = await hashPassword(PASSWORD);
  const users: VirtualUser[] = [];
  const tenantIds: string[] = [];
  const planIds: string[] = [];
  try {
    await client.query('BEGIN');
    for (let t = 0; t < TENANTS; t += 1) {
      const tenantId = newId();
      const teamId = newId();
      const planId = newId();
      const categoryId = newId();
      tenantIds.push(tenantId);
      planIds.push(planId);
      await client.query(`INSERT INTO tenants (id, name, plan_code) VALUES ($1, $2, 'performance')`, [tenantId, `Load tenant ${t + 1}`]);
      await client.query('INSERT INTO teams (tenant_id, id, name) VALUES ($1, $2, $3)', [tenantId, teamId, `Load team ${t + 1}`]);
      await client.query(
        `INSERT INTO budget_categories (tenant_id, id, name, category_type, sort_order) VALUES ($1, $2, 'Paid media', 1, 0)`,
        [tenantId, categoryId],
      );
      await client.query(
        `INSERT INTO marketing_plans (tenant_id, id, team_id, name, start_date, end_date, state)
         VALUES ($1, $2, $3, $4, '2026-01-01', '2026-12-31', 1)`,
        [tenantId, planId, teamId, `Load plan ${t + 1}`],
      );
      const members = Array.from({ length: VUS }, (_, index) => index).filter((index) => index % TENANTS === t);
      for (const index of members) {
        const userId = newId();
        const itemId = newId();
        const email = `load-${index + 1}@load.plansmith.test`;
        await client.query(
          `INSERT INTO users (tenant_id, id, email, password_hash, first_name, last_name, tenant_role)
           VALUES ($1, $2, $3, $4, $5, 'Load', 'member')`,
          [tenantId, userId, email, hash, `User ${index + 1}`],
        );
        // Planner in the plan's team: may record expenses and edit the budget.
        await client.query('INSERT INTO team_members (tenant_id, team_id, user_id, team_role_id) VALUES ($1, $2, $3, 2)', [
          tenantId,
          teamId,
          userId,
        ]);
        const [item] = (
          await client.query<{ version: number }>(
            `INSERT INTO budget_items (tenant_id, id, marketing_plan_id, budget_category_id, name, amount_cents, item_type)
             VALUES ($1, $2, $3, $4, $5, 1200000, 1) RETURNING version`,
            [tenantId, itemId, planId, categoryId, `Item of user ${index + 1}`],
          )
        ).rows;
        users.push({
          index,
          email,
          tenantId,
          planId,
          itemId,
          token: '',
          rounds: 0,
          created: 0,
          mine: [],
          itemVersion: Number(item?.version ?? 1),
          cells: [],
          cellsFresh: true,
          unsure: new Set(),
        });
      }
      // Earlier expenses of the plan, so its reads are not of an empty plan.
      await client.query(
        `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_date, amount_cents, status, category_type)
         SELECT $1, gen_random_uuid(), $2, items.ids[1 + n % array_length(items.ids, 1)], 'Earlier expense ' || n,
                'Payee ' || (n % 40), DATE '2026-01-01' + (n % 365), 100 + (n * 7919) % 250000, 1 + n % 3, 1
         FROM generate_series(1, $3::int) AS n,
              (SELECT array_agg(id ORDER BY id) AS ids FROM budget_items WHERE tenant_id = $1 AND marketing_plan_id = $2) AS items`,
        [tenantId, planId, SEED_EXPENSES],
      );
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
    const seeded = await client.query<{ key: string; cents: string }>(
      `SELECT marketing_plan_id || ':' || status AS key, SUM(amount_cents) AS cents FROM expenses
       WHERE active AND marketing_plan_id = ANY($1::uuid[]) GROUP BY marketing_plan_id, status`,
      [planIds],
    );
    return {
      users: users.sort((a, b) => a.index - b.index),
      tenantIds,
      planIds,
      seededCents: new Map(seeded.rows.map((row) => [row.key, Number(row.cents)])),
    };
  } finally {
    await client.end();
  }
};

/** fetch through HAProxy, tried up to 3 times when the connection fails (the checks after the load only read). */
const fetchAgain = async (url: string, init: RequestInit): Promise<Response> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(1_000);
    }
  }
};

const signIn = async (email: string): Promise<{ token: string; ms: number }> => {
  const start = performance.now();
  const response = await fetchAgain(`${FRONT}/api/identity/token/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: email, Password: PASSWORD, ClientId: CLIENT_ID }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { AccessToken: string }).AccessToken;
  return { token, ms: performance.now() - start };
};

// ---------------------------------------------------------------------------------------------
// The load: autocannon, one connection per virtual user, the scenario below.

type ExpenseWrite = { kind: 'create' | 'edit'; id: string | null; name: string; planId: string; cents: number; status: 1 | 2 | 3 };
type PasteWrite = { kind: 'paste'; itemId: string; cents: number; months: number[] };
type Write = ExpenseWrite | PasteWrite;
type AckedExpense = { id: string; name: string; planId: string; cents: number; status: 1 | 2 | 3; version: number };
/** 'closed': the connection ended without an answer (HAProxy closes the client's connection when the instance dies mid-request). */
type Failure = { kind: string; status: number | 'closed' | 'timeout'; at: number; sentAt: number; servedBy: string; message?: string };

type Run = {
  latencies: Map<string, number[]>;
  statuses: Map<string, number>;
  servedBy: Map<string, number>;
  failures: Failure[];
  expenses: Map<string, AckedExpense>;
  pastes: Map<string, { cents: number; months: number[] }>;
  /** Writes without an answer (failed, or cut at the end): either outcome is allowed. */
  uncertain: Write[];
  counts: { creates: number; edits: number; pastes: number };
  /** performance.now() of the first request, the kill (when there was one) and HAProxy's DOWN. */
  startedAt: number;
  killedAt?: number;
  downAt?: number;
  inFlightAtKill?: number;
  afterKill: { survivor: number; latencies: number[] };
  durationS: number;
  loads: number[];
  /** Answers the bench could not read (a bug of the bench, printed). */
  benchErrors: string[];
};

/** The Message of an error answer (the app's), or the start of the body (HAProxy's). */
const messageOf = (body: string): string => {
  try {
    return String((JSON.parse(body) as { Message?: unknown }).Message ?? body.slice(0, 120));
  } catch {
    return body.replace(/\s+/g, ' ').slice(0, 120);
  }
};

/** The CPU time a process has used so far, in ms (Linux /proc; 0 once it is gone). */
const cpuMs = (pid: number | undefined): number => {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the line: 12th and 13th after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};
const TICKS_PER_SECOND = 100;

/**
 * CPU used during the load by each instance, by this database's PostgreSQL backends and by the
 * bench itself (autocannon), sampled every 2 s (a killed instance keeps its last sample), with the
 * load average and the connections the PostgreSQL server holds for every database (it is shared).
 */
const startMonitor = async (instances: readonly ChildProcess[]) => {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  const startCpu = instances.map((instance) => cpuMs(instance.pid));
  const lastCpu = [...startCpu];
  const backends = new Map<number, { first: number; last: number }>();
  const loads: number[] = [];
  const connections: number[] = [];
  /** This database's backends busy (running a statement or inside a transaction) and waiting for a lock, per sample. */
  const active: number[] = [];
  const lockWaits: number[] = [];
  const waitingStatements = new Map<string, number>();
  const benchStart = process.cpuUsage();
  const transactions = async () =>
    Number(
      (
        await client.query<{ count: string }>('SELECT xact_commit + xact_rollback AS count FROM pg_stat_database WHERE datname = $1', [
          DATABASE_NAME,
        ])
      ).rows[0]?.count ?? 0,
    );
  const transactionsBefore = await transactions();
  const sample = async () => {
    instances.forEach((instance, index) => {
      const now = cpuMs(instance.pid);
      if (now > 0) lastCpu[index] = now;
    });
    loads.push(os.loadavg()[0] ?? 0);
    const rows = (
      await client.query<{ pid: number; datname: string | null; state: string | null; wait: string | null; query: string }>(
        'SELECT pid, datname, state, wait_event_type AS wait, left(query, 90) AS query FROM pg_stat_activity',
      )
    ).rows;
    connections.push(rows.length);
    const ours = rows.filter((row) => row.datname === DATABASE_NAME);
    active.push(ours.filter((row) => row.state === 'active' || row.state === 'idle in transaction').length);
    lockWaits.push(ours.filter((row) => row.wait === 'Lock').length);
    for (const row of ours.filter((candidate) => candidate.wait === 'Lock'))
      waitingStatements.set(row.query, (waitingStatements.get(row.query) ?? 0) + 1);
    for (const row of rows.filter((candidate) => candidate.datname === DATABASE_NAME)) {
      const now = cpuMs(row.pid);
      const known = backends.get(row.pid);
      if (known) known.last = now;
      else backends.set(row.pid, { first: first ? now : 0, last: now });
    }
  };
  let first = true;
  await sample();
  first = false;
  const timer = setInterval(() => void sample().catch(() => undefined), 2_000);
  return {
    stop: async () => {
      clearInterval(timer);
      await sample().catch(() => undefined);
      // The statistics collector reports a backend's counts within a second or so.
      await sleep(1_500);
      const transactionCount = (await transactions()) - transactionsBefore;
      await client.end();
      const bench = process.cpuUsage(benchStart);
      return {
        instanceMs: lastCpu.map((cpu, index) => cpu - (startCpu[index] ?? 0)),
        postgresMs: [...backends.values()].reduce((sum, backend) => sum + backend.last - backend.first, 0),
        benchMs: (bench.user + bench.system) / 1000,
        loadHighest: Math.max(...loads),
        loadMean: loads.reduce((sum, load) => sum + load, 0) / loads.length,
        connectionsHighest: Math.max(...connections),
        activeMean: active.reduce((sum, count) => sum + count, 0) / Math.max(active.length, 1),
        activeHighest: Math.max(...active),
        lockWaitsHighest: Math.max(...lockWaits),
        lockWaitsMean: lockWaits.reduce((sum, count) => sum + count, 0) / Math.max(lockWaits.length, 1),
        waitingStatements: [...waitingStatements].sort((a, b) => b[1] - a[1]).slice(0, 3),
        transactions: transactionCount,
      };
    },
  };
};
type Usage = Awaited<ReturnType<Awaited<ReturnType<typeof startMonitor>>['stop']>>;

/** The cents of virtual user `vu`'s n-th expense: every kind of cents, $0.01 to $5,000. */
const expenseCents = (vu: number, n: number) => ((vu * 7919 + n * 104_729) % 500_000) + 1;
const dollars = (cents: number) => cents / 100;

/** A year total spread over the 12 months to the cent (the first months take the remainder). */
const spread = (cents: number): number[] => MONTHS.map((_, index) => Math.floor(cents / 12) + (index < cents % 12 ? 1 : 0));

type Context = { vu?: number; kind?: string; write?: Write; sentAt?: number };
type Step = {
  kind: string;
  build: (user: VirtualUser, run: Run) => { kind?: string; method?: 'GET' | 'POST'; path: string; body?: unknown; write?: Write };
  answered?: (user: VirtualUser, body: unknown, context: Context, run: Run) => void;
};

const expenseBody = (user: VirtualUser, write: ExpenseWrite, n: number, version?: number) => ({
  Id: write.id ?? EMPTY_ID,
  MarketingPlanId: user.planId,
  BudgetItemId: user.itemId,
  Name: write.name,
  Payee: `Payee ${n % 40}`,
  PurchaseDate: `${MONTHS[n % 12]}-${String(1 + ((user.index + n) % 28)).padStart(2, '0')}`,
  Amount: dollars(write.cents),
  Status: write.status,
  CategoryType: 1,
  ...(version === undefined ? {} : { Version: version }),
});

const STEPS: Step[] = [
  {
    kind: 'session',
    build: (user) => {
      user.rounds += 1;
      // A session starting: sign in again every SIGN_IN_EVERY rounds, the users spread over them.
      if (user.rounds > 1 && (user.rounds + user.index) % SIGN_IN_EVERY === 0) {
        return {
          kind: 'sign in',
          path: '/api/identity/token/user',
          body: { Username: user.email, Password: PASSWORD, ClientId: CLIENT_ID },
        };
      }
      return { method: 'GET', path: '/api/TenantClient/Get' };
    },
    answered: (user, body, context) => {
      if (context.kind === 'sign in') user.token = (body as { AccessToken: string }).AccessToken;
    },
  },
  { kind: 'dashboard', build: (user) => ({ path: '/api/DashboardClient/Get', body: { MarketingPlanId: user.planId } }) },
  {
    kind: 'budget items',
    build: (user) => ({ path: '/api/BudgetItemClient/GetBudgetItems', body: { MarketingPlanId: user.planId } }),
    answered: (user, body) => {
      const mine = (body as { Id: string; Version: number }[]).find((item) => item.Id === user.itemId);
      if (mine) user.itemVersion = mine.Version;
    },
  },
  {
    kind: 'budget grid',
    build: (user) => ({ path: '/api/BudgetItemClient/GetPlanMonths', body: { MarketingPlanId: user.planId } }),
    answered: (user, body) => {
      const mine = (body as { BudgetItemId: string; Months: { Month: string; Version: number }[] }[]).find(
        (item) => item.BudgetItemId === user.itemId,
      );
      user.cells = (mine?.Months ?? []).map((month) => ({ Month: month.Month, Version: month.Version }));
      user.cellsFresh = true;
    },
  },
  {
    kind: 'paste into grid',
    build: (user) => {
      // The grid as it is now first, when the last read of it is older than a paste (or was lost).
      if (!user.cellsFresh)
        return { kind: 'budget grid', path: '/api/BudgetItemClient/GetPlanMonths', body: { MarketingPlanId: user.planId } };
      user.cellsFresh = false;
      const cents = 1_000_000 + ((user.index * 7919 + user.rounds * 104_729) % 5_000_000);
      const months = spread(cents);
      return {
        path: '/api/BudgetItemClient/SaveMonths',
        body: {
          MarketingPlanId: user.planId,
          Items: [
            {
              BudgetItemId: user.itemId,
              Amount: dollars(cents),
              Months: MONTHS.map((month, index) => ({ Month: month, Amount: dollars(months[index] ?? 0) })),
              Version: user.itemVersion,
              Cells: user.cells,
            },
          ],
        },
        write: { kind: 'paste', itemId: user.itemId, cents, months },
      };
    },
    answered: (user, body, context, run) => {
      const write = context.write as PasteWrite;
      const item = (body as { Id: string; Version: number }[]).find((answer) => answer.Id === user.itemId);
      if (item) user.itemVersion = item.Version;
      run.pastes.set(write.itemId, { cents: write.cents, months: write.months });
      run.counts.pastes += 1;
    },
  },
  { kind: 'expenses page', build: (user) => ({ path: '/api/ExpenseClient/GetExpenses', body: { MarketingPlanId: user.planId } }) },
  {
    kind: 'record expense',
    build: (user) => {
      user.created += 1;
      const n = user.created;
      const write: ExpenseWrite = {
        kind: 'create',
        id: null,
        name: `Load ${user.index + 1}-${n}`,
        planId: user.planId,
        cents: expenseCents(user.index, n),
        status: (1 + (n % 3)) as 1 | 2 | 3,
      };
      return { path: '/api/ExpenseClient/Save', body: expenseBody(user, write, n), write };
    },
    answered: (user, body, context, run) => {
      const write = context.write as ExpenseWrite;
      const saved = body as { Id: string; Version: number; Amount: number; Status: 1 | 2 | 3 };
      run.expenses.set(saved.Id, {
        id: saved.Id,
        name: write.name,
        planId: write.planId,
        cents: write.cents,
        status: write.status,
        version: saved.Version,
      });
      user.mine.push(saved.Id);
      run.counts.creates += 1;
    },
  },
  {
    kind: 'expenses page',
    build: (user) => ({ path: '/api/ExpenseClient/GetExpenses', body: { BudgetItemId: user.itemId, SortBy: 'Amount' } }),
  },
  {
    kind: 'edit expense',
    build: (user, run) => {
      const id = user.mine.findLast((candidate) => !user.unsure.has(candidate));
      const acked = id ? run.expenses.get(id) : undefined;
      if (!acked) return { kind: 'expenses page', path: '/api/ExpenseClient/GetExpenses', body: { MarketingPlanId: user.planId, Page: 2 } };
      const n = Number(acked.name.split('-')[1]);
      const write: ExpenseWrite = {
        kind: 'edit',
        id: acked.id,
        name: acked.name,
        planId: acked.planId,
        cents: acked.cents + 1 + ((n * 37) % 1000),
        status: 3,
      };
      return { path: '/api/ExpenseClient/Save', body: expenseBody(user, write, n, acked.version), write };
    },
    answered: (_user, body, context, run) => {
      const write = context.write as ExpenseWrite;
      const saved = body as { Id: string; Version: number };
      run.expenses.set(saved.Id, {
        id: saved.Id,
        name: write.name,
        planId: write.planId,
        cents: write.cents,
        status: write.status,
        version: saved.Version,
      });
      run.counts.edits += 1;
    },
  },
  { kind: 'report', build: (user) => ({ path: '/api/ReportingClient/BudgetCategoriesReport', body: { MarketingPlanId: user.planId } }) },
  {
    kind: 'export',
    build: (user) => ({
      path: '/api/ExpenseClient/GetExpenses',
      body: { MarketingPlanId: user.planId, Page: 1, PageSize: EXPENSES_MAX_PAGE_SIZE, SortBy: 'PurchaseDate', SortDirection: 'asc' },
    }),
  },
  {
    kind: 'search',
    build: (user) => ({
      path: '/api/ExpenseClient/GetExpenses',
      body: { MarketingPlanId: user.planId, Query: `Payee ${user.rounds % 40}` },
    }),
  },
];

/** The part of autocannon's connection the bench reads (its scenario position and context). */
type Connection = {
  requestIterator: {
    initialContext: Context;
    context: Context;
    requests: ScenarioRequest[];
    currentRequestIndex: number;
    currentRequest: ScenarioRequest | undefined;
    resetContext: () => void;
    rebuildRequest: () => void;
  };
  on: (event: 'timeout', listener: () => void) => void;
  /** Called to open a new connection: first, and again after an error or an end from the other side. */
  _connect: () => void;
  pipelinedRequests: { size: () => number; clear: () => void };
};

const drive = async (fixture: Fixture, socket: string, kill?: { at: number; instance: ChildProcess }): Promise<Run> => {
  const run: Run = {
    latencies: new Map(),
    statuses: new Map(),
    servedBy: new Map(),
    failures: [],
    expenses: new Map(),
    pastes: new Map(),
    uncertain: [],
    counts: { creates: 0, edits: 0, pastes: 0 },
    startedAt: performance.now(),
    afterKill: { survivor: 0, latencies: [] },
    durationS: 0,
    loads: [],
    benchErrors: [],
  };
  const inFlight = new Map<number, Write>();
  const lostAnswer = (context: Context, status: Failure['status'], servedBy = '', message?: string) => {
    run.failures.push({
      kind: context.kind ?? '?',
      status,
      at: performance.now(),
      sentAt: context.sentAt ?? 0,
      servedBy,
      ...(message ? { message } : {}),
    });
    const write = context.vu === undefined ? undefined : inFlight.get(context.vu);
    if (write) run.uncertain.push(write);
    if (write?.kind === 'edit' && write.id && context.vu !== undefined) fixture.users[context.vu]?.unsure.add(write.id);
    if (context.vu !== undefined) inFlight.delete(context.vu);
  };

  const requests: ScenarioRequest[] = STEPS.map((step) => ({
    method: 'POST',
    setupRequest: (request, raw) => {
      const context = raw as Context;
      const user = context.vu === undefined ? undefined : fixture.users[context.vu];
      // autocannon builds the first request before the connection has its user (setupClient).
      if (!user) return { ...request, method: 'GET', path: '/healthz' };
      let built = step.build(user, run);
      // The last seconds write nothing, so no write is cut without its answer when the time is up
      // (it would be neither acknowledged nor known to have failed).
      if (built.write && performance.now() - run.startedAt > (SECONDS - DRAIN_S) * 1000)
        built = { kind: 'expenses page', path: '/api/ExpenseClient/GetExpenses', body: { MarketingPlanId: user.planId } };
      context.kind = built.kind ?? step.kind;
      // autocannon writes the request as soon as it is built.
      context.sentAt = performance.now();
      context.write = built.write;
      if (built.write) inFlight.set(user.index, built.write);
      return {
        ...request,
        method: built.method ?? 'POST',
        path: built.path,
        headers: {
          ...(context.kind === 'sign in' ? {} : { authorization: `Bearer ${user.token}` }),
          ...(built.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(built.body === undefined ? {} : { body: JSON.stringify(built.body) }),
      };
    },
    onResponse: (status, body, raw, headers) => {
      const context = raw as Context;
      if (context.vu === undefined) return;
      const user = fixture.users[context.vu];
      const servedBy = String(headers['x-served-by'] ?? headers['X-Served-By'] ?? '');
      if (status < 200 || status >= 300) {
        lostAnswer(context, status, servedBy, messageOf(body));
        return;
      }
      inFlight.delete(context.vu);
      // A step may have sent another kind of request (a read instead of a write): its handler reads the answer.
      const handler = context.kind === 'sign in' ? STEPS[0] : STEPS.find((candidate) => candidate.kind === context.kind);
      if (!user || !handler?.answered) return;
      try {
        // The API answers { Result }; the sign-in answers the tokens themselves.
        const parsed = JSON.parse(body) as { Result?: unknown };
        handler.answered(user, context.kind === 'sign in' ? parsed : parsed.Result, context, run);
      } catch (error) {
        run.benchErrors.push(`${context.kind}: ${(error as Error).message}`);
      }
    },
  }));

  let nextUser = 0;
  const loadSampler = setInterval(() => run.loads.push(os.loadavg()[0] ?? 0), 5_000);
  const tracker = autocannon({
    url: FRONT,
    connections: fixture.users.length,
    duration: SECONDS,
    connectionRate: RATE,
    timeout: 30,
    requests,
    setupClient: (raw) => {
      const connection = raw as Connection;
      const vu = nextUser;
      nextUser += 1;
      const iterator = connection.requestIterator;
      iterator.initialContext = { vu };
      iterator.resetContext();
      // Each user starts at its own step, so the users are not all on one kind of request at once.
      iterator.currentRequestIndex = vu % STEPS.length;
      iterator.currentRequest = iterator.requests[iterator.currentRequestIndex];
      iterator.rebuildRequest();
      connection.on('timeout', () => lostAnswer(iterator.context, 'timeout'));
      // When the other side closes the connection (or it fails) with a request unanswered,
      // autocannon reconnects and moves on but leaves that request first in its queue, so every
      // later answer on the connection would be matched to the request before it. Count the
      // request as failed and drop it from the queue before the new connection opens.
      const reconnect = connection._connect.bind(connection);
      connection._connect = () => {
        if (connection.pipelinedRequests.size() > 0) {
          lostAnswer(iterator.context, 'closed');
          connection.pipelinedRequests.clear();
        }
        reconnect();
      };
    },
  });
  tracker.on('response', (raw, status, _bytes, ms) => {
    const context = (raw as Connection).requestIterator.context;
    if (context.vu === undefined) return;
    const kind = context.kind ?? '?';
    const latencies = run.latencies.get(kind) ?? [];
    latencies.push(ms);
    run.latencies.set(kind, latencies);
    run.statuses.set(String(status), (run.statuses.get(String(status)) ?? 0) + 1);
    if (run.killedAt !== undefined && status >= 200 && status < 300) {
      run.afterKill.survivor += 1;
      run.afterKill.latencies.push(ms);
    }
  });

  let watcher: Promise<void> | undefined;
  if (kill) {
    watcher = (async () => {
      await sleep(kill.at * 1000);
      const before = await haproxyStats(socket);
      run.inFlightAtKill = before.find((server) => server.name === 'app2')?.inFlight ?? 0;
      kill.instance.kill('SIGKILL');
      run.killedAt = performance.now();
      while (performance.now() - run.killedAt < 30_000) {
        const stats = await haproxyStats(socket);
        if (stats.find((server) => server.name === 'app2')?.status.startsWith('DOWN')) {
          run.downAt = performance.now();
          return;
        }
        await sleep(50);
      }
    })();
  }

  const result = await tracker;
  clearInterval(loadSampler);
  await watcher;
  run.durationS = result.duration || SECONDS;
  // The requests cut when the time was up: their answers never came, so either outcome is allowed.
  run.uncertain.push(...inFlight.values());
  // Let any cut write finish committing before the database is read.
  await sleep(2_000);
  return run;
};

// ---------------------------------------------------------------------------------------------
// After the load: every acknowledged write, and the report to the cent.

type Verdict = {
  expensesChecked: number;
  expensesLost: string[];
  landedUnanswered: number;
  pastesChecked: number;
  pastesLost: string[];
  reportVsRecount: number;
  ackedVsRecount: number;
  /** The same with the writes that committed without an answer added: 0 when every cent is accounted for. */
  explainedVsRecount: number;
  unexplained: number;
};

const verify = async (databaseUrl: string, fixture: Fixture, run: Run): Promise<Verdict> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = new Map(
      (
        await client.query<{ id: string; name: string; plan: string; cents: string; status: number; version: number; active: boolean }>(
          `SELECT id, name, marketing_plan_id AS plan, amount_cents AS cents, status, version, active FROM expenses
           WHERE tenant_id = ANY($1::uuid[]) AND name LIKE 'Load %'`,
          [fixture.tenantIds],
        )
      ).rows.map((row) => [row.id, { ...row, cents: Number(row.cents) }]),
    );
    const uncertainExpenses = run.uncertain.filter((write): write is ExpenseWrite => write.kind !== 'paste');
    const matches = (row: { cents: number; status: number }, write: { cents: number; status: number }) =>
      row.cents === write.cents && row.status === write.status;
    const expensesLost: string[] = [];
    const explained = new Set<string>();
    // What the writes that committed without an answer add, per plan and status.
    const landed = new Map<string, number>();
    const add = (key: string, cents: number) => landed.set(key, (landed.get(key) ?? 0) + cents);
    let landedUnanswered = 0;
    for (const acked of run.expenses.values()) {
      const row = stored.get(acked.id);
      const editInFlight = uncertainExpenses.find((write) => write.kind === 'edit' && write.id === acked.id);
      const ok =
        row?.active &&
        ((row.version === acked.version && matches(row, acked)) ||
          (editInFlight !== undefined && row.version > acked.version && matches(row, editInFlight)));
      if (ok && row && row.version !== acked.version) {
        // The edit after the acknowledged one committed, its answer lost.
        landedUnanswered += 1;
        add(`${row.plan}:${row.status}`, row.cents);
        add(`${acked.planId}:${acked.status}`, -acked.cents);
      }
      if (ok) explained.add(acked.id);
      else
        expensesLost.push(
          `${acked.name}: acknowledged ${acked.cents} c status ${acked.status} v${acked.version}, stored ${row ? `${row.cents} c status ${row.status} v${row.version}` : 'nothing'}`,
        );
    }
    // Rows no answer acknowledged: each must be a create whose answer was lost (in flight at the kill or cut at the end).
    let unexplained = 0;
    for (const row of stored.values()) {
      if (explained.has(row.id)) continue;
      const create = uncertainExpenses.find((write) => write.kind === 'create' && write.name === row.name);
      if (
        create &&
        (matches(row, create) || uncertainExpenses.some((write) => write.kind === 'edit' && write.id === row.id && matches(row, write)))
      ) {
        landedUnanswered += 1;
        add(`${row.plan}:${row.status}`, row.cents);
      } else unexplained += 1;
    }

    const pastesLost: string[] = [];
    const months = await client.query<{ item: string; month: string; cents: string }>(
      `SELECT budget_item_id AS item, to_char(month, 'YYYY-MM') AS month, amount_cents AS cents FROM budget_item_months
       WHERE tenant_id = ANY($1::uuid[]) ORDER BY 1, 2`,
      [fixture.tenantIds],
    );
    const items = await client.query<{ id: string; cents: string }>(
      'SELECT id, amount_cents AS cents FROM budget_items WHERE tenant_id = ANY($1::uuid[])',
      [fixture.tenantIds],
    );
    const itemCents = new Map(items.rows.map((row) => [row.id, Number(row.cents)]));
    const monthsOf = (itemId: string) => months.rows.filter((row) => row.item === itemId).map((row) => Number(row.cents));
    for (const [itemId, paste] of run.pastes) {
      const storedMonths = monthsOf(itemId);
      const same = (candidate: { cents: number; months: number[] }) =>
        itemCents.get(itemId) === candidate.cents && storedMonths.join() === candidate.months.join();
      const inFlight = run.uncertain.filter((write): write is PasteWrite => write.kind === 'paste' && write.itemId === itemId);
      if (!same(paste) && !inFlight.some(same))
        pastesLost.push(`${itemId}: acknowledged ${paste.cents} c, stored ${itemCents.get(itemId)} c`);
    }

    // The recount, the report, and the acknowledged sum, per plan and status, to the cent.
    const recount = new Map(
      (
        await client.query<{ key: string; cents: string }>(
          `SELECT marketing_plan_id || ':' || status AS key, SUM(amount_cents) AS cents FROM expenses
           WHERE active AND marketing_plan_id = ANY($1::uuid[]) GROUP BY marketing_plan_id, status`,
          [fixture.planIds],
        )
      ).rows.map((row) => [row.key, Number(row.cents)]),
    );
    const acked = new Map(fixture.seededCents);
    for (const expense of run.expenses.values()) {
      const key = `${expense.planId}:${expense.status}`;
      acked.set(key, (acked.get(key) ?? 0) + expense.cents);
    }
    let reportVsRecount = 0;
    let ackedVsRecount = 0;
    let explainedVsRecount = 0;
    for (const [index, planId] of fixture.planIds.entries()) {
      const user = fixture.users.find((candidate) => candidate.planId === planId) ?? fixture.users[index];
      const { token } = await signIn(user?.email ?? '');
      const response = await fetchAgain(`${FRONT}/api/ReportingClient/BudgetCategoriesReport`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ MarketingPlanId: planId }),
      });
      if (!response.ok) throw new Error(`the report after the load answered ${response.status}: ${await response.text()}`);
      const totals = ((await response.json()) as { Result: { Totals: { Planned: number; Committed: number; Actual: number } } }).Result
        .Totals;
      const reported = [totals.Planned, totals.Committed, totals.Actual].map(toCents);
      for (const status of [1, 2, 3]) {
        const counted = recount.get(`${planId}:${status}`) ?? 0;
        reportVsRecount += Math.abs((reported[status - 1] ?? 0) - counted);
        ackedVsRecount += Math.abs((acked.get(`${planId}:${status}`) ?? 0) - counted);
        explainedVsRecount += Math.abs((acked.get(`${planId}:${status}`) ?? 0) + (landed.get(`${planId}:${status}`) ?? 0) - counted);
      }
    }
    return {
      expensesChecked: run.expenses.size,
      expensesLost,
      landedUnanswered,
      pastesChecked: run.pastes.size,
      pastesLost,
      reportVsRecount,
      ackedVsRecount,
      explainedVsRecount,
      unexplained,
    };
  } finally {
    await client.end();
  }
};

// ---------------------------------------------------------------------------------------------
// One phase, and the figures.

const phase = async (label: string, withKill: boolean): Promise<BenchFigure[]> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plansmith-load-'));
  const secret = randomBytes(32).toString('hex');
  const instances: ChildProcess[] = [];
  let haproxy: ChildProcess | undefined;
  let keepLogs = process.env.LOAD_CPU_PROF === '1';
  try {
    const databaseUrl = await recreateDatabase();
    instances.push(await startInstance(APP_PORTS[0], databaseUrl, secret, dir));
    instances.push(await startInstance(APP_PORTS[1], databaseUrl, secret, dir));
    const fixture = await seedLoad(databaseUrl);
    const proxy = await startHaproxy(dir);
    haproxy = proxy.child;

    // Every user signs in before the load (8 at a time), as the sessions already open when it starts.
    const signIns: number[] = [];
    for (let start = 0; start < fixture.users.length; start += 8) {
      await Promise.all(
        fixture.users.slice(start, start + 8).map(async (user) => {
          const { token, ms } = await signIn(user.email);
          user.token = token;
          signIns.push(ms);
        }),
      );
    }
    const before = await haproxyStats(proxy.socket);
    const loadBefore = os.loadavg()[0] ?? 0;
    const monitor = await startMonitor(instances);
    const run = await drive(fixture, proxy.socket, withKill ? { at: SECONDS / 2, instance: instances[1] as ChildProcess } : undefined);
    const after = await haproxyStats(proxy.socket);
    const usage = await monitor.stop();
    const verdict = await verify(databaseUrl, fixture, run);
    if (run.benchErrors.length > 0)
      console.error(`${label}: answers the bench could not read:\n  ${run.benchErrors.slice(0, 10).join('\n  ')}`);
    if (verdict.expensesLost.length > 0 || verdict.pastesLost.length > 0) {
      console.error(
        `${label}: acknowledged writes not found as acknowledged:\n  ${[...verdict.expensesLost, ...verdict.pastesLost].slice(0, 20).join('\n  ')}`,
      );
    }
    if (run.failures.length > 0) {
      keepLogs = true;
      const messages = new Map<string, number>();
      for (const failure of run.failures) {
        const key = `${failure.status}: ${failure.message ?? '(no answer)'}`;
        messages.set(key, (messages.get(key) ?? 0) + 1);
      }
      console.error(`${label}: the failures' messages (instance logs kept in ${dir}):`);
      for (const [message, count] of messages) console.error(`  ${count} × ${message}`);
    }
    return figures(label, run, verdict, { before, after, signIns, loadBefore, usage });
  } finally {
    await stopProcess(haproxy);
    for (const instance of instances) await stopProcess(instance);
    await dropDatabase().catch(() => undefined);
    if (!keepLogs) rmSync(dir, { recursive: true, force: true });
  }
};

const figures = (
  label: string,
  run: Run,
  verdict: Verdict,
  extra: { before: ServerStat[]; after: ServerStat[]; signIns: number[]; loadBefore: number; usage: Usage },
): BenchFigure[] => {
  const all = [...run.latencies.values()].flat();
  const total = all.length;
  const errors = run.failures.length;
  const out: BenchFigure[] = [
    {
      name: `${label}: requests`,
      value: total,
      unit: '',
      note: `${fixtureNote()}; load average ${extra.loadBefore.toFixed(2)} at the start, ${round(Math.max(...run.loads, 0), 2)} highest (every 5 s)`,
    },
    { name: `${label}: throughput`, value: round(total / run.durationS, 1), unit: 'req/s' },
    { name: `${label}: latency p50`, value: round(percentile(all, 50)), unit: 'ms' },
    {
      name: `${label}: latency p95`,
      value: round(percentile(all, 95)),
      unit: 'ms',
      note: withTarget(percentile(all, 95) <= TARGETS.p95Ms, `target ≤ ${TARGETS.p95Ms} ms`),
    },
    { name: `${label}: latency p99`, value: round(percentile(all, 99)), unit: 'ms' },
    {
      name: `${label}: errors`,
      value: errors,
      unit: '',
      note: errors === 0 ? 'none' : errorsByStatus(run.failures),
    },
    {
      name: `${label}: answers by status`,
      value: total,
      unit: '',
      note: [...run.statuses].map(([status, count]) => `${status}: ${count}`).join(', '),
    },
  ];
  for (const [kind, latencies] of [...run.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    out.push({
      name: `${label}: ${kind} p50 / p95 / p99`,
      value: round(percentile(latencies, 95)),
      unit: 'ms (p95)',
      note: `${latencies.length} requests; p50 ${round(percentile(latencies, 50))}, p99 ${round(percentile(latencies, 99))} ms`,
    });
  }
  out.push({
    name: `${label}: sign-ins before the load, p95`,
    value: round(percentile(extra.signIns, 95)),
    unit: 'ms',
    note: `${extra.signIns.length} sign-ins, 8 at a time; p50 ${round(percentile(extra.signIns, 50))} ms`,
  });
  const served = extra.after.map((server) => {
    const start = extra.before.find((candidate) => candidate.name === server.name)?.total ?? 0;
    return `${server.name} ${server.total - start} (${server.status})`;
  });
  out.push({ name: `${label}: served per instance`, value: total, unit: '', note: `HAProxy's totals: ${served.join(', ')}` });
  const { usage } = extra;
  const perRequest = (ms: number) => round(ms / Math.max(total, 1), 2);
  out.push(
    {
      name: `${label}: CPU per request, both instances`,
      value: perRequest(usage.instanceMs.reduce((sum, ms) => sum + ms, 0)),
      unit: 'ms',
      note: `app1 ${round(usage.instanceMs[0] ?? 0, 0)} ms, app2 ${round(usage.instanceMs[1] ?? 0, 0)} ms of CPU over the run`,
    },
    {
      name: `${label}: CPU per request, PostgreSQL`,
      value: perRequest(usage.postgresMs),
      unit: 'ms',
      note: `this database's backends, ${round(usage.postgresMs, 0)} ms; ${round(usage.transactions / Math.max(total, 1), 1)} transactions per request (pg_stat_database, each statement outside a transaction counts as one); the server held up to ${usage.connectionsHighest} connections (every database: it is shared)`,
    },
    {
      name: `${label}: busy database connections`,
      value: round(usage.activeMean, 1),
      unit: 'mean',
      note: `of the instances' 2 × 10 (pg.Pool max): highest ${usage.activeHighest}; waiting for a lock: mean ${round(usage.lockWaitsMean, 2)}, highest ${usage.lockWaitsHighest} (pg_stat_activity every 2 s)${usage.waitingStatements.length > 0 ? `; seen waiting: ${usage.waitingStatements.map(([query, count]) => `${count} × ${query.replace(/\s+/g, ' ')}`).join(' | ')}` : ''}`,
    },
    {
      name: `${label}: CPU per request, the load generator`,
      value: perRequest(usage.benchMs),
      unit: 'ms',
      note: `load average ${round(usage.loadMean, 2)} mean, ${round(usage.loadHighest, 2)} highest during the run, on ${os.cpus().length} cores`,
    },
  );
  out.push(
    {
      name: `${label}: acknowledged writes checked`,
      value: verdict.expensesChecked + verdict.pastesChecked,
      unit: '',
      note: `${run.counts.creates} creates and ${run.counts.edits} edits (${verdict.expensesChecked} expenses) and ${verdict.pastesChecked} items' last paste of ${run.counts.pastes}`,
    },
    {
      name: `${label}: acknowledged writes lost or changed`,
      value: verdict.expensesLost.length + verdict.pastesLost.length,
      unit: '',
      note: withTarget(verdict.expensesLost.length + verdict.pastesLost.length === 0, 'must be 0'),
    },
    {
      name: `${label}: report totals − SQL recount`,
      value: verdict.reportVsRecount,
      unit: 'cents',
      note: withTarget(verdict.reportVsRecount === 0, 'per plan and status, summed; must be 0'),
    },
    {
      name: `${label}: acknowledged sum − SQL recount`,
      value: verdict.ackedVsRecount,
      unit: 'cents',
      note: `the seed plus every acknowledged expense as acknowledged, per plan and status; ${run.uncertain.length} writes had no answer (in flight at a kill or when the time was up), ${verdict.landedUnanswered} of them committed`,
    },
    {
      name: `${label}: … with the unanswered writes that committed`,
      value: verdict.explainedVsRecount,
      unit: 'cents',
      note: withTarget(verdict.explainedVsRecount === 0, 'every cent accounted for: must be 0'),
    },
    {
      name: `${label}: stored rows no write explains`,
      value: verdict.unexplained,
      unit: '',
      note: withTarget(verdict.unexplained === 0, 'must be 0'),
    },
  );
  if (run.killedAt !== undefined) {
    const killedAt = run.killedAt;
    const downAt = run.downAt ?? Number.POSITIVE_INFINITY;
    const beforeKill = run.failures.filter((failure) => failure.at < killedAt).length;
    const untilDown = run.failures.filter((failure) => failure.at >= killedAt && failure.at <= downAt).length;
    const afterDown = run.failures.filter((failure) => failure.at > downAt).length;
    const sentBeforeKill = run.failures.filter(
      (failure) => failure.at >= killedAt && failure.at <= downAt && failure.sentAt < killedAt,
    ).length;
    const killed = extra.after.find((server) => server.name === 'app2');
    out.push(
      {
        name: `${label}: in flight to app2 at the kill`,
        value: run.inFlightAtKill ?? 0,
        unit: 'requests',
        note: `HAProxy's current sessions of app2 just before SIGKILL at ${round(SECONDS / 2, 0)} s`,
      },
      {
        name: `${label}: failures kill → marked down`,
        value: untilDown,
        unit: '',
        note: `${errorsByStatus(run.failures.filter((failure) => failure.at >= killedAt && failure.at <= downAt))}; HAProxy marked it DOWN after ${run.downAt ? round(run.downAt - killedAt, 0) : '—'} ms`,
      },
      {
        name: `${label}: … of them sent before the kill`,
        value: sentBeforeKill,
        unit: '',
        note: `in flight at the kill; the other ${untilDown - sentBeforeKill} were sent after it, before HAProxy marked it DOWN. HAProxy on app2: ${killed?.connectionErrors ?? 0} failed connections, ${killed?.responseErrors ?? 0} failed answers, ${killed?.retries ?? 0} retries, ${killed?.redispatches ?? 0} redispatched to app1`,
      },
      { name: `${label}: failures before the kill`, value: beforeKill, unit: '', note: withTarget(beforeKill === 0, 'must be 0') },
      { name: `${label}: failures after marked down`, value: afterDown, unit: '', note: withTarget(afterDown === 0, 'must be 0') },
      {
        name: `${label}: survivor after the kill`,
        value: run.afterKill.survivor,
        unit: 'answers',
        note: `p95 ${round(percentile(run.afterKill.latencies, 95))} ms, p99 ${round(percentile(run.afterKill.latencies, 99))} ms`,
      },
    );
  }
  return out;
};

const withTarget = (met: boolean, target: string) => `${met ? 'met' : 'MISSED'}: ${target}`;

const errorsByStatus = (failures: readonly Failure[]): string => {
  const counts = new Map<string, number>();
  for (const failure of failures) {
    const key = `${failure.status} ${failure.kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key}: ${count}`).join(', ') || 'none';
};

const fixtureNote = () =>
  `${VUS} users in ${TENANTS} tenants, ${SECONDS} s at ${RATE} req/s each, ${SEED_EXPENSES.toLocaleString('en-US')} earlier expenses per tenant plan`;

export const run = async (): Promise<BenchReport> => {
  haproxyBinary();
  const all = ONLY_KILL ? [] : await phase('Phase 1, both instances', false);
  if (KILL) all.push(...(await phase('Phase 2, one killed half way', true)));
  return {
    title: `Many users at once: ${VUS} virtual users, two instances behind HAProxy (autocannon scenarios)`,
    database: `PostgreSQL (${DATABASE_NAME}, recreated per phase)`,
    figures: all,
  };
};
