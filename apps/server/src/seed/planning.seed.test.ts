import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { budgetItemMonths, budgetItems } from '../schema/budget.ts';
import { marketingPlans } from '../schema/plans.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
let ownerToken: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  ownerToken = (await login(t, DEMO.users.owner.email, DEMO.password)).AccessToken;
});
afterAll(async () => t.close());

describe('demo planning seed', () => {
  it('gives the demo three live plans (one in EUR), an archived plan, two templates and the four starter plays, and seeding again adds nothing', async () => {
    await seedDemo(t.database, { sandbox: true });
    const plans = await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.tenantId, DEMO.tenantId));
    const states = plans.map((plan) => plan.state).sort();
    // Three live plans with the EMEA plan in EUR (currencies.seed.ts, issue 34).
    expect(states).toEqual([1, 1, 1, 2, 3, 3, 3, 3, 3, 3]);
    const items = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, DEMO_PLAN.id));
    expect(items).toHaveLength(DEMO_PLAN.items.length);
  });

  it('phases every item of the live plan by month so that the months add up to its amount', async () => {
    const rows = await t.ctx.db
      .select({
        id: budgetItems.id,
        amount: budgetItems.amountCents,
        months: sql<number>`sum(${budgetItemMonths.amountCents})`.mapWith(Number),
      })
      .from(budgetItems)
      .innerJoin(budgetItemMonths, eq(budgetItemMonths.budgetItemId, budgetItems.id))
      .where(eq(budgetItems.marketingPlanId, DEMO_PLAN.id))
      .groupBy(budgetItems.id, budgetItems.amountCents);
    expect(rows).toHaveLength(DEMO_PLAN.items.length);
    for (const row of rows) expect(row.months).toBe(row.amount);
  });

  it('spans productive, operational and personnel categories, each item with a GL code, readable through the API', async () => {
    const response = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: DEMO_PLAN.id }, ownerToken);
    expect(response.status).toBe(200);
    const types = new Set(response.body.Result.map((item: { CategoryType: number }) => item.CategoryType));
    expect([...types].sort()).toEqual([1, 2, 3]);
    expect(
      response.body.Result.every(
        (item: { GeneralLedgerCodeId: string | null; IsPhased: boolean }) => item.GeneralLedgerCodeId && item.IsPhased,
      ),
    ).toBe(true);
    const lookups = await t.post('/api/LookupClient/GetLookupInformation', {}, ownerToken);
    const byType = (type: number) => lookups.body.Result.filter((entry: { LookupType: number }) => entry.LookupType === type).length;
    expect(byType(1)).toBeGreaterThanOrEqual(5);
    expect(byType(2)).toBe(6);
  });
});
