// Month close (DESIGN.md §14, issue 31.4): PlanPeriodClient Get / Close / Reopen, to the cent.
import { spreadCents } from '@plansmith/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureMember, joinFixtureTeam } from '../../../test/authorization-fixture.ts';
import { createTenant, login, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { budgetChanges, planPeriods } from '../../schema/forecast.ts';
import { teams } from '../../schema/teams.ts';
import { newId } from '../../lib/ids.ts';

const GET = '/api/PlanPeriodClient/Get';
const CLOSE = '/api/PlanPeriodClient/Close';
const REOPEN = '/api/PlanPeriodClient/Reopen';

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  // Mid-July 2026: January to June have ended.
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-15T12:00:00Z')) });
  tenant = await createTenant(t);
  other = await createTenant(t);
});
afterAll(async () => t.close());

/** A plan of January–June 2026: "Search" phased $1,000.00 in January and $500.00 in February with $999.99 actual in January. */
const fixture = async (options: { endDate?: string } = {}) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: options.endDate ?? '2026-06-30', name: 'Close plan' });
  const category = await createCategory(t, tenant, { name: 'Media', categoryType: 1 });
  const search = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 150_000,
    name: 'Search',
    months: { '2026-01': 100_000, '2026-02': 50_000 },
  });
  await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: search.id,
    amountCents: 99_999,
    purchaseDate: '2026-01-31',
    name: 'Jan ads',
  });
  return { plan, category, search };
};

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

const amountOf = async (itemId: string) =>
  (await t.ctx.db.select({ cents: budgetItems.amountCents }).from(budgetItems).where(eq(budgetItems.id, itemId)))[0]?.cents;

const changesOf = async (planId: string) =>
  (await t.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, planId)))
    .map((row) => ({ month: row.month?.slice(0, 7), kind: row.kind, before: row.beforeCents, after: row.afterCents, reason: row.reason }))
    .sort((a, b) => `${a.month}`.localeCompare(`${b.month}`));

describe('PlanPeriodClient/Get', () => {
  it('lists every month of the plan, open, with the next month’s blockers and unspent per item', async () => {
    const { plan, search } = await fixture();
    const planned = await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: search.id,
      amountCents: 1_999,
      status: 1,
      purchaseDate: '2026-01-10',
      name: 'Banner',
    });
    // A committed expense dated later is not January's blocker.
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 500, status: 2, purchaseDate: '2026-02-01' });
    const response = await t.post(GET, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
    expect(response.status, response.text).toBe(200);
    const result = response.body.Result;
    expect(result.Months.map((month: { Month: string; State: string }) => `${month.Month} ${month.State}`)).toEqual([
      '2026-01 Open',
      '2026-02 Open',
      '2026-03 Open',
      '2026-04 Open',
      '2026-05 Open',
      '2026-06 Open',
    ]);
    expect(result).toMatchObject({ NextMonth: '2026-01', NextMonthEnded: true, LatestClosed: null, CanClose: false, CanReopen: false });
    expect(result.Months[0].Blockers).toEqual([
      {
        ExpenseId: planned.id,
        Name: 'Banner',
        PurchaseDate: '2026-01-10',
        Status: 1,
        Approval: null,
        StatusLabel: 'Planned',
        Amount: 19.99,
        BudgetItemId: search.id,
        BudgetItemName: 'Search',
        Version: 1,
      },
    ]);
    expect(result.Months[0].Unspent).toEqual([{ BudgetItemId: search.id, Name: 'Search', Budget: 1000, Actual: 999.99, Unspent: 0.01 }]);
    expect(result.Months[1].Blockers).toEqual([]);
  });

  it('answers 404 for another tenant’s plan', async () => {
    const { plan } = await fixture();
    const response = await t.post(GET, { MarketingPlanId: plan.id }, await other.tokenFor('owner'));
    expect(response.status).toBe(404);
  });
});

describe('PlanPeriodClient/Close', () => {
  it('rolls exactly the unspent cents forward: budget $1,000.00, actual $999.99 → $0.01 moves to February', async () => {
    const { plan, search } = await fixture();
    const response = await t.post(
      CLOSE,
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' },
      await tenant.tokenFor('owner'),
    );
    expect(response.status, response.text).toBe(200);
    expect(await cellsOf(search.id)).toEqual({ '2026-01': 99_999, '2026-02': 50_001 });
    expect(await amountOf(search.id)).toBe(150_000);
    expect(await changesOf(plan.id)).toEqual([
      { month: '2026-01', kind: 3, before: 100_000, after: 99_999, reason: 'Month close: January 2026' },
      { month: '2026-02', kind: 3, before: 50_000, after: 50_001, reason: 'Month close: January 2026' },
    ]);
    const january = response.body.Result.Months[0];
    expect(january).toMatchObject({ Month: '2026-01', State: 'Closed', ClosedBy: `Owner ${tenant.name}`, UnspentChoice: 'RollForward' });
    expect(january.ClosedAt).toBe('2026-07-15T12:00:00.000Z');
    expect(response.body.Result).toMatchObject({ NextMonth: '2026-02', LatestClosed: '2026-01' });
    const trail = await t.ctx.db.select().from(activities).where(eq(activities.marketingPlanId, plan.id));
    expect(trail.map((row) => row.description)).toEqual(
      expect.arrayContaining([
        'Closed January 2026: $0.01 unspent rolled forward to February 2026 (1 item)',
        'Month close: January 2026: $0.01 unspent rolled forward to February 2026',
      ]),
    );
  });

  it('releases the unspent: the month and the item’s Amount drop to the actual, so Left to plan grows by it', async () => {
    const { plan, search } = await fixture();
    const response = await t.post(
      CLOSE,
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'Release' },
      await tenant.tokenFor('admin'),
    );
    expect(response.status, response.text).toBe(200);
    expect(await cellsOf(search.id)).toEqual({ '2026-01': 99_999, '2026-02': 50_000 });
    expect(await amountOf(search.id)).toBe(149_999);
    expect(await changesOf(plan.id)).toEqual([
      { month: '2026-01', kind: 4, before: 100_000, after: 99_999, reason: 'Month close: January 2026' },
    ]);
    expect(response.body.Result.Months[0].UnspentChoice).toBe('Release');
  });

  it('moves nothing for an item spent over its month (never a negative unspent) or spent to the cent', async () => {
    const { plan, category, search } = await fixture();
    const exact = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 1_999,
      months: { '2026-01': 1_999 },
    });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: exact.id, amountCents: 1_999, purchaseDate: '2026-01-01' });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 2, purchaseDate: '2026-01-15' });
    const response = await t.post(
      CLOSE,
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' },
      await tenant.tokenFor('owner'),
    );
    expect(response.status, response.text).toBe(200);
    expect(await cellsOf(search.id)).toEqual({ '2026-01': 100_000, '2026-02': 50_000 });
    expect(await cellsOf(exact.id)).toEqual({ '2026-01': 1_999 });
    expect(await changesOf(plan.id)).toEqual([]);
  });

  it('gives an unphased item its months first (its Amount spread as the grid shows it), then rolls its unspent forward', async () => {
    const { plan, category } = await fixture();
    const flat = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 100_001, name: 'Flat' });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: flat.id, amountCents: 10_000, purchaseDate: '2026-01-05' });
    const spread = spreadCents(100_001, 6); // 16,667 then 16,667 × 0 … the first cent goes to January
    const response = await t.post(
      CLOSE,
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' },
      await tenant.tokenFor('owner'),
    );
    expect(response.status, response.text).toBe(200);
    const unspent = (spread[0] ?? 0) - 10_000;
    expect(await cellsOf(flat.id)).toEqual({
      '2026-01': 10_000,
      '2026-02': (spread[1] ?? 0) + unspent,
      '2026-03': spread[2],
      '2026-04': spread[3],
      '2026-05': spread[4],
      '2026-06': spread[5],
    });
    expect(Object.values(await cellsOf(flat.id)).reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(await amountOf(flat.id)).toBe(100_001);
  });

  it('refuses a month out of order, naming the earlier month, and writes nothing', async () => {
    const { plan } = await fixture();
    const token = await tenant.tokenFor('owner');
    const before = await snapshotTenant(t.database, tenant.id);
    const response = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-02', Unspent: 'RollForward' }, token);
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('Close January 2026 first: a plan’s months close in order.');
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('refuses while Planned or Committed expenses are dated in the month or earlier, listing them by name, and writes nothing', async () => {
    const { plan, search } = await fixture();
    const token = await tenant.tokenFor('owner');
    await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: search.id,
      amountCents: 1_999,
      status: 1,
      purchaseDate: '2026-01-31',
      name: 'Banner',
    });
    await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: search.id,
      amountCents: 50,
      status: 2,
      purchaseDate: '2025-12-31',
      name: 'Old PO',
    });
    // Inactive expenses and ones dated after the month do not block.
    await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: search.id,
      amountCents: 1,
      status: 1,
      purchaseDate: '2026-01-02',
      active: false,
    });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 1, status: 2, purchaseDate: '2026-02-01' });
    const before = await snapshotTenant(t.database, tenant.id);
    const response = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' }, token);
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe(
      'January 2026 cannot close: 2 expenses are still Planned or Committed in it or earlier: “Old PO” (2025-12-31, Committed, $0.50), “Banner” (2026-01-31, Planned, $19.99). Mark them actual, move them to an open month or cancel them first.',
    );
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('refuses a month that has not ended, RollForward in the plan’s last month, a month already closed and one outside the plan', async () => {
    const { plan } = await fixture({ endDate: '2026-01-31' });
    const token = await tenant.tokenFor('owner');
    const last = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' }, token);
    expect(last.status).toBe(409);
    expect(last.body.Message).toBe(
      'January 2026 is the last month of “Close plan”: there is no later month to roll its unspent budget into. Choose Release.',
    );
    const outside = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-02', Unspent: 'Release' }, token);
    expect(outside.status).toBe(400);
    expect(outside.body.Message).toBe('February 2026 is not a month of “Close plan” (January 2026 – January 2026).');
    expect((await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'Release' }, token)).status).toBe(200);
    const again = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'Release' }, token);
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('January 2026 is already closed.');

    const current = await createPlan(t, tenant, { startDate: '2026-07-01', endDate: '2026-12-31' });
    const early = await t.post(CLOSE, { MarketingPlanId: current.id, Month: '2026-07', Unspent: 'RollForward' }, token);
    expect(early.status).toBe(409);
    expect(early.body.Message).toBe('July 2026 has not ended yet: it can be closed from August 1, 2026.');
  });

  it('is the team’s Lead’s, an Admin’s or the Owner’s: a Planner and a Viewer of the team get 403, another team’s Lead 404', async () => {
    const { plan } = await fixture();
    const body = { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' };
    const before = await snapshotTenant(t.database, tenant.id);
    const planner = await t.post(CLOSE, body, await tenant.tokenFor('member'));
    expect(planner.status).toBe(403);
    expect(planner.body.Message).toBe('Only the team’s Lead, an Admin or the Owner can close this plan’s months.');
    expect((await t.post(CLOSE, body, await tenant.tokenFor('viewer'))).status).toBe(403);
    // A Lead of another team of the same tenant does not see the plan.
    const otherTeam = newId();
    await t.ctx.db.insert(teams).values({ tenantId: tenant.id, id: otherTeam, name: 'Other team' });
    const lead = await createFixtureMember(t, tenant, 'lead');
    await joinFixtureTeam(t, tenant, { teamId: otherTeam } as Parameters<typeof joinFixtureTeam>[2], lead);
    const leadToken = (await login(t, lead.email)).AccessToken;
    const snapshot = await snapshotTenant(t.database, tenant.id);
    expect((await t.post(CLOSE, body, leadToken)).status).toBe(404);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(snapshot);
    // Another tenant's Owner: 404 and nothing changed.
    const foreign = await other.tokenFor('owner');
    const beforeForeign = await snapshotTenant(t.database, tenant.id);
    expect((await t.post(CLOSE, body, foreign)).status).toBe(404);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(beforeForeign);
    expect(before.plan_periods).toEqual(beforeForeign.plan_periods);
    // The team's Lead closes it.
    const teamLead = await createFixtureMember(t, tenant, 'lead');
    await joinFixtureTeam(t, tenant, { teamId: tenant.teamId } as Parameters<typeof joinFixtureTeam>[2], teamLead);
    const closed = await t.post(CLOSE, body, (await login(t, teamLead.email)).AccessToken);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.Result).toMatchObject({ CanClose: true, CanReopen: false });
  });
});

describe('PlanPeriodClient/Reopen', () => {
  it('reopens only the latest closed month, with a reason, in the trail; the roll-forward stays', async () => {
    const { plan, search } = await fixture();
    const owner = await tenant.tokenFor('owner');
    for (const month of ['2026-01', '2026-02']) {
      const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: month, Unspent: 'RollForward' }, owner);
      expect(closed.status, closed.text).toBe(200);
    }
    // February's $500.01 (with January's cent) moved on to March: February had no actual.
    expect(await cellsOf(search.id)).toEqual({ '2026-01': 99_999, '2026-02': 0, '2026-03': 50_001 });
    const january = await t.post(REOPEN, { MarketingPlanId: plan.id, Month: '2026-01', Reason: 'Late invoice' }, owner);
    expect(january.status).toBe(409);
    expect(january.body.Message).toBe('Only the latest closed month can be reopened: reopen February 2026 first.');
    const open = await t.post(REOPEN, { MarketingPlanId: plan.id, Month: '2026-03', Reason: 'x' }, owner);
    expect(open.status).toBe(409);
    expect(open.body.Message).toBe('March 2026 is open: only a closed month can be reopened.');
    const noReason = await t.post(REOPEN, { MarketingPlanId: plan.id, Month: '2026-02', Reason: '  ' }, owner);
    expect(noReason.status).toBe(400);
    expect(noReason.body.Message).toMatch(/Reason is required/);
    const lead = await t.post(
      REOPEN,
      { MarketingPlanId: plan.id, Month: '2026-02', Reason: 'Late invoice' },
      await tenant.tokenFor('member'),
    );
    expect(lead.status).toBe(403);
    expect(lead.body.Message).toBe('Only an Admin or the Owner can reopen a closed month.');

    const reopened = await t.post(
      REOPEN,
      { MarketingPlanId: plan.id, Month: '2026-02', Reason: 'Late invoice' },
      await tenant.tokenFor('admin'),
    );
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.Result).toMatchObject({ NextMonth: '2026-02', LatestClosed: '2026-01' });
    expect(await cellsOf(search.id)).toEqual({ '2026-01': 99_999, '2026-02': 0, '2026-03': 50_001 });
    const periods = await t.ctx.db.select().from(planPeriods).where(eq(planPeriods.marketingPlanId, plan.id));
    expect(periods.map((row) => row.month)).toEqual(['2026-01-01']);
    const trail = await t.ctx.db.select().from(activities).where(eq(activities.marketingPlanId, plan.id));
    expect(trail.map((row) => row.description)).toContain('Reopened February 2026: Late invoice');
    // February takes expenses again; January still refuses them.
    const item = await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 100, purchaseDate: '2026-02-10' });
    expect(item.id).toBeTruthy();
  });

  it('answers 404 to another tenant and changes nothing', async () => {
    const { plan } = await fixture();
    await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'Release' }, await tenant.tokenFor('owner'));
    const token = await other.tokenFor('owner');
    const before = await snapshotTenant(t.database, tenant.id);
    expect((await t.post(REOPEN, { MarketingPlanId: plan.id, Month: '2026-01', Reason: 'x' }, token)).status).toBe(404);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });
});
