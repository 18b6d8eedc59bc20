import { type Campaign, EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { saveObjective } from '../../../test/objective-factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';

let t: TestApp;
let acme: TestTenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  token = await acme.tokenFor('owner');
});
afterAll(async () => t.close());

const saveCampaign = async (body: Record<string, unknown>) => {
  const response = await t.post('/api/CampaignClient/Save', { Id: EMPTY_ID, ...body }, token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result as Campaign;
};
const treeOf = async (planId: string) => {
  const response = await t.post('/api/CampaignClient/List', { MarketingPlanId: planId }, token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result.Campaigns as Campaign[];
};

describe('CreatePlan from a play copies its campaigns (DESIGN.md §16)', () => {
  it('brings the program → campaign → tactic tree along with new ids, dates moved like the plan, items and objective linked to the copies', async () => {
    const category = await createCategory(t, acme, { name: 'Events' });
    const play = await createPlan(t, acme, { name: 'Launch play', startDate: '2026-01-01', endDate: '2026-12-31', state: 3 });
    const objective = await saveObjective(t, acme, { MarketingPlanId: play.id, Name: 'Pipeline', TargetValue: 100 });
    const program = await saveCampaign({
      MarketingPlanId: play.id,
      Name: 'Launch',
      StartDate: '2026-03-01',
      EndDate: '2026-06-30',
      Color: '#1f6feb',
    });
    const campaign = await saveCampaign({ MarketingPlanId: play.id, Name: 'Webinars', ParentId: program.Id, ObjectiveId: objective.Id });
    const tactic = await saveCampaign({
      MarketingPlanId: play.id,
      Name: 'Ads',
      ParentId: campaign.Id,
      StartDate: '2026-04-01',
      EndDate: '2026-04-30',
    });
    const booth = await createItem(t, acme, { planId: play.id, categoryId: category.id, amountCents: 1999, name: 'Booth' });
    const ads = await createItem(t, acme, { planId: play.id, categoryId: category.id, amountCents: 100_001, name: 'Ads budget' });
    await createItem(t, acme, { planId: play.id, categoryId: category.id, amountCents: 5, name: 'Loose' });
    await t.ctx.db.update(budgetItems).set({ campaignId: campaign.Id }).where(eq(budgetItems.id, booth.id));
    await t.ctx.db.update(budgetItems).set({ campaignId: tactic.Id }).where(eq(budgetItems.id, ads.id));
    const before = await treeOf(play.id);

    const response = await t.post(
      '/api/PlaybookClient/CreatePlan',
      { SourcePlanId: play.id, Name: 'Launch 2027', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status, response.text).toBe(200);
    const planId = response.body.Result.Id as string;
    const copied = await treeOf(planId);
    expect(copied.map((c) => [c.Name, c.Depth, c.StartDate, c.EndDate, c.Color])).toEqual([
      ['Launch', 1, '2027-03-01', '2027-06-30', '#1f6feb'],
      ['Webinars', 2, '2027-03-01', '2027-06-30', null],
      ['Ads', 3, '2027-04-01', '2027-04-30', null],
    ]);
    const sourceIds = new Set(before.map((c) => c.Id));
    for (const c of copied) {
      expect(sourceIds.has(c.Id)).toBe(false);
      expect(c.Version).toBe(1);
    }
    const [newLaunch, newWebinars, newAds] = copied as [Campaign, Campaign, Campaign];
    expect(newWebinars.ParentId).toBe(newLaunch.Id);
    expect(newAds.ParentId).toBe(newWebinars.Id);
    expect(newWebinars.ObjectiveId).not.toBeNull();
    expect(newWebinars.ObjectiveId).not.toBe(objective.Id);
    // The roll-ups follow the copied items: the program holds $1,020.00, the loose item stays loose.
    expect(newLaunch.Totals).toMatchObject({ Budget: 1020, ItemCount: 2 });
    const items = await t.ctx.db
      .select({ name: budgetItems.name, campaignId: budgetItems.campaignId })
      .from(budgetItems)
      .where(and(eq(budgetItems.tenantId, acme.id), eq(budgetItems.marketingPlanId, planId)));
    expect(Object.fromEntries(items.map((item) => [item.name, item.campaignId]))).toEqual({
      Booth: newWebinars.Id,
      'Ads budget': newAds.Id,
      Loose: null,
    });
    // The play is untouched.
    expect(await treeOf(play.id)).toEqual(before);
  });
});
