// BudgetCategoriesReport and GetExpenses (paginated, filtered) on a plan with 100,000 expenses:
// through the API (app.inject on a fresh PGlite, token and team-role checks included) against
// the same SQL run directly on the same database. The issue's bar: the API within 1.5× of SQL.
import { seedBenchPlan } from './bench-plan.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { type ExpenseFilter, listExpensePage, sumExpenses } from '../src/modules/expenses/expenses.repository.ts';
import { selectRows } from '../src/db/rows.ts';
import { budgetCategoriesStatement } from '../src/modules/reports/reports.repository.ts';
import {
  type BenchFigure,
  type BenchReport,
  buildBenchApp,
  describeStatements,
  openCountingPglite,
  percentile,
  round,
  signIn,
  time,
} from './bench-kit.ts';

const EXPENSES = 100_000;
const ITEMS = 200;
const CATEGORIES = 9;
const PAGE_SIZE = 50;
const RUNS = 20;
const LIMIT_RATIO = 1.5;
const PASSWORD = 'bench-password-2026';

/** A tenant with one Planner, a plan of ITEMS items over CATEGORIES categories and EXPENSES expenses. */
const seed = async (db: Db) => {
  const { tenantId, planId, email, items } = await seedBenchPlan(db, {
    tenantName: 'Expense bench',
    emailPrefix: 'bench',
    password: PASSWORD,
    categories: CATEGORIES,
    items: ITEMS,
  });
  // Expense g goes to item g % ITEMS, whose category type is ((g % ITEMS) % CATEGORIES) % 3 + 1.
  await db.execute(sql`
    INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_order,
      purchase_date, amount_cents, status, category_type, active)
    SELECT ${tenantId}::uuid, gen_random_uuid(), ${planId}::uuid, (${sql.raw(`ARRAY[${items.map((item) => `'${item.id}'::uuid`).join(',')}]`)})[1 + g % ${ITEMS}],
      'Invoice ' || g, 'Payee ' || (g % 750), 'PO-' || g,
      date '2026-01-01' + (g % 365), 100 + (g * 7919) % 250000, 1 + (g % 10 = 0)::int + (g % 10 > 1)::int * 2,
      ((g % ${ITEMS}) % ${CATEGORIES}) % 3 + 1, g % 97 <> 0
    FROM generate_series(1, ${EXPENSES}) AS g`);
  await db.execute(sql`ANALYZE`);
  return { tenantId, planId, email };
};

/**
 * Times the API call and the direct SQL alternately, run by run, so that load from other processes
 * on the machine falls on both alike.
 */
const timePair = async (api: () => Promise<unknown>, direct: () => Promise<unknown>): Promise<[number[], number[]]> => {
  const apiTimes: number[] = [];
  const directTimes: number[] = [];
  for (let index = 0; index < RUNS + 3; index += 1) {
    const pair: [() => Promise<unknown>, number[]][] = [
      [api, apiTimes],
      [direct, directTimes],
    ];
    for (const [work, into] of index % 2 === 0 ? pair : pair.reverse()) {
      const timings = await time(work, 1, 0);
      if (index >= 3) into.push(...timings);
    }
  }
  return [apiTimes, directTimes];
};

const ratioFigure = (name: string, [api, direct]: [number[], number[]]): BenchFigure[] => {
  const apiMedian = percentile(api, 50);
  const sqlMedian = percentile(direct, 50);
  const ratio = apiMedian / sqlMedian;
  return [
    { name: `${name}: API median`, value: round(apiMedian), unit: 'ms', note: `p95 ${round(percentile(api, 95))} ms, ${RUNS} runs` },
    { name: `${name}: same SQL directly`, value: round(sqlMedian), unit: 'ms', note: `p95 ${round(percentile(direct, 95))} ms` },
    {
      name: `${name}: ratio API ÷ SQL`,
      value: round(ratio),
      unit: '×',
      note: ratio <= LIMIT_RATIO ? `within ${LIMIT_RATIO}×` : `OVER ${LIMIT_RATIO}×`,
    },
  ];
};

export const run = async (): Promise<BenchReport> => {
  const { database, statements } = await openCountingPglite();
  const { db } = database;
  const { tenantId, planId, email } = await seed(db);
  const app = await buildBenchApp(database);
  try {
    const token = await signIn(app, email, PASSWORD);
    const call = async (url: string, payload: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return response;
    };
    const report = () => call('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: planId });
    const directReport = () => selectRows(db, budgetCategoriesStatement(tenantId, planId));

    const page = (payload: Record<string, unknown>) => call('/api/ExpenseClient/GetExpenses', { MarketingPlanId: planId, ...payload });
    const directPage = (filter: ExpenseFilter, pageNumber: number) =>
      Promise.all([
        listExpensePage(
          db,
          tenantId,
          { marketingPlanId: planId, ...filter },
          { by: 'PurchaseDate', direction: 'desc' },
          { offset: (pageNumber - 1) * PAGE_SIZE, limit: PAGE_SIZE },
        ),
        sumExpenses(db, tenantId, { marketingPlanId: planId, ...filter }),
      ]);

    const first = JSON.parse((await page({ PageSize: PAGE_SIZE })).body) as { Result: { Total: number; Items: unknown[] } };
    if (first.Result.Total !== EXPENSES || first.Result.Items.length !== PAGE_SIZE) {
      throw new Error(`expected ${EXPENSES} expenses, got ${first.Result.Total}`);
    }
    const reportStatements = await statements.during(report);

    const figures: BenchFigure[] = [
      { name: 'expenses in the plan', value: EXPENSES, unit: 'rows', note: `${ITEMS} items, ${CATEGORIES} categories` },
      ...ratioFigure('BudgetCategoriesReport', await timePair(report, directReport)),
      {
        name: 'BudgetCategoriesReport: statements per request',
        value: reportStatements.length,
        unit: 'statements',
        note: describeStatements(reportStatements),
      },
      ...ratioFigure(
        `GetExpenses page 1 of ${PAGE_SIZE}`,
        await timePair(
          () => page({ PageSize: PAGE_SIZE }),
          () => directPage({}, 1),
        ),
      ),
      ...ratioFigure(
        'GetExpenses page 400, status filter',
        await timePair(
          () => page({ PageSize: PAGE_SIZE, Page: 400, Status: 3 }),
          () => directPage({ status: 3 }, 400),
        ),
      ),
      ...ratioFigure(
        'GetExpenses text search',
        await timePair(
          () => page({ PageSize: PAGE_SIZE, Query: 'payee 42' }),
          () => directPage({ query: 'payee 42' }, 1),
        ),
      ),
    ];
    return {
      title: `Expenses and reports, ${EXPENSES.toLocaleString('en-US')} expenses in one plan`,
      database: `${database.kind} (in-memory, fresh)`,
      figures,
    };
  } finally {
    await app.close();
    await database.close();
  }
};
