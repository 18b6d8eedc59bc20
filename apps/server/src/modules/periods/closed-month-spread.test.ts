// An unphased item's Amount counts as spread evenly over every month of the plan (DESIGN.md §5), and it
// has no month rows for the closed-month trigger (migration 1021) to see. So once a month is closed,
// an item left unphased by a save or an import gets its Amount spread over the OPEN months only, stored
// as its months, and a closed month's Budget does not move (DESIGN.md §14, issue 31.4).
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { base64, COMMIT, UNDO } from '../../../test/imports-fixture.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { budgetItemMonths } from '../../schema/budget.ts';

const NEW_ID = '00000000-0000-0000-0000-000000000000';

let t: TestApp;
let tenant: TestTenant;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-15T12:00:00Z')) });
  tenant = await createTenant(t);
  owner = await tenant.tokenFor('owner');
});
afterAll(async () => t.close());

/** A plan of January–June with "Search" (January $1,000.00 with $400.00 actual, February $500.00); January closed, rolled forward. */
let plans = 0;
const closedJanuary = async (beforeClose?: (planId: string, categoryName: string) => Promise<void>) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  plans += 1;
  // A category name of its own, for an import's Category column to match exactly one.
  const category = await createCategory(t, tenant, { name: `Media ${plans}`, categoryType: 1 });
  const search = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 150_000,
    name: 'Search',
    months: { '2026-01': 100_000, '2026-02': 50_000 },
  });
  await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 40_000, purchaseDate: '2026-01-31' });
  // Unphased with no expenses: the close phases it and rolls all of January forward, leaving a $0.00 January cell.
  const spare = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 60_000, name: 'Spare' });
  await beforeClose?.(plan.id, `Media ${plans}`);
  const closed = await t.post('/api/PlanPeriodClient/Close', { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' }, owner);
  expect(closed.status, closed.text).toBe(200);
  return { plan, category, search, spare };
};

/** The item's stored month cells in cents, by YYYY-MM. */
const cellsOf = async (itemId: string) =>
  Object.fromEntries(
    (
      await t.ctx.db
        .select({ month: budgetItemMonths.month, cents: budgetItemMonths.amountCents })
        .from(budgetItemMonths)
        .where(and(eq(budgetItemMonths.tenantId, tenant.id), eq(budgetItemMonths.budgetItemId, itemId)))
        .orderBy(asc(budgetItemMonths.month))
    ).map((row) => [row.month.slice(0, 7), row.cents]),
  );

/** Budget per month of every item as the category report sums it, January only (what a closed month shows). */
const januaryBudget = async (planId: string) => {
  const response = await t.post('/api/ForecastClient/Get', { MarketingPlanId: planId }, owner);
  expect(response.status, response.text).toBe(200);
  return Object.fromEntries(
    response.body.Result.Items.map((item: { Name: string; Cells: { Month: string; Budget: number }[] }) => [
      item.Name,
      item.Cells.find((cell) => cell.Month === '2026-01')?.Budget,
    ]),
  );
};

const itemBody = (planId: string, categoryId: string, values: Record<string, unknown>) => ({
  Id: NEW_ID,
  Name: 'Webinars',
  Amount: 600.01,
  ItemType: 1,
  BudgetCategoryId: categoryId,
  MarketingPlanId: planId,
  ...values,
});

const readItem = async (id: string) => (await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: id }, owner)).body.Result;

describe('an item left unphased after a month is closed', () => {
  it('created without months: its Amount ($600.01) is spread over the open months only, January’s Budget unchanged', async () => {
    const { plan, category } = await closedJanuary();
    const before = await januaryBudget(plan.id);
    const response = await t.post('/api/BudgetItemClient/Save', itemBody(plan.id, category.id, {}), owner);
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.IsPhased).toBe(true);
    expect(await cellsOf(response.body.Result.Id)).toEqual({
      '2026-02': 12_001,
      '2026-03': 12_000,
      '2026-04': 12_000,
      '2026-05': 12_000,
      '2026-06': 12_000,
    });
    expect(await januaryBudget(plan.id)).toEqual({ ...before, Webinars: 0 });
  });

  it('its Amount changed from $0.00 to $19.99: spread over February–June, nothing in January', async () => {
    const { plan, category } = await closedJanuary();
    const created = await t.post('/api/BudgetItemClient/Save', itemBody(plan.id, category.id, { Amount: 0 }), owner);
    expect(created.status, created.text).toBe(200);
    // $0.00 spread anywhere is $0.00: the item stays unphased.
    expect(created.body.Result.IsPhased).toBe(false);
    const item = created.body.Result;
    const changed = await t.post(
      '/api/BudgetItemClient/Save',
      itemBody(plan.id, category.id, { Id: item.Id, Version: item.Version, Amount: 19.99 }),
      owner,
    );
    expect(changed.status, changed.text).toBe(200);
    expect(await cellsOf(item.Id)).toEqual({ '2026-02': 400, '2026-03': 400, '2026-04': 400, '2026-05': 400, '2026-06': 399 });
    expect((await januaryBudget(plan.id)).Webinars).toBe(0);
  });

  it('its phasing cleared with a new Amount: the closed January cell is kept as it is, the rest spread over the open months', async () => {
    const { plan, category, search } = await closedJanuary();
    // January was rolled forward to its Actual: $400.00 stays there.
    const item = await readItem(search.id);
    const body = {
      Id: search.id,
      Version: item.Version,
      Name: 'Search',
      Amount: 1_000.49,
      ItemType: 1,
      BudgetCategoryId: category.id,
      MarketingPlanId: plan.id,
      Months: null,
      Cells: item.Months.map((cell: { Month: string; Version: number }) => ({ Month: cell.Month, Version: cell.Version })),
    };
    const cleared = await t.post('/api/BudgetItemClient/Save', body, owner);
    expect(cleared.status, cleared.text).toBe(200);
    // $1,000.49 − $400.00 = $600.49 over five months.
    expect(await cellsOf(search.id)).toEqual({
      '2026-01': 40_000,
      '2026-02': 12_010,
      '2026-03': 12_010,
      '2026-04': 12_010,
      '2026-05': 12_010,
      '2026-06': 12_009,
    });
    // Below what the closed month holds: 400 naming it, nothing written.
    const again = await readItem(search.id);
    const before = await snapshotTenant(t.database, tenant.id);
    const tooLow = await t.post(
      '/api/BudgetItemClient/Save',
      {
        ...body,
        Version: again.Version,
        Amount: 399.99,
        Cells: again.Months.map((cell: { Month: string; Version: number }) => ({ Month: cell.Month, Version: cell.Version })),
      },
      owner,
    );
    expect(tooLow.status, tooLow.text).toBe(400);
    expect(tooLow.body.Message).toContain('“Search” has $400.00 in closed months: its Amount cannot be less.');
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('saved from the form with only the months that hold money: the closed month’s $0.00 cell is kept, not deleted (no 409)', async () => {
    const { plan, category, spare } = await closedJanuary();
    const item = await readItem(spare.id);
    const withMoney = item.Months.filter((cell: { Amount: number }) => cell.Amount > 0);
    expect(item.Months.find((cell: { Month: string }) => cell.Month === '2026-01')?.Amount).toBe(0);
    const saved = await t.post(
      '/api/BudgetItemClient/Save',
      {
        Id: spare.id,
        Version: item.Version,
        Name: 'Spare, renamed',
        Amount: item.Amount,
        ItemType: 1,
        BudgetCategoryId: category.id,
        MarketingPlanId: plan.id,
        Months: withMoney.map((cell: { Month: string; Amount: number }) => ({ Month: cell.Month, Amount: cell.Amount })),
        Cells: item.Months.map((cell: { Month: string; Version: number }) => ({ Month: cell.Month, Version: cell.Version })),
      },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    expect((await cellsOf(spare.id))['2026-01']).toBe(0);
  });

  it('made unphased before this rule with a share in January: changing its Amount is 409 naming January, nothing written', async () => {
    const { plan, category } = await closedJanuary();
    // As a save before this rule left it: no months, so its Amount is spread over January too.
    const flat = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 60_000, name: 'Flat' });
    const before = await snapshotTenant(t.database, tenant.id);
    const response = await t.post(
      '/api/BudgetItemClient/Save',
      itemBody(plan.id, category.id, { Id: flat.id, Version: 1, Name: 'Flat', Amount: 700 }),
      owner,
    );
    expect(response.status, response.text).toBe(409);
    expect(response.body.Message).toBe(
      '“Flat” is spread over every month of the plan, and January 2026 is closed: changing its Amount would change that month’s budget. Phase it by month, leaving the closed months as they are.',
    );
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    // A rename keeps its spread as it was, and passes.
    const renamed = await t.post(
      '/api/BudgetItemClient/Save',
      itemBody(plan.id, category.id, { Id: flat.id, Version: 1, Name: 'Flat fee', Amount: 600 }),
      owner,
    );
    expect(renamed.status, renamed.text).toBe(200);
  });
});

describe('an import of budget items after a month is closed', () => {
  const itemsBody = (planId: string, csv: string) => ({
    Kind: 'BudgetItems',
    MarketingPlanId: planId,
    FileName: 'items.csv',
    ContentBase64: base64(csv),
    SkipDuplicates: false,
  });

  it('spreads an unphased row’s Amount over the open months, and its undo removes it (no budget in January)', async () => {
    const { plan } = await closedJanuary();
    const response = await t.post(COMMIT, itemsBody(plan.id, `Name,Category,Amount\nRadio,Media ${plans},1000.49\n`), owner);
    expect(response.status, response.text).toBe(200);
    const items = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, owner);
    const radio = items.body.Result.find((item: { Name: string }) => item.Name === 'Radio');
    expect(await cellsOf(radio.Id)).toEqual({
      '2026-02': 20_010,
      '2026-03': 20_010,
      '2026-04': 20_010,
      '2026-05': 20_010,
      '2026-06': 20_009,
    });
    const undo = await t.post(UNDO, { ImportId: response.body.Result.ImportId }, owner);
    expect(undo.status, undo.text).toBe(200);
  });

  it('an undo that would take an item’s budget out of a closed month is 409 naming the row and month, nothing removed', async () => {
    let importId = '';
    const { plan } = await closedJanuary(async (planId, categoryName) => {
      const response = await t.post(COMMIT, itemsBody(planId, `Name,Category,Amount\nPodcasts,${categoryName},600\n`), owner);
      expect(response.status, response.text).toBe(200);
      importId = response.body.Result.ImportId;
      // Inactive at the close: an inactive item's budget is neither rolled forward nor released (it counts nowhere),
      // so January keeps its $100.00 share. (The test clock stands still, so the item is not seen as changed since.)
      const items = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: planId }, owner);
      const podcasts = items.body.Result.find((item: { Name: string }) => item.Name === 'Podcasts');
      const off = await t.post(
        '/api/BudgetItemClient/Save',
        {
          Id: podcasts.Id,
          Version: podcasts.Version,
          Name: 'Podcasts',
          Amount: 600,
          ItemType: 1,
          BudgetCategoryId: podcasts.BudgetCategoryId,
          MarketingPlanId: planId,
          Active: false,
        },
        owner,
      );
      expect(off.status, off.text).toBe(200);
    });
    expect(plan.id).toBeTruthy();
    const before = await snapshotTenant(t.database, tenant.id);
    const undo = await t.post(UNDO, { ImportId: importId }, owner);
    expect(undo.status, undo.text).toBe(409);
    expect(undo.body.Message).toBe(
      'Row 2 of items.csv (“Podcasts”) has budget in January 2026, which is closed: undoing the import would take it out. Nothing was removed. An Admin can reopen the month on the Close page.',
    );
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });
});
