import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStages, EXPECTATION, FUNNEL, funnelSnapshot } from '../../../test/funnel-factories.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

describe('funnels and expectations across tenants', () => {
  it('answers 404 for another tenant’s plan on every route, like a missing plan, and changes nothing there', async () => {
    const theirPlan = await createPlan(t, other, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const [theirStage] = await createStages(t, other, ['Lead', 'Customer']);
    const ownerToken = await other.tokenFor('owner');
    await t.post(
      FUNNEL.save,
      {
        MarketingPlanId: theirPlan.id,
        RevenueGoal: 100,
        AverageDealSize: 10,
        Stages: [{ FunnelStageId: theirStage?.id, ConversionRate: 0.5, VelocityDays: 0 }],
      },
      ownerToken,
    );
    await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: theirPlan.id, Cells: [{ FunnelStageId: theirStage?.id, Month: '2026-01', Count: 4 }] },
      ownerToken,
    );
    const before = await funnelSnapshot(t, other.id);
    const mine = await acme.tokenFor('owner');
    const stageId = theirStage?.id as string;
    const calls = [
      [FUNNEL.get, { MarketingPlanId: theirPlan.id }],
      [
        FUNNEL.save,
        {
          MarketingPlanId: theirPlan.id,
          RevenueGoal: 1,
          AverageDealSize: 1,
          Stages: [{ FunnelStageId: stageId, ConversionRate: 0.9, VelocityDays: 1 }],
        },
      ],
      [FUNNEL.saveActuals, { MarketingPlanId: theirPlan.id, Cells: [{ FunnelStageId: stageId, Month: '2026-01', Count: 99 }] }],
      [EXPECTATION.get, { MarketingPlanId: theirPlan.id }],
      [EXPECTATION.save, { MarketingPlanId: theirPlan.id, Cells: [{ FunnelStageId: stageId, Month: '2026-01', Expected: 99 }] }],
      [EXPECTATION.generate, { MarketingPlanId: theirPlan.id }],
    ] as const;
    const missing = await t.post(FUNNEL.get, { MarketingPlanId: '7d0c1c5e-4f5b-4b7a-9d7e-0a0b0c0d0e0f' }, mine);
    for (const [url, body] of calls) {
      const response = await t.post(url, body, mine);
      expect(response.status, url).toBe(404);
      expect(response.body.Message, url).toBe(missing.body.Message);
    }
    expect(await funnelSnapshot(t, other.id)).toEqual(before);
  });

  it('refuses another tenant’s funnel stage in the caller’s own plan with 400 and writes nothing', async () => {
    const myPlan = await createPlan(t, acme);
    await createStages(t, acme, ['Lead', 'Customer']);
    const [theirStage] = await createStages(t, other, ['Visitor']);
    const token = await acme.tokenFor('owner');
    const before = { mine: await funnelSnapshot(t, acme.id), theirs: await funnelSnapshot(t, other.id) };
    const save = await t.post(
      FUNNEL.save,
      {
        MarketingPlanId: myPlan.id,
        RevenueGoal: 1,
        AverageDealSize: 1,
        Stages: [{ FunnelStageId: theirStage?.id, ConversionRate: 0.5, VelocityDays: 0 }],
      },
      token,
    );
    expect(save.status).toBe(400);
    expect(save.body.Errors[0].Field).toBe('Stages.0.FunnelStageId');
    const cells = await t.post(
      EXPECTATION.save,
      { MarketingPlanId: myPlan.id, Cells: [{ FunnelStageId: theirStage?.id, Month: '2026-01', Expected: 1 }] },
      token,
    );
    expect(cells.status).toBe(400);
    expect(cells.body.Errors[0].Field).toBe('Cells.0.FunnelStageId');
    expect({ mine: await funnelSnapshot(t, acme.id), theirs: await funnelSnapshot(t, other.id) }).toEqual(before);
  });
});
