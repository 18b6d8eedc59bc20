// PerformanceClient/Get for a plan with 10 objectives × 365 results and 2,000 items with 100,000
// expenses: through the API (app.inject on a fresh PGlite) and the same SQL run directly;
// statements per request counted for that plan and a small one (no N+1).
import type { Db } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { selectRows } from '../src/db/rows.ts';
import { compareFunnel } from '../src/modules/funnels/index.ts';
import { objectiveFiguresQuery } from '../src/modules/objectives/index.ts';
import { performanceCellsQuery, performanceTotalsQuery } from '../src/modules/performance/index.ts';
import { budgetItems } from '../src/schema/budget.ts';
import { budgetCategories } from '../src/schema/categories.ts';
import { expenses } from '../src/schema/expenses.ts';
import { objectiveResults, objectives } from '../src/schema/objectives.ts';
import { marketingPlans } from '../src/schema/plans.ts';
import { teamMembers, teams } from '../src/schema/teams.ts';
import { tenants, users } from '../src/schema/tenants.ts';
import { type BenchReport, buildBenchApp, describeStatements, openCountingPglite, percentile, round, signIn, time } from './bench-kit.ts';

const RUNS = 20;
const PASSWORD = 'bench-password-2026';
const BIG = { objectives: 10, resultsPerObjective: 365, items: 2_000, expensesPerItem: 50 };
const SMALL = { objectives: 2, resultsPerObjective: 10, items: 20, expensesPerItem: 5 };

const insertInChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1_000) => {
  for (let index = 0; index < rows.length; index += size) await insert(rows.slice(index, index + size));
};

/** API and direct SQL runs alternate (the machine's load hits both alike); answers [api, direct] timings. */
const timePair = async (api: () => Promise<unknown>, direct: () => Promise<unknown>): Promise<[number[], number[]]> => {
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  await time(api, 0, 2);
  await time(direct, 0, 2);
  for (let index = 0; index < RUNS; index += 1) {
    const pair: [() => Promise<unknown>, number[]][] = [
      [api, apiTimes],
      [direct, sqlTimes],
    ];
    for (const [work, into] of index % 2 === 0 ? pair : pair.reverse()) into.push(...(await time(work, 1, 0)));
  }
  return [apiTimes, sqlTimes];
};

const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10);

/** A 2026 plan with objectives (count and currency, sums and latest), daily results, items (3 in 4 linked) and expenses. */
const seedPlan = async (db: Db, tenantId: string, teamId: string, categoryId: string, shape: typeof BIG): Promise<string> => {
  const planId = newId();
  await db
    .insert(marketingPlans)
    .values({ tenantId, id: planId, teamId, name: `Plan of ${shape.items}`, startDate: '2026-01-01', endDate: '2026-12-31' });
  const objectiveIds = Array.from({ length: shape.objectives }, () => newId());
  await db.insert(objectives).values(
    objectiveIds.map((id, index) => ({
      tenantId,
      id,
      marketingPlanId: planId,
      name: `Objective ${index + 1}`,
      metricType: (index % 3 === 1 ? 2 : 1) as 1 | 2,
      aggregation: (index % 5 === 4 ? 2 : 1) as 1 | 2,
      isRevenue: index % 3 === 1,
      targetValue: 10_000 + index,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    })),
  );
  const results = objectiveIds.flatMap((objectiveId, index) =>
    Array.from({ length: shape.resultsPerObjective }, (_, n) => ({
      tenantId,
      id: newId(),
      objectiveId,
      resultDate: dayOf(n),
      value: 10 + ((n * 7 + index) % 40) + 0.25,
    })),
  );
  await insertInChunks(results, (chunk) => db.insert(objectiveResults).values(chunk));
  const items = Array.from({ length: shape.items }, (_, index) => ({
    tenantId,
    id: newId(),
    marketingPlanId: planId,
    budgetCategoryId: categoryId,
    objectiveId: index % 4 === 3 ? null : (objectiveIds[index % objectiveIds.length] as string),
    name: `Item ${String(index).padStart(4, '0')}`,
    amountCents: 500_000 + index * 100,
    itemType: 1 as const,
  }));
  await insertInChunks(items, (chunk) => db.insert(budgetItems).values(chunk));
  const spend = items.flatMap((item, index) =>
    Array.from({ length: shape.expensesPerItem }, (_, n) => ({
      tenantId,
      id: newId(),
      marketingPlanId: planId,
      budgetItemId: item.id,
      name: `Invoice ${index}-${n}`,
      purchaseDate: dayOf(index + n * 7),
      amountCents: 1_000 + n * 13,
      status: ((n % 3) + 1) as 1 | 2 | 3,
      categoryType: 1 as const,
    })),
  );
  await insertInChunks(spend, (chunk) => db.insert(expenses).values(chunk), 2_000);
  return planId;
};

export const run = async (): Promise<BenchReport> => {
  const { database, statements } = await openCountingPglite();
  const { db } = database;
  const tenantId = newId();
  const teamId = newId();
  const userId = newId();
  const email = `bench-${tenantId.slice(0, 8)}@example.test`;
  await db.insert(tenants).values({ id: tenantId, name: 'Bench', planCode: 'performance' });
  await db.insert(users).values({
    tenantId,
    id: userId,
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'B',
    lastName: 'B',
    tenantRole: 'member',
  });
  await db.insert(teams).values({ tenantId, id: teamId, name: 'Bench team' });
  await db.insert(teamMembers).values({ tenantId, teamId, userId, teamRoleId: 3 });
  const categoryId = newId();
  await db.insert(budgetCategories).values({ tenantId, id: categoryId, name: 'Media', categoryType: 1 });
  const seedStart = performance.now();
  const bigPlan = await seedPlan(db, tenantId, teamId, categoryId, BIG);
  const seedMs = performance.now() - seedStart;
  const smallPlan = await seedPlan(db, tenantId, teamId, categoryId, SMALL);

  const app = await buildBenchApp(database);
  try {
    const token = await signIn(app, email, PASSWORD);
    const getPerformance = (planId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/PerformanceClient/Get',
        headers: { authorization: `Bearer ${token}` },
        payload: { MarketingPlanId: planId },
      });
    const countStatements = async (planId: string) => {
      const before = statements.count();
      const response = await getPerformance(planId);
      if (response.statusCode !== 200) throw new Error(`PerformanceClient/Get answered ${response.statusCode}: ${response.body}`);
      const result = (JSON.parse(response.body) as { Result: { Objectives: unknown[]; Months: unknown[] } }).Result;
      const sent = statements.since(before);
      return { count: sent.length, sent, objectives: result.Objectives.length, bytes: response.body.length };
    };
    const big = await countStatements(bigPlan);
    const small = await countStatements(smallPlan);
    if (big.objectives !== BIG.objectives) throw new Error(`expected ${BIG.objectives} objectives, got ${big.objectives}`);

    // The statements the service runs, run directly with the same parameters (cutoff: the end of last month):
    // three for the figures and the funnel comparison's four.
    const today = new Date().toISOString().slice(0, 10);
    const cutoff = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const directSql = () =>
      Promise.all([
        selectRows(db, objectiveFiguresQuery(tenantId, { kind: 'plan', planId: bigPlan }, cutoff)),
        selectRows(db, performanceCellsQuery(tenantId, bigPlan)),
        selectRows(db, performanceTotalsQuery(tenantId, bigPlan, cutoff)),
        compareFunnel(db, tenantId, { id: bigPlan, startDate: '2026-01-01', endDate: '2026-12-31' }),
      ]);
    const [apiTimes, sqlTimes] = await timePair(() => getPerformance(bigPlan), directSql);
    const sqlOnce = statements.count();
    await directSql();
    const directStatements = statements.count() - sqlOnce;
    const apiMedian = percentile(apiTimes, 50);
    const sqlMedian = percentile(sqlTimes, 50);

    return {
      title: `PerformanceClient/Get, ${BIG.objectives} objectives × ${BIG.resultsPerObjective} results, ${BIG.items.toLocaleString('en-US')} items with ${(BIG.items * BIG.expensesPerItem).toLocaleString('en-US')} expenses`,
      database: `${database.kind} (in-memory, fresh)`,
      figures: [
        { name: 'seeding the big plan', value: round(seedMs / 1000, 1), unit: 's' },
        { name: 'response size', value: round(big.bytes / 1024, 1), unit: 'KiB' },
        {
          name: 'API median (app.inject)',
          value: round(apiMedian),
          unit: 'ms',
          note: `p95 ${round(percentile(apiTimes, 95))} ms, ${RUNS} runs interleaved with the SQL`,
        },
        { name: 'same SQL directly, median', value: round(sqlMedian), unit: 'ms', note: `p95 ${round(percentile(sqlTimes, 95))} ms` },
        { name: 'API ÷ direct SQL', value: round(apiMedian / sqlMedian), unit: '×', note: 'auth, access checks, mapping, JSON' },
        { name: 'statements, direct SQL', value: directStatements, unit: 'statements' },
        {
          name: 'statements per request, big plan',
          value: big.count,
          unit: 'statements',
          note: describeStatements(big.sent),
        },
        {
          name: `statements per request, ${SMALL.objectives} objectives / ${SMALL.items} items`,
          value: small.count,
          unit: 'statements',
          note: big.count === small.count ? 'same count: no N+1' : 'DIFFERENT: N+1?',
        },
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
};
