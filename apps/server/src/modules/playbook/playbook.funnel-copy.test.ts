import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createStages, EXPECTATION, FUNNEL, withCellVersions } from '../../../test/funnel-factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { funnelModels, funnelStageSettings } from '../../schema/funnels.ts';
import { expectations } from '../../schema/objectives.ts';

const API = '/api/PlaybookClient';
let t: TestApp;
let acme: TestTenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
});
// Each test gets its own tenant: funnel stages are tenant-wide, and Generate needs every stage's rate.
beforeEach(async () => {
  acme = await createTenant(t, { name: 'Acme' });
  token = await acme.tokenFor('owner');
});
afterAll(async () => t.close());

/** The funnel model rows of a plan, without the plan id and times: what a copy is compared on. */
const funnelOf = async (planId: string) => {
  const [model] = await t.ctx.db
    .select()
    .from(funnelModels)
    .where(and(eq(funnelModels.tenantId, acme.id), eq(funnelModels.marketingPlanId, planId)));
  const stages = await t.ctx.db
    .select()
    .from(funnelStageSettings)
    .where(and(eq(funnelStageSettings.tenantId, acme.id), eq(funnelStageSettings.marketingPlanId, planId)))
    .orderBy(asc(funnelStageSettings.funnelStageId));
  return {
    model: model
      ? {
          revenueGoalCents: model.revenueGoalCents,
          averageDealSizeCents: model.averageDealSizeCents,
          costPerLeadCents: model.costPerLeadCents,
        }
      : null,
    stages: stages.map((stage) => ({
      funnelStageId: stage.funnelStageId,
      conversionRate: stage.conversionRate,
      velocityDays: stage.velocityDays,
    })),
  };
};

const expectationRowsOf = (planId: string) =>
  t.ctx.db
    .select()
    .from(expectations)
    .where(and(eq(expectations.tenantId, acme.id), eq(expectations.marketingPlanId, planId)));

/**
 * A 2026 plan with a funnel model whose goal and deal size have odd cents, a stage with no rate,
 * a forecast grid from Generate and actual counts: the model must come along, the counts must not.
 */
const makeFunnelPlan = async () => {
  const plan = await createPlan(t, acme, { name: 'Funnel plan', startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(t, acme, { name: 'Media' });
  await createItem(t, acme, { planId: plan.id, categoryId: category.id, amountCents: 600_000, months: { '2026-01': 600_000 } });
  const [lead, mql, customer] = await createStages(t, acme, ['Lead', 'MQL', 'Customer']);
  if (!lead || !mql || !customer) throw new Error('stages');
  const saved = await t.post(
    FUNNEL.save,
    {
      MarketingPlanId: plan.id,
      RevenueGoal: 1_234_567.89,
      AverageDealSize: 12_345.67,
      CostPerLead: 42.01,
      Stages: [
        { FunnelStageId: lead.id, ConversionRate: 0.1234, VelocityDays: 14 },
        { FunnelStageId: mql.id, ConversionRate: 0.25, VelocityDays: 45 },
        { FunnelStageId: customer.id, ConversionRate: null, VelocityDays: 0 },
      ],
    },
    token,
  );
  expect(saved.status).toBe(200);
  expect((await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token)).status).toBe(200);
  // The cell Generate wrote is changed from the version the grid shows (DESIGN.md §13).
  const grid = (await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, token)).body.Result;
  const actuals = await t.post(
    FUNNEL.saveActuals,
    { MarketingPlanId: plan.id, Cells: withCellVersions([{ FunnelStageId: lead.id, Month: '2026-01', Count: 120 }], grid) },
    token,
  );
  expect(actuals.status).toBe(200);
  expect((await expectationRowsOf(plan.id)).length).toBeGreaterThan(0);
  return { plan, stages: { lead, mql, customer } };
};

describe('the funnel model goes with a copy', () => {
  it('CreatePlan copies the goal, deal size and cost per lead cent by cent and every stage’s rate and velocity, not the forecast or actuals', async () => {
    const { plan, stages } = await makeFunnelPlan();
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'Funnel plan 2027', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status).toBe(200);
    const copyId = response.body.Result.Id;

    expect(await funnelOf(copyId)).toEqual({
      model: { revenueGoalCents: 123_456_789, averageDealSizeCents: 1_234_567, costPerLeadCents: 4_201 },
      stages: [
        { funnelStageId: stages.lead.id, conversionRate: 0.1234, velocityDays: 14 },
        { funnelStageId: stages.mql.id, conversionRate: 0.25, velocityDays: 45 },
        { funnelStageId: stages.customer.id, conversionRate: null, velocityDays: 0 },
      ].sort((a, b) => a.funnelStageId.localeCompare(b.funnelStageId)),
    });
    expect(await funnelOf(copyId)).toEqual(await funnelOf(plan.id));
    expect(await expectationRowsOf(copyId)).toEqual([]);

    // The funnel page of the new plan answers the same model and reverse math, with no actuals.
    const [source, copy] = await Promise.all([
      t.post(FUNNEL.get, { MarketingPlanId: plan.id }, token),
      t.post(FUNNEL.get, { MarketingPlanId: copyId }, token),
    ]);
    expect(copy.status).toBe(200);
    expect(copy.body.Result).toMatchObject({
      RevenueGoal: 1_234_567.89,
      AverageDealSize: 12_345.67,
      CostPerLead: 42.01,
      DealsNeeded: source.body.Result.DealsNeeded,
      ImpliedBudget: source.body.Result.ImpliedBudget,
    });
    type Stage = { FunnelStageId: string; ConversionRate: number | null; VelocityDays: number; Required: number; Actual: number };
    const stageFields = (stage: Stage) => [stage.FunnelStageId, stage.ConversionRate, stage.VelocityDays, stage.Required];
    expect(copy.body.Result.Stages.map(stageFields)).toEqual(source.body.Result.Stages.map(stageFields));
    expect(source.body.Result.Stages.some((stage: Stage) => stage.Actual > 0)).toBe(true);
    expect(copy.body.Result.Stages.map((stage: Stage) => stage.Actual)).toEqual([0, 0, 0]);

    const [audit] = await t.ctx.db.select().from(activities).where(eq(activities.entityId, copyId));
    expect(audit?.description).toBe(
      'Created from the plan “Funnel plan”: 1 budget item, 0 objectives and the funnel model, moved 12 months.',
    );
  });

  it('SaveAsTemplate keeps the funnel model in the play, and a plan made from that play has it too', async () => {
    const { plan } = await makeFunnelPlan();
    const saved = await t.post(`${API}/SaveAsTemplate`, { MarketingPlanId: plan.id, Name: 'Funnel play' }, token);
    expect(saved.status).toBe(200);
    const playId = saved.body.Result.Id;
    expect(await funnelOf(playId)).toEqual(await funnelOf(plan.id));
    expect(await expectationRowsOf(playId)).toEqual([]);

    const used = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: playId, Name: 'From the funnel play', TeamId: acme.teamId, StartDate: '2026-09-01' },
      token,
    );
    expect(used.status).toBe(200);
    expect(await funnelOf(used.body.Result.Id)).toEqual(await funnelOf(plan.id));
  });

  it('leaves a copy of a plan without a funnel model without one', async () => {
    const plan = await createPlan(t, acme, { name: 'No funnel', startDate: '2026-01-01', endDate: '2026-12-31' });
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'Still no funnel', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status).toBe(200);
    expect(await funnelOf(response.body.Result.Id)).toEqual({ model: null, stages: [] });
  });
});
