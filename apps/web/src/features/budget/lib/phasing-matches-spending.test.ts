import { monthsBetween, spendingRoutes } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { spreadEvenly } from './phasing.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterAll(() => api.close());

describe('an item without phasing', () => {
  it('has the same budget per month in the spending report as the phasing grid’s “Spread evenly”', async () => {
    const tenant = await createTenant(api.server);
    // Seven months and an amount that leaves 3 cents over: where those cents go is the rule.
    const plan = await createPlan(api.server, tenant, { startDate: '2026-02-10', endDate: '2026-08-05' });
    const category = await createCategory(api.server, tenant, { name: 'Events', categoryType: 1 });
    await createItem(api.server, tenant, { planId: plan.id, categoryId: category.id, amountCents: 100_005 });

    const report = await api.call(spendingRoutes.spendingReport, { MarketingPlanId: plan.id }, await tenant.tokenFor('owner'));
    const grid = spreadEvenly(1000.05, monthsBetween(plan.startDate, plan.endDate));

    expect(Object.keys(grid)).toHaveLength(7);
    expect(report.Months.map((month) => [month.Month, month.Budgeted])).toEqual(Object.entries(grid));
  });
});
