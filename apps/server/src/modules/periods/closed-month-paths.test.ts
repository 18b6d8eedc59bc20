// Every path into a closed month (DESIGN.md §14, issue 31.4) answers 409 naming the month and writes
// nothing: the expense form (create, change, move in and out, delete), an import and its undo, the
// month grid (SaveMonths, SetMonth), an item's Save with months, and deleting an item with budget there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { COMMIT, previewBody, UNDO } from '../../../test/imports-fixture.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp, type TestResponse } from '../../../test/test-app.ts';

const CLOSED = 'January 2026 is closed: nothing dated in it can be created, changed or deleted. An Admin can reopen it on the Close page.';

let t: TestApp;
let tenant: TestTenant;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-15T12:00:00Z')) });
  tenant = await createTenant(t);
  owner = await tenant.tokenFor('owner');
  await tenant.tokenFor('member');
});
afterAll(async () => t.close());

/** A plan of January–June with "Search" (January $1,000.00, February $500.00), a January and a February expense; January closed. */
const closedJanuary = async (beforeClose?: (planId: string) => Promise<void>) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(t, tenant, { name: 'Media', categoryType: 1 });
  const search = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 150_000,
    name: 'Search',
    months: { '2026-01': 100_000, '2026-02': 50_000 },
  });
  // An unphased item without expenses: the close phases it and rolls all of January forward.
  const spare = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 30_000, name: 'Spare' });
  const january = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: search.id,
    amountCents: 40_000,
    purchaseDate: '2026-01-31',
  });
  const february = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: search.id,
    amountCents: 1_999,
    purchaseDate: '2026-02-01',
  });
  await beforeClose?.(plan.id);
  const closed = await t.post('/api/PlanPeriodClient/Close', { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' }, owner);
  expect(closed.status, closed.text).toBe(200);
  return { plan, category, search, spare, january, february };
};

/** The Save body of an expense made by createExpenseRow (as read: version 1). */
const expenseBody = (row: Awaited<ReturnType<typeof createExpenseRow>>) => ({
  Id: row.id,
  MarketingPlanId: row.marketingPlanId,
  BudgetItemId: row.budgetItemId,
  Name: row.name,
  Payee: row.payee,
  PurchaseDate: row.purchaseDate,
  Amount: row.amountCents / 100,
  Status: row.status,
  CategoryType: row.categoryType,
  Active: true,
  Version: 1,
});

/** The call answers 409 with the closed-month message and the tenant's rows are as they were. */
const refusedWhole = async (call: () => Promise<TestResponse>, message = CLOSED) => {
  const before = await snapshotTenant(t.database, tenant.id);
  const response = await call();
  expect(response.status, response.text).toBe(409);
  expect(response.body.Message).toBe(message);
  expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
};

describe('a closed month refuses every path into it', () => {
  it('ExpenseClient/Save: a new expense dated in it', async () => {
    const { plan, search } = await closedJanuary();
    await refusedWhole(() =>
      t.post(
        '/api/ExpenseClient/Save',
        {
          Id: '00000000-0000-0000-0000-000000000000',
          MarketingPlanId: plan.id,
          BudgetItemId: search.id,
          Name: 'Late invoice',
          PurchaseDate: '2026-01-15',
          Amount: 19.99,
          Status: 3,
          CategoryType: 1,
        },
        owner,
      ),
    );
  });

  it('ExpenseClient/Save: a change of an expense dated in it (amount, deactivation)', async () => {
    const { january } = await closedJanuary();
    const body = expenseBody(january);
    await refusedWhole(() => t.post('/api/ExpenseClient/Save', { ...body, Amount: 400.01 }, owner));
    await refusedWhole(() => t.post('/api/ExpenseClient/Save', { ...body, Active: false }, owner));
  });

  it('ExpenseClient/Save: moving an expense into it, and out of it', async () => {
    const { january, february } = await closedJanuary();
    await refusedWhole(() => t.post('/api/ExpenseClient/Save', { ...expenseBody(february), PurchaseDate: '2026-01-31' }, owner));
    await refusedWhole(() => t.post('/api/ExpenseClient/Save', { ...expenseBody(january), PurchaseDate: '2026-02-01' }, owner));
  });

  it('ExpenseClient/Delete of an expense dated in it', async () => {
    const { january } = await closedJanuary();
    await refusedWhole(() => t.post('/api/ExpenseClient/Delete', { ExpenseId: january.id, Version: 1 }, owner));
  });

  it('ImportClient/Commit: a file with one row in it is refused whole', async () => {
    const { plan } = await closedJanuary();
    const csv = [
      'Purchase Date,Vendor,COST,item,Status',
      '2026-02-10,Google,100,Search,Actual',
      '2026-01-20,Google,0.01,Search,Actual',
    ].join('\n');
    await refusedWhole(() => t.post(COMMIT, { ...previewBody(plan.id, csv), SkipDuplicates: false }, owner));
  });

  it('ImportClient/Undo of an import with a row in it is refused whole', async () => {
    let importId = '';
    await closedJanuary(async (planId) => {
      const csv = [
        'Purchase Date,Vendor,COST,item,Status',
        '2026-02-10,Google,100,Search,Actual',
        '2026-01-20,Google,0.01,Search,Actual',
      ].join('\n');
      const response = await t.post(COMMIT, { ...previewBody(planId, csv), SkipDuplicates: false }, owner);
      expect(response.status, response.text).toBe(200);
      importId = response.body.Result.ImportId;
    });
    await refusedWhole(() => t.post(UNDO, { ImportId: importId }, owner));
  });

  it('BudgetItemClient/SaveMonths and SetMonth of its cell', async () => {
    const { plan, search } = await closedJanuary();
    const months = await t.post('/api/BudgetItemClient/GetPlanMonths', { MarketingPlanId: plan.id }, owner);
    const cells = months.body.Result.find((row: { BudgetItemId: string }) => row.BudgetItemId === search.id).Months;
    const item = await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: search.id }, owner);
    const version = item.body.Result.Version;
    await refusedWhole(() =>
      t.post(
        '/api/BudgetItemClient/SaveMonths',
        {
          MarketingPlanId: plan.id,
          Items: [
            {
              BudgetItemId: search.id,
              Amount: 1500,
              Version: version,
              Cells: cells.map((cell: { Month: string; Version: number }) => ({ Month: cell.Month, Version: cell.Version })),
              Months: [
                { Month: '2026-01', Amount: 500 },
                { Month: '2026-02', Amount: 1000 },
              ],
            },
          ],
        },
        owner,
      ),
    );
    const january = cells.find((cell: { Month: string }) => cell.Month === '2026-01');
    await refusedWhole(() =>
      t.post(
        '/api/BudgetItemClient/SetMonth',
        { BudgetItemId: search.id, Month: '2026-01', Amount: 999, YearTotal: null, Version: january.Version },
        owner,
      ),
    );
  });

  it('BudgetItemClient/Delete of an item with budget in it (refused before the cascade, which the trigger lets through)', async () => {
    // A close leaves each month's Budget at its Actual, so only an item without expenses whose Amount
    // is spread over the plan's months (unphased, made after the close) still has budget there.
    const { plan, category } = await closedJanuary();
    const flat = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 60_000, name: 'Flat' });
    await refusedWhole(
      () => t.post('/api/BudgetItemClient/Delete', { BudgetItemId: flat.id, Version: 1 }, owner),
      '“Flat” cannot be deleted: it has budget in January 2026, which is closed. An Admin can reopen it on the Close page.',
    );
    // An item the close phased: January rolled forward to nothing, so it may go.
    const spare = await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: (await closedJanuary()).spare.id }, owner);
    const deleted = await t.post(
      '/api/BudgetItemClient/Delete',
      { BudgetItemId: spare.body.Result.Id, Version: spare.body.Result.Version },
      owner,
    );
    expect(deleted.status, deleted.text).toBe(200);
  });

  it('an open month still takes changes: a February expense moves within February', async () => {
    const { february } = await closedJanuary();
    const response = await t.post('/api/ExpenseClient/Save', { ...expenseBody(february), PurchaseDate: '2026-02-28' }, owner);
    expect(response.status, response.text).toBe(200);
  });
});
