import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const LIST = '/api/ExpenseClient/GetExpenses';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

describe('listing expenses', () => {
  it('pages without overlap, filters on the server and sums the matches exactly to the cent', async () => {
    const plan = await createPlan(t, tenant);
    const category = await createCategory(t, tenant, { categoryType: 2 });
    const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 100_000 });
    const amounts = [10, 20, 123_457, 1, 99_999, 5_005, 7];
    for (const [index, amountCents] of amounts.entries()) {
      await createExpenseRow(t, tenant, {
        planId: plan.id,
        itemId: item.id,
        categoryType: 2,
        amountCents,
        status: index % 3 === 0 ? 3 : index % 3 === 1 ? 2 : 1,
        purchaseDate: `2026-0${1 + index}-1${index}`,
        payee: index < 3 ? 'Meta' : 'LinkedIn',
        name: `Row ${index}`,
      });
    }
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, categoryType: 2, amountCents: 50_000, active: false });
    const token = await tenant.tokenFor('viewer');
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const response = await t.post(LIST, { MarketingPlanId: plan.id, Page: page, PageSize: 3 }, token);
      expect(response.status).toBe(200);
      expect(response.body.Result.Total).toBe(8);
      for (const expense of response.body.Result.Items) seen.add(expense.Id);
    }
    expect(seen.size).toBe(8);

    const all = await t.post(LIST, { MarketingPlanId: plan.id, PageSize: 200 }, token);
    const dates = all.body.Result.Items.map((e: { PurchaseDate: string }) => e.PurchaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Summed independently from the fixtures, in cents (the inactive $500 row counts but adds no money).
    const centsWhere = (keep: (index: number) => boolean) => amounts.filter((_, index) => keep(index)).reduce((a, b) => a + b, 0) / 100;
    const expected = {
      Count: 8,
      Amount: centsWhere(() => true),
      Planned: centsWhere((index) => index % 3 === 2),
      Committed: centsWhere((index) => index % 3 === 1),
      Actual: centsWhere((index) => index % 3 === 0),
    };
    expect(expected).toEqual({ Count: 8, Amount: 2284.99, Planned: 1284.62, Committed: 1000.19, Actual: 0.18 });
    // No policy holds any of them back (DESIGN.md §15): nothing is Requested.
    expect(all.body.Result.Totals).toEqual({ ...expected, Requested: 0 });

    const meta = await t.post(LIST, { MarketingPlanId: plan.id, Payee: 'Meta' }, token);
    expect(meta.body.Result.Total).toBe(3);
    const committed = await t.post(LIST, { MarketingPlanId: plan.id, Status: 2 }, token);
    expect(committed.body.Result.Totals.Committed).toBe(1000.19);
    const search = await t.post(LIST, { MarketingPlanId: plan.id, Query: 'row 4' }, token);
    expect(search.body.Result.Items.map((e: { Name: string }) => e.Name)).toEqual(['Row 4']);
    const dated = await t.post(LIST, { MarketingPlanId: plan.id, DateFrom: '2026-02-01', DateTo: '2026-03-31' }, token);
    expect(dated.body.Result.Total).toBe(3); // Feb 11, Mar 12 and the inactive row of Mar 15
    const byAmount = await t.post(LIST, { MarketingPlanId: plan.id, SortBy: 'Amount', SortDirection: 'asc', PageSize: 2 }, token);
    expect(byAmount.body.Result.Items.map((e: { Amount: number }) => e.Amount)).toEqual([0.01, 0.07]);
  });

  it('refuses a page size over 200, a request with neither plan nor item, and dates in reverse', async () => {
    const token = await tenant.tokenFor('owner');
    const { plan } = await createPlanWithItem(t, tenant);
    const big = await t.post(LIST, { MarketingPlanId: plan.id, PageSize: 201 }, token);
    expect(big.status).toBe(400);
    expect(big.body.Message).toBe('PageSize can be at most 200.');
    const none = await t.post(LIST, {}, token);
    expect(none.status).toBe(400);
    expect(none.body.Message).toBe('MarketingPlanId or BudgetItemId is required.');
    const backwards = await t.post(LIST, { MarketingPlanId: plan.id, DateFrom: '2026-05-01', DateTo: '2026-04-01' }, token);
    expect(backwards.status).toBe(400);
    expect(backwards.body.Message).toBe('DateTo cannot be before DateFrom.');
  });

  it('searches at most 20 expenses of the caller’s plans, and suggests the plan’s distinct payees', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    for (let index = 0; index < 25; index += 1) {
      await createExpenseRow(t, tenant, {
        planId: plan.id,
        itemId: item.id,
        amountCents: 100,
        name: `Zebra campaign ${index}`,
        payee: index % 2 ? 'Zeta' : 'Alpha',
      });
    }
    const token = await tenant.tokenFor('member');
    const search = await t.post('/api/ExpenseClient/SearchExpenses', { Query: 'zebra' }, token);
    expect(search.status).toBe(200);
    expect(search.body.Result).toHaveLength(20);
    const outsider = await t.post('/api/ExpenseClient/SearchExpenses', { Query: 'zebra' }, await tenant.tokenFor('outsider'));
    expect(outsider.body.Result).toEqual([]);
    const payees = await t.post('/api/ExpenseClient/getPayees', { MarketingPlanId: plan.id }, token);
    expect(payees.body.Result).toEqual(['Alpha', 'Zeta']);
    const wildcard = await t.post('/api/ExpenseClient/SearchExpenses', { Query: '%' }, token);
    expect(wildcard.body.Result).toEqual([]);
  });
});
