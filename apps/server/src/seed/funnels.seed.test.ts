import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { DEMO_FUNNEL } from './funnels.seed.ts';
import { seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

describe('demo funnel seed', () => {
  it('gives the demo plan a funnel whose reverse math matches the seed’s own figures and a budget that covers it', async () => {
    await seedDemo(t.database, { sandbox: true });
    const { AccessToken } = await login(t, DEMO.users.owner.email, DEMO.password);
    const funnel = (await t.post('/api/FunnelClient/Get', { MarketingPlanId: DEMO_PLAN.id }, AccessToken)).body.Result;
    expect(funnel.DealsNeeded).toBe(100);
    expect(funnel.Stages).toHaveLength(6);
    expect(funnel.Stages[0].Required).toBe(DEMO_FUNNEL.visitorsRequired);
    expect(funnel.ImpliedBudget).toBe(857_250);
    // The items' $943,800.00 and the month-close seed's reasoned December webinar edit ($800.00 → $1,000.00).
    expect(funnel.PlanBudget).toBe(943_800 + 200);
    expect(funnel.BudgetCoversGoal).toBe(true);
    expect(funnel.Stages[0].ActualConversion).toBeGreaterThan(0.02);
    expect(funnel.Stages[0].ActualConversion).toBeLessThan(0.04);
  });

  it('fills a year of expectations for every stage with actuals for January to October', async () => {
    const { AccessToken } = await login(t, DEMO.users.owner.email, DEMO.password);
    const grid = (await t.post('/api/ExpectationClient/Get', { MarketingPlanId: DEMO_PLAN.id }, AccessToken)).body.Result;
    expect(grid.Months).toHaveLength(12);
    expect(grid.Rows).toHaveLength(6);
    for (const row of grid.Rows) {
      expect(row.Cells.every((cell: { Expected: number | null }) => cell.Expected !== null)).toBe(true);
      expect(row.Cells.filter((cell: { Actual: number | null }) => cell.Actual !== null)).toHaveLength(DEMO_FUNNEL.actualMonths);
    }
    const visitors = grid.Rows[0].Cells.reduce((sum: number, cell: { Expected: number }) => sum + cell.Expected, 0);
    expect(visitors).toBe(DEMO_FUNNEL.visitorsRequired);
  });
});
