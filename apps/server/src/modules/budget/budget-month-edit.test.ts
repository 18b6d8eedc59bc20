import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { tenants } from '../../schema/tenants.ts';

const SET_MONTH = '/api/BudgetItemClient/SetMonth';
const SAVE_MONTHS = '/api/BudgetItemClient/SaveMonths';

let t: TestApp;
let tenant: TestTenant;
// Mid-March 2026: January and February are past, March and later are open.
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-03-15T12:00:00Z')) });
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const fixture = async (
  item: { name?: string; amountCents: number; months?: Record<string, number> },
  plan = { startDate: '2026-01-01', endDate: '2026-12-31' },
  owner = tenant,
) => {
  const created = await createPlan(t, owner, plan);
  const category = await createCategory(t, owner);
  return createItem(t, owner, { planId: created.id, categoryId: category.id, ...item });
};

const monthsOf = async (itemId: string) =>
  Object.fromEntries(
    (await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, itemId))).map((row) => [
      row.month.slice(0, 7),
      row.amountCents,
    ]),
  );
const amountOf = async (itemId: string) => (await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, itemId)))[0]?.amountCents;
const activitiesOf = (itemId: string) =>
  t.ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.entityId, itemId), eq(activities.action, 'update')));
/** The cells of a fixture item as read: every month created, so version 1 (DESIGN.md §13). */
const cellsOf = (months: Record<string, number>) => Object.keys(months).map((Month) => ({ Month, Version: 1 }));
const SIX_MONTHS = { '2026-01': 10_000, '2026-02': 10_000, '2026-03': 10_000, '2026-04': 10_000, '2026-05': 10_000, '2026-06': 10_000 };
const sum = (months: Record<string, number>) => Object.values(months).reduce((total, cents) => total + cents, 0);

describe('a month typed in the grid', () => {
  it('changes an unphased item’s year total, and the answer and the activity say so with the names as written', async () => {
    const item = await fixture({ name: 'Google Ads', amountCents: 2_400_000 });
    const response = await t.post(
      SET_MONTH,
      // An unphased item's cells are its Amount spread: the item's version stands for them.
      { BudgetItemId: item.id, Month: '2026-03', Amount: 5000, YearTotal: null, Version: 1 },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(200);
    const said = 'Google Ads: $24,000.00 → $27,000.00 for the year (Mar 2026: $2,000.00 → $5,000.00)';
    expect(response.body.Result.Description).toBe(said);
    expect(response.body.Result.Item).toMatchObject({ Id: item.id, Amount: 27000, IsPhased: true });
    expect(response.body.Result.Item.Months).toHaveLength(12);
    const months = await monthsOf(item.id);
    expect(months['2026-03']).toBe(500_000);
    expect(months['2026-04']).toBe(200_000);
    expect(await amountOf(item.id)).toBe(2_700_000);
    const [activity] = await activitiesOf(item.id);
    expect(activity?.description).toBe(said);
    expect(activity?.changes?.amount).toEqual({ from: 24000, to: 27000 });
  });

  it('keeps the year total to the cent: $100.00 taken from 3 open months that it does not divide into', async () => {
    // Jan–Jun, $100.00 each; March goes to $200.00 and April–June give up $100.00 between them.
    const item = await fixture(
      {
        name: 'Trade shows – EMEA',
        amountCents: 60_000,
        months: SIX_MONTHS,
      },
      { startDate: '2026-01-01', endDate: '2026-06-30' },
    );
    const response = await t.post(
      SET_MONTH,
      { BudgetItemId: item.id, Month: '2026-03', Amount: 200, YearTotal: 600, Version: 1, Cells: cellsOf(SIX_MONTHS) },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(200);
    const months = await monthsOf(item.id);
    expect(months).toEqual({
      '2026-01': 10_000,
      '2026-02': 10_000,
      '2026-03': 20_000,
      '2026-04': 6_666,
      '2026-05': 6_667,
      '2026-06': 6_667,
    });
    expect(sum(months)).toBe(60_000);
    expect(await amountOf(item.id)).toBe(60_000);
    expect(response.body.Result.Item.Amount).toBe(600);
    const said = 'Trade shows – EMEA: the year total stays $600.00 (Mar 2026: $100.00 → $200.00; -$100.00 spread over 3 other open months)';
    expect(response.body.Result.Description).toBe(said);
    expect((await activitiesOf(item.id))[0]?.description).toBe(said);
  });

  it('keeps a $19.99 year total exact when a month of the even spread is emptied', async () => {
    const item = await fixture({ amountCents: 1999 }, { startDate: '2026-01-01', endDate: '2026-06-30' });
    const response = await t.post(
      SET_MONTH,
      { BudgetItemId: item.id, Month: '2026-03', Amount: 0, YearTotal: 19.99, Version: 1, Cells: [] },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(200);
    const months = await monthsOf(item.id);
    // The even spread of 1999 cents over six months is 334, 333, 333, 333, 333, 333; March's 333 goes to April–June.
    expect(months).toEqual({ '2026-01': 334, '2026-02': 333, '2026-03': 0, '2026-04': 444, '2026-05': 444, '2026-06': 444 });
    expect(response.body.Result.Item.Amount).toBe(19.99);
    expect(await amountOf(item.id)).toBe(1999);
  });

  it('takes from the open months that hold money, never below zero', async () => {
    const item = await fixture(
      { amountCents: 101_000, months: { '2026-05': 1_000, '2026-06': 100_000 } },
      { startDate: '2026-01-01', endDate: '2026-06-30' },
    );
    const response = await t.post(
      SET_MONTH,
      // March has no cell yet (null); the spread takes from May and June, read at version 1.
      {
        BudgetItemId: item.id,
        Month: '2026-03',
        Amount: 30,
        YearTotal: 1010,
        Version: null,
        Cells: cellsOf({ '2026-05': 0, '2026-06': 0 }),
      },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(200);
    const months = await monthsOf(item.id);
    expect(months).toEqual({ '2026-03': 3_000, '2026-05': 0, '2026-06': 98_000 });
    expect(sum(months)).toBe(101_000);
  });

  it('refuses to keep the year total when the other open months hold too little, and changes nothing', async () => {
    const item = await fixture(
      { name: 'Webinars', amountCents: 60_000, months: { '2026-01': 50_000, '2026-04': 10_000 } },
      { startDate: '2026-01-01', endDate: '2026-06-30' },
    );
    const response = await t.post(
      SET_MONTH,
      {
        BudgetItemId: item.id,
        Month: '2026-03',
        Amount: 200,
        YearTotal: 600,
        Version: null,
        Cells: cellsOf({ '2026-01': 0, '2026-04': 0 }),
      },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe(
      'Keeping Webinars’s year total at $600.00 would take $200.00 from its other open months (Mar 2026 on), which hold $100.00. Change the year total instead.',
    );
    expect(await monthsOf(item.id)).toEqual({ '2026-01': 50_000, '2026-04': 10_000 });
    expect(await activitiesOf(item.id)).toEqual([]);
  });

  it('counts open months from today in the tenant’s time zone', async () => {
    // 23:30 UTC on March 31 is already April 1 in Auckland: March is past there.
    const clock = createTestClock(new Date('2026-03-31T23:30:00Z'));
    const zoned = await createTestApp({ clock });
    try {
      const owner = await createTenant(zoned);
      await zoned.ctx.db.update(tenants).set({ timeZone: 'Pacific/Auckland' }).where(eq(tenants.id, owner.id));
      const plan = await createPlan(zoned, owner, { startDate: '2026-01-01', endDate: '2026-06-30' });
      const category = await createCategory(zoned, owner);
      const item = await createItem(zoned, owner, {
        planId: plan.id,
        categoryId: category.id,
        amountCents: 60_000,
        months: SIX_MONTHS,
      });
      const response = await zoned.post(
        SET_MONTH,
        { BudgetItemId: item.id, Month: '2026-01', Amount: 130, YearTotal: 600, Version: 1, Cells: cellsOf(SIX_MONTHS) },
        await owner.tokenFor('member'),
      );
      expect(response.status).toBe(200);
      expect(response.body.Result.Item.Months).toEqual([
        // The months that changed count one more; February and March keep theirs.
        { Month: '2026-01', Amount: 130, BaseAmount: 130, Version: 2 },
        { Month: '2026-02', Amount: 100, BaseAmount: 100, Version: 1 },
        { Month: '2026-03', Amount: 100, BaseAmount: 100, Version: 1 },
        { Month: '2026-04', Amount: 90, BaseAmount: 90, Version: 2 },
        { Month: '2026-05', Amount: 90, BaseAmount: 90, Version: 2 },
        { Month: '2026-06', Amount: 90, BaseAmount: 90, Version: 2 },
      ]);
    } finally {
      await zoned.close();
    }
  });

  it('is refused to a Viewer, to a Member outside the team and to another tenant, with nothing changed', async () => {
    const item = await fixture({ amountCents: 120_000 });
    const body = { BudgetItemId: item.id, Month: '2026-03', Amount: 1, YearTotal: null, Version: 1 };
    expect((await t.post(SET_MONTH, body, await tenant.tokenFor('viewer'))).status).toBe(403);
    expect((await t.post(SET_MONTH, body, await tenant.tokenFor('outsider'))).status).toBe(404);
    const stranger = await createTenant(t);
    expect((await t.post(SET_MONTH, body, await stranger.tokenFor('owner'))).status).toBe(404);
    expect(await monthsOf(item.id)).toEqual({});
    expect(await amountOf(item.id)).toBe(120_000);
  });
});

describe('a pasted block that changes an item’s total', () => {
  it('records the change of the year total in the activity', async () => {
    const item = await fixture({ name: 'Google Ads', amountCents: 2_400_000 });
    const response = await t.post(
      SAVE_MONTHS,
      {
        MarketingPlanId: item.marketingPlanId,
        Items: [{ BudgetItemId: item.id, Amount: 27000, Version: 1, Months: [{ Month: '2026-03', Amount: 27000 }] }],
      },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(200);
    expect((await activitiesOf(item.id))[0]?.description).toBe('Google Ads: $24,000.00 → $27,000.00 for the year');
  });
});
