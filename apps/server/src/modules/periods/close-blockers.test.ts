// Month close (DESIGN.md §14) with approvals (§15): an expense waiting for approval, whatever its Status,
// is a blocker of its month's close, listed as "Pending approval"; and an inactive item's month budget,
// which counts nowhere (Budget 0 in ForecastClient and the report), is neither rolled forward nor released.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { budgetItemMonths } from '../../schema/budget.ts';
import { budgetChanges } from '../../schema/forecast.ts';

const GET = '/api/PlanPeriodClient/Get';
const CLOSE = '/api/PlanPeriodClient/Close';
const NEW_ID = '00000000-0000-0000-0000-000000000000';

let t: TestApp;
let tenant: TestTenant;
let owner: string;
let planner: string;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-15T12:00:00Z')) });
  tenant = await createTenant(t);
  owner = await tenant.tokenFor('owner');
  planner = await tenant.tokenFor('member');
  // Expenses of $500.00 or more saved as Committed or Actual by a Planner wait for the team's Leads.
  const policy = (await t.post('/api/ApprovalClient/GetPolicy', { TeamId: tenant.teamId }, owner)).body.Result;
  const saved = await t.post(
    '/api/ApprovalClient/SavePolicy',
    { ...policy, TeamId: tenant.teamId, ExpenseThreshold: 500, BudgetChangeThreshold: null, Approvers: 'Leads' },
    owner,
  );
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => t.close());

const januaryPlan = async () => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(t, tenant, { name: `Media ${plan.id.slice(0, 6)}`, categoryType: 1 });
  const search = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 150_000,
    name: 'Search',
    months: { '2026-01': 100_000, '2026-02': 50_000 },
  });
  return { plan, category, search };
};

describe('an expense pending approval blocks the close of its month', () => {
  it('is listed as “Pending approval” (even saved as Actual), and Close is 409 naming it, nothing written', async () => {
    const { plan, search } = await januaryPlan();
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: NEW_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: search.id,
        Name: 'Agency retainer',
        PurchaseDate: '2026-01-31',
        Amount: 500,
        Status: 3,
        CategoryType: 1,
      },
      planner,
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result.Approval).toBe('Pending');

    const read = await t.post(GET, { MarketingPlanId: plan.id }, owner);
    expect(read.status, read.text).toBe(200);
    const january = read.body.Result.Months.find((month: { Month: string }) => month.Month === '2026-01');
    expect(january.Blockers).toEqual([
      expect.objectContaining({
        ExpenseId: saved.body.Result.Id,
        Name: 'Agency retainer',
        PurchaseDate: '2026-01-31',
        Status: 3,
        Approval: 'Pending',
        StatusLabel: 'Pending approval',
        Amount: 500,
      }),
    ]);

    const before = await snapshotTenant(t.database, tenant.id);
    const close = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' }, owner);
    expect(close.status, close.text).toBe(409);
    expect(close.body.Message).toBe(
      'January 2026 cannot close: 1 expense is still Planned, Committed or pending approval in it or earlier: “Agency retainer” (2026-01-31, Pending approval, $500.00). Have the requests approved or rejected, mark the others actual, move them to an open month or cancel them first.',
    );
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);

    // Approved, it is Actual and the month closes: $1,000.00 − $500.00 rolls forward.
    const requests = await t.post('/api/ApprovalClient/List', { Status: 'Pending' }, owner);
    const request = requests.body.Result.find((row: { ExpenseId: string | null }) => row.ExpenseId === saved.body.Result.Id);
    const approved = await t.post('/api/ApprovalClient/Approve', { RequestId: request.Id, Version: request.Version }, owner);
    expect(approved.status, approved.text).toBe(200);
    const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' }, owner);
    expect(closed.status, closed.text).toBe(200);
  });

  it('a Committed expense pending approval is listed as pending, not as Committed', async () => {
    const { plan, search } = await januaryPlan();
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: NEW_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: search.id,
        Name: 'Booth',
        PurchaseDate: '2026-01-01',
        Amount: 999.99,
        Status: 2,
        CategoryType: 1,
      },
      planner,
    );
    expect(saved.body.Result.Approval, saved.text).toBe('Pending');
    const read = await t.post(GET, { MarketingPlanId: plan.id }, owner);
    const blockers = read.body.Result.Months[0].Blockers;
    expect(blockers.map((row: { StatusLabel: string; Approval: string | null }) => [row.StatusLabel, row.Approval])).toEqual([
      ['Pending approval', 'Pending'],
    ]);
  });
});

describe('an inactive item at the close', () => {
  it('keeps its month budget as it is: not listed, not rolled forward or released, no budget change', async () => {
    const { plan, category } = await januaryPlan();
    const idle = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 60_001,
      name: 'Idle',
      active: false,
      months: { '2026-01': 30_001, '2026-03': 30_000 },
    });
    const read = await t.post(GET, { MarketingPlanId: plan.id }, owner);
    expect(read.body.Result.Months[0].Unspent.map((row: { Name: string }) => row.Name)).toEqual(['Search']);
    // As ForecastClient shows it: Budget 0 in every month.
    const forecast = await t.post('/api/ForecastClient/Get', { MarketingPlanId: plan.id }, owner);
    const idleForecast = forecast.body.Result.Items.find((item: { Name: string }) => item.Name === 'Idle');
    expect(idleForecast === undefined || idleForecast.Cells.every((cell: { Budget: number }) => cell.Budget === 0)).toBe(true);

    const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'Release' }, owner);
    expect(closed.status, closed.text).toBe(200);
    const cells = await t.ctx.db
      .select({ month: budgetItemMonths.month, cents: budgetItemMonths.amountCents })
      .from(budgetItemMonths)
      .where(and(eq(budgetItemMonths.tenantId, tenant.id), eq(budgetItemMonths.budgetItemId, idle.id)))
      .orderBy(asc(budgetItemMonths.month));
    expect(cells.map((row) => [row.month.slice(0, 7), row.cents])).toEqual([
      ['2026-01', 30_001],
      ['2026-03', 30_000],
    ]);
    const item = await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: idle.id }, owner);
    expect(item.body.Result.Amount).toBe(600.01);
    const changes = await t.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.budgetItemId, idle.id));
    expect(changes).toEqual([]);
  });
});
