import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { OBJECTIVE_API } from '../../../test/objective-factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { objectiveResults, objectives } from '../../schema/objectives.ts';

const clock = createTestClock(new Date('2026-07-01T12:00:00Z'));
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock });
  tenant = await createTenant(t, { name: 'Versions' });
});
afterAll(async () => t.close());

const objectiveBody = (planId: string, overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  MarketingPlanId: planId,
  Name: 'Leads Q1',
  MetricType: 1,
  TargetValue: 100,
  ...overrides,
});

const objectiveRow = async (id: string) => (await t.ctx.db.select().from(objectives).where(eq(objectives.id, id)))[0];
const resultRow = async (id: string) => (await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.id, id)))[0];

describe('objective versions (DESIGN.md §13)', () => {
  it('starts at 1, adds one per change, keeps it on a no-op save, and a result’s change leaves the objective’s version alone', async () => {
    const plan = await createPlan(t, tenant);
    const owner = await tenant.tokenFor('owner');
    const created = (await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id), owner)).body.Result;
    expect(created.Version).toBe(1);
    const changed = await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id, { Id: created.Id, Version: 1, TargetValue: 120 }), owner);
    expect(changed.body.Result.Version).toBe(2);
    const same = await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id, { Id: created.Id, Version: 2, TargetValue: 120 }), owner);
    expect(same.body.Result.Version).toBe(2);

    const recorded = await t.post(`${OBJECTIVE_API}/SaveResult`, { ObjectiveId: created.Id, Date: '2026-03-01', Value: 7 }, owner);
    expect(recorded.body.Result.Version).toBe(2);
    expect(recorded.body.Result.Results[0].Version).toBe(1);
    const result = recorded.body.Result.Results[0];
    const moved = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { Id: result.Id, Version: 1, ObjectiveId: created.Id, Date: '2026-03-02', Value: 7 },
      owner,
    );
    expect(moved.body.Result.Results[0].Version).toBe(2);
  });

  it('refuses an update or delete without the version it read (400 naming Version), writing nothing', async () => {
    const plan = await createPlan(t, tenant);
    const owner = await tenant.tokenFor('owner');
    const created = (await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id), owner)).body.Result;
    const update = await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id, { Id: created.Id, TargetValue: 5 }), owner);
    expect(update.status).toBe(400);
    expect(update.body.Errors).toEqual([{ Field: 'Version', Message: expect.stringContaining('Version is required') }]);
    expect((await t.post(`${OBJECTIVE_API}/Delete`, { ObjectiveId: created.Id }, owner)).status).toBe(400);
    const recorded = (await t.post(`${OBJECTIVE_API}/SaveResult`, { ObjectiveId: created.Id, Date: '2026-03-01', Value: 7 }, owner)).body
      .Result;
    const resultId = recorded.Results[0].Id;
    const resultUpdate = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { Id: resultId, ObjectiveId: created.Id, Date: '2026-03-01', Value: 9 },
      owner,
    );
    expect(resultUpdate.status).toBe(400);
    expect((await t.post(`${OBJECTIVE_API}/DeleteResult`, { ObjectiveResultId: resultId }, owner)).status).toBe(400);
    expect((await objectiveRow(created.Id))?.targetValue).toBe(100);
    expect((await resultRow(resultId))?.value).toBe(7);
  });

  it('keeps a colleague’s change: a stale save answers 409 naming who changed “Leads Q1” and when, with their objective', async () => {
    const plan = await createPlan(t, tenant);
    const sam = await tenant.tokenFor('member');
    const read = (await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id), sam)).body.Result;
    clock.advance(60_000);
    await t.post(
      `${OBJECTIVE_API}/Save`,
      objectiveBody(plan.id, { Id: read.Id, Version: 1, TargetValue: 150 }),
      await tenant.tokenFor('admin'),
    );

    const mine = await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id, { Id: read.Id, Version: 1, TargetValue: 90 }), sam);
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(
      /^Admin Versions changed the objective “Leads Q1” at Jul 1, \d{1,2}:\d{2} [AP]M while you were editing\.$/,
    );
    expect(mine.body.Result).toMatchObject({ Id: read.Id, TargetValue: 150, Version: 2 });
    expect(mine.body.Conflict).toMatchObject({ Entity: 'Objective', Id: read.Id, Version: 2, ChangedBy: 'Admin Versions' });
    expect((await objectiveRow(read.Id))?.targetValue).toBe(150);

    const stale = await t.post(`${OBJECTIVE_API}/Delete`, { ObjectiveId: read.Id, Version: 1 }, await tenant.tokenFor('owner'));
    expect(stale.status).toBe(409);
    expect(await objectiveRow(read.Id)).toBeDefined();

    // "Save mine over theirs" is a new save with the version the 409 named.
    const over = await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id, { Id: read.Id, Version: 2, TargetValue: 90 }), sam);
    expect(over.body.Result).toMatchObject({ TargetValue: 90, Version: 3 });
  });

  it('a stale result answers 409 naming who changed it through the objective’s trail, with the objective and its results', async () => {
    const plan = await createPlan(t, tenant);
    const sam = await tenant.tokenFor('member');
    const objective = (await t.post(`${OBJECTIVE_API}/Save`, objectiveBody(plan.id, { Name: 'Demos' }), sam)).body.Result;
    const read = (await t.post(`${OBJECTIVE_API}/SaveResult`, { ObjectiveId: objective.Id, Date: '2026-03-01', Value: 7 }, sam)).body.Result
      .Results[0];
    clock.advance(60_000);
    const dana = await tenant.tokenFor('admin');
    await t.post(`${OBJECTIVE_API}/SaveResult`, { Id: read.Id, Version: 1, ObjectiveId: objective.Id, Date: '2026-03-01', Value: 8 }, dana);

    const mine = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { Id: read.Id, Version: 1, ObjectiveId: objective.Id, Date: '2026-03-01', Value: 6 },
      sam,
    );
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(/^Admin Versions changed the result dated 2026-03-01 of “Demos” at .+ while you were editing\.$/);
    expect(mine.body.Result.Results).toEqual([expect.objectContaining({ Id: read.Id, Value: 8, Version: 2 })]);
    expect(mine.body.Conflict).toMatchObject({ Entity: 'ObjectiveResult', Id: read.Id, Version: 2 });
    const deleted = await t.post(`${OBJECTIVE_API}/DeleteResult`, { ObjectiveResultId: read.Id, Version: 1 }, sam);
    expect(deleted.status).toBe(409);
    expect((await resultRow(read.Id))?.value).toBe(8);
  });
});
