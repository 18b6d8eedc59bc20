// Live changes of the marketing-ops month (DESIGN.md §13–§14, migration 1026): a forecast save, a
// month close or reopen, a reallocation and a baseline lock reach the plan's readers on the event
// stream (so another tab's open Forecast view, close screen and plan page refresh), and nobody else.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, listeningUrl, openEventStream, type StreamEvent } from '../../../test/event-stream.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { budgetItemMonths } from '../../schema/budget.ts';
import { budgetChanges } from '../../schema/forecast.ts';

let t: TestApp;
let baseUrl: string;
let tenant: TestTenant;
let other: TestTenant;
const open: EventStream[] = [];

beforeAll(async () => {
  // Mid-July 2026: January to June have ended, so January may close.
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-15T12:00:00Z')) });
  baseUrl = await listeningUrl(t.app);
  tenant = await createTenant(t, { name: 'Month' });
  other = await createTenant(t, { name: 'Elsewhere' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

type Who = keyof TestTenant['users'];

const streamFor = async (of: TestTenant, who: Who): Promise<EventStream> => {
  const ticket = await t.post('/api/EventsClient/Ticket', {}, await of.tokenFor(who));
  expect(ticket.status, ticket.text).toBe(200);
  const stream = await openEventStream(baseUrl, ticket.body.Result.Ticket, {});
  expect(stream.status, JSON.stringify(stream.refusal)).toBe(200);
  open.push(stream);
  return stream;
};

/** The plan's team's Planner, a Member outside the team, and another tenant's Owner. */
const streams = async () => ({
  member: await streamFor(tenant, 'member'),
  outsider: await streamFor(tenant, 'outsider'),
  stranger: await streamFor(other, 'owner'),
});

/**
 * A tenant-wide change every subscriber of the tenant receives: once it has arrived, everything
 * committed before it has too (the hub sends in commit order).
 */
const settle = async (...tenantStreams: EventStream[]) => {
  const marker = (await createCategory(t, tenant, { name: `Marker ${newId().slice(0, 6)}` })).id;
  for (const stream of tenantStreams) await stream.next((event) => event.data.Id === marker);
};

/** A plan of January–June 2026: "Search" phased Jan $1,000.00, Feb $500.00, Mar $300.00 with $999.99 actual in January; "Events" Mar $100.00. */
const fixture = async () => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30', name: 'Live month' });
  const category = await createCategory(t, tenant, { name: 'Media', categoryType: 1 });
  const search = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 180_000,
    name: 'Search',
    months: { '2026-01': 100_000, '2026-02': 50_000, '2026-03': 30_000 },
  });
  const events = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 10_000,
    name: 'Events',
    months: { '2026-03': 10_000 },
  });
  await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: search.id,
    amountCents: 99_999,
    purchaseDate: '2026-01-31',
    name: 'Jan ads',
  });
  return { plan, search, events };
};

const ofPlan = (planId: string, entity: string) => (event: StreamEvent) =>
  event.data.Entity === entity && event.data.MarketingPlanId === planId;
const aboutPlan = (stream: EventStream, planId: string) => stream.events.filter((event) => event.data.MarketingPlanId === planId);

describe('live changes of forecasts, closed months, budget changes and baselines', () => {
  it('announces a forecast save to the plan’s readers with the cell’s item, month and new version, and to no one else', async () => {
    const { plan, search } = await fixture();
    const { member, outsider, stranger } = await streams();
    const save = async (Forecast: number | null, Version?: number) =>
      t.post(
        '/api/ForecastClient/Save',
        { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: search.id, Month: '2026-04', Forecast, Version }] },
        await tenant.tokenFor('member'),
      );
    const saved = await save(19.99);
    expect(saved.status, saved.text).toBe(200);
    const event = await member.next(ofPlan(plan.id, 'BudgetItemForecast'), 2000);
    expect(event.data).toEqual({
      Type: 'changed',
      Entity: 'BudgetItemForecast',
      Id: search.id,
      MarketingPlanId: plan.id,
      Version: 1,
      Month: '2026-04-01',
      Rows: 1,
      ByUserId: tenant.users.member.id,
      ByName: 'Member Month',
    });
    // Cleared (back to the budget): the row stays and its version counts on.
    expect((await save(null, 1)).status).toBe(200);
    await member.next((entry) => ofPlan(plan.id, 'BudgetItemForecast')(entry) && entry.data.Version === 2, 2000);

    await settle(member, outsider);
    const theirs = (await createCategory(t, other, { name: 'Their marker' })).id;
    await stranger.next((entry) => entry.data.Id === theirs);
    expect(aboutPlan(outsider, plan.id)).toEqual([]);
    expect(aboutPlan(stranger, plan.id)).toEqual([]);
  });

  it('announces a month close (the closed month and its roll-forward budget changes) and its reopening', async () => {
    const { plan } = await fixture();
    const { member, outsider } = await streams();
    const closed = await t.post(
      '/api/PlanPeriodClient/Close',
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' },
      await tenant.tokenFor('owner'),
    );
    expect(closed.status, closed.text).toBe(200);
    const period = await member.next(ofPlan(plan.id, 'PlanPeriod'), 2000);
    expect(period.data).toMatchObject({
      Type: 'changed',
      Id: plan.id,
      Month: '2026-01-01',
      Rows: 1,
      ByUserId: tenant.users.owner.id,
    });
    // January's $0.01 rolled into February: two kind-3 budget changes, each announced.
    const changeIds = (await t.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, plan.id))).map((row) => row.id);
    expect(changeIds).toHaveLength(2);
    for (const id of changeIds) await member.next((entry) => ofPlan(plan.id, 'BudgetChange')(entry) && entry.data.Id === id, 2000);

    const reopened = await t.post(
      '/api/PlanPeriodClient/Reopen',
      { MarketingPlanId: plan.id, Month: '2026-01', Reason: 'An invoice came late' },
      await tenant.tokenFor('admin'),
    );
    expect(reopened.status, reopened.text).toBe(200);
    const gone = await member.next((entry) => ofPlan(plan.id, 'PlanPeriod')(entry) && entry.data.Type === 'deleted', 2000);
    expect(gone.data).toMatchObject({ Id: plan.id, Month: '2026-01-01', ByUserId: tenant.users.admin.id });

    await settle(member, outsider);
    expect(aboutPlan(outsider, plan.id)).toEqual([]);
  });

  it('announces a reallocation’s two budget changes, and a baseline lock’s snapshot, to the plan’s readers', async () => {
    const { plan, search, events } = await fixture();
    const { member, outsider } = await streams();
    const marchVersion = async (itemId: string) =>
      (
        await t.ctx.db
          .select({ version: budgetItemMonths.version })
          .from(budgetItemMonths)
          .where(and(eq(budgetItemMonths.budgetItemId, itemId), eq(budgetItemMonths.month, '2026-03-01')))
      )[0]?.version;
    const moved = await t.post(
      '/api/BudgetItemClient/Reallocate',
      {
        FromBudgetItemId: search.id,
        ToBudgetItemId: events.id,
        Month: '2026-03',
        Amount: 19.99,
        Reason: 'Shift to events',
        Cells: [
          { BudgetItemId: search.id, Version: await marchVersion(search.id) },
          { BudgetItemId: events.id, Version: await marchVersion(events.id) },
        ],
      },
      await tenant.tokenFor('member'),
    );
    expect(moved.status, moved.text).toBe(200);
    const rows = await t.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, plan.id));
    expect(rows.map((row) => row.kind)).toEqual([2, 2]);
    for (const row of rows) {
      const event = await member.next((entry) => ofPlan(plan.id, 'BudgetChange')(entry) && entry.data.Id === row.id, 2000);
      expect(event.data).toMatchObject({ Type: 'changed', Month: '2026-03-01', ByUserId: tenant.users.member.id });
    }

    const locked = await t.post('/api/MarketingPlanClient/LockBaseline', { MarketingPlanId: plan.id }, await tenant.tokenFor('owner'));
    expect(locked.status, locked.text).toBe(200);
    const snapshot = await member.next(ofPlan(plan.id, 'BudgetItemBaseline'), 2000);
    expect(snapshot.data).toMatchObject({ Type: 'changed', ByUserId: tenant.users.owner.id });

    await settle(member, outsider);
    expect(aboutPlan(outsider, plan.id)).toEqual([]);
  });

  it('does not announce forecast cells deleted with their item without a plan (to the whole tenant); the item’s deletion reaches its readers', async () => {
    const { plan, events } = await fixture();
    const saved = await t.post(
      '/api/ForecastClient/Save',
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: events.id, Month: '2026-05', Forecast: 50 }] },
      await tenant.tokenFor('member'),
    );
    expect(saved.status, saved.text).toBe(200);
    const { member, outsider } = await streams();
    await t.database.queryRows('DELETE FROM budget_item_months WHERE tenant_id = $1 AND budget_item_id = $2', [tenant.id, events.id]);
    await t.database.queryRows('DELETE FROM budget_items WHERE tenant_id = $1 AND id = $2', [tenant.id, events.id]);
    await member.next((entry) => entry.data.Entity === 'BudgetItem' && entry.data.Id === events.id && entry.data.Type === 'deleted', 2000);
    await settle(member, outsider);
    for (const stream of [member, outsider])
      expect(stream.events.filter((entry) => entry.data.Entity === 'BudgetItemForecast')).toEqual([]);
  });
});
