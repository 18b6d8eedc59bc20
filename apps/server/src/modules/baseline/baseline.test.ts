// Baseline, budget changes and reallocation (DESIGN.md §14, issue 31 items 1–2), through the real app.
import { REASON_REQUIRED_MESSAGE } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureMember } from '../../../test/authorization-fixture.ts';
import { createTenant, login, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { budgetChanges, budgetItemBaselines, planPeriods } from '../../schema/forecast.ts';
import { teamMembers } from '../../schema/teams.ts';

const PLAN_API = '/api/MarketingPlanClient';
const ITEM_API = '/api/BudgetItemClient';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;
let categoryId: string;
/** A Member who is the Lead of acme's team. */
let leadToken: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  categoryId = (await createCategory(t, acme)).id;
  const lead = await createFixtureMember(t, acme, 'lead');
  await t.ctx.db.insert(teamMembers).values({ tenantId: acme.id, teamId: acme.teamId, userId: lead.id, teamRoleId: 1 });
  leadToken = (await login(t, lead.email)).AccessToken;
  // Signed in before any snapshot: a sign-in writes a refresh token.
  for (const who of ['owner', 'admin', 'member', 'viewer', 'outsider'] as const) await acme.tokenFor(who);
  await other.tokenFor('owner');
});
afterAll(async () => t.close());

const as = (who: keyof TestTenant['users'], tenant = acme) => tenant.tokenFor(who);

/** A 2026 plan with a phased item (Mar $1,000.00, Apr $200.00) and an unphased one ($1,000.00). */
const makePlan = async () => {
  const plan = await createPlan(t, acme);
  const phased = await createItem(t, acme, {
    planId: plan.id,
    categoryId,
    amountCents: 120_000,
    name: 'Search ads',
    months: { '2026-03': 100_000, '2026-04': 20_000 },
  });
  const unphased = await createItem(t, acme, { planId: plan.id, categoryId, amountCents: 100_000, name: 'Events' });
  return { plan, phased, unphased };
};

const lock = async (planId: string, token?: string) =>
  t.post(`${PLAN_API}/LockBaseline`, { MarketingPlanId: planId }, token ?? (await as('owner')));
const itemRow = async (id: string) => (await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, id)))[0];
const monthsOf = async (id: string) =>
  Object.fromEntries(
    (await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, id))).map((row) => [
      row.month.slice(0, 7),
      { cents: row.amountCents, version: row.version },
    ]),
  );
const changesOf = (planId: string) => t.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, planId));
const planTotal = async (planId: string) =>
  (await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, planId))).reduce((sum, row) => sum + row.amountCents, 0);
const addExpense = (planId: string, itemId: string, amountCents: number, status: 1 | 2 | 3, purchaseDate = '2026-03-31') =>
  t.ctx.db.insert(expenses).values({
    tenantId: acme.id,
    id: newId(),
    marketingPlanId: planId,
    budgetItemId: itemId,
    name: 'Invoice',
    purchaseDate,
    amountCents,
    status,
    categoryType: 1,
  });

describe('locking the baseline', () => {
  it('snapshots each item’s Budget per month as the grid shows it, once, and shows who locked it', async () => {
    const { plan, phased, unphased } = await makePlan();
    const response = await lock(plan.id, leadToken);
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result).toMatchObject({ MarketingPlanId: plan.id, LockedBy: `Lead ${acme.name}` });
    const rows = await t.ctx.db.select().from(budgetItemBaselines).where(eq(budgetItemBaselines.marketingPlanId, plan.id));
    const ofItem = (id: string) =>
      Object.fromEntries(rows.filter((row) => row.budgetItemId === id).map((row) => [row.month, row.amountCents]));
    expect(ofItem(phased.id)).toEqual({ '2026-03-01': 100_000, '2026-04-01': 20_000 });
    // $1,000.00 over 12 months: 8,333.33… → the first four months take the leftover cent each.
    const spread = ofItem(unphased.id);
    expect(Object.keys(spread)).toHaveLength(12);
    expect(spread['2026-01-01']).toBe(8334);
    expect(spread['2026-04-01']).toBe(8334);
    expect(spread['2026-05-01']).toBe(8333);
    expect(Object.values(spread).reduce((sum, cents) => sum + cents, 0)).toBe(100_000);

    const read = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.id }, await as('member'));
    expect(read.body.Result.BaselineLockedAt).toBe(response.body.Result.LockedAt);
    expect(read.body.Result.BaselineLockedBy).toBe(`Lead ${acme.name}`);
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, plan.id), eq(activities.action, 'update')));
    expect(audit.map((row) => row.description)).toContain('Baseline locked: 2 budget items snapshotted by month');

    const before = await snapshotTenant(t.database, acme.id);
    const again = await lock(plan.id);
    expect(again.status).toBe(409);
    expect(again.body.Message).toMatch(/already locked \(by Lead Acme\)/);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('is the team Lead’s, an Admin’s or the Owner’s: a Planner and a Viewer are refused, outsiders and other tenants see no plan', async () => {
    const { plan } = await makePlan();
    const before = await snapshotTenant(t.database, acme.id);
    expect((await lock(plan.id, await as('member'))).status).toBe(403);
    expect((await lock(plan.id, await as('viewer'))).status).toBe(403);
    expect((await lock(plan.id, await as('outsider'))).status).toBe(404);
    expect((await lock(plan.id, await as('owner', other))).status).toBe(404);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    expect((await lock(plan.id, await as('admin'))).status).toBe(200);
  });

  it('unlocks only for an Admin or the Owner, with a reason, audited; the budget changes stay', async () => {
    const { plan, unphased } = await makePlan();
    expect((await lock(plan.id)).status).toBe(200);
    const save = await t.post(
      `${ITEM_API}/Save`,
      {
        Id: unphased.id,
        Version: 1,
        Name: 'Events',
        Amount: 900,
        ItemType: 1,
        BudgetCategoryId: categoryId,
        MarketingPlanId: plan.id,
        Reason: 'Venue cheaper',
      },
      await as('owner'),
    );
    expect(save.status, save.text).toBe(200);
    const unlock = async (body: Record<string, unknown>, token: string) =>
      t.post(`${PLAN_API}/UnlockBaseline`, { MarketingPlanId: plan.id, ...body }, token);
    expect((await unlock({ Reason: 'Replan' }, leadToken)).status).toBe(403);
    const noReason = await unlock({ Reason: '  ' }, await as('admin'));
    expect(noReason.status).toBe(400);
    expect(noReason.body.Message).toBe('Reason is required.');
    const other409 = await unlock({ Reason: 'Replan' }, await as('owner', other));
    expect(other409.status).toBe(404);
    const done = await unlock({ Reason: 'Q2 replan' }, await as('admin'));
    expect(done.status, done.text).toBe(200);
    expect(done.body.Result).toEqual({ MarketingPlanId: plan.id, LockedAt: null, LockedBy: null });
    expect(await t.ctx.db.select().from(budgetItemBaselines).where(eq(budgetItemBaselines.marketingPlanId, plan.id))).toEqual([]);
    expect(await changesOf(plan.id)).toHaveLength(1);
    const audit = await t.ctx.db.select().from(activities).where(eq(activities.entityId, plan.id));
    expect(audit.map((row) => row.description)).toContain('Baseline unlocked: Q2 replan');
    expect((await unlock({ Reason: 'Again' }, await as('admin'))).status).toBe(409);
    // Unlocked, a change needs no reason again.
    const free = await t.post(
      `${ITEM_API}/Save`,
      { Id: unphased.id, Version: 2, Name: 'Events', Amount: 800, ItemType: 1, BudgetCategoryId: categoryId, MarketingPlanId: plan.id },
      await as('owner'),
    );
    expect(free.status, free.text).toBe(200);
    expect(await changesOf(plan.id)).toHaveLength(1);
  });
});

describe('a budget change after the lock', () => {
  const itemBody = (planId: string, fields: Record<string, unknown>) => ({
    Name: 'Events',
    Amount: 1000,
    ItemType: 1,
    BudgetCategoryId: categoryId,
    MarketingPlanId: planId,
    ...fields,
  });

  it('needs no reason and keeps nothing before the lock', async () => {
    const { plan, unphased } = await makePlan();
    const response = await t.post(`${ITEM_API}/Save`, itemBody(plan.id, { Id: unphased.id, Version: 1, Amount: 1500 }), await as('member'));
    expect(response.status, response.text).toBe(200);
    expect(await changesOf(plan.id)).toEqual([]);
  });

  it('Save: refused without a reason (nothing changes), kept with one; a rename alone needs none', async () => {
    const { plan, unphased } = await makePlan();
    await lock(plan.id);
    const planner = await as('member');
    const before = await snapshotTenant(t.database, acme.id);
    for (const Reason of [undefined, '', '   ']) {
      const refused = await t.post(
        `${ITEM_API}/Save`,
        itemBody(plan.id, { Id: unphased.id, Version: 1, Amount: 1000.01, Reason }),
        planner,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.Message).toBe(REASON_REQUIRED_MESSAGE);
      expect(refused.body.Errors).toEqual([{ Field: 'Reason', Message: 'Say why the budget changes.' }]);
    }
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);

    const renamed = await t.post(`${ITEM_API}/Save`, itemBody(plan.id, { Id: unphased.id, Version: 1, Name: 'Field events' }), planner);
    expect(renamed.status, renamed.text).toBe(200);
    const saved = await t.post(
      `${ITEM_API}/Save`,
      itemBody(plan.id, { Id: unphased.id, Version: 2, Name: 'Field events', Amount: 1019.99, Reason: ' Booth upgrade ' }),
      planner,
    );
    expect(saved.status, saved.text).toBe(200);
    expect((await itemRow(unphased.id))?.amountCents).toBe(101_999);
    const [change] = await changesOf(plan.id);
    expect(change).toMatchObject({
      budgetItemId: unphased.id,
      budgetItemName: 'Field events',
      month: null,
      kind: 1,
      groupId: null,
      beforeCents: 100_000,
      afterCents: 101_999,
      reason: 'Booth upgrade',
      changedBy: acme.users.member.id,
    });

    const list = await t.post(`${PLAN_API}/GetBudgetChanges`, { MarketingPlanId: plan.id }, await as('viewer'));
    expect(list.status).toBe(200);
    expect(list.body.Result).toEqual([
      expect.objectContaining({
        BudgetItemName: 'Field events',
        Month: null,
        Kind: 'Edit',
        Before: 1000,
        After: 1019.99,
        Reason: 'Booth upgrade',
        ChangedBy: `Member ${acme.name}`,
      }),
    ]);
  });

  it('Save with months: each month whose budget changes is a row (an unphased item phased compares with its spread)', async () => {
    const { plan, phased } = await makePlan();
    await lock(plan.id);
    const cells = Object.entries(await monthsOf(phased.id)).map(([Month, cell]) => ({ Month, Version: cell.version }));
    const response = await t.post(
      `${ITEM_API}/Save`,
      itemBody(plan.id, {
        Id: phased.id,
        Version: 1,
        Name: 'Search ads',
        Amount: 1200,
        Months: [
          { Month: '2026-03', Amount: 999.99 },
          { Month: '2026-05', Amount: 200.01 },
        ],
        Cells: cells,
        Reason: 'Move spring spend',
      }),
      await as('owner'),
    );
    expect(response.status, response.text).toBe(200);
    const rows = (await changesOf(plan.id)).map((row) => [row.month, row.beforeCents, row.afterCents]).sort();
    expect(rows).toEqual([
      ['2026-03-01', 100_000, 99_999],
      ['2026-04-01', 20_000, 0],
      ['2026-05-01', 0, 20_001],
    ]);
  });

  it('creating an item with money and deleting one are changes; an item of $0.00 is not', async () => {
    const { plan } = await makePlan();
    await lock(plan.id);
    const owner = await as('owner');
    expect((await t.post(`${ITEM_API}/Save`, itemBody(plan.id, { Name: 'New', Amount: 19.99 }), owner)).status).toBe(400);
    const empty = await t.post(`${ITEM_API}/Save`, itemBody(plan.id, { Name: 'Empty', Amount: 0 }), owner);
    expect(empty.status, empty.text).toBe(200);
    const created = await t.post(`${ITEM_API}/Save`, itemBody(plan.id, { Name: 'New', Amount: 19.99, Reason: 'Webinar added' }), owner);
    expect(created.status, created.text).toBe(200);
    const id = created.body.Result.Id;
    const refused = await t.post(`${ITEM_API}/Delete`, { BudgetItemId: id, Version: 1 }, owner);
    expect(refused.status).toBe(400);
    expect(await itemRow(id)).toBeDefined();
    const deleted = await t.post(`${ITEM_API}/Delete`, { BudgetItemId: id, Version: 1, Reason: 'Webinar cancelled' }, owner);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await changesOf(plan.id)).map((row) => [row.budgetItemName, row.beforeCents, row.afterCents, row.reason]).sort()).toEqual([
      ['New', 0, 1999, 'Webinar added'],
      ['New', 1999, 0, 'Webinar cancelled'],
    ]);
  });

  it('SaveMonths (a paste or its undo) takes one reason for the block; SetMonth too', async () => {
    const { plan, phased, unphased } = await makePlan();
    await lock(plan.id);
    const owner = await as('owner');
    const cells = Object.entries(await monthsOf(phased.id)).map(([Month, cell]) => ({ Month, Version: cell.version }));
    const block = {
      MarketingPlanId: plan.id,
      Items: [
        {
          BudgetItemId: phased.id,
          Amount: 1200,
          Months: [
            { Month: '2026-03', Amount: 600 },
            { Month: '2026-04', Amount: 600 },
          ],
          Version: 1,
          Cells: cells,
        },
      ],
    };
    const refused = await t.post(`${ITEM_API}/SaveMonths`, block, owner);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(REASON_REQUIRED_MESSAGE);
    const pasted = await t.post(`${ITEM_API}/SaveMonths`, { ...block, Reason: 'Pasted from the forecast sheet' }, owner);
    expect(pasted.status, pasted.text).toBe(200);
    expect((await changesOf(plan.id)).map((row) => [row.month, row.beforeCents, row.afterCents, row.reason]).sort()).toEqual([
      ['2026-03-01', 100_000, 60_000, 'Pasted from the forecast sheet'],
      ['2026-04-01', 20_000, 60_000, 'Pasted from the forecast sheet'],
    ]);

    const typed = { BudgetItemId: unphased.id, Month: '2026-06', Amount: 100, YearTotal: null, Version: 1 };
    expect((await t.post(`${ITEM_API}/SetMonth`, typed, owner)).status).toBe(400);
    const set = await t.post(`${ITEM_API}/SetMonth`, { ...typed, Reason: 'June trade show smaller' }, owner);
    expect(set.status, set.text).toBe(200);
    // The unphased item becomes phased by its spread; only June's budget changed.
    const june = (await changesOf(plan.id)).filter((row) => row.budgetItemId === unphased.id);
    expect(june.map((row) => [row.month, row.beforeCents, row.afterCents])).toEqual([['2026-06-01', 8333, 10_000]]);
  });
});

describe('reallocating budget', () => {
  /** Mar: budget $1,000.00, actual $300.00, committed $199.99, planned $400 (a planned expense does not hold money). */
  const setup = async () => {
    const made = await makePlan();
    await addExpense(made.plan.id, made.phased.id, 30_000, 3);
    await addExpense(made.plan.id, made.phased.id, 19_999, 2);
    await addExpense(made.plan.id, made.phased.id, 40_000, 1);
    // Another month's spend is not the month's.
    await addExpense(made.plan.id, made.phased.id, 5_000, 3, '2026-04-01');
    return made;
  };
  const cellsFor = async (items: { id: string }[], month = '2026-03') => {
    const result = [];
    for (const item of items) {
      const months = await monthsOf(item.id);
      result.push({
        BudgetItemId: item.id,
        Version: Object.keys(months).length === 0 ? (await itemRow(item.id))?.version : (months[month]?.version ?? null),
      });
    }
    return result;
  };
  const reallocate = async (fields: Record<string, unknown>, token?: string) =>
    t.post(`${ITEM_API}/Reallocate`, { Month: '2026-03', Reason: 'Shift to events', ...fields }, token ?? (await as('member')));

  it('moves at most Budget − Actual − Committed: the figure itself passes, one cent more is 400 naming it', async () => {
    const { plan, phased, unphased } = await setup();
    const body = { FromBudgetItemId: phased.id, ToBudgetItemId: unphased.id, Cells: await cellsFor([phased, unphased]) };
    const before = await snapshotTenant(t.database, acme.id);
    const room = await t.post(`${ITEM_API}/GetMonthLeft`, { BudgetItemId: phased.id, Month: '2026-03' }, await as('viewer'));
    expect(room.body.Result).toEqual({
      BudgetItemId: phased.id,
      Month: '2026-03',
      Budget: 1000,
      Actual: 300,
      Committed: 199.99,
      Left: 500.01,
    });
    expect((await t.post(`${ITEM_API}/GetMonthLeft`, { BudgetItemId: phased.id, Month: '2026-03' }, await as('owner', other))).status).toBe(
      404,
    );
    const over = await reallocate({ ...body, Amount: 500.02 });
    expect(over.status).toBe(400);
    expect(over.body.Message).toBe(
      'Search ads has $500.01 left in Mar 2026 (budget $1,000.00 − actual $300.00 − committed $199.99): move at most that.',
    );
    for (const Amount of [0, -1]) expect((await reallocate({ ...body, Amount })).status).toBe(400);
    const halfCent = await reallocate({ ...body, Amount: 0.005 });
    expect(halfCent.status).toBe(400);
    expect(halfCent.body.Message).toBe('Amount can have at most 2 decimals.');
    expect((await reallocate({ ...body, Amount: 10, Reason: ' ' })).status).toBe(400);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);

    const totalBefore = await planTotal(plan.id);
    const moved = await reallocate({ ...body, Amount: 500.01 });
    expect(moved.status, moved.text).toBe(200);
    expect(await planTotal(plan.id)).toBe(totalBefore);
    expect(moved.body.Result.From).toMatchObject({ Amount: 699.99, IsPhased: true });
    expect(moved.body.Result.To).toMatchObject({ Amount: 1500.01, IsPhased: true });
    expect((await monthsOf(phased.id))['2026-03']?.cents).toBe(49_999);
    // The unphased item's spread became its phasing; March took the money.
    const to = await monthsOf(unphased.id);
    expect(Object.keys(to)).toHaveLength(12);
    expect(to['2026-03']?.cents).toBe(8334 + 50_001);
    expect(to['2026-05']?.cents).toBe(8333);
    expect(Object.values(to).reduce((sum, cell) => sum + cell.cents, 0)).toBe(150_001);

    const rows = await changesOf(plan.id);
    expect(rows.map((row) => [row.budgetItemId, row.month, row.kind, row.beforeCents, row.afterCents, row.reason]).sort()).toEqual(
      [
        [phased.id, '2026-03-01', 2, 100_000, 49_999, 'Shift to events'],
        [unphased.id, '2026-03-01', 2, 8334, 58_335, 'Shift to events'],
      ].sort(),
    );
    expect(new Set(rows.map((row) => row.groupId))).toEqual(new Set([moved.body.Result.GroupId]));
    const audit = await t.ctx.db.select().from(activities).where(eq(activities.description, moved.body.Result.Description));
    expect(audit.map((row) => row.entityId).sort()).toEqual([phased.id, unphased.id].sort());
    expect(moved.body.Result.Description).toBe('Reallocated $500.01 of Mar 2026 from Search ads to Events: Shift to events');

    // Nothing is left in March now: even a cent is refused.
    const empty = await reallocate({
      FromBudgetItemId: phased.id,
      ToBudgetItemId: unphased.id,
      Cells: await cellsFor([phased, unphased]),
      Amount: 0.01,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toMatch(/^Search ads has \$0\.00 left in Mar 2026/);
  });

  it('after the lock it needs no other reason and keeps only its own kind-2 rows', async () => {
    const { plan, phased, unphased } = await setup();
    await lock(plan.id);
    const moved = await reallocate({
      FromBudgetItemId: unphased.id,
      ToBudgetItemId: phased.id,
      Amount: 19.99,
      Cells: await cellsFor([unphased, phased]),
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await changesOf(plan.id)).map((row) => row.kind)).toEqual([2, 2]);
    const list = await t.post(`${PLAN_API}/GetBudgetChanges`, { MarketingPlanId: plan.id }, await as('owner'));
    expect(list.body.Result.map((row: { Kind: string; Before: number; After: number }) => [row.Kind, row.Before, row.After])).toEqual([
      ['Reallocation', 83.34, 63.35],
      ['Reallocation', 1000, 1019.99],
    ]);
  });

  it('refuses two items of different plans, the same item twice, and a month outside the plan', async () => {
    const { phased, unphased } = await setup();
    const elsewhere = await makePlan();
    const cross = await reallocate({
      FromBudgetItemId: phased.id,
      ToBudgetItemId: elsewhere.unphased.id,
      Amount: 1,
      Cells: await cellsFor([phased, elsewhere.unphased]),
    });
    expect(cross.status).toBe(400);
    expect(cross.body.Message).toBe('“Events” is in another plan: budget moves only between items of one plan.');
    const same = await reallocate({
      FromBudgetItemId: phased.id,
      ToBudgetItemId: phased.id,
      Amount: 1,
      Cells: await cellsFor([phased, phased]),
    });
    expect(same.status).toBe(400);
    const outside = await reallocate({
      FromBudgetItemId: phased.id,
      ToBudgetItemId: unphased.id,
      Month: '2027-01',
      Amount: 1,
      Cells: await cellsFor([phased, unphased], '2027-01'),
    });
    expect(outside.status).toBe(400);
    expect(outside.body.Message).toMatch(/2027-01 is outside the plan’s dates/);
  });

  it('a Planner inside the team may; a Viewer may not; outsiders and other tenants get 404 and nothing changes', async () => {
    const { phased, unphased } = await setup();
    const body = { FromBudgetItemId: phased.id, ToBudgetItemId: unphased.id, Amount: 1, Cells: await cellsFor([phased, unphased]) };
    const before = await snapshotTenant(t.database, acme.id);
    expect((await reallocate(body, await as('viewer'))).status).toBe(403);
    expect((await reallocate(body, await as('outsider'))).status).toBe(404);
    expect((await reallocate(body, await as('owner', other))).status).toBe(404);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    expect((await reallocate(body, await as('member'))).status).toBe(200);
  });

  it('answers 409 with both items to a stale cell and writes nothing', async () => {
    const { phased, unphased } = await setup();
    const cells = await cellsFor([phased, unphased]);
    const before = await snapshotTenant(t.database, acme.id);
    const stale = await reallocate({
      FromBudgetItemId: phased.id,
      ToBudgetItemId: unphased.id,
      Amount: 1,
      Cells: cells.map((cell) => ({ ...cell, Version: 99 })),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/changed Search ads, Mar 2026 and 1 other item of the block .*while you were editing\.$/);
    expect(stale.body.Result).toHaveLength(2);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('into or out of a closed month is 409 naming the month, and nothing moves', async () => {
    const { plan, phased, unphased } = await setup();
    // Phase the receiving item first, so only March's cells are written.
    const first = await reallocate({
      FromBudgetItemId: phased.id,
      ToBudgetItemId: unphased.id,
      Amount: 1,
      Cells: await cellsFor([phased, unphased]),
    });
    expect(first.status, first.text).toBe(200);
    await t.ctx.db.insert(planPeriods).values([
      { tenantId: acme.id, marketingPlanId: plan.id, month: '2026-01-01', unspent: 1 },
      { tenantId: acme.id, marketingPlanId: plan.id, month: '2026-02-01', unspent: 1 },
      { tenantId: acme.id, marketingPlanId: plan.id, month: '2026-03-01', unspent: 1 },
    ]);
    const before = await snapshotTenant(t.database, acme.id);
    for (const [from, to] of [
      [phased, unphased],
      [unphased, phased],
    ] as const) {
      const closed = await reallocate({ FromBudgetItemId: from.id, ToBudgetItemId: to.id, Amount: 1, Cells: await cellsFor([from, to]) });
      expect(closed.status).toBe(409);
      expect(closed.body.Message).toMatch(/^March 2026 is closed/);
    }
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    // An open month of the same items still moves.
    const april = await reallocate({
      FromBudgetItemId: unphased.id,
      ToBudgetItemId: phased.id,
      Month: '2026-04',
      Amount: 1,
      Cells: await cellsFor([unphased, phased], '2026-04'),
    });
    expect(april.status, april.text).toBe(200);
  });
});
