import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { teamMembers } from '../../schema/teams.ts';
import { createCategory, createItem, createPlan, PLAN_API } from '../../../test/planning-fixtures.ts';
import { marketingPlans } from '../../schema/plans.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const token = (tenant: TestTenant, who: keyof TestTenant['users']) => tenant.tokenFor(who);
const planRow = async (id: string) => (await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, id)))[0];
const addExpense = (tenant: TestTenant, planId: string, itemId: string | null, amountCents: number, status: 1 | 2 | 3, active = true) =>
  t.ctx.db.insert(expenses).values({
    tenantId: tenant.id,
    id: newId(),
    marketingPlanId: planId,
    budgetItemId: itemId,
    name: 'Invoice',
    purchaseDate: '2026-02-01',
    amountCents,
    status,
    categoryType: 1,
    active,
  });

describe('creating a plan', () => {
  it('defaults a new plan to State 1, today and today + 365 days, and records the creation', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const response = await t.post(`${PLAN_API}/Save`, { Name: 'FY27', TeamId: acme.teamId }, await token(acme, 'owner'));
    expect(response.status).toBe(200);
    const plan = response.body.Result;
    expect(plan).toMatchObject({ Name: 'FY27', State: 1, Active: true, StartDate: today, ShareKey: null, TeamId: acme.teamId });
    const end = new Date(`${today}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 365);
    expect(plan.EndDate).toBe(end.toISOString().slice(0, 10));
    expect(plan.Totals).toMatchObject({ Budget: 0, Actual: 0, BurnRate: 0, ItemCount: 0 });
    expect(plan.Permissions).toEqual({ CanManagePlan: true, CanEditBudget: true });
    const audit = await t.ctx.db.select().from(activities).where(eq(activities.entityId, plan.Id));
    expect(audit.map((row) => [row.action, row.entityType, row.actorId])).toEqual([['create', 'MarketingPlan', acme.users.owner.id]]);
  });

  it('refuses an end date before the start date and an unknown state, with field messages', async () => {
    const owner = await token(acme, 'owner');
    const dates = await t.post(
      `${PLAN_API}/Save`,
      { Name: 'X', TeamId: acme.teamId, StartDate: '2026-05-01', EndDate: '2026-04-30' },
      owner,
    );
    expect(dates.status).toBe(400);
    expect(dates.body.Errors).toContainEqual({ Field: 'EndDate', Message: 'EndDate cannot be before StartDate.' });
    const state = await t.post(`${PLAN_API}/Save`, { Name: 'X', TeamId: acme.teamId, State: 7 }, owner);
    expect(state.status).toBe(400);
    expect(state.body.Message).toMatch(/State must be/);
    const badDate = await t.post(`${PLAN_API}/Save`, { Name: 'X', TeamId: acme.teamId, StartDate: '2026-02-30' }, owner);
    expect(badDate.status).toBe(400);
    const endOnly = await t.post(`${PLAN_API}/Save`, { Name: 'X', TeamId: acme.teamId, EndDate: '2000-01-01' }, owner);
    expect(endOnly.status).toBe(400);
  });

  it('lets a team Lead create plans, but not a Planner, a Viewer or someone outside the team', async () => {
    const lead = await createTenant(t);
    await t.ctx.db
      .update(teamMembers)
      .set({ teamRoleId: 1 })
      .where(and(eq(teamMembers.tenantId, lead.id), eq(teamMembers.userId, lead.users.member.id)));
    const asLead = await t.post(`${PLAN_API}/Save`, { Name: 'Lead plan', TeamId: lead.teamId }, await token(lead, 'member'));
    expect(asLead.status).toBe(200);
    expect((await t.post(`${PLAN_API}/Save`, { Name: 'P', TeamId: acme.teamId }, await token(acme, 'member'))).status).toBe(403);
    expect((await t.post(`${PLAN_API}/Save`, { Name: 'V', TeamId: acme.teamId }, await token(acme, 'viewer'))).status).toBe(403);
    expect((await t.post(`${PLAN_API}/Save`, { Name: 'O', TeamId: acme.teamId }, await token(acme, 'outsider'))).status).toBe(404);
  });

  it('answers 404 for another tenant’s team and creates nothing', async () => {
    const response = await t.post(`${PLAN_API}/Save`, { Name: 'Sneaky', TeamId: acme.teamId }, await token(other, 'owner'));
    expect(response.status).toBe(404);
    const rows = await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.name, 'Sneaky'));
    expect(rows).toHaveLength(0);
  });
});

describe('reading plans', () => {
  it('lists the team’s plans to its members and never another tenant’s', async () => {
    const plan = await createPlan(t, acme, { Name: 'Listed' });
    await createPlan(t, other, { Name: 'Other tenant plan' });
    const asViewer = await t.post(`${PLAN_API}/GetMarketingPlans`, { TeamId: acme.teamId }, await token(acme, 'viewer'));
    expect(asViewer.status).toBe(200);
    const names = asViewer.body.Result.map((row: { Name: string }) => row.Name);
    expect(names).toContain('Listed');
    expect(names).not.toContain('Other tenant plan');
    expect(asViewer.body.Result.find((row: { Id: string }) => row.Id === plan.Id).Permissions).toEqual({
      CanManagePlan: false,
      CanEditBudget: false,
    });
    const all = await t.post(`${PLAN_API}/GetMarketingPlans`, {}, await token(acme, 'owner'));
    expect(all.body.Result.every((row: { TeamId: string }) => row.TeamId === acme.teamId)).toBe(true);
  });

  it('lists every plan with the totals of its own items and active expenses only', async () => {
    const media = await createCategory(t, acme, 'Listed totals media', 1);
    const first = await createPlan(t, acme, { Name: 'Totals one' });
    const second = await createPlan(t, acme, { Name: 'Totals two' });
    const empty = await createPlan(t, acme, { Name: 'Totals empty' });
    const ads = await createItem(t, acme, first.Id, media.Id, { Amount: 1000, ItemType: 1 });
    await createItem(t, acme, first.Id, media.Id, { Amount: 200, ItemType: 1 });
    const print = await createItem(t, acme, second.Id, media.Id, { Amount: 300, ItemType: 1 });
    await addExpense(acme, first.Id, ads.Id, 40_000, 3);
    await addExpense(acme, first.Id, ads.Id, 7_000, 2);
    await addExpense(acme, first.Id, null, 500, 1);
    await addExpense(acme, first.Id, ads.Id, 88_800, 3, false);
    await addExpense(acme, second.Id, print.Id, 12_300, 3);
    const listed = await t.post(`${PLAN_API}/GetMarketingPlans`, { TeamId: acme.teamId }, await token(acme, 'owner'));
    const totalsOf = (id: string) => listed.body.Result.find((row: { Id: string }) => row.Id === id).Totals;
    expect(totalsOf(first.Id)).toMatchObject({ Budget: 1200, Actual: 400, Committed: 70, Planned: 5, ItemCount: 2 });
    expect(totalsOf(second.Id)).toMatchObject({ Budget: 300, Actual: 123, Committed: 0, Planned: 0, ItemCount: 1 });
    expect(totalsOf(empty.Id)).toMatchObject({ Budget: 0, Actual: 0, Committed: 0, Planned: 0, ItemCount: 0, BurnRate: 0 });
  });

  it('hides the team’s plans from a member outside the team (404) and from another tenant', async () => {
    const plan = await createPlan(t, acme);
    expect((await t.post(`${PLAN_API}/GetMarketingPlans`, { TeamId: acme.teamId }, await token(acme, 'outsider'))).status).toBe(404);
    expect((await t.post(`${PLAN_API}/GetMarketingPlans`, {}, await token(acme, 'outsider'))).body.Result).toEqual([]);
    expect((await t.post(`${PLAN_API}/GetMarketingPlans`, { TeamId: acme.teamId }, await token(other, 'owner'))).status).toBe(404);
    expect((await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id }, await token(acme, 'outsider'))).status).toBe(404);
    expect(
      (await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id, Version: 1 }, await token(other, 'owner'))).status,
    ).toBe(404);
    const own = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id, Version: 1 }, await token(acme, 'member'));
    expect(own.body.Result.Permissions).toEqual({ CanManagePlan: false, CanEditBudget: true });
  });

  it('never opens a plan by its id without a token', async () => {
    const plan = await createPlan(t, acme);
    const response = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id });
    expect(response.status).toBe(404);
  });
});

describe('changing plans', () => {
  it('archives, restores and makes a template, recording what changed', async () => {
    const plan = await createPlan(t, acme, { Name: 'Lifecycle' });
    const owner = await token(acme, 'owner');
    const archived = await t.post(`${PLAN_API}/Save`, { Id: plan.Id, Version: 1, Name: 'Lifecycle', TeamId: acme.teamId, State: 2 }, owner);
    expect(archived.body.Result.State).toBe(2);
    expect(archived.body.Result.StartDate).toBe(plan.StartDate);
    const template = await t.post(`${PLAN_API}/Save`, { Id: plan.Id, Version: 2, Name: 'Lifecycle', TeamId: acme.teamId, State: 3 }, owner);
    expect(template.body.Result.State).toBe(3);
    const updates = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, plan.Id), eq(activities.action, 'update')));
    expect(updates.map((row) => row.changes)).toEqual([{ state: { from: 1, to: 2 } }, { state: { from: 2, to: 3 } }]);
  });

  it('refuses a Planner’s edit (403) and another tenant’s edit (404), leaving the plan unchanged', async () => {
    const plan = await createPlan(t, acme, { Name: 'Guarded' });
    const before = await planRow(plan.Id);
    const body = { Id: plan.Id, Version: 1, Name: 'Changed', TeamId: acme.teamId };
    expect((await t.post(`${PLAN_API}/Save`, body, await token(acme, 'member'))).status).toBe(403);
    expect((await t.post(`${PLAN_API}/Save`, body, await token(other, 'owner'))).status).toBe(404);
    expect((await t.post(`${PLAN_API}/Save`, { ...body, TeamId: other.teamId }, await token(other, 'owner'))).status).toBe(404);
    expect(await planRow(plan.Id)).toEqual(before);
  });

  it('refuses new dates that would leave phased months outside the plan', async () => {
    const category = await createCategory(t, acme, 'Events');
    const plan = await createPlan(t, acme, { StartDate: '2026-01-01', EndDate: '2026-12-31' });
    await createItem(t, acme, plan.Id, category.Id, { Amount: 300, Months: [{ Month: '2026-11', Amount: 300 }] });
    const response = await t.post(
      `${PLAN_API}/Save`,
      { Id: plan.Id, Version: 1, Name: 'FY Plan', TeamId: acme.teamId, EndDate: '2026-06-30' },
      await token(acme, 'owner'),
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/1 phased month outside 2026-01-01 to 2026-06-30/);
    expect((await planRow(plan.Id))?.endDate).toBe('2026-12-31');
  });

  it('deletes a plan with its items for a Lead, and answers 404 to another tenant without deleting', async () => {
    const category = await createCategory(t, acme, 'Digital');
    const plan = await createPlan(t, acme, { Name: 'To delete' });
    await createItem(t, acme, plan.Id, category.Id);
    expect((await t.post(`${PLAN_API}/Delete`, { MarketingPlanId: plan.Id, Version: 1 }, await token(other, 'owner'))).status).toBe(404);
    expect((await t.post(`${PLAN_API}/Delete`, { MarketingPlanId: plan.Id, Version: 1 }, await token(acme, 'member'))).status).toBe(403);
    expect(await planRow(plan.Id)).toBeDefined();
    const response = await t.post(`${PLAN_API}/Delete`, { MarketingPlanId: plan.Id, Version: 1 }, await token(acme, 'admin'));
    expect(response.body.Result).toBe(true);
    expect(await planRow(plan.Id)).toBeUndefined();
    expect(await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, plan.Id))).toHaveLength(0);
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, plan.Id), eq(activities.action, 'delete')));
    expect(audit).toHaveLength(1);
  });
});

describe('sharing a plan', () => {
  it('opens a shared plan without a token by its share key only, until it is unshared', async () => {
    const plan = await createPlan(t, acme, { Name: 'Shared' });
    const owner = await token(acme, 'owner');
    const shared = await t.post(`${PLAN_API}/Share`, { MarketingPlanId: plan.Id }, owner);
    expect(shared.status).toBe(200);
    const key: string = shared.body.Result.ShareKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.body.Result.ShareUrl).toBe(`${t.ctx.config.publicUrl}/external/plansummary/${key}`);
    const guest = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: key });
    expect(guest.status).toBe(200);
    expect(guest.body.Result).toMatchObject({ Id: plan.Id, Name: 'Shared', Permissions: { CanManagePlan: false, CanEditBudget: false } });
    expect((await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id })).status).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, plan.Id), eq(activities.action, 'update')));
    expect(audit[0]?.changes).toEqual({ shared: { from: false, to: true } });

    const unshared = await t.post(`${PLAN_API}/Unshare`, { MarketingPlanId: plan.Id }, owner);
    expect(unshared.body.Result).toMatchObject({ ShareKey: null, ShareUrl: null });
    expect((await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: key })).status).toBe(404);
  });

  it('stops showing a shared plan to guests once the plan is inactive', async () => {
    const plan = await createPlan(t, acme, { Name: 'Shared then retired' });
    const shared = await t.post(`${PLAN_API}/Share`, { MarketingPlanId: plan.Id }, await token(acme, 'owner'));
    const key: string = shared.body.Result.ShareKey;
    expect((await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: key })).status).toBe(200);
    await t.ctx.db.update(marketingPlans).set({ active: false }).where(eq(marketingPlans.id, plan.Id));
    const guest = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: key });
    expect(guest.status).toBe(404);
    expect(guest.body.Message).toBe('The shared plan was not found.');
  });

  it('lets neither a Planner nor another tenant share the plan', async () => {
    const plan = await createPlan(t, acme);
    expect((await t.post(`${PLAN_API}/Share`, { MarketingPlanId: plan.Id, Version: 1 }, await token(acme, 'member'))).status).toBe(403);
    expect((await t.post(`${PLAN_API}/Share`, { MarketingPlanId: plan.Id, Version: 1 }, await token(other, 'owner'))).status).toBe(404);
    expect((await planRow(plan.Id))?.shareKey).toBeNull();
  });
});

describe('RebuildPlan', () => {
  it('recomputes budget, actual, committed, planned and burn rate per category and type from active expenses', async () => {
    const media = await createCategory(t, acme, 'Media', 1);
    const tools = await createCategory(t, acme, 'Tools', 2);
    const plan = await createPlan(t, acme);
    const ads = await createItem(t, acme, plan.Id, media.Id, { Amount: 1000, ItemType: 1 });
    const saas = await createItem(t, acme, plan.Id, tools.Id, { Amount: 500, ItemType: 2 });
    await addExpense(acme, plan.Id, ads.Id, 25_000, 3);
    await addExpense(acme, plan.Id, ads.Id, 10_000, 2);
    await addExpense(acme, plan.Id, ads.Id, 5_000, 1);
    await addExpense(acme, plan.Id, ads.Id, 99_900, 3, false);
    await addExpense(acme, plan.Id, saas.Id, 50_000, 3);
    await addExpense(acme, plan.Id, null, 1_000, 3);
    const response = await t.post(`${PLAN_API}/RebuildPlan`, { MarketingPlanId: plan.Id }, await token(acme, 'viewer'));
    expect(response.status).toBe(200);
    const result = response.body.Result;
    expect(result.Totals).toEqual({
      Budget: 1500,
      Actual: 760,
      Committed: 100,
      Planned: 50,
      Available: 640,
      LeftToPlan: 590,
      BurnRate: 760 / 1500,
      ItemCount: 2,
    });
    expect(result.UnassignedActual).toBe(10);
    expect(
      result.ByCategory.map((row: { Name: string; Actual: number; BurnRate: number }) => [row.Name, row.Actual, row.BurnRate]),
    ).toEqual([
      ['Media', 250, 0.25],
      ['Tools', 500, 1],
    ]);
    expect(result.ByType.map((row: { ItemType: number; Budget: number }) => [row.ItemType, row.Budget])).toEqual([
      [1, 1000],
      [2, 500],
    ]);
    const listed = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id }, await token(acme, 'owner'));
    expect(listed.body.Result.Totals).toEqual(result.Totals);
    expect((await t.post(`${PLAN_API}/RebuildPlan`, { MarketingPlanId: plan.Id, Version: 1 }, await token(other, 'owner'))).status).toBe(
      404,
    );
  });
});
