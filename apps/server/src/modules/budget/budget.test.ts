import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { expenses } from '../../schema/expenses.ts';
import { objectives } from '../../schema/objectives.ts';
import { createCategory, createItem, createPlan, ITEM_API, LOOKUP_API, PLAN_API } from '../../../test/planning-fixtures.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;
let categoryId: string;
let planId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  categoryId = (await createCategory(t, acme, 'Paid media')).Id;
  planId = (await createPlan(t, acme, { StartDate: '2026-01-01', EndDate: '2026-12-31' })).Id;
});
afterAll(async () => t.close());

const token = (tenant: TestTenant, who: keyof TestTenant['users']) => tenant.tokenFor(who);
const itemRow = async (id: string) => (await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, id)))[0];
const addExpense = (itemId: string, amountCents: number, status: 1 | 2 | 3, active = true, marketingPlanId = planId) =>
  t.ctx.db.insert(expenses).values({
    tenantId: acme.id,
    id: newId(),
    marketingPlanId,
    budgetItemId: itemId,
    name: 'Invoice',
    purchaseDate: '2026-03-01',
    amountCents,
    status,
    categoryType: 1,
    active,
  });
const save = async (body: Record<string, unknown>, who: keyof TestTenant['users'] = 'owner', tenant = acme) =>
  t.post(
    `${ITEM_API}/Save`,
    { Name: 'Item', Amount: 100, ItemType: 1, BudgetCategoryId: categoryId, MarketingPlanId: planId, ...body },
    await token(tenant, who),
  );

describe('saving budget items', () => {
  it('creates an item forced Active, keeps cents exact and records the creation', async () => {
    const response = await save({ Name: 'Search ads', Amount: 1234.56, Active: false });
    expect(response.status).toBe(200);
    const item = response.body.Result;
    expect(item).toMatchObject({ Name: 'Search ads', Amount: 1234.56, Active: true, BurnRate: 0, IsPhased: false, Months: [] });
    expect((await itemRow(item.Id))?.amountCents).toBe(123_456);
    const audit = await t.ctx.db.select().from(activities).where(eq(activities.entityId, item.Id));
    expect(audit.map((row) => [row.action, row.marketingPlanId])).toEqual([['create', planId]]);
  });

  it('validates amounts, item types and categories with clear messages', async () => {
    expect((await save({ Amount: 10.005 })).body.Message).toBe('Amount can have at most 2 decimals.');
    expect((await save({ Amount: -1 })).body.Message).toBe('Amount cannot be negative.');
    expect((await save({ ItemType: 3 })).body.Message).toMatch(/ItemType must be 1/);
    const foreignCategory = await createCategory(t, other, 'Foreign');
    const response = await save({ Name: 'Foreign cat', BudgetCategoryId: foreignCategory.Id });
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([{ Field: 'BudgetCategoryId', Message: 'Choose one of your budget categories.' }]);
    expect(await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.name, 'Foreign cat'))).toHaveLength(0);
  });

  it('accepts a GL code of the tenant but not a funnel stage', async () => {
    const owner = await token(acme, 'owner');
    const gl = (await t.post(`${LOOKUP_API}/Save`, { Name: '6100 Advertising', LookupType: 1 }, owner)).body.Result;
    const stage = (await t.post(`${LOOKUP_API}/Save`, { Name: 'Lead', LookupType: 2 }, owner)).body.Result;
    expect((await save({ GeneralLedgerCodeId: gl.Id })).body.Result.GeneralLedgerCodeId).toBe(gl.Id);
    expect((await save({ GeneralLedgerCodeId: stage.Id })).status).toBe(400);
  });

  it('stores monthly phasing that adds up to the amount within the plan’s dates', async () => {
    const months = [
      { Month: '2026-01', Amount: 100.1 },
      { Month: '2026-02', Amount: 200.2 },
      { Month: '2026-03', Amount: 0.7 },
    ];
    const response = await save({ Amount: 301, Months: months });
    expect(response.status).toBe(200);
    expect(response.body.Result.IsPhased).toBe(true);
    const fetched = await t.post(`${ITEM_API}/GetBudgetItem`, { BudgetItemId: response.body.Result.Id }, await token(acme, 'viewer'));
    // Each month cell comes with its own version (DESIGN.md §13), 1 when created.
    expect(fetched.body.Result.Months).toEqual(months.map((month) => ({ ...month, BaseAmount: month.Amount, Version: 1 })));
  });

  it('refuses phasing that does not add up, falls outside the plan or repeats a month', async () => {
    const sum = await save({
      Amount: 300,
      Months: [
        { Month: '2026-01', Amount: 100 },
        { Month: '2026-02', Amount: 199.99 },
      ],
    });
    expect(sum.status).toBe(400);
    expect(sum.body.Message).toBe('The months add up to $299.99, but the amount is $300.00. They must be equal.');
    const outside = await save({ Amount: 100, Months: [{ Month: '2027-01', Amount: 100 }] });
    expect(outside.body.Message).toBe('2027-01 is outside the plan’s dates (2026-01-01 to 2026-12-31).');
    const repeated = await save({
      Amount: 100,
      Months: [
        { Month: '2026-04', Amount: 50 },
        { Month: '2026-04', Amount: 50 },
      ],
    });
    expect(repeated.status).toBe(400);
    expect((await save({ Amount: 100, Months: [{ Month: '2026-13', Amount: 100 }] })).status).toBe(400);
  });

  it('keeps the phasing when only the amount changes only if it still adds up; null clears it', async () => {
    const item = (await save({ Amount: 200, Months: [{ Month: '2026-05', Amount: 200 }] })).body.Result;
    const changed = await save({ Id: item.Id, Version: item.Version, Amount: 250 });
    expect(changed.status).toBe(400);
    expect(changed.body.Message).toMatch(/phased by month/);
    expect((await itemRow(item.Id))?.amountCents).toBe(20_000);
    const cleared = await save({
      Id: item.Id,
      Version: item.Version,
      Cells: [{ Month: '2026-05', Version: 1 }],
      Amount: 250,
      Months: null,
    });
    expect(cleared.body.Result).toMatchObject({ Amount: 250, IsPhased: false, Months: [] });
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, item.Id), eq(activities.action, 'update')));
    expect(audit[0]?.changes).toEqual({ amount: { from: 200, to: 250 }, months: { from: [{ Month: '2026-05', Amount: 200 }], to: [] } });
  });

  it('lets a Planner edit items but not a Viewer (403) nor a member outside the team (404)', async () => {
    expect((await save({ Name: 'By planner' }, 'member')).status).toBe(200);
    expect((await save({ Name: 'By viewer' }, 'viewer')).status).toBe(403);
    expect((await save({ Name: 'By outsider' }, 'outsider')).status).toBe(404);
  });

  it('answers 404 to another tenant updating an item and leaves it unchanged', async () => {
    const item = await createItem(t, acme, planId, categoryId, { Name: 'Mine' });
    const before = await itemRow(item.Id);
    const otherCategory = await createCategory(t, other, 'Theirs');
    const response = await save({ Id: item.Id, Version: 1, Name: 'Taken', BudgetCategoryId: otherCategory.Id }, 'owner', other);
    expect(response.status).toBe(404);
    expect(await itemRow(item.Id)).toEqual(before);
  });

  it('refuses changes in an archived plan until it is restored', async () => {
    const plan = await createPlan(t, acme, { Name: 'Old' });
    const item = await createItem(t, acme, plan.Id, categoryId);
    const owner = await token(acme, 'owner');
    const archived = await t.post(`${PLAN_API}/Save`, { Id: plan.Id, Version: 1, Name: 'Old', TeamId: acme.teamId, State: 2 }, owner);
    expect(archived.status, archived.text).toBe(200);
    const response = await save({ Id: item.Id, Version: 1, MarketingPlanId: plan.Id, Amount: 5 });
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('“Old” is archived. Restore the plan to change its budget.');
  });
});

describe('reading budget items', () => {
  it('computes BurnRate from active actual expenses and sums committed and planned, in one list', async () => {
    const plan = await createPlan(t, acme, { Name: 'Burn' });
    const ads = await createItem(t, acme, plan.Id, categoryId, { Name: 'Ads', Amount: 400 });
    const zero = await createItem(t, acme, plan.Id, categoryId, { Name: 'Zero', Amount: 0 });
    await addExpense(ads.Id, 10_000, 3, true, plan.Id);
    await addExpense(ads.Id, 5_000, 3, false, plan.Id);
    await addExpense(ads.Id, 2_500, 2, true, plan.Id);
    await addExpense(ads.Id, 1_000, 1, true, plan.Id);
    await addExpense(zero.Id, 700, 3, true, plan.Id);
    const response = await t.post(`${ITEM_API}/GetBudgetItems`, { MarketingPlanId: plan.Id }, await token(acme, 'viewer'));
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(response.body.Result.map((row: { Name: string }) => [row.Name, row]));
    expect(byName.Ads).toMatchObject({
      Amount: 400,
      Actual: 100,
      Committed: 25,
      Planned: 10,
      Available: 275,
      LeftToPlan: 265,
      BurnRate: 0.25,
    });
    expect(byName.Ads.BudgetCategoryName).toBe('Paid media');
    expect(byName.Zero).toMatchObject({ Amount: 0, Actual: 7, BurnRate: 0 });
  });

  it('lists an objective’s items and refuses a body with neither or both ids', async () => {
    const viewer = await token(acme, 'viewer');
    const objectiveId = newId();
    await t.ctx.db.insert(objectives).values({
      tenantId: acme.id,
      id: objectiveId,
      marketingPlanId: planId,
      name: 'Leads',
      targetValue: 100,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    await createItem(t, acme, planId, categoryId, { Name: 'For objective', ObjectiveId: objectiveId });
    const response = await t.post(`${ITEM_API}/GetBudgetItems`, { ObjectiveId: objectiveId }, viewer);
    expect(response.body.Result.map((row: { Name: string }) => row.Name)).toEqual(['For objective']);
    expect((await t.post(`${ITEM_API}/GetBudgetItems`, { ObjectiveId: objectiveId }, await token(other, 'owner'))).status).toBe(404);
    expect((await t.post(`${ITEM_API}/GetBudgetItems`, {}, viewer)).body.Message).toBe('Send either MarketingPlanId or ObjectiveId.');
    expect((await t.post(`${ITEM_API}/GetBudgetItems`, { ObjectiveId: objectiveId, MarketingPlanId: planId }, viewer)).status).toBe(400);
  });

  it('hides a plan’s items from another tenant and from a member outside the team', async () => {
    const item = await createItem(t, acme, planId, categoryId);
    for (const [tenant, who] of [
      [other, 'owner'],
      [acme, 'outsider'],
    ] as const) {
      const auth = await token(tenant, who);
      expect((await t.post(`${ITEM_API}/GetBudgetItems`, { MarketingPlanId: planId }, auth)).status).toBe(404);
      expect((await t.post(`${ITEM_API}/GetBudgetItem`, { BudgetItemId: item.Id }, auth)).status).toBe(404);
    }
  });

  it('searches at most 20 items, only in plans the caller may see', async () => {
    for (let index = 0; index < 22; index += 1) await createItem(t, acme, planId, categoryId, { Name: `Webinar ${index}` });
    await createItem(t, other, (await createPlan(t, other)).Id, (await createCategory(t, other, 'O')).Id, { Name: 'Webinar other' });
    const owner = await t.post(`${ITEM_API}/SearchBudgetItems`, { Query: 'webinar' }, await token(acme, 'owner'));
    expect(owner.body.Result).toHaveLength(20);
    expect(
      owner.body.Result.every(
        (row: { MarketingPlanName: string; Name: string }) => row.Name.startsWith('Webinar ') && row.MarketingPlanName,
      ),
    ).toBe(true);
    expect((await t.post(`${ITEM_API}/SearchBudgetItems`, { Query: 'webinar' }, await token(acme, 'outsider'))).body.Result).toEqual([]);
    expect((await t.post(`${ITEM_API}/SearchBudgetItems`, { Query: '%' }, await token(acme, 'owner'))).body.Result).toEqual([]);
    expect((await t.post(`${ITEM_API}/SearchBudgetItems`, { Query: ' ' }, await token(acme, 'owner'))).status).toBe(400);
  });
});

describe('deleting budget items', () => {
  it('deletes an item with its phasing and records it; another tenant gets 404 and changes nothing', async () => {
    const item = (await save({ Name: 'Doomed', Amount: 50, Months: [{ Month: '2026-02', Amount: 50 }] })).body.Result;
    const body = { BudgetItemId: item.Id, Version: item.Version };
    expect((await t.post(`${ITEM_API}/Delete`, body, await token(other, 'owner'))).status).toBe(404);
    expect((await t.post(`${ITEM_API}/Delete`, body, await token(acme, 'viewer'))).status).toBe(403);
    expect(await itemRow(item.Id)).toBeDefined();
    expect((await t.post(`${ITEM_API}/Delete`, body, await token(acme, 'member'))).body.Result).toBe(true);
    expect(await itemRow(item.Id)).toBeUndefined();
    expect(await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, item.Id))).toHaveLength(0);
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, item.Id), eq(activities.action, 'delete')));
    expect(audit).toHaveLength(1);
  });

  it('refuses to delete an item with expenses and says how many', async () => {
    const item = await createItem(t, acme, planId, categoryId, { Name: 'Spent' });
    await addExpense(item.Id, 100, 3);
    await addExpense(item.Id, 100, 1);
    const response = await t.post(`${ITEM_API}/Delete`, { BudgetItemId: item.Id, Version: 1 }, await token(acme, 'owner'));
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('“Spent” cannot be deleted: 2 expenses are recorded against it. Move or delete them first.');
  });
});
