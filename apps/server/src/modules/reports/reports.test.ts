import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const REPORT = '/api/ReportingClient/BudgetCategoriesReport';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

type Fixture = { category: string; type: 1 | 2 | 3; budget: number[]; spend: { cents: number; status: 1 | 2 | 3; active?: boolean }[] };

/** Categories with items and expenses (cents), summed here independently of the server. */
const FIXTURES: Fixture[] = [
  {
    category: 'Paid media',
    type: 1,
    budget: [1_250_000, 333_333],
    spend: [
      { cents: 10_001, status: 3 },
      { cents: 99_999, status: 2 },
      { cents: 7, status: 1 },
    ],
  },
  {
    category: 'Events',
    type: 1,
    budget: [500_000],
    spend: [
      { cents: 123_456, status: 3 },
      { cents: 1, status: 3 },
      { cents: 50_000, status: 3, active: false },
    ],
  },
  { category: 'Software', type: 2, budget: [120_001], spend: [{ cents: 30_000, status: 2 }] },
  { category: 'Contractors', type: 3, budget: [0], spend: [{ cents: 25_050, status: 3 }] },
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const expectedLine = (fixtures: Fixture[]) => {
  const spent = (status: number) =>
    sum(fixtures.flatMap((f) => f.spend.filter((s) => s.status === status && s.active !== false).map((s) => s.cents)));
  const budgeted = sum(fixtures.flatMap((f) => f.budget));
  const [planned, committed, actual] = [spent(1), spent(2), spent(3)];
  return {
    Budgeted: budgeted / 100,
    Planned: planned / 100,
    Committed: committed / 100,
    Actual: actual / 100,
    Available: (budgeted - committed - actual) / 100,
    LeftToPlan: (budgeted - planned - committed - actual) / 100,
    Variance: (budgeted - actual) / 100,
    Percent: budgeted === 0 ? null : actual / budgeted,
  };
};

describe('budget categories report', () => {
  it('matches independently summed fixtures to the cent per category, per type and in total', async () => {
    const plan = await createPlan(t, tenant);
    const noise = await createPlan(t, tenant);
    for (const fixture of FIXTURES) {
      const category = await createCategory(t, tenant, { name: fixture.category, categoryType: fixture.type });
      const items = [];
      for (const amountCents of fixture.budget) {
        items.push(await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents }));
      }
      const first = items[0];
      if (!first) throw new Error('fixture without items');
      for (const spend of fixture.spend) {
        await createExpenseRow(t, tenant, {
          planId: plan.id,
          itemId: first.id,
          categoryType: fixture.type,
          amountCents: spend.cents,
          status: spend.status,
          active: spend.active ?? true,
        });
      }
      // Another plan's money must not leak into this report.
      const elsewhere = await createItem(t, tenant, { planId: noise.id, categoryId: category.id, amountCents: 777_777 });
      await createExpenseRow(t, tenant, { planId: noise.id, itemId: elsewhere.id, categoryType: fixture.type, amountCents: 55_555 });
    }
    // An inactive item's budget is not counted.
    const events = await createCategory(t, tenant, { name: 'Unused', categoryType: 2 });
    await createItem(t, tenant, { planId: plan.id, categoryId: events.id, amountCents: 999_999, active: false });

    const response = await t.post(REPORT, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
    expect(response.status).toBe(200);
    const report = response.body.Result;
    expect(report.PlanName).toBe(plan.name);

    for (const fixture of FIXTURES) {
      const row = report.Rows.find((r: { Name: string }) => r.Name === fixture.category);
      expect(row).toMatchObject({ CategoryType: fixture.type, ...expectedLine([fixture]) });
    }
    expect(report.Rows.find((r: { Name: string }) => r.Name === 'Unused')).toMatchObject({ Budgeted: 0, Actual: 0, Percent: null });
    for (const type of [1, 2, 3] as const) {
      const subtotal = report.Subtotals.find((s: { CategoryType: number }) => s.CategoryType === type);
      // The Baseline/Forecast columns (issue 31) are checked against ForecastClient in forecast.test.ts.
      expect(subtotal).toMatchObject({ CategoryType: type, ...expectedLine(FIXTURES.filter((f) => f.type === type)) });
    }
    expect(report.Totals).toMatchObject(expectedLine(FIXTURES));
    expect(report.Totals).toMatchObject({ Budgeted: 22033.34, Committed: 1299.99, Actual: 1585.08, Available: 19148.27 });
    // Rows come grouped by type, then by sort order and name.
    expect(report.Rows.map((r: { CategoryType: number }) => r.CategoryType)).toEqual([1, 1, 2, 2, 3]);
  });

  it('answers an empty plan with zero totals', async () => {
    const fresh = await createTenant(t);
    const plan = await createPlan(t, fresh);
    const response = await t.post(REPORT, { MarketingPlanId: plan.id }, await fresh.tokenFor('owner'));
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      Rows: [],
      Subtotals: [],
      Totals: { Budgeted: 0, Actual: 0, Available: 0, Percent: null },
    });
  });

  it('answers 404 to another tenant and to a Member outside the plan’s team', async () => {
    const plan = await createPlan(t, tenant);
    const other = await createTenant(t);
    expect((await t.post(REPORT, { MarketingPlanId: plan.id }, await other.tokenFor('owner'))).status).toBe(404);
    expect((await t.post(REPORT, { MarketingPlanId: plan.id }, await tenant.tokenFor('outsider'))).status).toBe(404);
    expect((await t.post(REPORT, { MarketingPlanId: 'not-an-id' }, await tenant.tokenFor('owner'))).status).toBe(400);
  });
});
