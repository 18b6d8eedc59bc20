// `npm run bench pivot` (issue 33 item 7): the report builder's two-dimension pivot, category × an
// Expense custom field ("Region") by month, over a plan with 100,000 expenses: ReportClient/Pivot
// through the API (app.inject on a fresh PGlite: token, plan access, body and answer checked by the
// contract) against the same SQL statements run directly on the same database, one after the other
// in the order the service runs them. Interleaved run by run; medians. The issue's bar: ≤ 1.5×.
import os from 'node:os';
import { seedBenchPlan } from './bench-plan.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { selectRows } from '../src/db/rows.ts';
import { findPlanAccess } from '../src/modules/access/index.ts';
import type { AuthContext } from '../src/plugins/auth.ts';
import { selectForecastInputs } from '../src/modules/forecast/forecast.repository.ts';
import { selectPivotExpenses, selectPivotFields, selectPivotItems, selectPlanTeams } from '../src/modules/reports/pivot.repository.ts';
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
const RUNS = 9;
const WARMUP = 4;
const LIMIT_RATIO = 1.5;
const PASSWORD = 'bench-password-2026';
const REGIONS = ['EMEA', 'NA', 'APAC'];

/** A tenant with one Planner, a plan of ITEMS items over CATEGORIES categories and EXPENSES expenses tagged with a Region. */
const seed = async (db: Db) => {
  const { tenantId, teamId, userId, planId, email, items } = await seedBenchPlan(db, {
    tenantName: 'Pivot bench',
    emailPrefix: 'pivot',
    password: PASSWORD,
    categories: CATEGORIES,
    items: ITEMS,
  });
  const fieldId = newId();
  await db.execute(
    sql`INSERT INTO custom_fields (tenant_id, id, entity, name, type, options)
        VALUES (${tenantId}, ${fieldId}, 2, 'Region', 4, ${JSON.stringify(REGIONS)}::jsonb)`,
  );
  // Expense g: item g % ITEMS, Region g % 4 (the fourth has none), a date through the year, statuses mixed.
  await db.execute(sql`
    INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_order,
      purchase_date, amount_cents, status, category_type, active, custom_fields)
    SELECT ${tenantId}::uuid, gen_random_uuid(), ${planId}::uuid, (${sql.raw(`ARRAY[${items.map((item) => `'${item.id}'::uuid`).join(',')}]`)})[1 + g % ${ITEMS}],
      'Invoice ' || g, 'Payee ' || (g % 750), 'PO-' || g,
      date '2026-01-01' + (g % 365), 100 + (g * 7919) % 250000, 1 + (g % 10 = 0)::int + (g % 10 > 1)::int * 2,
      ((g % ${ITEMS}) % ${CATEGORIES}) % 3 + 1, g % 97 <> 0,
      CASE WHEN g % 4 = 3 THEN '{}'::jsonb
           ELSE jsonb_build_object(${fieldId}::text, (${sql.raw(`ARRAY[${REGIONS.map((region) => `'${region}'`).join(',')}]`)})[1 + g % 4]) END
    FROM generate_series(1, ${EXPENSES}) AS g`);
  await db.execute(sql`ANALYZE`);
  return { tenantId, planId, teamId, userId, fieldId, email };
};

/** The API call and the direct SQL alternately, run by run, so load from other processes falls on both alike. */
const timePair = async (api: () => Promise<unknown>, direct: () => Promise<unknown>): Promise<[number[], number[]]> => {
  const apiTimes: number[] = [];
  const directTimes: number[] = [];
  for (let index = 0; index < RUNS + WARMUP; index += 1) {
    const pair: [() => Promise<unknown>, number[]][] = [
      [api, apiTimes],
      [direct, directTimes],
    ];
    for (const [work, into] of index % 2 === 0 ? pair : pair.reverse()) {
      const timings = await time(work, 1, 0);
      if (index >= WARMUP) into.push(...timings);
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
  const { tenantId, planId, teamId, userId, fieldId, email } = await seed(db);
  const app = await buildBenchApp(database);
  try {
    const token = await signIn(app, email, PASSWORD);
    // The caller as the app knows them (a Planner of the plan's team), for the plan access check's own statements.
    const auth: AuthContext = {
      userId,
      tenantId,
      role: 'member',
      planCode: 'performance',
      timeZone: 'UTC',
      email,
      tokenVersion: 0,
    };
    const body = (compare: 'None' | 'PriorYear') => ({
      MarketingPlanIds: [planId],
      Rows: ['Category', `Field:${fieldId}`],
      Columns: 'Month',
      Measures: ['Budget', 'Planned', 'Committed', 'Actual', 'Forecast', 'Available'],
      From: '2026-01-01',
      To: '2026-12-31',
      Compare: compare,
    });
    const api = (compare: 'None' | 'PriorYear') => async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/ReportClient/Pivot',
        headers: { authorization: `Bearer ${token}` },
        payload: body(compare),
      });
      if (response.statusCode !== 200) throw new Error(`Pivot answered ${response.statusCode}: ${response.body}`);
      return response;
    };
    // The statements the service runs, in its order: the plan and the caller's team role, the field,
    // the items and the team, the forecast's six, the expenses by item, month, status and Region.
    const direct = (start: string) => async () => {
      await findPlanAccess(db, auth, planId);
      await selectPivotFields(db, tenantId, [fieldId]);
      await Promise.all([
        selectPivotItems(db, tenantId, [planId], { campaign: false, itemFields: [], campaignFields: [] }),
        selectPlanTeams(db, tenantId, [teamId]),
      ]);
      await selectForecastInputs(db, tenantId, planId, false);
      return selectPivotExpenses(db, tenantId, [planId], { start, end: '2027-01-01' }, { payee: false, fields: [fieldId] });
    };

    const first = JSON.parse((await api('None')()).body) as {
      Result: { Rows: unknown[]; GrandTotal: { Total: { Values: { Actual: number } } } };
    };
    const [check] = await selectRows<{ cents: unknown }>(
      db,
      sql`SELECT sum(amount_cents)::bigint AS cents FROM expenses WHERE tenant_id = ${tenantId} AND active AND status = 3`,
    );
    const actualCents = Number(check?.cents);
    if (Math.round(first.Result.GrandTotal.Total.Values.Actual * 100) !== actualCents) {
      throw new Error(`the pivot's Actual ${first.Result.GrandTotal.Total.Values.Actual} is not the expenses' ${actualCents / 100}`);
    }
    const pivotStatements = await statements.during(api('None'));

    const figures: BenchFigure[] = [
      { name: 'expenses in the plan', value: EXPENSES, unit: 'rows', note: `${ITEMS} items, ${CATEGORIES} categories, Region on 3 in 4` },
      { name: 'pivot rows (category × Region)', value: first.Result.Rows.length, unit: 'rows', note: '12 month columns, 6 measures' },
      ...ratioFigure('Pivot category × Region by month', await timePair(api('None'), direct('2026-01-01'))),
      ...ratioFigure('Pivot … vs prior year', await timePair(api('PriorYear'), direct('2025-01-01'))),
      {
        name: 'Pivot: statements per request',
        value: pivotStatements.length,
        unit: 'statements',
        note: describeStatements(pivotStatements),
      },
      {
        name: 'load average at the end (1 min)',
        value: round(os.loadavg()[0] ?? 0),
        unit: '',
        note: `on ${os.cpus().length} cores: with other work running, the interleaved medians still share it`,
      },
    ];
    return {
      title: `Report builder pivot, ${EXPENSES.toLocaleString('en-US')} expenses in one plan`,
      database: `${database.kind} (in-memory, fresh)`,
      figures,
    };
  } finally {
    await app.close();
    await database.close();
  }
};
