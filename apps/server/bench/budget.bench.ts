// GetBudgetItems for a plan with 2,000 items: through the API (app.inject on a fresh PGlite) and
// the same SQL run directly; statements per request counted for 20 and 2,000 items (no N+1).
import { hashPassword } from '../src/lib/passwords.ts';
import { newId } from '../src/lib/ids.ts';
import { budgetItemsQuery } from '../src/modules/budget/budget-items.query.ts';
import { budgetItemMonths, budgetItems } from '../src/schema/budget.ts';
import { budgetCategories } from '../src/schema/categories.ts';
import { expenses } from '../src/schema/expenses.ts';
import { selectRows } from '../src/db/rows.ts';
import { marketingPlans } from '../src/schema/plans.ts';
import { teamMembers, teams } from '../src/schema/teams.ts';
import { tenants, users } from '../src/schema/tenants.ts';
import type { Db } from '../src/db/client.ts';
import { type BenchReport, buildBenchApp, describeStatements, openCountingPglite, percentile, round, signIn, time } from './bench-kit.ts';

const ITEMS = 2_000;
const SMALL_PLAN_ITEMS = 20;
const EXPENSES_PER_ITEM = 3;
const RUNS = 30;
const PASSWORD = 'bench-password-2026';

const insertInChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1_000) => {
  for (let index = 0; index < rows.length; index += size) await insert(rows.slice(index, index + size));
};

const seedPlan = async (db: Db, tenantId: string, teamId: string, categoryIds: string[], itemCount: number): Promise<string> => {
  const planId = newId();
  await db
    .insert(marketingPlans)
    .values({ tenantId, id: planId, teamId, name: `Plan of ${itemCount}`, startDate: '2026-01-01', endDate: '2026-12-31' });
  const items = Array.from({ length: itemCount }, (_, index) => ({
    tenantId,
    id: newId(),
    marketingPlanId: planId,
    budgetCategoryId: categoryIds[index % categoryIds.length] as string,
    name: `Item ${String(index).padStart(4, '0')}`,
    amountCents: 120_000 + index * 100,
    itemType: (index % 2 === 0 ? 1 : 2) as 1 | 2,
  }));
  await insertInChunks(items, (chunk) => db.insert(budgetItems).values(chunk));
  const months = items
    .filter((_, index) => index % 4 === 0)
    .flatMap((item) =>
      Array.from({ length: 12 }, (_, month) => ({
        tenantId,
        budgetItemId: item.id,
        month: `2026-${String(month + 1).padStart(2, '0')}-01`,
        amountCents: 10_000 + (month === 11 ? item.amountCents - 120_000 : 0),
      })),
    );
  await insertInChunks(months, (chunk) => db.insert(budgetItemMonths).values(chunk));
  const spend = items.flatMap((item, index) =>
    Array.from({ length: EXPENSES_PER_ITEM }, (_, n) => ({
      tenantId,
      id: newId(),
      marketingPlanId: planId,
      budgetItemId: item.id,
      name: `Invoice ${index}-${n}`,
      purchaseDate: '2026-03-01',
      amountCents: 5_000 + n * 1_000,
      status: ((n % 3) + 1) as 1 | 2 | 3,
      categoryType: 1 as const,
    })),
  );
  await insertInChunks(spend, (chunk) => db.insert(expenses).values(chunk));
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
  await db.insert(teamMembers).values({ tenantId, teamId, userId, teamRoleId: 2 });
  const categoryIds = Array.from({ length: 8 }, () => newId());
  await db.insert(budgetCategories).values(
    categoryIds.map((id, index) => ({
      tenantId,
      id,
      name: `Category ${index + 1}`,
      categoryType: ((index % 3) + 1) as 1 | 2 | 3,
      sortOrder: index,
    })),
  );
  const bigPlan = await seedPlan(db, tenantId, teamId, categoryIds, ITEMS);
  const smallPlan = await seedPlan(db, tenantId, teamId, categoryIds, SMALL_PLAN_ITEMS);

  const app = await buildBenchApp(database);
  try {
    const token = await signIn(app, email, PASSWORD);
    const getItems = (planId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/BudgetItemClient/GetBudgetItems',
        headers: { authorization: `Bearer ${token}` },
        payload: { MarketingPlanId: planId },
      });

    const countStatements = async (planId: string) => {
      const before = statements.count();
      const response = await getItems(planId);
      if (response.statusCode !== 200) throw new Error(`GetBudgetItems answered ${response.statusCode}: ${response.body}`);
      return {
        sent: statements.since(before),
        items: (JSON.parse(response.body) as { Result: unknown[] }).Result.length,
        bytes: response.body.length,
      };
    };
    const big = await countStatements(bigPlan);
    const small = await countStatements(smallPlan);
    if (big.items !== ITEMS) throw new Error(`expected ${ITEMS} items, got ${big.items}`);

    const apiTimes = await time(() => getItems(bigPlan), RUNS);
    const sqlTimes = await time(() => selectRows(db, budgetItemsQuery(tenantId, { kind: 'plan', planId: bigPlan })), RUNS);
    const rebuild = () =>
      app.inject({
        method: 'POST',
        url: '/api/MarketingPlanClient/RebuildPlan',
        headers: { authorization: `Bearer ${token}` },
        payload: { MarketingPlanId: bigPlan },
      });
    const rebuildTimes = await time(rebuild, RUNS);
    const rebuildStatements = await statements.during(rebuild);
    const directStatements = await statements.during(() => selectRows(db, budgetItemsQuery(tenantId, { kind: 'plan', planId: bigPlan })));

    return {
      title: `GetBudgetItems, ${ITEMS.toLocaleString('en-US')} items with ${(ITEMS * EXPENSES_PER_ITEM).toLocaleString('en-US')} expenses`,
      database: `${database.kind} (in-memory, fresh)`,
      figures: [
        { name: 'items returned', value: big.items, unit: 'items' },
        { name: 'response size', value: round(big.bytes / 1024, 1), unit: 'KiB' },
        {
          name: 'API median (app.inject)',
          value: round(percentile(apiTimes, 50)),
          unit: 'ms',
          note: `p95 ${round(percentile(apiTimes, 95))} ms, ${RUNS} runs`,
        },
        {
          name: 'same SQL directly, median',
          value: round(percentile(sqlTimes, 50)),
          unit: 'ms',
          note: `p95 ${round(percentile(sqlTimes, 95))} ms`,
        },
        { name: 'statements, direct SQL', value: directStatements.length, unit: 'statements' },
        {
          name: `statements per request, ${ITEMS} items`,
          value: big.sent.length,
          unit: 'statements',
          note: describeStatements(big.sent),
        },
        {
          name: `statements per request, ${SMALL_PLAN_ITEMS} items`,
          value: small.sent.length,
          unit: 'statements',
          note: big.sent.length === small.sent.length ? 'same count: no N+1' : 'DIFFERENT: N+1?',
        },
        {
          name: 'RebuildPlan median',
          value: round(percentile(rebuildTimes, 50)),
          unit: 'ms',
          note: `statements ${describeStatements(rebuildStatements)}`,
        },
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
};
