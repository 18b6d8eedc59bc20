import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createStages, EXPECTATION, FUNNEL, withFunnelVersions } from '../../../test/funnel-factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { compressVelocities, findForecastShortfall } from './generate-expectations.ts';

// Issue 28 B3: when velocity shifts deals past the plan's end, the grid says how many, and
// Generate can compress the velocity so that every needed deal lands inside the plan.

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  acme = await createTenant(t, { name: 'Acme' });
});
afterAll(async () => t.close());

/**
 * A 2026 plan without budget (leads spread evenly), Lead → Customer at 10 % taking 90 days:
 * $1,000,000 ÷ $25,000 = 40 deals ← 400 leads, 33.33 a month; customers come 3 months later,
 * so only April–December's 9 × 3.33 = 30 land in the plan and 10 fall after it.
 */
const setUp = async () => {
  const plan = await createPlan(t, acme, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const [lead, customer] = await createStages(t, acme, ['Lead', 'Customer']);
  if (!lead || !customer) throw new Error('stages');
  const token = await acme.tokenFor('member');
  const saved = await t.post(
    FUNNEL.save,
    {
      MarketingPlanId: plan.id,
      RevenueGoal: 1_000_000,
      AverageDealSize: 25_000,
      Stages: [{ FunnelStageId: lead.id, ConversionRate: 0.1, VelocityDays: 90 }],
    },
    token,
  );
  expect(saved.status).toBe(200);
  return { plan, token, lead, funnel: saved.body.Result };
};

const customersInPlan = (grid: { Rows: { Cells: { Expected: number | null }[] }[] }) =>
  (grid.Rows.at(-1)?.Cells ?? []).reduce((sum, cell) => sum + (cell.Expected ?? 0), 0);

describe('a forecast that falls short of the goal', () => {
  it('says how many of the needed deals fall after the plan ends, before and after Generate', async () => {
    const { plan, token } = await setUp();
    const before = await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, await acme.tokenFor('viewer'));
    expect(before.body.Result.Shortfall).toEqual({
      StageName: 'Customer',
      Needed: 40,
      InsidePlan: 30,
      AfterPlan: 10,
      VelocityDays: 90,
      ShiftMonths: 3,
      FitVelocityDays: 14,
    });
    const generated = await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token);
    expect(customersInPlan(generated.body.Result)).toBe(30);
    expect(generated.body.Result.Shortfall).toMatchObject({ Needed: 40, AfterPlan: 10 });
  });

  it('compresses the velocity on request so every needed deal lands inside the plan, and records the change', async () => {
    const { plan, token } = await setUp();
    const response = await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id, CompressVelocity: true }, token);
    expect(response.status).toBe(200);
    expect(customersInPlan(response.body.Result)).toBe(40);
    expect(response.body.Result.Shortfall).toBeNull();
    const funnel = await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, token);
    expect(funnel.body.Result.Stages[0].VelocityDays).toBe(14);
  });

  it('has no shortfall when nothing shifts past the end', async () => {
    const { plan, token, lead, funnel } = await setUp();
    const saved = await t.post(
      FUNNEL.save,
      withFunnelVersions(
        {
          MarketingPlanId: plan.id,
          RevenueGoal: 1_000_000,
          AverageDealSize: 25_000,
          Stages: [{ FunnelStageId: lead.id, ConversionRate: 0.1, VelocityDays: 14 }],
        },
        funnel,
      ),
      token,
    );
    expect(saved.status, saved.text).toBe(200);
    const grid = await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, token);
    expect(grid.body.Result.Shortfall).toBeNull();
  });
});

describe('the velocity that fits', () => {
  // Budget only in the first 8 of 12 months: a shift of up to 4 months keeps every deal inside.
  const phased = [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0].map((share) => share * 100_000);
  const stages = (first: number, second: number) => [
    { rateTenThousandths: 5000, velocityDays: first },
    { rateTenThousandths: 2000, velocityDays: second },
    { rateTenThousandths: null, velocityDays: 0 },
  ];

  it('keeps as much velocity as still fits: 180 days lose deals, 4 months (134 days) would not', () => {
    const found = findForecastShortfall({ firstStageRequired: 400, needed: 40, budgetCentsByMonth: phased, stages: stages(60, 120) });
    expect(found).toEqual({ needed: 40, inside: 30, velocityDays: 180, shiftMonths: 6, fitVelocityDays: 134 });
    expect(findForecastShortfall({ firstStageRequired: 400, needed: 40, budgetCentsByMonth: phased, stages: stages(60, 74) })).toBeNull();
  });

  it('scales each stage’s days in proportion, rounding down, and leaves the last stage’s alone', () => {
    expect(compressVelocities(stages(60, 120), 134)).toEqual([44, 89, 0]);
  });
});
