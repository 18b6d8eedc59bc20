import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPerformanceFixture, PERFORMANCE_GET } from '../../../test/objective-factories.ts';
import { createStages, EXPECTATION, FUNNEL } from '../../../test/funnel-factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: TestTenant;
let fixture: Awaited<ReturnType<typeof createPerformanceFixture>>;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-01T12:00:00Z')) });
  acme = await createTenant(t, { name: 'Acme' });
  fixture = await createPerformanceFixture(t, acme);
});
afterAll(async () => t.close());

const getPerformance = async (planId = fixture.plan.id) => {
  const response = await t.post(PERFORMANCE_GET, { MarketingPlanId: planId }, await acme.tokenFor('viewer'));
  expect(response.status).toBe(200);
  return response.body.Result;
};

describe('PerformanceClient/Get (DESIGN.md §9), checked against hand-computed fixtures', () => {
  it('answers the plan totals: active items’ budget, committed and every active actual expense of the plan', async () => {
    const result = await getPerformance();
    expect(result).toMatchObject({
      PlanName: fixture.plan.name,
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      Budget: 17_000.01, // 10,000.00 + 5,000.01 + 2,000.00 (the inactive 7,000 item is left out)
      Committed: 500,
      Spent: 3_450.01, // 1,234.56 + 765.44 + 50.00 + 100.01 + 300.00 (inactive item) + 1,000.00 (unlinked)
    });
  });

  it('answers KPIs now and at the end of last month: spend, revenue value, ROI and cost per result', async () => {
    const { Kpis, PreviousKpis } = await getPerformance();
    expect(Kpis).toEqual({
      AsOf: '2026-07-01',
      Spent: 3_450.01,
      Value: 150_000.1, // the IsRevenue pipeline objective
      Roi: 42.4782, // (150,000.10 − 3,450.01) ÷ 3,450.01 = 42.47816…
      CostPerResult: 4.29, // MQLs’ 2,150.01 ÷ 500.75 (the other count objectives have no spend nor results)
    });
    expect(PreviousKpis).toEqual({
      AsOf: '2026-06-30',
      Spent: 3_400.01, // without the 50.00 of July 1
      Value: 150_000.1,
      Roi: 43.1175, // (150,000.10 − 3,400.01) ÷ 3,400.01 = 43.11754…
      CostPerResult: 4.19, // 2,100.01 ÷ 500.75 = 4.1937…
    });
  });

  it('lists every objective with the same computed fields as GetObjectives', async () => {
    const result = await getPerformance();
    const list = await t.post('/api/ObjectiveClient/GetObjectives', { MarketingPlanId: fixture.plan.id }, await acme.tokenFor('owner'));
    expect(result.Objectives).toEqual(list.body.Result);
    expect(result.Objectives).toHaveLength(6);
  });

  it('answers every plan month with its spend, count objectives’ cost per result and each objective’s results', async () => {
    const { Months } = await getPerformance();
    expect(Months.map((month: { Month: string }) => month.Month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    const month = (name: string) => Months.find((row: { Month: string }) => row.Month === name);
    const { mqls, pipeline, winRate } = fixture.objectives;
    // A month with results but no spend on their items has no cost per result (no $0 point on the chart).
    expect(month('2026-01')).toMatchObject({ Spent: 0, CountResults: 120, CountSpent: 0, CostPerResult: null });
    expect(month('2026-02')).toMatchObject({ Spent: 1_000, CountResults: 130.5, CountSpent: 0, CostPerResult: null });
    // 1,234.56 ÷ 150 = 8.2304
    expect(month('2026-03')).toMatchObject({ Spent: 1_234.56, CountResults: 150, CountSpent: 1_234.56, CostPerResult: 8.23 });
    // April: spend on MQLs' item, no results
    expect(month('2026-04')).toMatchObject({ Spent: 765.44, CountResults: 0, CountSpent: 765.44, CostPerResult: null });
    // May: 300 on the inactive item is plan spend only
    expect(month('2026-05')).toMatchObject({ Spent: 300, CountResults: 100.25, CountSpent: 0, CostPerResult: null });
    expect(month('2026-12')).toMatchObject({ Spent: 0, CountResults: 0, CostPerResult: null, Results: [] });
    const results = (name: string) =>
      Object.fromEntries(
        month(name).Results.map((row: { ObjectiveId: string; Value: number; Spent: number }) => [row.ObjectiveId, [row.Value, row.Spent]]),
      );
    expect(results('2026-02')).toEqual({ [mqls.Id]: [130.5, 0], [pipeline.Id]: [100_000.1, 0] });
    // latest aggregation: the month's latest-dated result
    expect(results('2026-06')[winRate.Id]).toEqual([22, 0]);
    expect(results('2026-06')[mqls.Id]).toEqual([0, 100.01]);
    expect(results('2026-07')).toEqual({ [mqls.Id]: [0, 50] });
  });

  it('answers an empty plan with zeros and null ratios', async () => {
    const plan = await createPlan(t, acme, { startDate: '2026-03-15', endDate: '2026-05-02' });
    const result = await getPerformance(plan.id);
    expect(result).toMatchObject({ Budget: 0, Spent: 0, Committed: 0, Objectives: [], Funnel: null });
    expect(result.Kpis).toEqual({ AsOf: '2026-07-01', Spent: 0, Value: 0, Roi: null, CostPerResult: null });
    expect(result.Months.map((month: { Month: string }) => month.Month)).toEqual(['2026-03', '2026-04', '2026-05']);
  });
});

describe('PerformanceClient/Get: the funnel planned vs expected vs actual (DESIGN.md §9)', () => {
  /** A January–April plan with a $1,000 budget phased $100, $200, $300, $400, in a tenant with the stages Lead → MQL → Customer. */
  const setUp = async () => {
    const tenant = await createTenant(t, { name: 'Funnel Co' });
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-04-30' });
    const category = await createCategory(t, tenant);
    await createItem(t, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 100_000,
      months: { '2026-01': 10_000, '2026-02': 20_000, '2026-03': 30_000, '2026-04': 40_000 },
    });
    const [lead, mql, customer] = await createStages(t, tenant, ['Lead', 'MQL', 'Customer']);
    if (!lead || !mql || !customer) throw new Error('stages');
    const token = await tenant.tokenFor('member');
    const get = async () => {
      const response = await t.post(PERFORMANCE_GET, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
      expect(response.status).toBe(200);
      return response.body.Result.Funnel;
    };
    return { plan, stages: { lead, mql, customer }, token, get };
  };

  it('answers null while the plan has no funnel model, even with stages and actuals', async () => {
    const { plan, stages, token, get } = await setUp();
    const actuals = await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-01', Count: 5 }] },
      token,
    );
    expect(actuals.status).toBe(200);
    expect(await get()).toBeNull();
  });

  it('answers each active stage’s required, forecast and actual totals over the plan’s months', async () => {
    const { plan, stages, token, get } = await setUp();
    // $10,000 ÷ $500 = 20 customers ← 100 MQLs at 20% ← 200 leads at 50%.
    const model = await t.post(
      FUNNEL.save,
      {
        MarketingPlanId: plan.id,
        RevenueGoal: 10_000,
        AverageDealSize: 500,
        Stages: [
          { FunnelStageId: stages.lead.id, ConversionRate: 0.5, VelocityDays: 30 },
          { FunnelStageId: stages.mql.id, ConversionRate: 0.2, VelocityDays: 45 },
        ],
      },
      token,
    );
    expect(model.status).toBe(200);
    await t.post(
      FUNNEL.saveActuals,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { FunnelStageId: stages.lead.id, Month: '2026-01', Count: 17 },
          { FunnelStageId: stages.lead.id, Month: '2026-03', Count: 3.5 },
          { FunnelStageId: stages.mql.id, Month: '2026-02', Count: 4 },
        ],
      },
      token,
    );
    // Nothing forecast yet: Expected is null, not 0.
    expect(await get()).toEqual([
      { FunnelStageId: stages.lead.id, Name: 'Lead', Planned: 200, Expected: null, Actual: 20.5 },
      { FunnelStageId: stages.mql.id, Name: 'MQL', Planned: 100, Expected: null, Actual: 4 },
      { FunnelStageId: stages.customer.id, Name: 'Customer', Planned: 20, Expected: null, Actual: 0 },
    ]);
    // Generate spreads 200 leads by budget (20, 40, 60, 80); MQLs follow one month later at 50%
    // (Feb–Apr: 10 + 20 + 30 = 60, April's 40 falls past the plan); customers 75 days (3 months)
    // after the leads at 50% × 20% (April: January's 20 × 10% = 2).
    expect((await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token)).status).toBe(200);
    expect(await get()).toEqual([
      { FunnelStageId: stages.lead.id, Name: 'Lead', Planned: 200, Expected: 200, Actual: 20.5 },
      { FunnelStageId: stages.mql.id, Name: 'MQL', Planned: 100, Expected: 60, Actual: 4 },
      { FunnelStageId: stages.customer.id, Name: 'Customer', Planned: 20, Expected: 2, Actual: 0 },
    ]);
  });

  // Last in the file: it adds a planned expense to the shared fixture.
  it('answers Planned, Available and Left to plan beside the totals (DESIGN.md §12)', async () => {
    await createExpenseRow(t, acme, {
      planId: fixture.plan.id,
      itemId: fixture.items.search.id,
      amountCents: 80_000,
      purchaseDate: '2026-09-01',
      status: 1,
      active: true,
    });
    const result = await getPerformance();
    expect(result).toMatchObject({
      Budget: 17_000.01,
      Planned: 800,
      Committed: 500,
      Spent: 3_450.01,
      Available: 13_050, // 17,000.01 − 500 − 3,450.01
      LeftToPlan: 12_250, // 17,000.01 − 800 − 500 − 3,450.01
    });
  });
});
