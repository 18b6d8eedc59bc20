import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStages, EXPECTATION, FUNNEL, funnelSnapshot } from '../../../test/funnel-factories.ts';

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

/** A January–April plan whose $1,000 budget is phased $100, $200, $300, $400, and the stages Lead → MQL → Customer. */
const setUp = async (tenant = acme) => {
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
  return { plan, stages: { lead, mql, customer } };
};

/** $10,000 ÷ $500 = 20 customers ← 100 MQLs at 20% ← 200 leads at 50%. */
const saveModel = (planId: string, stages: Awaited<ReturnType<typeof setUp>>['stages'], token: string) =>
  t.post(
    FUNNEL.save,
    {
      MarketingPlanId: planId,
      RevenueGoal: 10_000,
      AverageDealSize: 500,
      Stages: [
        { FunnelStageId: stages.lead.id, ConversionRate: 0.5, VelocityDays: 30 },
        { FunnelStageId: stages.mql.id, ConversionRate: 0.2, VelocityDays: 45 },
      ],
    },
    token,
  );

const expectedOf = (grid: { Rows: { Cells: { Expected: number | null }[] }[] }) =>
  grid.Rows.map((row) => row.Cells.map((cell) => cell.Expected));

describe('the forecast grid', () => {
  it('lists the plan’s months and the active stages, empty before anything is forecast', async () => {
    const { plan } = await setUp();
    const response = await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, await acme.tokenFor('viewer'));
    expect(response.status).toBe(200);
    expect(response.body.Result.Months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(response.body.Result.HasModel).toBe(false);
    expect(response.body.Result.Rows.map((row: { Name: string }) => row.Name)).toEqual(['Lead', 'MQL', 'Customer']);
    expect(expectedOf(response.body.Result)).toEqual([
      [null, null, null, null],
      [null, null, null, null],
      [null, null, null, null],
    ]);
  });

  it('generates the grid from the funnel: leads by the budget’s phasing, later stages shifted by velocity and multiplied by the rates', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('member');
    await saveModel(plan.id, stages, token);
    const response = await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token);
    expect(response.status).toBe(200);
    // Leads 200 × 10/20/30/40 %; MQL one month later × 0.5; Customer round(75 ÷ 30) = 3 months later × 0.1.
    expect(expectedOf(response.body.Result)).toEqual([
      [20, 40, 60, 80],
      [0, 10, 20, 30],
      [0, 0, 0, 2],
    ]);
  });

  it('overwrites expected counts on Generate but keeps the actuals beside them', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('member');
    await saveModel(plan.id, stages, token);
    await t.post(
      EXPECTATION.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-01', Expected: 999 }] },
      token,
    );
    const actual = await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-01', Count: 17, Version: 1 }] },
      token,
    );
    expect(actual.status, actual.text).toBe(200);
    const grid = (await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token)).body.Result;
    // The cell keeps counting: 1 when the forecast was typed, 2 with the actual, 3 when Generate rewrote it (never reset to 1).
    expect(grid.Rows[0].Cells[0]).toEqual({ Month: '2026-01', Expected: 20, Actual: 17, Version: 3 });
  });

  it('saves edited cells in one call and answers the grid', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('member');
    const response = await t.post(
      EXPECTATION.save,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { FunnelStageId: stages.lead.id, Month: '2026-02', Expected: 12.5 },
          { FunnelStageId: stages.customer.id, Month: '2026-04', Expected: 3 },
        ],
      },
      token,
    );
    expect(response.status).toBe(200);
    expect(expectedOf(response.body.Result)).toEqual([
      [null, 12.5, null, null],
      [null, null, null, null],
      [null, null, null, 3],
    ]);
    const cleared = await t.post(
      EXPECTATION.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-02', Expected: null, Version: 1 }] },
      token,
    );
    expect(cleared.body.Result.Rows[0].Cells[1].Expected).toBeNull();
  });

  it('refuses to generate without a funnel model (409) or with a missing rate (400 ConversionRate), writing nothing', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('owner');
    const before = await funnelSnapshot(t, acme.id);
    const noModel = await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token);
    expect(noModel.status).toBe(409);
    expect(await funnelSnapshot(t, acme.id)).toEqual(before);
    await t.post(
      FUNNEL.save,
      {
        MarketingPlanId: plan.id,
        RevenueGoal: 10_000,
        AverageDealSize: 500,
        Stages: [{ FunnelStageId: stages.lead.id, ConversionRate: 0.5, VelocityDays: 0 }],
      },
      token,
    );
    const noRate = await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, token);
    expect(noRate.status).toBe(400);
    expect(noRate.body.Errors[0].Field).toBe('ConversionRate');
    expect(noRate.body.Message).toContain('MQL');
  });

  it('refuses negative counts, months outside the plan and unknown stages with the field named, writing none of the batch', async () => {
    const { plan, stages } = await setUp();
    const token = await acme.tokenFor('owner');
    const good = { FunnelStageId: stages.lead.id, Month: '2026-01', Expected: 5 };
    const before = await funnelSnapshot(t, acme.id);
    for (const [bad, field] of [
      [{ ...good, Month: '2026-02', Expected: -3 }, 'Cells.1.Expected'],
      [{ ...good, Month: '2025-12' }, 'Cells.1.Month'],
      [{ ...good, Month: '2026-03', FunnelStageId: plan.id }, 'Cells.1.FunnelStageId'],
    ] as const) {
      const response = await t.post(EXPECTATION.save, { MarketingPlanId: plan.id, Cells: [good, bad] }, token);
      expect(response.status, field).toBe(400);
      expect(response.body.Errors[0].Field, field).toBe(field);
    }
    expect(await funnelSnapshot(t, acme.id)).toEqual(before);
  });

  it('lets a Viewer read the grid but not save or generate it', async () => {
    const { plan, stages } = await setUp();
    await saveModel(plan.id, stages, await acme.tokenFor('owner'));
    const before = await funnelSnapshot(t, acme.id);
    const viewer = await acme.tokenFor('viewer');
    expect((await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, viewer)).status).toBe(200);
    expect((await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, viewer)).status).toBe(403);
    const save = await t.post(
      EXPECTATION.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stages.lead.id, Month: '2026-01', Expected: 1 }] },
      viewer,
    );
    expect(save.status).toBe(403);
    expect(await funnelSnapshot(t, acme.id)).toEqual(before);
  });

  it.each(['starter', 'agility'] as const)('answers 403 naming the Performance plan to a %s tenant', async (planCode) => {
    const small = await createTenant(t, { planCode });
    const { plan } = await setUp(small);
    const token = await small.tokenFor('owner');
    for (const url of [EXPECTATION.get, EXPECTATION.generate]) {
      const response = await t.post(url, { MarketingPlanId: plan.id }, token);
      expect(response.status, url).toBe(403);
      expect(response.body.Message).toContain('Performance');
    }
  });
});
