import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { OBJECTIVE_API, PERFORMANCE_GET, saveObjective, saveResult } from '../../../test/objective-factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { objectiveResults, objectives } from '../../schema/objectives.ts';
import { teamMembers } from '../../schema/teams.ts';
import { users } from '../../schema/tenants.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;
let planId: string;
let objectiveId: string;
let resultId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-01T12:00:00Z')) });
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  planId = (await createPlan(t, acme)).id;
  objectiveId = (await saveObjective(t, acme, { MarketingPlanId: planId, Name: 'MQLs', TargetValue: 100 })).Id;
  resultId = (await saveResult(t, acme, objectiveId, '2026-02-01', 10)).Results[0].Id;
});
afterAll(async () => t.close());

const snapshotOf = async (tenant: TestTenant) => ({
  objectives: await t.ctx.db.select().from(objectives).where(eq(objectives.tenantId, tenant.id)),
  results: await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.tenantId, tenant.id)),
  trail: await t.ctx.db.select().from(activities).where(eq(activities.tenantId, tenant.id)),
});

const calls = () =>
  [
    ['GetObjectives', { MarketingPlanId: planId }],
    ['GetObjective', { ObjectiveId: objectiveId }],
    ['Save (update)', { Id: objectiveId, Version: 1, MarketingPlanId: planId, Name: 'Taken', MetricType: 1, TargetValue: 5 }],
    ['Save (create in the plan)', { Id: EMPTY_ID, MarketingPlanId: planId, Name: 'Planted', MetricType: 1, TargetValue: 5 }],
    ['Delete', { ObjectiveId: objectiveId, Version: 1 }],
    ['SaveResult (new)', { ObjectiveId: objectiveId, Date: '2026-03-01', Value: 1 }],
    ['SaveResult (update)', { Id: resultId, Version: 1, ObjectiveId: objectiveId, Date: '2026-03-01', Value: 1 }],
    ['DeleteResult', { ObjectiveResultId: resultId, Version: 1 }],
    ['PerformanceClient/Get', { MarketingPlanId: planId }],
  ] as const;

const urlOf = (name: string) => (name.startsWith('Performance') ? PERFORMANCE_GET : `${OBJECTIVE_API}/${name.split(' ')[0]}`);

describe('another tenant’s objectives', () => {
  it('answers 404 to every call with another tenant’s ids and changes nothing in either tenant', async () => {
    const before = { acme: await snapshotOf(acme), other: await snapshotOf(other) };
    const token = await other.tokenFor('owner');
    for (const [name, body] of calls()) {
      const response = await t.post(urlOf(name), body, token);
      expect(response.status, name).toBe(404);
    }
    expect(await snapshotOf(acme)).toEqual(before.acme);
    expect(await snapshotOf(other)).toEqual(before.other);
  });

  it('answers 404 to a Member outside the plan’s team, like a missing id', async () => {
    const before = await snapshotOf(acme);
    const token = await acme.tokenFor('outsider');
    for (const [name, body] of calls()) expect((await t.post(urlOf(name), body, token)).status, name).toBe(404);
    expect(await snapshotOf(acme)).toEqual(before);
  });

  it('will not move a result onto another tenant’s objective', async () => {
    const theirPlan = await createPlan(t, other);
    const theirs = await saveObjective(t, other, { MarketingPlanId: theirPlan.id, Name: 'Theirs', TargetValue: 5 });
    const before = { acme: await snapshotOf(acme), other: await snapshotOf(other) };
    const response = await t.post(
      `${OBJECTIVE_API}/SaveResult`,
      { Id: resultId, Version: 1, ObjectiveId: theirs.Id, Date: '2026-03-01', Value: 1 },
      await acme.tokenFor('owner'),
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors?.[0]?.Field).toBe('ObjectiveId');
    expect({ acme: await snapshotOf(acme), other: await snapshotOf(other) }).toEqual(before);
  });
});

describe('product policy Plan.Performance', () => {
  it.each(['starter', 'agility'] as const)('refuses every call of a %s tenant with 403 naming the Performance plan', async (planCode) => {
    const small = await createTenant(t, { planCode });
    const plan = await createPlan(t, small);
    const token = await small.tokenFor('owner');
    const bodies: [string, unknown][] = [
      [`${OBJECTIVE_API}/GetObjectives`, { MarketingPlanId: plan.id }],
      [`${OBJECTIVE_API}/Save`, { MarketingPlanId: plan.id, Name: 'MQLs', MetricType: 1, TargetValue: 5 }],
      [`${OBJECTIVE_API}/GetObjective`, { ObjectiveId: newId() }],
      [`${OBJECTIVE_API}/Delete`, { ObjectiveId: newId(), Version: 1 }],
      [`${OBJECTIVE_API}/SaveResult`, { ObjectiveId: newId(), Date: '2026-03-01', Value: 1 }],
      [`${OBJECTIVE_API}/DeleteResult`, { ObjectiveResultId: newId(), Version: 1 }],
      [PERFORMANCE_GET, { MarketingPlanId: plan.id }],
    ];
    for (const [url, body] of bodies) {
      const response = await t.post(url, body, token);
      expect(response.status, url).toBe(403);
      expect(response.body.Message, url).toContain('part of the Performance plan');
    }
    expect(await t.ctx.db.select().from(objectives).where(eq(objectives.tenantId, small.id))).toEqual([]);
  });

  it('keeps an objective’s comments behind the policy too', async () => {
    const small = await createTenant(t, { planCode: 'starter' });
    const response = await t.post(
      '/api/CommentsClient/Get',
      { EntityType: 'Objective', EntityId: objectiveId },
      await small.tokenFor('owner'),
    );
    expect(response.status).toBe(403);
    expect(response.body.Message).toContain('part of the Performance plan');
  });
});

describe('team roles', () => {
  const createLead = async () => {
    const id = newId();
    const email = `lead-${id.slice(0, 8)}@example.test`;
    const [viewer] = await t.ctx.db.select().from(users).where(eq(users.id, acme.users.viewer.id));
    if (!viewer) throw new Error('viewer missing');
    await t.ctx.db.insert(users).values({ ...viewer, id, email, firstName: 'Lead', tenantRole: 'member' });
    await t.ctx.db.insert(teamMembers).values({ tenantId: acme.id, teamId: acme.teamId, userId: id, teamRoleId: 1 });
    const { login } = await import('../../../test/factories.ts');
    return (await login(t, email)).AccessToken;
  };

  it('lets a Viewer read but not write, and writes nothing', async () => {
    const token = await acme.tokenFor('viewer');
    expect((await t.post(`${OBJECTIVE_API}/GetObjectives`, { MarketingPlanId: planId }, token)).status).toBe(200);
    expect((await t.post(`${OBJECTIVE_API}/GetObjective`, { ObjectiveId: objectiveId }, token)).status).toBe(200);
    expect((await t.post(PERFORMANCE_GET, { MarketingPlanId: planId }, token)).status).toBe(200);
    const before = await snapshotOf(acme);
    for (const [name, body] of calls().slice(2, 8)) {
      const response = await t.post(urlOf(name), body, token);
      expect(response.status, name).toBe(403);
    }
    expect(await snapshotOf(acme)).toEqual(before);
  });

  it('lets a Planner edit objectives and results but only a Lead, Admin or Owner delete an objective', async () => {
    const planner = await acme.tokenFor('member');
    const created = await t.post(
      `${OBJECTIVE_API}/Save`,
      { MarketingPlanId: planId, Name: 'Planner’s', MetricType: 1, TargetValue: 5 },
      planner,
    );
    expect(created.status).toBe(200);
    const id = created.body.Result.Id;
    expect((await t.post(`${OBJECTIVE_API}/SaveResult`, { ObjectiveId: id, Date: '2026-03-01', Value: 1 }, planner)).status).toBe(200);
    const refused = await t.post(`${OBJECTIVE_API}/Delete`, { ObjectiveId: id, Version: 1 }, planner);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toContain('Lead');
    const lead = await createLead();
    expect((await t.post(`${OBJECTIVE_API}/Delete`, { ObjectiveId: id, Version: 1 }, lead)).status).toBe(200);
  });

  it('refuses changes in an archived plan (409)', async () => {
    const archived = await createPlan(t, acme, { state: 2 });
    const response = await t.post(
      `${OBJECTIVE_API}/Save`,
      { MarketingPlanId: archived.id, Name: 'Late', MetricType: 1, TargetValue: 5 },
      await acme.tokenFor('owner'),
    );
    expect(response.status).toBe(409);
  });
});
