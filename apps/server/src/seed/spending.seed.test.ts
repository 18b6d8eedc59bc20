import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { activities } from '../schema/activities.ts';
import { comments } from '../schema/comments.ts';
import { expenses } from '../schema/expenses.ts';
import { DEMO, DEMO_CATEGORIES, DEMO_OTHER_PLANS, DEMO_PLAN } from './demo-ids.ts';
import { buildLastYearExpenses } from './last-year.seed.ts';
import { seedDemo } from './index.ts';
import { DEMO_SETTLEMENTS } from './month-close.seed.ts';
import { buildDemoExpenses } from './spending.seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, clock: createTestClock(new Date('2026-11-21T12:00:00Z')) });
});
afterAll(async () => t.close());

describe('demo spending seed', () => {
  it('adds a year of expenses whose item, plan and category type agree, with one audit entry each, and is idempotent', async () => {
    await seedDemo(t.database, { sandbox: true });
    const rows = await t.ctx.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.tenantId, DEMO.tenantId), eq(expenses.marketingPlanId, DEMO_PLAN.id)));
    const built = buildDemoExpenses();
    expect(rows).toHaveLength(built.length);
    expect(new Set(rows.map((row) => row.purchaseDate.slice(0, 7))).size).toBe(12);
    for (const row of rows) {
      const item = DEMO_PLAN.items.find((candidate) => candidate.id === row.budgetItemId);
      expect(item).toBeDefined();
      expect(row.marketingPlanId).toBe(DEMO_PLAN.id);
      if (item) expect(row.categoryType).toBe(DEMO_CATEGORIES[item.category].categoryType);
    }
    const trail = await t.ctx.db.select().from(activities).where(eq(activities.marketingPlanId, DEMO_PLAN.id));
    expect(trail.filter((entry) => entry.entityType === 'Expense' && entry.action === 'create')).toHaveLength(built.length);
    const notes = await t.ctx.db.select().from(comments).where(eq(comments.marketingPlanId, DEMO_PLAN.id));
    expect(notes.length).toBeGreaterThanOrEqual(5);
  });

  it('gives last year’s archived plan a paid expense per item and month of 2025, so reports compare with the prior year', async () => {
    const plan = DEMO_OTHER_PLANS.archived;
    const rows = await t.ctx.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.tenantId, DEMO.tenantId), eq(expenses.marketingPlanId, plan.id)));
    expect(rows).toHaveLength(buildLastYearExpenses().length);
    expect(rows).toHaveLength(plan.items.length * 12);
    for (const row of rows) {
      expect(row.status).toBe(3);
      expect(row.purchaseDate.startsWith('2025-')).toBe(true);
      const item = plan.items.find((candidate) => candidate.id === row.budgetItemId);
      expect(item).toBeDefined();
      // 85–100 % of the item's monthly share (plus at most 88 cents of the deterministic odd cents).
      if (item) expect(row.amountCents).toBeLessThanOrEqual(Math.floor(item.amountCents / 12) + 88);
    }
  });

  it('gives the demo dashboard actual spend, open commitments, overdue expenses and recent activity', async () => {
    const { AccessToken } = await login(t, DEMO.users.owner.email, DEMO.password);
    const response = await t.post('/api/DashboardClient/Get', { MarketingPlanId: DEMO_PLAN.id }, AccessToken);
    expect(response.status).toBe(200);
    const dashboard = response.body.Result;
    // As seeded, with the open commitments the month-close part settled before closing (one marked actual).
    const settled = new Map<string, number>(DEMO_SETTLEMENTS.map((settlement) => [settlement.expenseId, settlement.to.status]));
    const expectedActual = buildDemoExpenses()
      .filter((row) => (settled.get(row.id) ?? row.status) === 3)
      .reduce((sum, row) => sum + row.amountCents, 0);
    expect(dashboard.Actual).toBe(expectedActual / 100);
    expect(dashboard.BurnRate).toBeGreaterThan(0.6);
    expect(dashboard.BurnRate).toBeLessThan(1);
    expect(dashboard.OverdueCount).toBeGreaterThan(0);
    expect(dashboard.RecentActivity.length).toBeGreaterThan(0);
  });
});
