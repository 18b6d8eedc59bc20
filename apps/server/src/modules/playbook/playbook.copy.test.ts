import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { linkItem, saveObjective, saveResult } from '../../../test/objective-factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { comments } from '../../schema/comments.ts';
import { expenses } from '../../schema/expenses.ts';
import { objectiveResults, objectives } from '../../schema/objectives.ts';
import { marketingPlans } from '../../schema/plans.ts';

const API = '/api/PlaybookClient';
let t: TestApp;
let acme: TestTenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  token = await acme.tokenFor('owner');
});
afterAll(async () => t.close());

/** Every item of a plan with its phasing, by name: what a copy is compared on, cent by cent. */
const itemsOf = async (planId: string) => {
  const items = await t.ctx.db
    .select()
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, acme.id), eq(budgetItems.marketingPlanId, planId)))
    .orderBy(asc(budgetItems.name));
  const months = await t.ctx.db
    .select()
    .from(budgetItemMonths)
    .where(eq(budgetItemMonths.tenantId, acme.id))
    .orderBy(asc(budgetItemMonths.month));
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    categoryId: item.budgetCategoryId,
    glCodeId: item.generalLedgerCodeId,
    itemType: item.itemType,
    amountCents: item.amountCents,
    active: item.active,
    objectiveId: item.objectiveId,
    months: Object.fromEntries(months.filter((m) => m.budgetItemId === item.id).map((m) => [m.month, m.amountCents])),
  }));
};

const objectivesOf = (planId: string) =>
  t.ctx.db
    .select()
    .from(objectives)
    .where(and(eq(objectives.tenantId, acme.id), eq(objectives.marketingPlanId, planId)))
    .orderBy(asc(objectives.name));

/** A 6-month play from November 2025 to April 2026: phasing over the year boundary, an objective with results, an expense and a comment. */
const makeWinterPlay = async () => {
  const media = await createCategory(t, acme, { name: 'Media', categoryType: 1 });
  const tools = await createCategory(t, acme, { name: 'Tools', categoryType: 2 });
  const gl = await createGlCode(t, acme, '6100 Advertising');
  const plan = await createPlan(t, acme, { name: 'Winter push', startDate: '2025-11-01', endDate: '2026-04-30', state: 3 });
  const search = await createItem(t, acme, {
    planId: plan.id,
    categoryId: media.id,
    amountCents: 1_000_001,
    name: 'Search',
    months: { '2025-11': 333_334, '2025-12': 333_333, '2026-01': 0, '2026-04': 333_334 },
  });
  await t.ctx.db.update(budgetItems).set({ generalLedgerCodeId: gl.id }).where(eq(budgetItems.id, search.id));
  await createItem(t, acme, { planId: plan.id, categoryId: tools.id, amountCents: 49_999, name: 'Tools', itemType: 2 });
  await createItem(t, acme, {
    planId: plan.id,
    categoryId: media.id,
    amountCents: 12_345,
    name: 'Retired',
    active: false,
    months: { '2026-02': 12_345 },
  });
  const leads = await saveObjective(t, acme, {
    MarketingPlanId: plan.id,
    Name: 'Leads',
    Metric: 'Leads',
    TargetValue: 450.5,
    StartDate: '2025-12-15',
    EndDate: '2026-04-30',
  });
  await saveResult(t, acme, leads.Id, '2026-01-10', 120);
  await linkItem(t, acme, search.id, leads.Id);
  await createExpenseRow(t, acme, { planId: plan.id, itemId: search.id, amountCents: 5_000, purchaseDate: '2025-12-01' });
  await t.ctx.db.insert(comments).values({
    tenantId: acme.id,
    id: newId(),
    entityType: 'MarketingPlan',
    entityId: plan.id,
    marketingPlanId: plan.id,
    authorId: acme.users.owner.id,
    description: 'Keep the booth small',
  });
  return { plan, media, tools, gl, leadsId: leads.Id };
};

describe('CreatePlan from a play', () => {
  it('copies a 6-month play from November into a new live plan a year later, item by item and cent by cent', async () => {
    const { plan, media, tools, gl, leadsId } = await makeWinterPlay();
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'Winter push 2026', TeamId: acme.teamId, StartDate: '2026-11-01' },
      token,
    );
    expect(response.status).toBe(200);
    const created = response.body.Result;
    expect(created).toMatchObject({
      Name: 'Winter push 2026',
      TeamId: acme.teamId,
      State: 1,
      StartDate: '2026-11-01',
      EndDate: '2027-04-30',
      ItemCount: 3,
      ObjectiveCount: 1,
      Total: 10_623.45,
    });
    const [row] = await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, created.Id));
    expect(row).toMatchObject({ state: 1, active: true, shareKey: null, starterPlay: null, createdBy: acme.users.owner.id });

    const [newLeads] = await objectivesOf(created.Id);
    expect(newLeads).toMatchObject({ name: 'Leads', metric: 'Leads', targetValue: 450.5, startDate: '2026-12-15', endDate: '2027-04-30' });
    expect(newLeads?.id).not.toBe(leadsId);
    const copiedItems = await itemsOf(created.Id);
    expect(copiedItems.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        name: 'Retired',
        categoryId: media.id,
        glCodeId: null,
        itemType: 1,
        amountCents: 12_345,
        active: false,
        objectiveId: null,
        months: { '2027-02-01': 12_345 },
      },
      {
        name: 'Search',
        categoryId: media.id,
        glCodeId: gl.id,
        itemType: 1,
        amountCents: 1_000_001,
        active: true,
        objectiveId: newLeads?.id,
        months: { '2026-11-01': 333_334, '2026-12-01': 333_333, '2027-01-01': 0, '2027-04-01': 333_334 },
      },
      {
        name: 'Tools',
        categoryId: tools.id,
        glCodeId: null,
        itemType: 2,
        amountCents: 49_999,
        active: true,
        objectiveId: null,
        months: {},
      },
    ]);
    // New rows, nothing shared with the source; no results, expenses or comments came along.
    const sourceIds = (await itemsOf(plan.id)).map((item) => item.id);
    for (const item of copiedItems) expect(sourceIds).not.toContain(item.id);
    const results = await t.ctx.db
      .select()
      .from(objectiveResults)
      .where(eq(objectiveResults.objectiveId, newLeads?.id ?? ''));
    expect(results).toEqual([]);
    expect(await t.ctx.db.select().from(expenses).where(eq(expenses.marketingPlanId, created.Id))).toEqual([]);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.marketingPlanId, created.Id))).toEqual([]);
  });

  it('leaves the source exactly as it was', async () => {
    const { plan } = await makeWinterPlay();
    const before = { items: await itemsOf(plan.id), objectives: await objectivesOf(plan.id) };
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'Copy', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status).toBe(200);
    expect({ items: await itemsOf(plan.id), objectives: await objectivesOf(plan.id) }).toEqual(before);
  });

  it('rolls a live 12-month plan into next year and writes the audit trail', async () => {
    const category = await createCategory(t, acme, { name: 'Events', categoryType: 1 });
    const plan = await createPlan(t, acme, { name: '2026 plan', startDate: '2026-01-01', endDate: '2026-12-31' });
    const months = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`2026-${String(i + 1).padStart(2, '0')}`, 10_000 + i]));
    const total = Object.values(months).reduce((a, b) => a + b, 0);
    await createItem(t, acme, { planId: plan.id, categoryId: category.id, amountCents: total, name: 'Every month', months });
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: '2026 plan (next year)', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ StartDate: '2027-01-01', EndDate: '2027-12-31', ItemCount: 1, Total: total / 100 });
    const [copy] = await itemsOf(response.body.Result.Id);
    expect(copy?.months).toEqual(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`2027-${String(i + 1).padStart(2, '0')}-01`, 10_000 + i])),
    );
    const audit = await t.ctx.db.select().from(activities).where(eq(activities.entityId, response.body.Result.Id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorId: acme.users.owner.id, name: '2026 plan (next year)' });
    expect(audit[0]?.description).toBe('Created from the plan “2026 plan”: 1 budget item and 0 objectives, moved 12 months.');
  });

  it('moves a mid-month plan by its start month and keeps the objectives inside the new dates', async () => {
    const category = await createCategory(t, acme, { name: 'Content', categoryType: 1 });
    const plan = await createPlan(t, acme, { name: 'Spring', startDate: '2026-03-15', endDate: '2026-05-20', state: 3 });
    await createItem(t, acme, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 300,
      name: 'Spread',
      months: { '2026-03': 100, '2026-04': 100, '2026-05': 100 },
    });
    await saveObjective(t, acme, { MarketingPlanId: plan.id, Name: 'Whole plan', TargetValue: 10 });
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'Summer', TeamId: acme.teamId, StartDate: '2026-07-25' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ StartDate: '2026-07-25', EndDate: '2026-09-20' });
    const [copy] = await itemsOf(response.body.Result.Id);
    expect(copy?.months).toEqual({ '2026-07-01': 100, '2026-08-01': 100, '2026-09-01': 100 });
    // 2026-03-15 moves to 2026-07-15, before the new start: it starts with the plan.
    const [objective] = await objectivesOf(response.body.Result.Id);
    expect(objective).toMatchObject({ startDate: '2026-07-25', endDate: '2026-09-20' });
  });

  it('copies an empty plan into an empty plan', async () => {
    const plan = await createPlan(t, acme, { name: 'Blank', state: 3 });
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'Blank copy', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ ItemCount: 0, ObjectiveCount: 0, Total: 0, EndDate: '2027-12-31' });
  });

  it('refuses a bad start date naming the field, writing nothing', async () => {
    const plan = await createPlan(t, acme, { name: 'Any' });
    const before = await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.tenantId, acme.id));
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'X', TeamId: acme.teamId, StartDate: '2027-02-30' },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors.map((e: { Field: string }) => e.Field)).toContain('StartDate');
    expect(await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.tenantId, acme.id))).toHaveLength(before.length);
  });
});

describe('SaveAsTemplate', () => {
  it('makes a State 3 copy with the same team and dates, without expenses, results or comments, listed as a play', async () => {
    const { plan } = await makeWinterPlay();
    await t.ctx.db.update(marketingPlans).set({ state: 1 }).where(eq(marketingPlans.id, plan.id));
    const response = await t.post(`${API}/SaveAsTemplate`, { MarketingPlanId: plan.id, Name: 'Winter play' }, token);
    expect(response.status).toBe(200);
    const play = response.body.Result;
    expect(play).toMatchObject({
      Name: 'Winter play',
      TeamId: acme.teamId,
      StartDate: '2025-11-01',
      EndDate: '2026-04-30',
      DurationMonths: 6,
      ItemCount: 3,
      ObjectiveCount: 1,
      Total: 10_623.45,
      StarterPlay: null,
      CanManage: true,
    });
    expect(play.Categories.map((c: { Name: string; Total: number }) => [c.Name, c.Total])).toEqual([
      ['Media', 10_123.46],
      ['Tools', 499.99],
    ]);
    const [row] = await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, play.Id));
    expect(row?.state).toBe(3);
    const source = await itemsOf(plan.id);
    const copy = await itemsOf(play.Id);
    expect(copy.map((item) => [item.name, item.amountCents, item.months])).toEqual(
      source.map((item) => [item.name, item.amountCents, item.months]),
    );
    expect(await t.ctx.db.select().from(expenses).where(eq(expenses.marketingPlanId, play.Id))).toEqual([]);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.marketingPlanId, play.Id))).toEqual([]);
    const [objective] = await objectivesOf(play.Id);
    expect(
      await t.ctx.db
        .select()
        .from(objectiveResults)
        .where(eq(objectiveResults.objectiveId, objective?.id ?? '')),
    ).toEqual([]);
    const list = await t.post(`${API}/List`, {}, token);
    expect(list.body.Result.map((p: { Id: string }) => p.Id)).toContain(play.Id);
  });
});
