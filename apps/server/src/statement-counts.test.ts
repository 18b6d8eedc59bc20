// Issue 29 part 2: no N+1. The figures screens read send the same number of SQL statements whether
// the plan holds 20 expenses or 2,000. Every statement is counted at the driver (pg.Client's query,
// which both PGlite's socket and PostgreSQL go through), attributed to the request that sent it.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../test/factories.ts';
import { createCategory, createItem, createPlan } from '../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../test/test-app.ts';

const caller = new AsyncLocalStorage<string>();
const sent = new Map<string, string[]>();

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const driverQuery = pg.Client.prototype.query as unknown as Query;

const statementText = (first: unknown): string =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '');

let t: TestApp;
let tenant: TestTenant;
let token: string;
let planId: string;
let itemIds: string[];

beforeAll(async () => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const who = caller.getStore();
    if (who) sent.set(who, [...(sent.get(who) ?? []), statementText(args[0])]);
    return driverQuery.apply(this, args);
  } as unknown as typeof pg.Client.prototype.query;
  t = await createTestApp({ clock: createTestClock(new Date('2026-12-15T09:00:00Z')) });
  tenant = await createTenant(t, { name: 'Counted' });
  token = await tenant.tokenFor('member');
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  planId = plan.id;
  const media = await createCategory(t, tenant, { name: 'Media', categoryType: 1 });
  const events = await createCategory(t, tenant, { name: 'Events', categoryType: 1 });
  itemIds = [];
  for (let index = 0; index < 6; index += 1) {
    const item = await createItem(t, tenant, {
      planId,
      categoryId: index % 2 ? media.id : events.id,
      amountCents: 1_000_000,
      name: `Item ${index}`,
    });
    itemIds.push(item.id);
  }
});
afterAll(async () => {
  pg.Client.prototype.query = driverQuery as unknown as typeof pg.Client.prototype.query;
  await t?.close();
});

/** Adds expenses numbered from `from` to `to`, spread over the items, a year of dates, the statuses and 40 payees. */
const addExpenses = (from: number, to: number) =>
  t.database.execScript(
    `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_date, amount_cents, status, category_type)
     SELECT '${tenant.id}', gen_random_uuid(), '${planId}', (ARRAY['${itemIds.join("','")}']::uuid[])[1 + g % ${itemIds.length}],
            'Invoice ' || g, 'Payee ' || (g % 40), DATE '2026-01-01' + (g % 340), 100 + (g * 7919) % 250000, 1 + g % 3, 1
     FROM generate_series(${from}, ${to}) g`,
  );

const CALLS: [name: string, url: string, body: () => Record<string, unknown>][] = [
  ['DashboardClient/Get', '/api/DashboardClient/Get', () => ({ MarketingPlanId: planId })],
  ['BudgetCategoriesReport', '/api/ReportingClient/BudgetCategoriesReport', () => ({ MarketingPlanId: planId })],
  ['GetBudgetItems', '/api/BudgetItemClient/GetBudgetItems', () => ({ MarketingPlanId: planId })],
  ['GetExpenses', '/api/ExpenseClient/GetExpenses', () => ({ MarketingPlanId: planId })],
  [
    'GetExpenses (an item, page 3)',
    '/api/ExpenseClient/GetExpenses',
    () => ({ MarketingPlanId: planId, BudgetItemId: itemIds[1], Page: 3 }),
  ],
  ['PerformanceClient/Get', '/api/PerformanceClient/Get', () => ({ MarketingPlanId: planId })],
  ['SpendingReport', '/api/ReportingClient/SpendingReport', () => ({ MarketingPlanId: planId })],
];

/** The statements each call sends (after one unmeasured call, so caches are as warm as on a busy server). */
const countStatements = async (label: string): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  for (const [name, url, body] of CALLS) {
    const warm = await t.post(url, body(), token);
    expect(warm.status, `${name}: ${warm.text}`).toBe(200);
    const key = `${label} ${name}`;
    const response = await caller.run(key, () => t.post(url, body(), token));
    expect(response.status, `${name}: ${response.text}`).toBe(200);
    counts[name] = sent.get(key)?.length ?? 0;
  }
  return counts;
};

describe('statements per call at 20 and at 2,000 expenses', () => {
  it('are the same for the dashboard, the budget grid, the expense list and the reports (no query per row)', async () => {
    await addExpenses(1, 20);
    const small = await countStatements('20');
    await addExpenses(21, 2_000);
    const big = await countStatements('2000');
    expect(big).toEqual(small);
    for (const [name, count] of Object.entries(small)) expect(count, name).toBeGreaterThan(0);
    // The counting sees what the app sends: the budget grid reads its items with their spend in one statement.
    expect(sent.get('2000 GetBudgetItems')?.some((statement) => statement.includes('expense_sums'))).toBe(true);
  });
});
