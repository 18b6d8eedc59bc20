import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItemBaselines, budgetItemForecasts, planPeriods } from '../../schema/forecast.ts';
import { marketingPlans } from '../../schema/plans.ts';

const GET = '/api/ForecastClient/Get';
const SAVE = '/api/ForecastClient/Save';

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

type Cell = {
  Month: string;
  Budget: number;
  Forecast: number;
  Floor: number;
  Entered: number | null;
  Version: number | null;
  Closed: boolean;
};
type Item = { BudgetItemId: string; Name: string; BudgetCategoryId: string; Cells: Cell[]; Totals: Record<string, number | null> };

/**
 * A six-month plan: “Search” phased Jan 100 / Feb 200 / Mar 300; “Events” unphased $1,000.01 (spread
 * 166.67 × 5 + 166.66); expenses of every status in Jan–Mar.
 */
const fixture = async () => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const media = await createCategory(t, tenant, { name: 'Media', sortOrder: 1 });
  const events = await createCategory(t, tenant, { name: 'Events', sortOrder: 2, categoryType: 2 });
  const search = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: media.id,
    amountCents: 60_000,
    name: 'Search',
    months: { '2026-01': 10_000, '2026-02': 20_000, '2026-03': 30_000 },
  });
  const fair = await createItem(t, tenant, { planId: plan.id, categoryId: events.id, amountCents: 100_001, name: 'Events' });
  const spend = (itemId: string, amountCents: number, status: 1 | 2 | 3, purchaseDate: string) =>
    createExpenseRow(t, tenant, { planId: plan.id, itemId, amountCents, status, purchaseDate });
  await spend(search.id, 12_000, 3, '2026-01-31'); // Jan actual over budget
  await spend(search.id, 5_000, 3, '2026-02-01'); // Feb actual
  await spend(search.id, 15_000, 2, '2026-02-28'); // Feb committed: floor 200.00 = its Budget
  await spend(search.id, 40_000, 1, '2026-02-10'); // Feb planned: does not raise the floor
  await spend(search.id, 99_999, 1, '2026-03-15'); // Mar planned: may be cut
  await spend(fair.id, 1_999, 3, '2026-04-30'); // 19.99 actual in Apr
  await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: fair.id,
    amountCents: 50_000,
    status: 3,
    purchaseDate: '2026-04-02',
    active: false,
  });
  return { plan, media, events, search, fair };
};

const read = async (planId: string, role: 'owner' | 'viewer' = 'owner') => {
  const response = await t.post(GET, { MarketingPlanId: planId }, await tenant.tokenFor(role));
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Months: string[]; BaselineLocked: boolean; Items: Item[]; Totals: Record<string, number | null> };
};

const cellOf = (forecast: { Items: Item[] }, itemId: string, month: string) =>
  forecast.Items.find((item) => item.BudgetItemId === itemId)?.Cells.find((cell) => cell.Month === month) as Cell;

const closeMonth = (planId: string, month: string) =>
  t.ctx.db.insert(planPeriods).values({ tenantId: tenant.id, marketingPlanId: planId, month: `${month}-01`, unspent: 1 });

describe('ForecastClient/Get: the forecast rule', () => {
  it('forecasts the Budget where nothing is entered, an unphased item spread evenly to the cent', async () => {
    const { plan, fair } = await fixture();
    const forecast = await read(plan.id, 'viewer');
    expect(forecast.Months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    const cells = forecast.Items.find((item) => item.BudgetItemId === fair.id)?.Cells ?? [];
    expect(cells.map((cell) => cell.Budget)).toEqual([166.67, 166.67, 166.67, 166.67, 166.67, 166.66]);
    expect(cells.map((cell) => cell.Forecast)).toEqual([166.67, 166.67, 166.67, 166.67, 166.67, 166.66]);
    expect(cells.every((cell) => cell.Entered === null && cell.Version === null && !cell.Closed)).toBe(true);
    expect(forecast.BaselineLocked).toBe(false);
    expect(forecast.Totals.Baseline).toBeNull();
  });

  it('never forecasts an open month below Actual + Committed, and lets planned expenses be cut', async () => {
    const { plan, search } = await fixture();
    const forecast = await read(plan.id);
    // Jan: Actual 120.00 above the Budget 100.00.
    expect(cellOf(forecast, search.id, '2026-01')).toMatchObject({ Budget: 100, Floor: 120, Forecast: 120 });
    // Feb: Actual 50 + Committed 150 = the Budget 200; the planned 400 does not count.
    expect(cellOf(forecast, search.id, '2026-02')).toMatchObject({ Budget: 200, Floor: 200, Forecast: 200 });
    // Mar: only a planned 999.99: the Budget 300.
    expect(cellOf(forecast, search.id, '2026-03')).toMatchObject({ Budget: 300, Floor: 0, Forecast: 300 });
  });

  it('forecasts a closed month at its Actual, whatever its Budget or an entered forecast', async () => {
    const { plan, search } = await fixture();
    await t.ctx.db
      .insert(budgetItemForecasts)
      .values({ tenantId: tenant.id, budgetItemId: search.id, month: '2026-01-01', amountCents: 50_000 });
    await closeMonth(plan.id, '2026-01');
    const cell = cellOf(await read(plan.id), search.id, '2026-01');
    expect(cell).toMatchObject({ Closed: true, Entered: 500, Forecast: 120 });
  });

  it('widens the months to an expense dated outside the plan, so Landing holds every cent', async () => {
    const { plan, search } = await fixture();
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 1, status: 2, purchaseDate: '2026-08-31' });
    const forecast = await read(plan.id);
    expect(forecast.Months.slice(-3)).toEqual(['2026-06', '2026-07', '2026-08']);
    expect(cellOf(forecast, search.id, '2026-08')).toMatchObject({ Budget: 0, Forecast: 0.01 });
  });
});

describe('ForecastClient/Save', () => {
  it('takes a forecast equal to Actual + Committed and refuses one cent below, naming the item, the month and the floor', async () => {
    const { plan, search } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const before = await snapshotTenant(t.database, tenant.id);
    const below = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: search.id, Month: '2026-02', Forecast: 199.99 }] },
      owner,
    );
    expect(below.status, below.text).toBe(400);
    expect(below.body.Message).toBe(
      'Search, Feb 2026: the forecast $199.99 is below Actual + Committed of the month ($200.00). Forecast at least $200.00.',
    );
    expect(below.body.Errors[0].Field).toBe('Cells[0].Forecast');
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    const equal = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: search.id, Month: '2026-02', Forecast: 200 }] },
      owner,
    );
    expect(equal.status, equal.text).toBe(200);
    expect(cellOf(equal.body.Result, search.id, '2026-02')).toMatchObject({ Entered: 200, Forecast: 200, Version: 1 });
  });

  it('lets a forecast cut planned expenses (0 in a month holding only a planned $999.99), and keeps 19.99 to the cent', async () => {
    const { plan, search, fair } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const saved = await t.post(
      SAVE,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { BudgetItemId: search.id, Month: '2026-03', Forecast: 0 },
          { BudgetItemId: fair.id, Month: '2026-04', Forecast: 19.99 },
        ],
      },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    expect(cellOf(saved.body.Result, search.id, '2026-03')).toMatchObject({ Entered: 0, Forecast: 0 });
    expect(cellOf(saved.body.Result, fair.id, '2026-04')).toMatchObject({ Entered: 19.99, Forecast: 19.99, Floor: 19.99 });
    const halfCent = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: 10.005 }] },
      owner,
    );
    expect(halfCent.status).toBe(400);
  });

  it('refuses a closed month 409 naming it, and writes nothing of the block', async () => {
    const { plan, search, fair } = await fixture();
    await closeMonth(plan.id, '2026-01');
    const before = await snapshotTenant(t.database, tenant.id);
    const response = await t.post(
      SAVE,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { BudgetItemId: fair.id, Month: '2026-05', Forecast: 10 },
          { BudgetItemId: search.id, Month: '2026-01', Forecast: 120 },
        ],
      },
      await tenant.tokenFor('owner'),
    );
    expect(response.status, response.text).toBe(409);
    expect(response.body.Message).toMatch(/^January 2026 is closed: /);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('clears an entered forecast with null: the month forecasts its Budget again and the cell’s version counts on', async () => {
    const { plan, fair } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const entered = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: 50 }] },
      owner,
    );
    expect(cellOf(entered.body.Result, fair.id, '2026-05')).toMatchObject({ Forecast: 50, Version: 1 });
    const cleared = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: null, Version: 1 }] },
      owner,
    );
    expect(cleared.status, cleared.text).toBe(200);
    expect(cellOf(cleared.body.Result, fair.id, '2026-05')).toMatchObject({ Entered: null, Forecast: 166.67, Version: 2 });
  });

  it('refuses months outside the plan and a cell sent twice', async () => {
    const { plan, fair } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const outside = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-07', Forecast: 1 }] },
      owner,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.Message).toMatch(/outside the plan’s dates/);
    const twice = await t.post(
      SAVE,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { BudgetItemId: fair.id, Month: '2026-05', Forecast: 1 },
          { BudgetItemId: fair.id, Month: '2026-05', Forecast: 2 },
        ],
      },
      owner,
    );
    expect(twice.status).toBe(400);
  });

  it('lets a Planner of the team save and refuses a Viewer (403), writing nothing', async () => {
    const { plan, fair } = await fixture();
    const body = { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: 10 }] };
    const before = await snapshotTenant(t.database, tenant.id);
    const viewer = await t.post(SAVE, body, await tenant.tokenFor('viewer'));
    expect(viewer.status).toBe(403);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    const planner = await t.post(SAVE, body, await tenant.tokenFor('member'));
    expect(planner.status, planner.text).toBe(200);
  });

  it('answers another tenant 404 for the plan and for an item, and changes nothing', async () => {
    const { plan, fair } = await fixture();
    const outsider = await other.tokenFor('owner');
    const before = await snapshotTenant(t.database, tenant.id);
    expect((await t.post(GET, { MarketingPlanId: plan.id }, outsider)).status).toBe(404);
    const save = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: 1 }] },
      outsider,
    );
    expect(save.status).toBe(404);
    // Their own plan with this tenant's item.
    const theirs = await createPlan(t, other, { startDate: '2026-01-01', endDate: '2026-06-30' });
    const mixed = await t.post(
      SAVE,
      { MarketingPlanId: theirs.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: 1 }] },
      outsider,
    );
    expect(mixed.status).toBe(404);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('records who changed which month of the forecast in the item’s activity trail', async () => {
    const { plan, fair } = await fixture();
    const owner = await tenant.tokenFor('owner');
    await t.post(SAVE, { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-05', Forecast: 250.5 }] }, owner);
    const feed = await t.post('/api/DashboardClient/Get', { MarketingPlanId: plan.id }, owner);
    expect(feed.body.Result.RecentActivity[0].Description).toBe('Forecast of Events: May 2026 Budget → $250.50');
  });
});

describe('Landing: one forecast on every screen', () => {
  it('ForecastClient totals, the dashboard, the plan page and the report agree to the cent, with closed months, entered forecasts, a baseline and every status', async () => {
    const { plan, media, events, search, fair } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const inactive = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: media.id,
      amountCents: 70_000,
      name: 'Dropped',
      active: false,
    });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: inactive.id, amountCents: 3_333, status: 2, purchaseDate: '2026-05-05' });
    const saved = await t.post(
      SAVE,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { BudgetItemId: search.id, Month: '2026-03', Forecast: 0.01 },
          { BudgetItemId: fair.id, Month: '2026-06', Forecast: 1_234.56 },
          { BudgetItemId: inactive.id, Month: '2026-06', Forecast: 10 },
        ],
      },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    await closeMonth(plan.id, '2026-01');
    // A baseline with a row of an item deleted since the lock (it stays in the plan's total).
    await t.ctx.db
      .update(marketingPlans)
      .set({ baselineLockedAt: new Date('2026-01-01T00:00:00Z') })
      .where(and(eq(marketingPlans.tenantId, tenant.id), eq(marketingPlans.id, plan.id)));
    await t.ctx.db.insert(budgetItemBaselines).values([
      { tenantId: tenant.id, marketingPlanId: plan.id, budgetItemId: search.id, month: '2026-01-01', amountCents: 10_000 },
      { tenantId: tenant.id, marketingPlanId: plan.id, budgetItemId: fair.id, month: '2026-06-01', amountCents: 16_666 },
      {
        tenantId: tenant.id,
        marketingPlanId: plan.id,
        budgetItemId: '00000000-0000-4000-8000-000000000001',
        month: '2026-02-01',
        amountCents: 5_000,
      },
    ]);

    const forecast = await read(plan.id);
    // By hand, in cents. Search: Jan closed 12,000 (Actual) · Feb 20,000 · Mar 1 (entered) · Apr–Jun 0.
    // Events: Jan closed 0 (no Actual) · Feb–Mar 16,667 · Apr 16,667 (floor 1,999) · May 16,667 · Jun 123,456 (entered).
    // Dropped (inactive, no Budget): May 3,333 (its committed) · Jun 1,000 (entered).
    const landing = 12_000 + 20_000 + 1 + 16_667 * 4 + 123_456 + 3_333 + 1_000;
    const budget = 60_000 + 100_001;
    expect(forecast.Totals).toEqual({
      Baseline: 31_666 / 100,
      Budget: budget / 100,
      Planned: (40_000 + 99_999) / 100,
      Committed: (15_000 + 3_333) / 100,
      Actual: (12_000 + 5_000 + 1_999) / 100,
      Forecast: landing / 100,
      Variance: (budget - landing) / 100,
    });
    const cellSum = forecast.Items.flatMap((item) => item.Cells).reduce((sum, cell) => sum + Math.round(cell.Forecast * 100), 0);
    expect(cellSum).toBe(landing);

    const landingFigures = {
      Budget: budget / 100,
      Baseline: 31_666 / 100,
      Forecast: landing / 100,
      Variance: (budget - landing) / 100,
      BaselineVariance: (31_666 - landing) / 100,
    };
    const dashboard = await t.post('/api/DashboardClient/Get', { MarketingPlanId: plan.id }, owner);
    expect(dashboard.body.Result.Landing).toEqual(landingFigures);
    expect(dashboard.body.Result.Budgeted).toBe(landingFigures.Budget);
    const planPage = await t.post('/api/MarketingPlanClient/GetMarketingPlan', { MarketingPlanId: plan.id }, owner);
    expect(planPage.body.Result.Landing).toEqual(landingFigures);
    const report = await t.post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: plan.id }, owner);
    expect(report.body.Result.Totals).toMatchObject({
      Budgeted: budget / 100,
      Baseline: 31_666 / 100,
      Forecast: landing / 100,
      ForecastVariance: (budget - landing) / 100,
    });

    // Each category's Baseline/Forecast/Variance is ForecastClient's items of it, summed.
    for (const category of [media, events]) {
      const items = forecast.Items.filter((item) => item.BudgetCategoryId === category.id);
      const sum = (field: string) => items.reduce((total, item) => total + Math.round(Number(item.Totals[field]) * 100), 0) / 100;
      const row = report.body.Result.Rows.find((entry: { BudgetCategoryId: string }) => entry.BudgetCategoryId === category.id);
      expect(row).toMatchObject({
        Baseline: sum('Baseline'),
        Forecast: sum('Forecast'),
        ForecastVariance: (Math.round(row.Budgeted * 100) - Math.round(sum('Forecast') * 100)) / 100,
      });
      expect(row.Budgeted).toBe(sum('Budget'));
    }
    const subtotals = report.body.Result.Subtotals.reduce(
      (total: number, line: { Forecast: number }) => total + Math.round(line.Forecast * 100),
      0,
    );
    expect(subtotals).toBe(landing);
  });

  it('answers Baseline null on every screen while the plan has no baseline', async () => {
    const { plan } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const dashboard = await t.post('/api/DashboardClient/Get', { MarketingPlanId: plan.id }, owner);
    expect(dashboard.body.Result.Landing).toMatchObject({ Baseline: null, BaselineVariance: null });
    const report = await t.post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: plan.id }, owner);
    expect(report.body.Result.Totals.Baseline).toBeNull();
    expect(report.body.Result.Rows.every((row: { Baseline: number | null }) => row.Baseline === null)).toBe(true);
  });

  it('moves Landing on the dashboard when a forecast is saved', async () => {
    const { plan, fair } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const landingOf = async () => {
      const dashboard = await t.post('/api/DashboardClient/Get', { MarketingPlanId: plan.id }, owner);
      expect(dashboard.status, dashboard.text).toBe(200);
      return dashboard.body.Result.Landing.Forecast;
    };
    const before = await landingOf();
    await t.post(SAVE, { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-06', Forecast: 1_166.66 }] }, owner);
    expect(Math.round((await landingOf()) * 100) - Math.round(before * 100)).toBe(100_000);
  });
});
