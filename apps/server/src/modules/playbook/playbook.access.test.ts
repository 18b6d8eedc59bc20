import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { funnelModels, funnelStageSettings } from '../../schema/funnels.ts';
import { lookups } from '../../schema/lookups.ts';
import { objectives } from '../../schema/objectives.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { teamMembers, teams } from '../../schema/teams.ts';
import { createStarterPlays } from './starter-library.ts';

const API = '/api/PlaybookClient';
let t: TestApp;
let acme: TestTenant;
let globex: TestTenant;
let starter: TestTenant;
let play: { id: string };
let starterPlayId: string;
let otherTeamId: string;

/** Everything a playbook call could change, for "nothing changed" checks. */
const snapshot = async (tenantId: string) => ({
  plans: await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.tenantId, tenantId)).orderBy(marketingPlans.id),
  items: (await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.tenantId, tenantId))).length,
  months: (await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.tenantId, tenantId))).length,
  objectives: (await t.ctx.db.select().from(objectives).where(eq(objectives.tenantId, tenantId))).length,
  funnels: (await t.ctx.db.select().from(funnelModels).where(eq(funnelModels.tenantId, tenantId))).length,
  funnelStages: (await t.ctx.db.select().from(funnelStageSettings).where(eq(funnelStageSettings.tenantId, tenantId))).length,
  activities: (await t.ctx.db.select().from(activities).where(eq(activities.tenantId, tenantId))).length,
});

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme', planCode: 'agility' });
  globex = await createTenant(t, { name: 'Globex' });
  starter = await createTenant(t, { name: 'Small Co', planCode: 'starter' });
  const category = await createCategory(t, acme, { name: 'Media' });
  play = await createPlan(t, acme, { name: 'Acme play', state: 3 });
  await createItem(t, acme, { planId: play.id, categoryId: category.id, amountCents: 10_000, months: { '2026-01': 10_000 } });
  // A funnel model too, so refused copies prove they wrote no funnel rows either.
  const stageId = newId();
  await t.ctx.db.insert(lookups).values({ tenantId: acme.id, id: stageId, name: 'Lead', lookupType: 2, sortOrder: 10 });
  await t.ctx.db
    .insert(funnelModels)
    .values({ tenantId: acme.id, marketingPlanId: play.id, revenueGoalCents: 100_000, averageDealSizeCents: 1_000 });
  await t.ctx.db
    .insert(funnelStageSettings)
    .values({ tenantId: acme.id, marketingPlanId: play.id, funnelStageId: stageId, conversionRate: 0.5, velocityDays: 7 });
  await createStarterPlays(t.ctx.db, {
    tenantId: acme.id,
    teamId: acme.teamId,
    createdBy: null,
    startMonth: '2026-01-01',
    now: new Date(),
  });
  const [row] = await t.ctx.db
    .select({ id: marketingPlans.id })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, acme.id), eq(marketingPlans.starterPlay, 'trade-show')));
  starterPlayId = row?.id ?? '';
  otherTeamId = newId();
  await t.ctx.db.insert(teams).values({ tenantId: acme.id, id: otherTeamId, name: 'Field marketing' });
});
afterAll(async () => t.close());

const create = (token: string, fields: Record<string, unknown> = {}) =>
  t.post(
    `${API}/CreatePlan`,
    { SourcePlanId: play.id, Name: 'From the play', TeamId: acme.teamId, StartDate: '2027-01-01', ...fields },
    token,
  );

describe('Plan.Agility', () => {
  it.each([
    ['List', {}],
    ['Preview', { MarketingPlanId: newId() }],
    ['CreatePlan', { SourcePlanId: newId(), Name: 'X', TeamId: newId(), StartDate: '2027-01-01' }],
    ['SaveAsTemplate', { MarketingPlanId: newId(), Name: 'X' }],
    ['Rename', { MarketingPlanId: newId(), Name: 'X' }],
    ['Delete', { MarketingPlanId: newId() }],
  ])('%s answers 403 naming the Agility plan on Starter', async (call, body) => {
    const before = await snapshot(starter.id);
    const response = await t.post(`${API}/${call}`, body, await starter.tokenFor('owner'));
    expect(response.status).toBe(403);
    expect(response.body.Message).toBe('This is part of the Agility plan. Ask your account Owner to upgrade on the Billing page.');
    expect(await snapshot(starter.id)).toEqual(before);
  });

  it('is open on Agility: the list has the tenant’s play and the four starter plays first', async () => {
    const response = await t.post(`${API}/List`, {}, await acme.tokenFor('owner'));
    expect(response.status).toBe(200);
    expect(response.body.Result.map((p: { Name: string }) => p.Name)).toEqual([
      'Account-based marketing',
      'Always-on demand generation',
      'Product launch',
      'Trade show / event',
      'Acme play',
    ]);
  });
});

describe('team roles', () => {
  it('lets a Planner and a Viewer read plays but not create plans from them (403, nothing written)', async () => {
    for (const who of ['member', 'viewer'] as const) {
      const token = await acme.tokenFor(who);
      expect((await t.post(`${API}/List`, {}, token)).body.Result).toHaveLength(5);
      const before = await snapshot(acme.id);
      const response = await create(token);
      expect(response.status).toBe(403);
      expect(response.body.Message).toBe('Only the team’s Lead, an Admin or the Owner can create plans in this team.');
      expect(await snapshot(acme.id)).toEqual(before);
    }
  });

  it('lets a team Lead create a plan in their team, but not in a team they do not belong to (404)', async () => {
    await t.ctx.db
      .update(teamMembers)
      .set({ teamRoleId: 1 })
      .where(and(eq(teamMembers.tenantId, acme.id), eq(teamMembers.userId, acme.users.member.id)));
    try {
      const token = await acme.tokenFor('member');
      expect((await create(token)).status).toBe(200);
      const before = await snapshot(acme.id);
      const elsewhere = await create(token, { TeamId: otherTeamId });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.Message).toBe('The team was not found.');
      expect(await snapshot(acme.id)).toEqual(before);
      // A Lead manages the team's own plays, but the starter library only through an Admin or the Owner.
      const refused = await t.post(`${API}/Rename`, { MarketingPlanId: starterPlayId, Name: 'Booth' }, token);
      expect(refused.status).toBe(403);
      expect(refused.body.Message).toBe('“Trade show / event” is part of the starter library: only an Admin or the Owner can change it.');
      expect((await t.post(`${API}/Rename`, { MarketingPlanId: play.id, Name: 'Acme play' }, token)).status).toBe(200);
    } finally {
      await t.ctx.db
        .update(teamMembers)
        .set({ teamRoleId: 2 })
        .where(and(eq(teamMembers.tenantId, acme.id), eq(teamMembers.userId, acme.users.member.id)));
    }
  });

  it('hides plays of other teams from a Member outside them (404 on the source)', async () => {
    const token = await acme.tokenFor('outsider');
    expect((await t.post(`${API}/List`, {}, token)).body.Result).toEqual([]);
    const response = await t.post(`${API}/Preview`, { MarketingPlanId: play.id }, token);
    expect(response.status).toBe(404);
  });

  it('refuses SaveAsTemplate to a Planner', async () => {
    const plan = await createPlan(t, acme, { name: 'Live' });
    const response = await t.post(`${API}/SaveAsTemplate`, { MarketingPlanId: plan.id, Name: 'Mine' }, await acme.tokenFor('member'));
    expect(response.status).toBe(403);
  });
});

describe('rename and delete', () => {
  it('renames a play and records it; refuses a plan that is not a play (404)', async () => {
    const token = await acme.tokenFor('admin');
    const renamed = await t.post(`${API}/Rename`, { MarketingPlanId: play.id, Name: 'Acme launch play' }, token);
    expect(renamed.status).toBe(200);
    expect(renamed.body.Result).toMatchObject({ Name: 'Acme launch play', CanManage: true, ItemCount: 1, Total: 100 });
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, play.id), eq(activities.action, 'update')));
    expect(audit.at(-1)?.changes).toEqual({ name: { from: 'Acme play', to: 'Acme launch play' } });
    await t.post(`${API}/Rename`, { MarketingPlanId: play.id, Name: 'Acme play' }, token);
    const live = await createPlan(t, acme, { name: 'Live one' });
    expect((await t.post(`${API}/Rename`, { MarketingPlanId: live.id, Name: 'X' }, token)).status).toBe(404);
    expect((await t.post(`${API}/Delete`, { MarketingPlanId: live.id }, token)).status).toBe(404);
  });

  it('lets an Admin delete a starter play with its items', async () => {
    const response = await t.post(`${API}/Delete`, { MarketingPlanId: starterPlayId }, await acme.tokenFor('admin'));
    expect(response.status).toBe(200);
    expect(await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, starterPlayId))).toEqual([]);
    expect(await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, starterPlayId))).toEqual([]);
    const [audit] = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, starterPlayId), eq(activities.action, 'delete')));
    expect(audit?.name).toBe('Trade show / event');
  });
});

describe('tenancy', () => {
  it.each([
    ['Preview', () => ({ MarketingPlanId: play.id })],
    ['CreatePlan', () => ({ SourcePlanId: play.id, Name: 'Stolen', TeamId: globex.teamId, StartDate: '2027-01-01' })],
    ['SaveAsTemplate', () => ({ MarketingPlanId: play.id, Name: 'Stolen' })],
    ['Rename', () => ({ MarketingPlanId: play.id, Name: 'Stolen' })],
    ['Delete', () => ({ MarketingPlanId: play.id })],
  ])('%s with another tenant’s plan answers 404 and changes nothing in either tenant', async (call, body) => {
    const before = [await snapshot(acme.id), await snapshot(globex.id)];
    const response = await t.post(`${API}/${call}`, body(), await globex.tokenFor('owner'));
    expect(response.status).toBe(404);
    expect(response.body.Message).toMatch(/was not found/);
    expect([await snapshot(acme.id), await snapshot(globex.id)]).toEqual(before);
  });

  it('CreatePlan into another tenant’s team answers 404 and changes nothing', async () => {
    const before = [await snapshot(acme.id), await snapshot(globex.id)];
    const response = await create(await acme.tokenFor('owner'), { TeamId: globex.teamId });
    expect(response.status).toBe(404);
    expect(response.body.Message).toBe('The team was not found.');
    expect([await snapshot(acme.id), await snapshot(globex.id)]).toEqual(before);
  });

  it('lists only the caller’s tenant’s plays', async () => {
    const response = await t.post(`${API}/List`, {}, await globex.tokenFor('owner'));
    expect(response.body.Result).toEqual([]);
  });
});
