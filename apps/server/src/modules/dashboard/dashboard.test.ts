import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan, createSpendingFixture } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

const DASHBOARD = '/api/DashboardClient/Get';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-04-01T09:00:00Z')) });
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

describe('dashboard', () => {
  it('shows money, burn rate, top categories, overdue planned or committed expenses and recent activity', async () => {
    const plan = await createSpendingFixture(t, tenant);
    const token = await tenant.tokenFor('owner');
    const items = await t.post('/api/ExpenseClient/GetExpenses', { MarketingPlanId: plan.id, Status: 3, PageSize: 1 }, token);
    const itemId = items.body.Result.Items[0].BudgetItemId;
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        MarketingPlanId: plan.id,
        BudgetItemId: itemId,
        Name: 'Booth deposit',
        PurchaseDate: '2026-03-31',
        Amount: 0.01,
        Status: 3,
        CategoryType: items.body.Result.Items[0].CategoryType,
      },
      token,
    );
    expect(saved.status).toBe(200);

    const response = await t.post(DASHBOARD, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
    expect(response.status).toBe(200);
    const dashboard = response.body.Result;
    expect(dashboard).toMatchObject({
      Budgeted: 2200.01,
      Committed: 170,
      Actual: 1083.34,
      Planned: 40,
      Available: 946.67,
      LeftToPlan: 906.67,
      OverdueCount: 2,
      OverdueAmount: 140,
    });
    expect(dashboard.BurnRate).toBeCloseTo(108_334 / 220_001, 10);
    // Overdue: dated before 2026-04-01, not yet actual; the May commitment is not overdue yet.
    expect(dashboard.Overdue.map((e: { PurchaseDate: string; Status: number }) => [e.PurchaseDate, e.Status])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-15', 1],
    ]);
    expect(dashboard.TopCategories.map((c: { Name: string }) => c.Name)).toEqual(['Media', 'People']);
    expect(dashboard.RecentActivity[0]).toMatchObject({ Action: 'create', EntityType: 'Expense', Name: 'Booth deposit' });
    expect(dashboard.RecentActivity[0].ActorName).toMatch(/^Owner /);
  });
});

describe('dashboard access', () => {
  it('answers 404 to another tenant and to a Member outside the team', async () => {
    const plan = await createPlan(t, tenant);
    const other = await createTenant(t);
    expect((await t.post(DASHBOARD, { MarketingPlanId: plan.id }, await other.tokenFor('owner'))).status).toBe(404);
    expect((await t.post(DASHBOARD, { MarketingPlanId: plan.id }, await tenant.tokenFor('outsider'))).status).toBe(404);
  });
});
