import { type Campaign, EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';
import { campaigns } from '../../schema/campaigns.ts';

const API = '/api/CampaignClient';
const ITEM_API = '/api/BudgetItemClient';
const clock = createTestClock(new Date('2026-11-27T12:00:00Z'));
let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  tenant = await createTenant(t, { name: 'Campaigns' });
  other = await createTenant(t, { name: 'Other' });
  owner = await tenant.tokenFor('owner');
});
afterAll(async () => t.close());

type Body = Record<string, unknown>;
const save = (body: Body, token = owner) => t.post(`${API}/Save`, { Id: EMPTY_ID, ...body }, token);
const make = async (planId: string, name: string, extra: Body = {}) => {
  const response = await save({ MarketingPlanId: planId, Name: name, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Result;
};
const list = async (planId: string, token = owner) => {
  const response = await t.post(`${API}/List`, { MarketingPlanId: planId }, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Result;
};
const node = (result: { Campaigns: Campaign[] }, id: string): Campaign => {
  const found = result.Campaigns.find((c) => c.Id === id);
  if (!found) throw new Error(`no campaign ${id}`);
  return found;
};
const assign = async (itemId: string, campaignId: string | null) => {
  await t.ctx.db.update(budgetItems).set({ campaignId }).where(eq(budgetItems.id, itemId));
};

describe('the campaign tree (DESIGN.md §16)', () => {
  it('lists program → campaign → tactic in tree order with their depth, siblings by start date', async () => {
    const plan = await createPlan(t, tenant);
    const late = await make(plan.id, 'Late program', { StartDate: '2026-06-01' });
    const program = await make(plan.id, 'Spring launch', { StartDate: '2026-02-01', EndDate: '2026-05-31' });
    const campaign = await make(plan.id, 'Webinars', { ParentId: program.Id });
    const tactic = await make(plan.id, 'Webinar ads', { ParentId: campaign.Id, StartDate: '2026-03-01', EndDate: '2026-03-31' });
    // A child without dates takes its parent's.
    expect([campaign.StartDate, campaign.EndDate]).toEqual(['2026-02-01', '2026-05-31']);
    const result = await list(plan.id);
    expect(result.Campaigns.map((c: Body) => [c.Name, c.Depth, c.ParentId])).toEqual([
      ['Spring launch', 1, null],
      ['Webinars', 2, program.Id],
      ['Webinar ads', 3, campaign.Id],
      ['Late program', 1, null],
    ]);
    expect(tactic.Depth).toBe(3);
    expect(late.EndDate).toBe('2026-12-31');
  });

  it('rolls a node up as itself plus its descendants, exact to the cent: 19.99 three times is 59.97, and programs + no campaign = the plan', async () => {
    const plan = await createPlan(t, tenant);
    const category = await createCategory(t, tenant, { name: 'Events' });
    const program = await make(plan.id, 'Program');
    const campaign = await make(plan.id, 'Campaign', { ParentId: program.Id });
    const tactic = await make(plan.id, 'Tactic', { ParentId: campaign.Id });
    const inTactic = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 100_001 });
    const inCampaign = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 1999 });
    const inactive = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 50_000, active: false });
    const loose = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 12_345 });
    await assign(inTactic.id, tactic.Id);
    await assign(inCampaign.id, campaign.Id);
    await assign(inactive.id, program.Id);
    for (const item of [inTactic, inCampaign, inactive]) {
      await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 1999, status: 3, purchaseDate: '2026-01-31' });
    }
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: inTactic.id, amountCents: 1, status: 2, purchaseDate: '2026-02-28' });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: inCampaign.id, amountCents: 500, status: 1, purchaseDate: '2026-12-31' });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: loose.id, amountCents: 2, status: 3 });

    const result = await list(plan.id);
    expect(node(result, tactic.Id).Totals).toEqual({
      Budget: 1000.01,
      Planned: 0,
      Committed: 0.01,
      Actual: 19.99,
      Forecast: 1000.01,
      ItemCount: 1,
    });
    expect(node(result, campaign.Id).Own).toMatchObject({ Budget: 19.99, Planned: 5, Actual: 19.99, ItemCount: 1 });
    expect(node(result, campaign.Id).Totals).toMatchObject({ Budget: 1020, Planned: 5, Committed: 0.01, Actual: 39.98, ItemCount: 2 });
    // The inactive item has no Budget, but its Actual counts.
    expect(node(result, program.Id).Own).toMatchObject({ Budget: 0, Actual: 19.99, ItemCount: 1 });
    expect(node(result, program.Id).Totals).toMatchObject({ Budget: 1020, Planned: 5, Committed: 0.01, Actual: 59.97, ItemCount: 3 });
    expect(result.NoCampaign).toMatchObject({ Budget: 123.45, Actual: 0.02, ItemCount: 1 });
    expect(result.Plan).toMatchObject({ Budget: 1143.45, Planned: 5, Committed: 0.01, Actual: 59.99, ItemCount: 4 });

    // Forecast is the forecast module's figure per item, summed: the same as ForecastClient/Get says.
    const forecast = (await t.post('/api/ForecastClient/Get', { MarketingPlanId: plan.id }, owner)).body.Result;
    const forecastOf = (ids: string[]) =>
      forecast.Items.filter((item: Body) => ids.includes(item.BudgetItemId as string)).reduce(
        (sum: number, item: { Totals: { Forecast: number } }) => sum + Math.round(item.Totals.Forecast * 100),
        0,
      ) / 100;
    expect(node(result, program.Id).Totals.Forecast).toBe(forecastOf([inTactic.id, inCampaign.id, inactive.id]));
    expect(result.Plan.Forecast).toBe(forecast.Totals.Forecast);
  });

  it('keeps the depth at 3: a tactic takes no child, and a program with children cannot go under a campaign', async () => {
    const plan = await createPlan(t, tenant);
    const program = await make(plan.id, 'Program');
    const campaign = await make(plan.id, 'Campaign', { ParentId: program.Id });
    const tactic = await make(plan.id, 'Tactic', { ParentId: campaign.Id });
    const tooDeep = await save({ MarketingPlanId: plan.id, Name: 'Level 4', ParentId: tactic.Id });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.Errors[0]).toMatchObject({ Field: 'ParentId', Message: expect.stringContaining('at most 3 levels') });

    const other = await make(plan.id, 'Other program');
    await make(plan.id, 'Its campaign', { ParentId: other.Id });
    const before = await snapshotTenant(t.ctx.database, tenant.id);
    const moved = await t.post(`${API}/Move`, { Id: other.Id, ParentId: campaign.Id, Version: 1 }, owner);
    expect(moved.status).toBe(400);
    expect(moved.body.Message).toContain('level 4');
    expect(await snapshotTenant(t.ctx.database, tenant.id)).toEqual(before);
    // Under the program it is depth 2 and its child depth 3: allowed.
    const ok = await t.post(`${API}/Move`, { Id: other.Id, ParentId: program.Id, Version: 1 }, owner);
    expect(ok.status).toBe(200);
    expect(ok.body.Result).toMatchObject({ ParentId: program.Id, Depth: 2, Version: 2 });
    expect(node(await list(plan.id), ok.body.Result.Id).Depth).toBe(2);
  });

  it('refuses cycles: a campaign under itself or under its own descendant', async () => {
    const plan = await createPlan(t, tenant);
    const program = await make(plan.id, 'Program');
    const campaign = await make(plan.id, 'Campaign', { ParentId: program.Id });
    const self = await t.post(`${API}/Move`, { Id: program.Id, ParentId: program.Id, Version: 1 }, owner);
    expect(self.status).toBe(400);
    expect(self.body.Message).toBe('A campaign cannot be its own parent.');
    const below = await t.post(`${API}/Move`, { Id: program.Id, ParentId: campaign.Id, Version: 1 }, owner);
    expect(below.status).toBe(400);
    expect(below.body.Message).toBe('A campaign cannot move under one of its own sub-campaigns.');
    // Out to the top is fine.
    const top = await t.post(`${API}/Move`, { Id: campaign.Id, ParentId: null, Version: 1 }, owner);
    expect(top.body.Result).toMatchObject({ ParentId: null, Depth: 1 });
  });

  it('keeps dates inside the plan, inside the parent and around the children, naming the field', async () => {
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const outside = await save({ MarketingPlanId: plan.id, Name: 'Too early', StartDate: '2025-12-31' });
    expect(outside.status).toBe(400);
    expect(outside.body.Errors[0].Field).toBe('StartDate');
    const reversed = await save({ MarketingPlanId: plan.id, Name: 'Backwards', StartDate: '2026-03-02', EndDate: '2026-03-01' });
    expect(reversed.body.Errors[0]).toEqual({ Field: 'EndDate', Message: 'EndDate cannot be before StartDate.' });
    // One day is a valid campaign; the plan's last day is inside.
    const lastDay = await make(plan.id, 'New Year’s Eve', { StartDate: '2026-12-31', EndDate: '2026-12-31' });
    expect(lastDay.EndDate).toBe('2026-12-31');
    const program = await make(plan.id, 'Q1', { StartDate: '2026-01-01', EndDate: '2026-03-31' });
    const child = await save({
      MarketingPlanId: plan.id,
      Name: 'April',
      ParentId: program.Id,
      StartDate: '2026-03-15',
      EndDate: '2026-04-01',
    });
    expect(child.status).toBe(400);
    expect(child.body.Errors[0].Field).toBe('EndDate');
    expect(child.body.Message).toContain('within “Q1”');
    const march = await make(plan.id, 'March', { ParentId: program.Id, StartDate: '2026-03-01', EndDate: '2026-03-31' });
    const shrink = await save({ Id: program.Id, Version: 1, MarketingPlanId: plan.id, Name: 'Q1', EndDate: '2026-03-30' });
    expect(shrink.status).toBe(400);
    expect(shrink.body.Message).toContain('“March”');
    // A move under a parent whose dates do not hold it is refused.
    const february = await make(plan.id, 'February', { StartDate: '2026-02-01', EndDate: '2026-02-28' });
    const move = await t.post(`${API}/Move`, { Id: february.Id, ParentId: march.Id, Version: 1 }, owner);
    expect(move.status).toBe(400);
    expect(move.body.Message).toContain('must be within “March”');
    const parentChange = await save({ Id: february.Id, Version: 1, MarketingPlanId: plan.id, Name: 'February', ParentId: program.Id });
    expect(parentChange.body.Message).toBe('Use Move to give a campaign another parent.');
  });

  it('refuses to delete a campaign with sub-campaigns (409 naming them); deleting a leaf leaves its items without a campaign', async () => {
    const plan = await createPlan(t, tenant);
    const category = await createCategory(t, tenant);
    const program = await make(plan.id, 'Program');
    const tactic = await make(plan.id, 'Tactic', { ParentId: program.Id });
    const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 100 });
    await assign(item.id, tactic.Id);
    const refused = await t.post(`${API}/Delete`, { Id: program.Id, Version: 1 }, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('“Program” has 1 sub-campaign (“Tactic”). Move or delete it first.');
    expect((await t.post(`${API}/Delete`, { Id: tactic.Id, Version: 1 }, owner)).status).toBe(200);
    const [row] = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, item.id));
    expect(row).toMatchObject({ campaignId: null, tenantId: tenant.id });
    expect((await list(plan.id)).NoCampaign.ItemCount).toBe(1);
  });

  it('checks the owner (a person of the tenant), the colour (#rrggbb, stored lower case), and refuses an archived plan', async () => {
    const plan = await createPlan(t, tenant);
    const stranger = await save({ MarketingPlanId: plan.id, Name: 'X', OwnerId: other.users.owner.id });
    expect(stranger.body.Errors[0].Field).toBe('OwnerId');
    const coloured = await make(plan.id, 'Blue', { Color: '#1F6FEB', OwnerId: tenant.users.member.id });
    expect(coloured).toMatchObject({ Color: '#1f6feb', OwnerId: tenant.users.member.id, OwnerName: expect.any(String) });
    expect((await save({ MarketingPlanId: plan.id, Name: 'Bad', Color: 'blue' })).status).toBe(400);
    const archived = await createPlan(t, tenant, { state: 2 });
    const refused = await save({ MarketingPlanId: archived.id, Name: 'Late' });
    expect(refused.status).toBe(409);
  });

  it('lets a Planner of the team change campaigns, not a Viewer (403); an Outsider and another tenant see no such plan or campaign (404, nothing changed)', async () => {
    const plan = await createPlan(t, tenant);
    const campaign = await make(plan.id, 'Ours');
    expect((await save({ MarketingPlanId: plan.id, Name: 'By planner' }, await tenant.tokenFor('member'))).status).toBe(200);
    expect((await save({ MarketingPlanId: plan.id, Name: 'By viewer' }, await tenant.tokenFor('viewer'))).status).toBe(403);
    expect((await t.post(`${API}/List`, { MarketingPlanId: plan.id }, await tenant.tokenFor('outsider'))).status).toBe(404);

    const before = await snapshotTenant(t.ctx.database, tenant.id);
    const theirs = await other.tokenFor('owner');
    expect((await t.post(`${API}/List`, { MarketingPlanId: plan.id }, theirs)).status).toBe(404);
    const update = await save({ Id: campaign.Id, Version: 1, MarketingPlanId: plan.id, Name: 'Taken' }, theirs);
    expect(update.status).toBe(404);
    expect((await save({ MarketingPlanId: plan.id, Name: 'Planted' }, theirs)).status).toBe(404);
    expect((await t.post(`${API}/Move`, { Id: campaign.Id, ParentId: null, Version: 1 }, theirs)).status).toBe(404);
    expect((await t.post(`${API}/Delete`, { Id: campaign.Id, Version: 1 }, theirs)).status).toBe(404);
    // Their own plan's campaign cannot take our campaign as parent either.
    const theirPlan = await createPlan(t, other);
    const adopt = await save({ MarketingPlanId: theirPlan.id, Name: 'Child', ParentId: campaign.Id }, theirs);
    expect(adopt.status).toBe(400);
    expect(await snapshotTenant(t.ctx.database, tenant.id)).toEqual(before);
  });
});

describe('campaign custom fields (DESIGN.md §16)', () => {
  it('stores CustomFields only through the custom fields check: a value not in the options is 400 naming the field; missing keeps them', async () => {
    const fieldTenant = await createTenant(t, { name: 'Fields' });
    const admin = await fieldTenant.tokenFor('admin');
    const field = await t.post(
      '/api/CustomFieldClient/Save',
      { Id: EMPTY_ID, Entity: 'Campaign', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] },
      admin,
    );
    expect(field.status, field.text).toBe(200);
    const fieldId = field.body.Result.Id as string;
    const plan = await createPlan(t, fieldTenant);
    const bad = await t.post(
      '/api/CampaignClient/Save',
      { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'X', CustomFields: { [fieldId]: 'LATAM' } },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('Region');
    const unknown = await t.post(
      '/api/CampaignClient/Save',
      { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'X', CustomFields: { [EMPTY_ID]: 'x' } },
      admin,
    );
    expect(unknown.status).toBe(400);
    const good = await t.post(
      '/api/CampaignClient/Save',
      { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'EMEA push', CustomFields: { [fieldId]: 'EMEA' } },
      admin,
    );
    expect(good.body.Result.CustomFields).toEqual({ [fieldId]: 'EMEA' });
    const renamed = await t.post(
      '/api/CampaignClient/Save',
      { Id: good.body.Result.Id, Version: 1, MarketingPlanId: plan.id, Name: 'EMEA push 2' },
      admin,
    );
    expect(renamed.body.Result.CustomFields).toEqual({ [fieldId]: 'EMEA' });
  });
});

describe('campaign versions (DESIGN.md §13)', () => {
  it('starts at 1, adds one per change, keeps it on a no-op save; 400 without Version; 409 naming who with their campaign; saving over theirs works', async () => {
    const plan = await createPlan(t, tenant);
    const created = await make(plan.id, 'Launch');
    expect(created.Version).toBe(1);
    const body = { Id: created.Id, MarketingPlanId: plan.id, Name: 'Launch 2' };
    expect((await save({ ...body, Version: 1 })).body.Result.Version).toBe(2);
    expect((await save({ ...body, Version: 2 })).body.Result.Version).toBe(2);
    const missing = await save(body);
    expect(missing.status).toBe(400);
    expect(missing.body.Errors[0].Field).toBe('Version');

    const planner = await tenant.tokenFor('member');
    expect((await save({ ...body, Name: 'By the planner', Version: 2 }, planner)).status).toBe(200);
    const stale = await save({ ...body, Name: 'Mine', Version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Member Campaigns changed the campaign “By the planner” at Nov 27, .* while you were editing\.$/);
    expect(stale.body.Result).toMatchObject({ Id: created.Id, Name: 'By the planner', Version: 3 });
    expect(stale.body.Conflict).toMatchObject({ Entity: 'Campaign', Id: created.Id, Version: 3 });
    expect((await save({ ...body, Name: 'Mine', Version: 3 })).body.Result).toMatchObject({ Name: 'Mine', Version: 4 });
    expect((await t.post(`${API}/Delete`, { Id: created.Id, Version: 3 }, owner)).status).toBe(409);
    expect((await t.post(`${API}/Move`, { Id: created.Id, ParentId: null, Version: 3 }, owner)).status).toBe(409);
    const [row] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, created.Id));
    expect(row?.name).toBe('Mine');
  });
});

describe('a budget item’s campaign', () => {
  it('reads and saves CampaignId: a campaign of the same plan, null clears it, missing keeps it', async () => {
    const plan = await createPlan(t, tenant);
    const otherPlan = await createPlan(t, tenant);
    const category = await createCategory(t, tenant);
    const campaign = await make(plan.id, 'Mine');
    const elsewhere = await make(otherPlan.id, 'Elsewhere');
    const base = { MarketingPlanId: plan.id, Name: 'Booth', Amount: 19.99, ItemType: 1, BudgetCategoryId: category.id };
    const created = await t.post(`${ITEM_API}/Save`, { Id: EMPTY_ID, ...base, CampaignId: campaign.Id }, owner);
    expect(created.body.Result.CampaignId).toBe(campaign.Id);
    const id = created.body.Result.Id;
    const wrong = await t.post(`${ITEM_API}/Save`, { Id: id, Version: 1, ...base, CampaignId: elsewhere.Id }, owner);
    expect(wrong.status).toBe(400);
    expect(wrong.body.Errors[0]).toEqual({ Field: 'CampaignId', Message: 'Choose a campaign of the same plan.' });
    const kept = await t.post(`${ITEM_API}/Save`, { Id: id, Version: 1, ...base, Name: 'Booth 2' }, owner);
    expect(kept.body.Result).toMatchObject({ CampaignId: campaign.Id, Version: 2 });
    const cleared = await t.post(`${ITEM_API}/Save`, { Id: id, Version: 2, ...base, CampaignId: null }, owner);
    expect(cleared.body.Result.CampaignId).toBeNull();
    const theirs = await make((await createPlan(t, tenant)).id, 'x');
    const foreign = await t.post(`${ITEM_API}/Save`, { Id: id, Version: 3, ...base, CampaignId: theirs.Id }, owner);
    expect(foreign.status).toBe(400);
    const otherTenantPlan = await createPlan(t, other);
    const otherTenantCampaign = (await save({ MarketingPlanId: otherTenantPlan.id, Name: 'Theirs' }, await other.tokenFor('owner'))).body
      .Result;
    const crossTenant = await t.post(`${ITEM_API}/Save`, { Id: id, Version: 3, ...base, CampaignId: otherTenantCampaign.Id }, owner);
    expect(crossTenant.status).toBe(400);
  });
});
