import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, COMMIT, PREVIEW, setup } from '../../../test/imports-fixture.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const itemsBody = (planId: string, csv: string) => ({
  Kind: 'BudgetItems',
  MarketingPlanId: planId,
  FileName: 'items.csv',
  ContentBase64: base64(csv),
});

describe('importing budget items with a Campaign column (DESIGN.md §16)', () => {
  it('maps the Campaign column by name within the plan, ignoring case; an unknown or another plan’s campaign is a row error; blank is none', async () => {
    const { tenant, plan, token } = await setup(t);
    const owner = await tenant.tokenFor('owner');
    const save = async (planId: string, name: string) =>
      (await t.post('/api/CampaignClient/Save', { Id: EMPTY_ID, MarketingPlanId: planId, Name: name }, owner)).body.Result.Id as string;
    const launch = await save(plan.id, 'Spring Launch');
    const otherPlan = await createPlan(t, tenant);
    await save(otherPlan.id, 'Elsewhere');
    const csv = [
      'Name,Category,Amount,Campaign',
      'Radio,Paid media,19.99,spring launch',
      'Print,Paid media,10,Nope',
      'Flyers,Paid media,5,Elsewhere',
      'Posters,Paid media,1,',
    ].join('\n');
    const preview = (await t.post(PREVIEW, itemsBody(plan.id, csv), token)).body.Result;
    // "Campaign" maps to the Campaign field, no longer to Name.
    expect(preview.Mapping).toMatchObject({ Name: 'Name', Campaign: 'Campaign' });
    expect(preview.Rows.map((row: { Errors: { Field: string; Message: string }[] }) => row.Errors)).toEqual([
      [],
      [{ Field: 'Campaign', Message: 'No campaign named “Nope” in this plan.' }],
      [{ Field: 'Campaign', Message: 'No campaign named “Elsewhere” in this plan.' }],
      [],
    ]);
    const result = (await t.post(COMMIT, itemsBody(plan.id, csv), token)).body.Result;
    expect(result).toMatchObject({ Created: 2 });
    const rows = await t.ctx.db
      .select({ name: budgetItems.name, campaignId: budgetItems.campaignId, amountCents: budgetItems.amountCents })
      .from(budgetItems)
      .where(and(eq(budgetItems.tenantId, tenant.id), eq(budgetItems.marketingPlanId, plan.id)));
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName.Radio).toEqual({ name: 'Radio', campaignId: launch, amountCents: 1999 });
    expect(byName.Posters?.campaignId).toBeNull();
    expect(byName.Print).toBeUndefined();
    // The campaign's roll-up sees the imported item to the cent.
    const list = (await t.post('/api/CampaignClient/List', { MarketingPlanId: plan.id }, owner)).body.Result;
    expect(list.Campaigns[0].Totals).toMatchObject({ Budget: 19.99, ItemCount: 1 });
  });
});
