// A big tenant (issue 29.2), `npm run bench big-tenant`: p50/p95 of the pages a planner opens,
// through the real app (buildApp, app.inject, token and team-role checks included), on
//  - PostgreSQL (BENCH_DATABASE_URL, seeded by big-tenant-seed.ts when missing: the first run
//    takes minutes, later runs only measure): one plan of 20,000 expenses in the tenant of
//    1,000,000 (50 plans), the tenant-wide views of that tenant (plan list, expense search), and
//    one of the 1,000 tenants of 2,000 expenses;
//  - PGlite (the app's own, in its worker): the demo seed with 100,000 expenses in one plan
//    (demo-expenses.ts), made fresh.
// Target: p95 ≤ 100 ms each. The machine is shared: the 1-minute load is noted beside each figure.
// BIG_TENANT_RUNS (default 30) samples per figure after 3 warm-ups (5 without warm-ups for a call whose
// first answer took over 1 s: a miss either way); BIG_TENANT_PGLITE=off skips PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/seed/index.ts';
import { type BenchFigure, type BenchReport, buildBenchApp, percentile, round, signIn, time } from './bench-kit.ts';
import {
  BENCH_DATABASE_URL,
  BENCH_PASSWORD,
  BIG_EXPENSES_PER_PLAN,
  BIG_PLANS,
  bigTenantIds,
  ensureBigTenantSeed,
  SMALL_EXPENSES,
  SMALL_TENANTS,
  smallTenantIds,
} from './big-tenant-seed.ts';
import { DEMO_PASSWORD, DEMO_USER } from './built-app.ts';
import { addDemoExpenses } from './demo-expenses.ts';

const RUNS = Math.max(30, Number(process.env.BIG_TENANT_RUNS ?? 30));
const TARGET_MS = 100;
const SLOW_RUNS = 5;
const PAGE_SIZE = 50;
const PGLITE_EXPENSES = 100_000;

type Call = { name: string; url: string; body: Record<string, unknown>; check?: (body: string) => string | null };

const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/** The calls of one plan: the expenses list (first page, a deep filtered page, a text search) and the money pages. */
const planCalls = (planId: string, deepPage: number, search: string): Call[] => {
  const plan = { MarketingPlanId: planId };
  const fullPage = (body: string) => {
    const items = (JSON.parse(body) as { Result: { Items: unknown[] } }).Result.Items.length;
    return items === PAGE_SIZE ? null : `a page of ${items} rows, not ${PAGE_SIZE}`;
  };
  return [
    { name: 'GetExpenses page 1', url: '/api/ExpenseClient/GetExpenses', body: { ...plan, PageSize: PAGE_SIZE }, check: fullPage },
    {
      name: `GetExpenses page ${deepPage}, actual Jan–Nov`,
      url: '/api/ExpenseClient/GetExpenses',
      body: { ...plan, PageSize: PAGE_SIZE, Page: deepPage, Status: 3, DateFrom: '2026-01-01', DateTo: '2026-11-30' },
      check: fullPage,
    },
    {
      name: `GetExpenses text search '${search}'`,
      url: '/api/ExpenseClient/GetExpenses',
      body: { ...plan, PageSize: PAGE_SIZE, Query: search },
      check: fullPage,
    },
    { name: 'GetBudgetItems', url: '/api/BudgetItemClient/GetBudgetItems', body: plan },
    { name: 'BudgetCategoriesReport', url: '/api/ReportingClient/BudgetCategoriesReport', body: plan },
    { name: 'DashboardClient/Get', url: '/api/DashboardClient/Get', body: plan },
    { name: 'PerformanceClient/Get', url: '/api/PerformanceClient/Get', body: plan },
    { name: 'SpendingReport', url: '/api/ReportingClient/SpendingReport', body: plan },
    {
      // The report builder (issue 33): by payee it reads the plan's expenses themselves (2,000 payees: one row each).
      name: 'Pivot by payee by quarter vs prior year',
      url: '/api/ReportClient/Pivot',
      body: {
        MarketingPlanIds: [planId],
        Rows: ['Payee'],
        Columns: 'Quarter',
        Measures: ['Budget', 'Actual', 'Committed'],
        From: '2026-01-01',
        To: '2026-12-31',
        Compare: 'PriorYear',
      },
    },
  ];
};

/** Times each call RUNS times (after 3 warm-ups); one figure per call: p95, with p50 and the load. */
const measure = async (app: FastifyInstance, token: string, where: string, calls: Call[]): Promise<BenchFigure[]> => {
  const figures: BenchFigure[] = [];
  for (const call of calls) {
    const send = async () => {
      const response = await app.inject({
        method: 'POST',
        url: call.url,
        headers: { authorization: `Bearer ${token}` },
        payload: call.body,
      });
      if (response.statusCode !== 200) throw new Error(`${call.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return response.body;
    };
    const firstStart = performance.now();
    const problem = call.check?.(await send());
    const first = performance.now() - firstStart;
    if (problem) throw new Error(`${where}, ${call.name}: ${problem}`);
    // A call ten times over the target is a miss whatever its p95: a few runs say by how much
    // without holding the shared machine for minutes.
    const runs = first > 10 * TARGET_MS ? SLOW_RUNS : RUNS;
    const before = load();
    const timings = await time(send, runs, runs === RUNS ? 3 : 0);
    const p95 = percentile(timings, 95);
    figures.push({
      name: `${where}: ${call.name}`,
      value: round(p95, 1),
      unit: 'ms p95',
      note: `p50 ${round(percentile(timings, 50), 1)} ms, ${runs} runs${runs === RUNS ? '' : ` (the first took ${Math.round(first)} ms)`}, load ${before}→${load()}; ${p95 <= TARGET_MS ? 'met' : `OVER ${TARGET_MS} ms`}`,
    });
  }
  return figures;
};

const onPostgres = async (): Promise<BenchFigure[]> => {
  const seedStart = load();
  const seed = await ensureBigTenantSeed(BENCH_DATABASE_URL);
  const figures: BenchFigure[] = [
    {
      name: 'PostgreSQL seed',
      value: round(seed.seconds, 1),
      unit: 's',
      note: seed.seeded ? `seeded now (load ${seedStart}→${load()}): ${seed.steps.join('; ')}` : 'already seeded; migrations checked',
    },
  ];
  const database = await openDatabase({ dataDir: '/nonexistent', databaseUrl: BENCH_DATABASE_URL });
  const app = await buildBenchApp(database);
  try {
    const bigToken = await signIn(app, bigTenantIds.email, BENCH_PASSWORD);
    const bigPlan = bigTenantIds.planId(Math.ceil(BIG_PLANS / 2));
    const big = `PG 1M tenant, plan of ${BIG_EXPENSES_PER_PLAN.toLocaleString('en-US')}`;
    figures.push(...(await measure(app, bigToken, big, planCalls(bigPlan, 200, 'webinar'))));
    figures.push(
      ...(await measure(app, bigToken, `PG 1M tenant, all ${BIG_PLANS} plans`, [
        { name: 'GetMarketingPlans', url: '/api/MarketingPlanClient/GetMarketingPlans', body: {} },
        { name: "SearchExpenses 'webinar'", url: '/api/ExpenseClient/SearchExpenses', body: { Query: 'webinar' } },
        { name: "SearchExpenses 'PO-7-1234'", url: '/api/ExpenseClient/SearchExpenses', body: { Query: 'PO-7-1234' } },
      ])),
    );
    const small = smallTenantIds(Math.ceil(SMALL_TENANTS / 2));
    const smallToken = await signIn(app, small.email, BENCH_PASSWORD);
    figures.push(
      ...(await measure(
        app,
        smallToken,
        `PG 1 of ${SMALL_TENANTS.toLocaleString('en-US')} tenants × ${SMALL_EXPENSES.toLocaleString('en-US')}`,
        planCalls(small.planId, 20, 'webinar'),
      )),
    );
  } finally {
    await app.close();
    await database.close();
  }
  return figures;
};

const onPglite = async (): Promise<BenchFigure[]> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-big-tenant-'));
  const database = await openDatabase({ dataDir });
  try {
    const started = performance.now();
    await migrate(database, { sandbox: true });
    await seedDemo(database, { sandbox: true });
    const { planId } = await addDemoExpenses(database, PGLITE_EXPENSES);
    const figures: BenchFigure[] = [
      { name: 'PGlite seed (demo + expenses)', value: round((performance.now() - started) / 1000, 1), unit: 's', note: `load ${load()}` },
    ];
    const app = await buildBenchApp(database);
    try {
      const token = await signIn(app, DEMO_USER, DEMO_PASSWORD);
      const where = `PGlite, plan of ${PGLITE_EXPENSES.toLocaleString('en-US')}`;
      figures.push(...(await measure(app, token, where, planCalls(planId, 200, 'payee 42'))));
    } finally {
      await app.close();
    }
    return figures;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const run = async (): Promise<BenchReport> => {
  const figures = await onPostgres();
  if (process.env.BIG_TENANT_PGLITE !== 'off') figures.push(...(await onPglite()));
  return {
    title: `A big tenant: p95 of ${RUNS} runs per page, target ≤ ${TARGET_MS} ms (${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length})`,
    database: `PostgreSQL ${BENCH_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} and PGlite (worker, fresh data dir)`,
    figures,
  };
};
