import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { lookups } from '../../schema/lookups.ts';
import { createStages, FUNNEL, funnelSnapshot, withFunnelVersions } from '../../../test/funnel-factories.ts';

let t: TestApp;
// Each test gets its own tenant: funnel stages are tenant-wide.
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  acme = await createTenant(t, { name: 'Acme' });
});
afterAll(async () => t.close());

/** A plan with a $150,000 budget, $7,000 actual spend and the stages Lead → MQL → Opportunity → Customer. */
const setUp = async (tenant = acme) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(t, tenant);
  const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 15_000_000 });
  await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 700_000, purchaseDate: '2026-02-10' });
  const [lead, mql, opportunity, customer] = await createStages(t, tenant, ['Lead', 'MQL', 'Opportunity', 'Customer']);
  if (!lead || !mql || !opportunity || !customer) throw new Error('stages');
  return { plan, stages: { lead, mql, opportunity, customer } };
};

const model = (planId: string, stages: Awaited<ReturnType<typeof setUp>>['stages'], fields: Record<string, unknown> = {}) => ({
  MarketingPlanId: planId,
  RevenueGoal: 1_000_000,
  AverageDealSize: 25_000,
  CostPerLead: 50,
  Stages: [
    { FunnelStageId: stages.lead.id, ConversionRate: 0.1, VelocityDays: 14 },
    { FunnelStageId: stages.mql.id, ConversionRate: 0.4, VelocityDays: 30 },
    { FunnelStageId: stages.opportunity.id, ConversionRate: 0.25, VelocityDays: 60 },
  ],
  ...fields,
});

describe('the funnel model', () => {
  it('answers an empty model with the tenant’s stages before anything is saved', async () => {
    const { plan } = await setUp();
    const response = await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, await acme.tokenFor('viewer'));
    expect(response.status).toBe(200);
    const funnel = response.body.Result;
    expect(funnel).toMatchObject({ HasModel: false, DealsNeeded: null, ImpliedBudget: null, PlanBudget: 150_000, PlanSpend: 7_000 });
    expect(funnel.Stages.map((stage: { Name: string; Required: null }) => [stage.Name, stage.Required])).toEqual([
      ['Lead', null],
      ['MQL', null],
      ['Opportunity', null],
      ['Customer', null],
    ]);
  });

  it('saves the goal and rates and answers the reverse math: deals, volume per stage, implied budget against the plan budget', async () => {
    const { plan, stages } = await setUp();
    const response = await t.post(FUNNEL.save, model(plan.id, stages), await acme.tokenFor('member'));
    expect(response.status).toBe(200);
    const funnel = response.body.Result;
    // $1,000,000 ÷ $25,000 = 40 deals; ÷ 0.25 = 160 opportunities; ÷ 0.4 = 400 MQLs; ÷ 0.1 = 4,000 leads × $50 = $200,000.
    expect(funnel).toMatchObject({ HasModel: true, RevenueGoal: 1_000_000, AverageDealSize: 25_000, CostPerLead: 50, DealsNeeded: 40 });
    expect(funnel.Stages.map((stage: { Required: number }) => stage.Required)).toEqual([4000, 400, 160, 40]);
    expect(funnel.ImpliedBudget).toBe(200_000);
    expect(funnel.BudgetCoversGoal).toBe(false);
    expect(funnel.Stages.at(-1).ConversionRate).toBeNull();
    const again = await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, await acme.tokenFor('viewer'));
    expect(again.body.Result).toEqual(funnel);
  });

  it('records actuals and answers actual conversion and cost per stage', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('member');
    await t.post(FUNNEL.save, model(plan.id, stages), token);
    const response = await t.post(
      FUNNEL.saveActuals,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { FunnelStageId: stages.lead.id, Month: '2026-01', Count: 100 },
          { FunnelStageId: stages.lead.id, Month: '2026-02', Count: 250 },
          { FunnelStageId: stages.mql.id, Month: '2026-01', Count: 35 },
        ],
      },
      token,
    );
    expect(response.status).toBe(200);
    const [lead, mql] = response.body.Result.Stages;
    // Lead → MQL over January only (February has no MQL actual): 35 ÷ 100. Cost: $7,000 ÷ 350 leads = $20.
    expect(lead).toMatchObject({ Actual: 350, ActualConversion: 0.35, CostPerStage: 20 });
    expect(mql).toMatchObject({ Actual: 35, ActualConversion: null, CostPerStage: 200 });

    const cleared = await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.mql.id, Month: '2026-02', Count: 100 }] },
      token,
    );
    expect(cleared.body.Result.Stages[0].ActualConversion).toBe(0.3857);
  });

  it('writes the change to the plan’s audit trail with before and after', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('member');
    const setUpSave = await t.post(FUNNEL.save, model(plan.id, stages), token);
    // The test clock stands still: move it so the feed's order is the order of the changes.
    t.clock.advance(1000);
    await t.post(FUNNEL.save, withFunnelVersions(model(plan.id, stages, { RevenueGoal: 1_200_000 }), setUpSave.body.Result), token);
    const feed = await t.post('/api/ActivityClient/Get', { MarketingPlanId: plan.id }, token);
    expect(feed.status).toBe(200);
    const [latest, first] = feed.body.Result;
    expect(latest.Description).toBe('Funnel model changed');
    expect(latest.Changes).toEqual([{ Field: 'RevenueGoal', From: 1_000_000, To: 1_200_000 }]);
    expect(first.Description).toBe('Funnel model set up');
  });
});

describe('funnel validation', () => {
  it.each([
    [
      'a rate above 1',
      (s: Stages) => ({ Stages: [{ FunnelStageId: s.lead.id, ConversionRate: 1.5, VelocityDays: 0 }] }),
      'Stages.0.ConversionRate',
    ],
    [
      'a negative rate',
      (s: Stages) => ({ Stages: [{ FunnelStageId: s.lead.id, ConversionRate: -0.1, VelocityDays: 0 }] }),
      'Stages.0.ConversionRate',
    ],
    [
      'negative days',
      (s: Stages) => ({ Stages: [{ FunnelStageId: s.lead.id, ConversionRate: 0.1, VelocityDays: -1 }] }),
      'Stages.0.VelocityDays',
    ],
    ['a deal size of 0', () => ({ AverageDealSize: 0 }), 'AverageDealSize'],
    ['a negative goal', () => ({ RevenueGoal: -1 }), 'RevenueGoal'],
  ])('refuses %s with 400 naming the field', async (_label, fields, field) => {
    const { plan, stages } = await setUp();
    const before = await funnelSnapshot(t, acme.id);
    const response = await t.post(FUNNEL.save, model(plan.id, stages, fields(stages)), await acme.tokenFor('owner'));
    expect(response.status).toBe(400);
    expect(response.body.Errors[0].Field).toBe(field);
    expect(await funnelSnapshot(t, acme.id)).toEqual(before);
  });

  it('refuses a stage that is not one of the tenant’s active funnel stages: a GL code, an inactive stage, a repeated stage', async () => {
    const { plan, stages } = await setUp();
    const [inactive] = await createStages(t, acme, ['Old stage']);
    await t.ctx.db
      .update(lookups)
      .set({ active: false })
      .where(eq(lookups.id, inactive?.id ?? ''));
    const token = await acme.tokenFor('owner');
    for (const stageId of [inactive?.id, plan.id]) {
      const response = await t.post(
        FUNNEL.save,
        model(plan.id, stages, { Stages: [{ FunnelStageId: stageId, ConversionRate: 0.1, VelocityDays: 0 }] }),
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body.Errors[0].Field).toBe('Stages.0.FunnelStageId');
    }
    const twice = { FunnelStageId: stages.lead.id, ConversionRate: 0.1, VelocityDays: 0 };
    const repeated = await t.post(FUNNEL.save, model(plan.id, stages, { Stages: [twice, twice] }), token);
    expect(repeated.status).toBe(400);
    expect(repeated.body.Errors[0].Field).toBe('Stages.1.FunnelStageId');
  });

  it('refuses actuals that are negative, outside the plan’s months or for an unknown stage, and writes none of the batch', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('owner');
    const good = { FunnelStageId: stages.lead.id, Month: '2026-01', Count: 5 };
    const cases = [
      [{ FunnelStageId: stages.lead.id, Month: '2026-02', Count: -1 }, 'Cells.1.Count'],
      [{ FunnelStageId: stages.lead.id, Month: '2026-07', Count: 1 }, 'Cells.1.Month'],
      [{ FunnelStageId: stages.lead.id, Month: '2026-13', Count: 1 }, 'Cells.1.Month'],
      [{ FunnelStageId: plan.id, Month: '2026-02', Count: 1 }, 'Cells.1.FunnelStageId'],
      [good, 'Cells.1'],
    ] as const;
    const before = await funnelSnapshot(t, acme.id);
    for (const [bad, field] of cases) {
      const response = await t.post(FUNNEL.saveActuals, { MarketingPlanId: plan.id, Cells: [good, bad] }, token);
      expect(response.status, field).toBe(400);
      expect(response.body.Errors[0].Field, field).toBe(field);
    }
    expect(await funnelSnapshot(t, acme.id)).toEqual(before);
  });
});

type Stages = Awaited<ReturnType<typeof setUp>>['stages'];

describe('changing the tenant’s funnel stages', () => {
  it('follows the lookups: a new stage joins without a rate, a reordered stage moves, a deactivated one leaves the math but keeps its settings', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('owner');
    await t.post(FUNNEL.save, model(plan.id, stages), token);
    const read = async () => (await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, token)).body.Result;

    // A new stage between MQL and Opportunity has no rate yet: the stages above it cannot be worked out.
    const [sql] = await createStages(t, acme, ['SQL']);
    await t.ctx.db
      .update(lookups)
      .set({ sortOrder: 25 })
      .where(eq(lookups.id, sql?.id ?? ''));
    let funnel = await read();
    expect(funnel.Stages.map((stage: { Name: string }) => stage.Name)).toEqual(['Lead', 'MQL', 'SQL', 'Opportunity', 'Customer']);
    expect(funnel.Stages.map((stage: { Required: number | null }) => stage.Required)).toEqual([null, null, null, 160, 40]);
    expect(funnel.Stages[2]).toMatchObject({ ConversionRate: null, VelocityDays: 0 });
    expect(funnel.ImpliedBudget).toBeNull();

    // Deactivating it restores the original math; its row stays for when it comes back.
    await t.ctx.db
      .update(lookups)
      .set({ active: false })
      .where(eq(lookups.id, sql?.id ?? ''));
    await t.post(FUNNEL.save, model(plan.id, stages, { Stages: [] }), token);
    funnel = await read();
    expect(funnel.Stages.map((stage: { Required: number }) => stage.Required)).toEqual([4000, 400, 160, 40]);

    // Deactivating the last stage makes Opportunity the last: it needs the deals and loses its rate to nothing.
    await t.ctx.db.update(lookups).set({ active: false }).where(eq(lookups.id, stages.customer.id));
    funnel = await read();
    expect(funnel.Stages.map((stage: { Name: string; Required: number }) => [stage.Name, stage.Required])).toEqual([
      ['Lead', 1000],
      ['MQL', 100],
      ['Opportunity', 40],
    ]);
    expect(funnel.Stages[2].ConversionRate).toBeNull();

    // Reactivated, Customer finds the plan's settings again: nothing was lost.
    await t.ctx.db.update(lookups).set({ active: true }).where(eq(lookups.id, stages.customer.id));
    funnel = await read();
    expect(funnel.Stages.map((stage: { Required: number }) => stage.Required)).toEqual([4000, 400, 160, 40]);
    expect(funnel.Stages[2].ConversionRate).toBe(0.25);
  });
});

describe('who may use the funnel', () => {
  it('lets a Viewer read but not change it, and a Member outside the team not even see it', async () => {
    const { plan, stages } = await setUp();
    const before = await funnelSnapshot(t, acme.id);
    const viewer = await acme.tokenFor('viewer');
    const save = await t.post(FUNNEL.save, model(plan.id, stages), viewer);
    expect(save.status).toBe(403);
    const actuals = await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-01', Count: 1 }] },
      viewer,
    );
    expect(actuals.status).toBe(403);
    const outsider = await acme.tokenFor('outsider');
    expect((await t.post(FUNNEL.get, { MarketingPlanId: plan.id }, outsider)).status).toBe(404);
    expect((await t.post(FUNNEL.save, model(plan.id, stages), outsider)).status).toBe(404);
    expect(await funnelSnapshot(t, acme.id)).toEqual(before);
  });

  it('refuses an archived plan’s funnel with 409', async () => {
    const plan = await createPlan(t, acme, { state: 2 });
    const response = await t.post(
      FUNNEL.save,
      { MarketingPlanId: plan.id, RevenueGoal: 1, AverageDealSize: 1, Stages: [] },
      await acme.tokenFor('owner'),
    );
    expect(response.status).toBe(409);
  });

  it.each(['starter', 'agility'] as const)('answers 403 naming the Performance plan to a %s tenant', async (planCode) => {
    const small = await createTenant(t, { planCode });
    const { plan, stages } = await setUp(small);
    const before = await funnelSnapshot(t, small.id);
    const token = await small.tokenFor('owner');
    for (const [url, body] of [
      [FUNNEL.get, { MarketingPlanId: plan.id }],
      [FUNNEL.save, model(plan.id, stages)],
      [FUNNEL.saveActuals, { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-01', Count: 1 }] }],
    ] as const) {
      const response = await t.post(url, body, token);
      expect(response.status, url).toBe(403);
      expect(response.body.Message).toBe('This is part of the Performance plan. Ask your account Owner to upgrade on the Billing page.');
    }
    expect(await funnelSnapshot(t, small.id)).toEqual(before);
  });
});
