import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { budgetItems } from '../src/schema/budget.ts';
import type { TestTenant } from './factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from './planning-factories.ts';
import type { TestApp } from './test-app.ts';

export const OBJECTIVE_API = '/api/ObjectiveClient';
export const PERFORMANCE_GET = '/api/PerformanceClient/Get';

/** Saves an objective through the API as the tenant's Owner; answers the saved objective. */
export const saveObjective = async (t: TestApp, tenant: TestTenant, fields: Record<string, unknown>) => {
  const response = await t.post(`${OBJECTIVE_API}/Save`, { Id: EMPTY_ID, MetricType: 1, ...fields }, await tenant.tokenFor('owner'));
  if (response.status !== 200) throw new Error(`Save objective: ${response.status} ${response.text}`);
  return response.body.Result as { Id: string; Name: string; Version: number };
};

export const saveResult = async (t: TestApp, tenant: TestTenant, objectiveId: string, date: string, value: number, note?: string) => {
  const response = await t.post(
    `${OBJECTIVE_API}/SaveResult`,
    { ObjectiveId: objectiveId, Date: date, Value: value, Note: note },
    await tenant.tokenFor('owner'),
  );
  if (response.status !== 200) throw new Error(`SaveResult: ${response.status} ${response.text}`);
  return response.body.Result;
};

export const linkItem = (t: TestApp, tenant: TestTenant, itemId: string, objectiveId: string | null) =>
  t.ctx.db
    .update(budgetItems)
    .set({ objectiveId })
    .where(and(eq(budgetItems.tenantId, tenant.id), eq(budgetItems.id, itemId)));

/**
 * The fixture every figure test reads, on a 2026 plan seen on 2026-07-01 (182 of 365 days begun).
 * Figures in the tests are worked out by hand from these rows (see the comments there).
 */
export const createPerformanceFixture = async (t: TestApp, tenant: TestTenant) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const category = await createCategory(t, tenant, { name: 'Media', categoryType: 1 });
  const mqls = await saveObjective(t, tenant, { MarketingPlanId: plan.id, Name: 'MQLs', Metric: 'MQLs', TargetValue: 1000 });
  const pipeline = await saveObjective(t, tenant, {
    MarketingPlanId: plan.id,
    Name: 'Pipeline created',
    MetricType: 2,
    IsRevenue: true,
    TargetValue: 500_000,
  });
  const winRate = await saveObjective(t, tenant, {
    MarketingPlanId: plan.id,
    Name: 'Win rate',
    MetricType: 3,
    Aggregation: 2,
    TargetValue: 25,
  });
  const attendees = await saveObjective(t, tenant, {
    MarketingPlanId: plan.id,
    Name: 'Event attendees',
    TargetValue: 300,
    StartDate: '2026-09-01',
    EndDate: '2026-09-30',
  });
  const costPerLead = await saveObjective(t, tenant, {
    MarketingPlanId: plan.id,
    Name: 'Cost per lead',
    MetricType: 2,
    Aggregation: 2,
    HigherIsBetter: false,
    TargetValue: 150,
  });
  const webinars = await saveObjective(t, tenant, { MarketingPlanId: plan.id, Name: 'Webinar sign-ups', TargetValue: 400 });

  await saveResult(t, tenant, mqls.Id, '2026-01-15', 120);
  await saveResult(t, tenant, mqls.Id, '2026-02-10', 130.5);
  await saveResult(t, tenant, mqls.Id, '2026-03-20', 150);
  await saveResult(t, tenant, mqls.Id, '2026-05-05', 100.25);
  await saveResult(t, tenant, pipeline.Id, '2026-02-01', 100_000.1);
  await saveResult(t, tenant, pipeline.Id, '2026-06-30', 50_000);
  await saveResult(t, tenant, winRate.Id, '2026-03-31', 20);
  await saveResult(t, tenant, winRate.Id, '2026-06-15', 22);
  await saveResult(t, tenant, winRate.Id, '2026-05-01', 23.5);
  await saveResult(t, tenant, costPerLead.Id, '2026-06-01', 140);

  const search = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 1_000_000, name: 'Paid search' });
  const social = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 500_001, name: 'Paid social' });
  const retired = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 700_000,
    name: 'Retired',
    active: false,
  });
  const brand = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 200_000, name: 'Brand (unlinked)' });
  for (const item of [search, social, retired]) await linkItem(t, tenant, item.id, mqls.Id);
  const spend = (itemId: string, amountCents: number, purchaseDate: string, status: 1 | 2 | 3 = 3, active = true) =>
    createExpenseRow(t, tenant, { planId: plan.id, itemId, amountCents, purchaseDate, status, active });
  await spend(search.id, 123_456, '2026-03-03');
  await spend(search.id, 76_544, '2026-04-04');
  await spend(search.id, 50_000, '2026-06-20', 2); // committed: not spent
  await spend(search.id, 99_900, '2026-04-10', 3, false); // inactive: not spent
  await spend(search.id, 5_000, '2026-07-01'); // after the end of last month
  await spend(social.id, 10_001, '2026-06-01');
  await spend(retired.id, 30_000, '2026-05-05'); // plan spend, but its item is inactive: not the objective's
  await spend(brand.id, 100_000, '2026-02-15');
  return {
    plan,
    category,
    items: { search, social, retired, brand },
    objectives: { mqls, pipeline, winRate, attendees, costPerLead, webinars },
  };
};
