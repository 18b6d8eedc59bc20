import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';

const GET_MONTHS = '/api/BudgetItemClient/GetPlanMonths';
const SAVE_MONTHS = '/api/BudgetItemClient/SaveMonths';

let t: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const fixture = async () => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(t, tenant);
  const phased = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 30_000,
    months: { '2026-01': 10_000, '2026-02': 20_000 },
  });
  const flat = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 60_000 });
  return { plan, category, phased, flat };
};

/** The fixture's phased item's cells as read (both created, so version 1). */
const PHASED_CELLS = [
  { Month: '2026-01', Version: 1 },
  { Month: '2026-02', Version: 1 },
];

const snapshot = async (ids: string[]) => ({
  items: (await t.ctx.db.select().from(budgetItems))
    .filter((row) => ids.includes(row.id))
    .map((row) => [row.id, row.amountCents, row.updatedAt.getTime()]),
  months: (await t.ctx.db.select().from(budgetItemMonths)).filter((row) => ids.includes(row.budgetItemId)).length,
});

describe('the month grid', () => {
  it('reads the phasing of every phased item of a plan in one call', async () => {
    const { plan, phased } = await fixture();
    const response = await t.post(GET_MONTHS, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
    expect(response.body.Result).toEqual([
      {
        BudgetItemId: phased.id,
        Currency: 'USD',
        Months: [
          { Month: '2026-01', Amount: 100, BaseAmount: 100, Version: 1 },
          { Month: '2026-02', Amount: 200, BaseAmount: 200, Version: 1 },
        ],
      },
    ]);
  });

  it('saves a pasted block over several items in one transaction, with their audit entries', async () => {
    const { plan, phased, flat } = await fixture();
    const response = await t.post(
      SAVE_MONTHS,
      {
        MarketingPlanId: plan.id,
        Items: [
          {
            BudgetItemId: phased.id,
            Amount: 450,
            Version: 1,
            Cells: PHASED_CELLS,
            Months: [
              { Month: '2026-01', Amount: 150 },
              { Month: '2026-03', Amount: 300 },
            ],
          },
          { BudgetItemId: flat.id, Amount: 12.34, Version: 1, Months: [{ Month: '2026-06', Amount: 12.34 }] },
        ],
      },
      await tenant.tokenFor('member'),
    );
    expect(response.status).toBe(200);
    expect(
      response.body.Result.map((item: { Id: string; Amount: number; IsPhased: boolean; Months: unknown[] }) => [
        item.Id,
        item.Amount,
        item.IsPhased,
        item.Months.length,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [phased.id, 450, true, 2],
        [flat.id, 12.34, true, 1],
      ]),
    );
    const months = await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, phased.id));
    expect(months.map((row) => [row.month, row.amountCents]).sort()).toEqual([
      ['2026-01-01', 15_000],
      ['2026-03-01', 30_000],
    ]);
    const [audit] = await t.ctx.db.select({ n: count() }).from(activities).where(eq(activities.entityId, flat.id));
    expect(audit?.n).toBe(1);
  });

  it('refuses the whole block when one item breaks a rule, changing nothing', async () => {
    const { plan, phased, flat } = await fixture();
    const before = await snapshot([phased.id, flat.id]);
    const token = await tenant.tokenFor('member');
    const good = { BudgetItemId: phased.id, Amount: 1, Version: 1, Cells: PHASED_CELLS, Months: [{ Month: '2026-01', Amount: 1 }] };
    const sum = await t.post(
      SAVE_MONTHS,
      {
        MarketingPlanId: plan.id,
        Items: [good, { BudgetItemId: flat.id, Amount: 5, Version: 1, Months: [{ Month: '2026-01', Amount: 4 }] }],
      },
      token,
    );
    expect(sum.status).toBe(400);
    expect(sum.body.Errors[0]).toMatchObject({ Field: 'Items.1.Months' });
    const outside = await t.post(
      SAVE_MONTHS,
      {
        MarketingPlanId: plan.id,
        Items: [good, { BudgetItemId: flat.id, Amount: 5, Version: 1, Months: [{ Month: '2026-07', Amount: 5 }] }],
      },
      token,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.Message).toContain('2026-07 is outside the plan’s dates');
    const { plan: otherPlan, flat: otherItem } = await fixture();
    const wrongPlan = await t.post(
      SAVE_MONTHS,
      { MarketingPlanId: plan.id, Items: [good, { BudgetItemId: otherItem.id, Amount: 0, Version: 1, Months: null }] },
      token,
    );
    expect(wrongPlan.status).toBe(404);
    expect(otherPlan.id).not.toBe(plan.id);
    expect(await snapshot([phased.id, flat.id])).toEqual(before);
  });

  it('lets a Viewer read but not save (403), and answers another tenant 404, changing nothing', async () => {
    const { plan, flat } = await fixture();
    const before = await snapshot([flat.id]);
    const body = { MarketingPlanId: plan.id, Items: [{ BudgetItemId: flat.id, Amount: 1, Version: 1, Months: null }] };
    expect((await t.post(SAVE_MONTHS, body, await tenant.tokenFor('viewer'))).status).toBe(403);
    const stranger = await (await createTenant(t)).tokenFor('owner');
    expect((await t.post(SAVE_MONTHS, body, stranger)).status).toBe(404);
    expect((await t.post(GET_MONTHS, { MarketingPlanId: plan.id }, stranger)).status).toBe(404);
    expect(await snapshot([flat.id])).toEqual(before);
  });
});
