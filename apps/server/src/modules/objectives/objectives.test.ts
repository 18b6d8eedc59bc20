import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPerformanceFixture, OBJECTIVE_API, saveObjective, saveResult } from '../../../test/objective-factories.ts';
import { createCategory, createGlCode, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { objectiveResults, objectives } from '../../schema/objectives.ts';

let t: TestApp;
let acme: TestTenant;
let fixture: Awaited<ReturnType<typeof createPerformanceFixture>>;

beforeAll(async () => {
  // 2026-07-01: 182 of the plan's 365 days have begun (31+28+31+30+31+30+1).
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-01T12:00:00Z')) });
  acme = await createTenant(t, { name: 'Acme' });
  fixture = await createPerformanceFixture(t, acme);
});
afterAll(async () => t.close());

const owner = () => acme.tokenFor('owner');
const listObjectives = async () => {
  const response = await t.post(`${OBJECTIVE_API}/GetObjectives`, { MarketingPlanId: fixture.plan.id }, await acme.tokenFor('viewer'));
  expect(response.status).toBe(200);
  return new Map((response.body.Result as { Name: string }[]).map((row) => [row.Name, row as Record<string, unknown>]));
};

describe('objective figures (DESIGN.md §9), checked against hand-computed fixtures', () => {
  it('sums a count objective, paces it by elapsed days and prices each result from its linked active items', async () => {
    const mqls = (await listObjectives()).get('MQLs');
    expect(mqls).toMatchObject({
      MetricType: 1,
      Aggregation: 1,
      TargetValue: 1000,
      ResultCount: 4,
      LatestResultDate: '2026-05-05',
      ActualValue: 500.75, // 120 + 130.5 + 150 + 100.25
      Attainment: 0.5008, // 500.75 ÷ 1000 = 0.50075, half up
      ExpectedToDate: 499, // 1000 × 182 ÷ 365 = 498.6301…, a whole count
      Status: 'OnTrack', // 500.75 ≥ 95 % of 498.6301…
      BudgetAllocated: 15_000.01, // 10,000.00 + 5,000.01; the inactive item is left out
      Spent: 2_150.01, // 1,234.56 + 765.44 + 50.00 + 100.01: actual, active, active items only
      CostPerResult: 4.29, // 2,150.01 ÷ 500.75 = 4.2935…
      LinkedItemCount: 2,
    });
  });

  it('counts a revenue currency objective, with no cost per result, Behind its pace', async () => {
    expect((await listObjectives()).get('Pipeline created')).toMatchObject({
      MetricType: 2,
      IsRevenue: true,
      ActualValue: 150_000.1,
      Attainment: 0.3, // 150,000.10 ÷ 500,000 = 0.3000002
      ExpectedToDate: 249_315.07, // 500,000 × 182 ÷ 365 = 249,315.068…
      Status: 'Behind', // 60 % of expected
      CostPerResult: null,
      BudgetAllocated: 0,
      Spent: 0,
    });
  });

  it('takes the latest-dated result of a latest-aggregation percent, expects the full target, and is AtRisk between 80 and 95 %', async () => {
    expect((await listObjectives()).get('Win rate')).toMatchObject({
      MetricType: 3,
      Aggregation: 2,
      ActualValue: 22, // dated 2026-06-15, though 23.5 (2026-05-01) was recorded after it
      Attainment: 0.88,
      ExpectedToDate: 25,
      Status: 'AtRisk',
      CostPerResult: null,
    });
  });

  it('is NotStarted before its StartDate, and Behind once started without results', async () => {
    const list = await listObjectives();
    expect(list.get('Event attendees')).toMatchObject({
      Status: 'NotStarted',
      ActualValue: 0,
      Attainment: 0,
      ExpectedToDate: 0,
      CostPerResult: null,
    });
    expect(list.get('Webinar sign-ups')).toMatchObject({ Status: 'Behind', ActualValue: 0, Attainment: 0, ExpectedToDate: 199 }); // 400 × 182 ÷ 365 = 199.45…, a whole count
  });

  it('inverts attainment when lower is better and calls a latest value under target Achieved', async () => {
    expect((await listObjectives()).get('Cost per lead')).toMatchObject({
      HigherIsBetter: false,
      ActualValue: 140,
      Attainment: 1.0714, // 150 ÷ 140
      Status: 'Achieved',
    });
  });

  it('GetObjective answers the same figures with the results oldest first', async () => {
    const response = await t.post(`${OBJECTIVE_API}/GetObjective`, { ObjectiveId: fixture.objectives.winRate.Id }, await owner());
    expect(response.status).toBe(200);
    expect(response.body.Result.ActualValue).toBe(22);
    expect(response.body.Result.Results.map((row: { Date: string; Value: number }) => [row.Date, row.Value])).toEqual([
      ['2026-03-31', 20],
      ['2026-05-01', 23.5],
      ['2026-06-15', 22],
    ]);
  });
});

describe('ObjectiveClient/Save', () => {
  it('creates with the plan’s dates by default, updates in place and writes the audit trail', async () => {
    const plan = await createPlan(t, acme, { startDate: '2026-02-01', endDate: '2026-11-30' });
    const created = await saveObjective(t, acme, { MarketingPlanId: plan.id, Name: 'Demo requests', TargetValue: 250.5 });
    expect(created).toMatchObject({
      StartDate: '2026-02-01',
      EndDate: '2026-11-30',
      Active: true,
      HigherIsBetter: true,
      Aggregation: 1,
      IsRevenue: false,
    });
    const updated = await t.post(
      `${OBJECTIVE_API}/Save`,
      {
        Id: created.Id,
        Version: created.Version,
        MarketingPlanId: plan.id,
        Name: 'Demo requests',
        MetricType: 1,
        TargetValue: 300,
        Active: false,
      },
      await owner(),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.Result).toMatchObject({ Id: created.Id, TargetValue: 300, Active: false });
    const trail = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, acme.id), eq(activities.entityId, created.Id)));
    expect(trail.map((row) => row.action).sort()).toEqual(['create', 'update']);
    expect(trail.find((row) => row.action === 'update')?.changes).toMatchObject({
      targetValue: { from: 250.5, to: 300 },
      active: { from: true, to: false },
    });
  });

  it.each([
    ['TargetValue', { TargetValue: 0 }],
    ['TargetValue', { TargetValue: -5 }],
    ['TargetValue', { TargetValue: 10.123 }],
    ['TargetValue', { MetricType: 3, TargetValue: 120 }],
    ['MetricType', { MetricType: 4 }],
    ['Aggregation', { Aggregation: 3 }],
    ['IsRevenue', { MetricType: 1, IsRevenue: true }],
    ['StartDate', { StartDate: '2025-12-31' }],
    ['EndDate', { EndDate: '2027-01-01' }],
    ['EndDate', { StartDate: '2026-05-01', EndDate: '2026-04-30' }],
    ['Name', { Name: '  ' }],
  ])('refuses a bad %s with 400 naming the field and writes nothing', async (field, fields) => {
    const before = await t.ctx.db.select().from(objectives).where(eq(objectives.tenantId, acme.id));
    const response = await t.post(
      `${OBJECTIVE_API}/Save`,
      { Id: EMPTY_ID, MarketingPlanId: fixture.plan.id, Name: 'Bad', MetricType: 1, TargetValue: 10, ...fields },
      await owner(),
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors?.[0]?.Field).toBe(field);
    expect(await t.ctx.db.select().from(objectives).where(eq(objectives.tenantId, acme.id))).toEqual(before);
  });

  it('refuses a GL code as funnel stage, and new dates that would leave results outside', async () => {
    const gl = await createGlCode(t, acme, 'GL 6100', 1);
    const bad = await t.post(
      `${OBJECTIVE_API}/Save`,
      { MarketingPlanId: fixture.plan.id, Name: 'Leads', MetricType: 1, TargetValue: 10, FunnelStageId: gl.id },
      await owner(),
    );
    expect(bad.body.Errors?.[0]?.Field).toBe('FunnelStageId');
    const stage = await createGlCode(t, acme, 'MQL', 2);
    const good = await t.post(
      `${OBJECTIVE_API}/Save`,
      { MarketingPlanId: fixture.plan.id, Name: 'Leads', MetricType: 1, TargetValue: 10, FunnelStageId: stage.id },
      await owner(),
    );
    expect(good.body.Result.FunnelStageId).toBe(stage.id);

    const shrink = await t.post(
      `${OBJECTIVE_API}/Save`,
      {
        Id: fixture.objectives.mqls.Id,
        Version: fixture.objectives.mqls.Version,
        MarketingPlanId: fixture.plan.id,
        Name: 'MQLs',
        MetricType: 1,
        TargetValue: 1000,
        StartDate: '2026-03-01',
      },
      await owner(),
    );
    expect(shrink.status).toBe(400);
    expect(shrink.body.Errors?.[0]).toMatchObject({ Field: 'StartDate', Message: expect.stringContaining('2 results are dated outside') });
  });

  it('refuses to move an objective to another plan', async () => {
    const other = await createPlan(t, acme);
    const response = await t.post(
      `${OBJECTIVE_API}/Save`,
      {
        Id: fixture.objectives.webinars.Id,
        Version: fixture.objectives.webinars.Version,
        MarketingPlanId: other.id,
        Name: 'Webinar sign-ups',
        MetricType: 1,
        TargetValue: 400,
      },
      await owner(),
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors?.[0]?.Field).toBe('MarketingPlanId');
  });
});

describe('results', () => {
  it('records, changes and deletes a result; each answers the recomputed objective and is audited', async () => {
    const plan = await createPlan(t, acme);
    const objective = await saveObjective(t, acme, { MarketingPlanId: plan.id, Name: 'Signups', TargetValue: 100 });
    const first = await saveResult(t, acme, objective.Id, '2026-01-10', 40.5, ' launch week ');
    expect(first).toMatchObject({ ActualValue: 40.5, ResultCount: 1 });
    expect(first.Results[0]).toMatchObject({ Date: '2026-01-10', Value: 40.5, Note: 'launch week' });
    const resultId = first.Results[0].Id;
    const changed = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { Id: resultId, Version: first.Results[0].Version, ObjectiveId: objective.Id, Date: '2026-01-11', Value: 60, Note: null },
      await owner(),
    );
    expect(changed.body.Result).toMatchObject({ ActualValue: 60, ResultCount: 1 });
    expect(changed.body.Result.Results[0]).toMatchObject({ Id: resultId, Date: '2026-01-11', Note: null });
    const deleted = await t.post(
      `${OBJECTIVE_API}/DeleteResult`,
      { ObjectiveResultId: resultId, Version: changed.body.Result.Results[0].Version },
      await owner(),
    );
    expect(deleted.body.Result).toMatchObject({ ActualValue: 0, ResultCount: 0, Results: [] });
    const trail = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, acme.id), eq(activities.entityId, objective.Id)));
    expect(
      trail
        .map((row) => row.description)
        .filter(Boolean)
        .sort(),
    ).toEqual(['Changed a result: 60 on 2026-01-11.', 'Deleted a result: 60 on 2026-01-11.', 'Recorded a result: 40.5 on 2026-01-10.']);
  });

  it.each([
    ['Date', { Date: '2026-08-31' }, 'within the objective'],
    ['Date', { Date: '2026-10-01' }, 'within the objective'],
    ['Date', { Date: '2026-02-30' }, 'real calendar date'],
    ['Value', { Value: -1 }, 'negative'],
    ['Value', { Value: 1.005 }, '2 decimals'],
  ])('refuses a result with a bad %s (400 naming it) and writes nothing', async (field, fields, words) => {
    const before = await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.tenantId, acme.id));
    const response = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { ObjectiveId: fixture.objectives.attendees.Id, Date: '2026-09-10', Value: 10, ...fields },
      await owner(),
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors?.[0]?.Field).toBe(field);
    expect(response.body.Errors?.[0]?.Message).toContain(words);
    expect(await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.tenantId, acme.id))).toEqual(before);
  });

  it('refuses a percent over 100', async () => {
    const response = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { ObjectiveId: fixture.objectives.winRate.Id, Date: '2026-06-20', Value: 100.01 },
      await owner(),
    );
    expect(response.body.Errors?.[0]?.Field).toBe('Value');
  });
});

describe('ObjectiveClient/Delete', () => {
  it('deletes the objective with its results, unlinks its items and audits it', async () => {
    const plan = await createPlan(t, acme);
    const category = await createCategory(t, acme);
    const objective = await saveObjective(t, acme, { MarketingPlanId: plan.id, Name: 'Temporary', TargetValue: 5 });
    await saveResult(t, acme, objective.Id, '2026-03-01', 2);
    const item = await t.post(
      '/api/BudgetItemClient/Save',
      { Name: 'Linked', Amount: 10, ItemType: 1, BudgetCategoryId: category.id, MarketingPlanId: plan.id, ObjectiveId: objective.Id },
      await owner(),
    );
    expect(item.body.Result.ObjectiveId).toBe(objective.Id);
    const listed = await t.post('/api/BudgetItemClient/GetBudgetItems', { ObjectiveId: objective.Id }, await owner());
    expect(listed.body.Result.map((row: { Name: string }) => row.Name)).toEqual(['Linked']);

    expect(
      (await t.post(`${OBJECTIVE_API}/Delete`, { ObjectiveId: objective.Id, Version: objective.Version }, await owner())).body.Result,
    ).toBe(true);
    expect(await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.objectiveId, objective.Id))).toEqual([]);
    const after = await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: item.body.Result.Id }, await owner());
    expect(after.body.Result.ObjectiveId).toBeNull();
    const trail = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, acme.id), eq(activities.entityId, objective.Id), eq(activities.action, 'delete')));
    expect(trail).toHaveLength(1);
  });
});
