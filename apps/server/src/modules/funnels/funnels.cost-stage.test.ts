import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createStages, FUNNEL, withFunnelVersions } from '../../../test/funnel-factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { lookups } from '../../schema/lookups.ts';

// Issue 28 B3: the cost per entry refers to a stage the planner chooses (Lead by default), and the
// implied budget is that stage's volume × the cost — not always the first stage's.

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  acme = await createTenant(t, { name: 'Acme' });
});
afterAll(async () => t.close());

/** Visitor → Lead → MQL → Customer; $1,000,000 ÷ $25,000 = 40 deals ÷ 0.25 = 160 MQLs ÷ 0.4 = 400 leads ÷ 0.05 = 8,000 visitors. */
const setUp = async (names = ['Visitor', 'Lead', 'MQL', 'Customer']) => {
  const plan = await createPlan(t, acme, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const stages = await createStages(t, acme, names);
  const rates = [0.05, 0.4, 0.25];
  const body = (fields: Record<string, unknown> = {}) => ({
    MarketingPlanId: plan.id,
    RevenueGoal: 1_000_000,
    AverageDealSize: 25_000,
    CostPerLead: 19.99,
    Stages: stages.slice(0, -1).map((stage, index) => ({ FunnelStageId: stage.id, ConversionRate: rates[index], VelocityDays: 0 })),
    ...fields,
  });
  return { plan, stages, body };
};

describe('the funnel’s cost stage', () => {
  it('reads the cost as a cost per lead by default: the implied budget is the Lead stage’s 400 × $19.99, not the 8,000 visitors', async () => {
    const { stages, body } = await setUp();
    const response = await t.post(FUNNEL.save, body(), await acme.tokenFor('member'));
    expect(response.status).toBe(200);
    expect(response.body.Result.Stages.map((stage: { Required: number }) => stage.Required)).toEqual([8000, 400, 160, 40]);
    expect(response.body.Result.CostStageId).toBe(stages[1]?.id);
    expect(response.body.Result.ImpliedBudget).toBe(7_996); // 400 × $19.99, exactly
  });

  it('uses the first stage when no stage is named Lead', async () => {
    const { stages, body } = await setUp(['Visitor', 'Prospect', 'MQL', 'Customer']);
    const response = await t.post(FUNNEL.save, body(), await acme.tokenFor('member'));
    expect(response.body.Result.CostStageId).toBe(stages[0]?.id);
    expect(response.body.Result.ImpliedBudget).toBe(159_920); // 8,000 × $19.99
  });

  it('keeps the chosen stage, answers its volume × the cost, and keeps it when a later save leaves CostStageId out', async () => {
    const { plan, stages, body } = await setUp();
    const token = await acme.tokenFor('member');
    const chosen = await t.post(FUNNEL.save, body({ CostStageId: stages[0]?.id, CostPerLead: 4.5 }), token);
    expect(chosen.status).toBe(200);
    expect(chosen.body.Result).toMatchObject({ CostStageId: stages[0]?.id, ImpliedBudget: 36_000 }); // 8,000 visitors × $4.50
    const kept = await t.post(FUNNEL.save, withFunnelVersions(body({ CostPerLead: 5 }), chosen.body.Result), token);
    expect(kept.body.Result).toMatchObject({ CostStageId: stages[0]?.id, ImpliedBudget: 40_000 });
    const reset = await t.post(FUNNEL.save, withFunnelVersions(body({ CostStageId: null, CostPerLead: 5 }), kept.body.Result), token);
    expect(reset.body.Result).toMatchObject({ CostStageId: stages[1]?.id, ImpliedBudget: 2_000 });
    const read = await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, await acme.tokenFor('viewer'));
    expect(read.body.Result.CostStageId).toBe(stages[1]?.id);
  });

  it('falls back to the default while the chosen stage is deactivated', async () => {
    const { plan, stages, body } = await setUp();
    await t.post(FUNNEL.save, body({ CostStageId: stages[2]?.id, CostPerLead: 100 }), await acme.tokenFor('member'));
    await t.ctx.db
      .update(lookups)
      .set({ active: false })
      .where(and(eq(lookups.tenantId, acme.id), eq(lookups.id, stages[2]?.id ?? '')));
    const read = await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, await acme.tokenFor('viewer'));
    expect(read.body.Result.CostStageId).toBe(stages[1]?.id);
  });

  it('refuses a cost stage that is not one of the tenant’s active stages with 400 on CostStageId', async () => {
    const { body } = await setUp();
    const other = await createTenant(t, { name: 'Other' });
    const [foreign] = await createStages(t, other, ['Lead']);
    const response = await t.post(FUNNEL.save, body({ CostStageId: foreign?.id }), await acme.tokenFor('member'));
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([
      { Field: 'CostStageId', Message: 'Choose one of your active funnel stages (Account › Lookups).' },
    ]);
  });
});
