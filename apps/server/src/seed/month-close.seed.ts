import { EXPENSE_STATUS, type MonthKey, monthsBetween, spreadOverMonths } from '@plansmith/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { budgetByMonth } from '../modules/baseline/index.ts';
import { formatCents } from '../modules/notifications/index.ts';
import { activities } from '../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../schema/budget.ts';
import { expenseSums, expenses } from '../schema/expenses.ts';
import { budgetChanges, budgetItemBaselines, budgetItemForecasts, planPeriods } from '../schema/forecast.ts';
import { marketingPlans } from '../schema/plans.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';

/*
 * The demo plan's marketing-ops month (DESIGN.md §14, issue 31.6): its baseline locked in January,
 * January–October 2026 closed with roll forward, forecasts that differ from budget on a few items,
 * a reallocation and a budget change with reasons. The demo story is fixed in 2026 as of November
 * (spending.seed.ts), so the closed months are fixed too: the seed is the same every day.
 */

const tenantId = DEMO.tenantId;
const planId = DEMO_PLAN.id;
const { owner, admin } = DEMO.users;

/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a5c-<kind><n>, so reseeding finds the same rows. */
const seedId = (kind: 'changes' | 'activity' | 'group', n: number): string =>
  `6b1f3c2e-0d4a-4f7e-9a5c-${({ changes: '0b', activity: '0a', group: '0c' } as const)[kind]}${n.toString(16).padStart(10, '0')}`;

/** "March 2026", as the closed-month trigger and every close message name a month. */
const longMonth = (month: MonthKey): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const nextMonthOf = (month: MonthKey): MonthKey => {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
};

const itemNamed = (name: string) => {
  const found = DEMO_PLAN.items.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`demo item ${name} is missing`);
  return found;
};

/** When the demo Owner locked the baseline: the plan's first working week. */
export const DEMO_BASELINE_LOCKED_AT = new Date('2026-01-05T16:00:00Z');

/** The months the seed closes (roll forward), each on the third of the month after by the Owner. */
export const DEMO_CLOSED_MONTHS: readonly MonthKey[] = monthsBetween('2026-01-01', '2026-10-31');
export const demoClosedAt = (month: MonthKey): Date => new Date(`${nextMonthOf(month)}-03T17:00:00Z`);

/**
 * The open commitments dated before November (spending.seed.ts), settled as a person would before
 * closing: September's analytics invoice arrived (marked Actual), October's LinkedIn flight slipped
 * into November (moved, still Committed: a November blocker on /close and overdue on the dashboard).
 */
export const DEMO_SETTLEMENTS = [
  {
    expenseId: '6b1f3c2e-0d4a-4f7e-9a52-0e0000000070',
    from: { purchaseDate: '2026-09-26', status: EXPENSE_STATUS.committed },
    to: { purchaseDate: '2026-09-26', status: EXPENSE_STATUS.actual },
    by: owner.id,
    at: '2026-10-05T15:00:00Z',
    description: 'Marked actual: the invoice arrived and matches the PO',
  },
  {
    expenseId: '6b1f3c2e-0d4a-4f7e-9a52-0e0000000016',
    from: { purchaseDate: '2026-10-26', status: EXPENSE_STATUS.committed },
    to: { purchaseDate: '2026-11-06', status: EXPENSE_STATUS.committed },
    by: owner.id,
    at: '2026-11-02T15:00:00Z',
    description: 'Moved from Oct 26, 2026 to Nov 6, 2026: the flight starts in November',
  },
] as const;

/** A planner's forecasts of open months that differ from their Budget (dollars), all ≥ the month's Actual + Committed. */
export const DEMO_FORECASTS = [
  { item: itemNamed('Google Search Ads').id, month: '2026-11', cents: 1_150_000 },
  { item: itemNamed('Google Search Ads').id, month: '2026-12', cents: 1_100_000 },
  { item: itemNamed('Video Production').id, month: '2026-11', cents: 925_000 },
  { item: itemNamed('Programmatic Display').id, month: '2026-11', cents: 450_000 },
  { item: itemNamed('PR Agency Retainer').id, month: '2026-12', cents: 520_000 },
  { item: itemNamed('Webinar Series').id, month: '2026-12', cents: 95_000 },
] as const;

/** The reallocation after the lock: December's unused Meta budget to Google Search Ads. */
export const DEMO_REALLOCATION = {
  from: itemNamed('Meta Retargeting').id,
  to: itemNamed('Google Search Ads').id,
  month: '2026-12' as MonthKey,
  cents: 150_000,
  reason: 'Search is converting at twice the rate of retargeting; moving December budget to cover the holiday bids.',
  by: owner.id,
  at: new Date('2026-11-09T15:30:00Z'),
};

/** The edit after the lock: December's webinar budget raised for the year-end customer webinar. */
export const DEMO_BUDGET_EDIT = {
  item: itemNamed('Webinar Series').id,
  month: '2026-12' as MonthKey,
  afterCents: 100_000,
  reason: 'Year-end customer webinar added: a second session in December.',
  by: admin.id,
  at: new Date('2026-11-12T10:15:00Z'),
};

type Counter = { changes: number; activity: number; group: number };

/** The plan's items with whether each has a phasing (budget_item_months rows), locked in id order as Close locks them. */
const lockPlanItems = async (db: Db) => {
  const rows = await db
    .select({
      id: budgetItems.id,
      name: budgetItems.name,
      amountCents: budgetItems.amountCents,
      active: budgetItems.active,
      // budget_items by name: Drizzle writes a select list's columns unqualified, and an unqualified
      // tenant_id inside the subquery would be the months' own (a condition always true).
      phased: sql<boolean>`EXISTS (SELECT 1 FROM budget_item_months m WHERE m.tenant_id = budget_items.tenant_id AND m.budget_item_id = budget_items.id)`,
    })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)))
    .orderBy(asc(budgetItems.id))
    .for('update');
  return rows.map((row) => ({ ...row, phased: Boolean(row.phased) }));
};

/** item → cents of its cell in `month` (phased items). */
const cellsOf = async (db: Db, itemIds: string[], month: MonthKey): Promise<Map<string, number>> => {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: budgetItemMonths.budgetItemId, cents: budgetItemMonths.amountCents })
    .from(budgetItemMonths)
    .where(
      and(
        eq(budgetItemMonths.tenantId, tenantId),
        inArray(budgetItemMonths.budgetItemId, itemIds),
        eq(budgetItemMonths.month, `${month}-01`),
      ),
    );
  return new Map(rows.map((row) => [row.itemId, row.cents]));
};

/** Actual per item in `month`, from the kept sums (migration 1000), as Close reads it. */
const actualsOf = async (db: Db, month: MonthKey): Promise<Map<string, number>> => {
  const rows = await db
    .select({ itemId: expenseSums.budgetItemId, cents: sql<string>`sum(${expenseSums.amountCents})::bigint` })
    .from(expenseSums)
    .where(
      and(
        eq(expenseSums.tenantId, tenantId),
        eq(expenseSums.marketingPlanId, planId),
        eq(expenseSums.month, `${month}-01`),
        eq(expenseSums.status, EXPENSE_STATUS.actual),
      ),
    )
    .groupBy(expenseSums.budgetItemId);
  return new Map(rows.flatMap((row) => (row.itemId ? [[row.itemId, Number(row.cents)] as const] : [])));
};

/** Sets one month cell (inserting it when the item has none for that month). */
const setMonthCell = async (db: Db, itemId: string, month: MonthKey, amountCents: number) => {
  await db
    .insert(budgetItemMonths)
    .values({ tenantId, budgetItemId: itemId, month: `${month}-01`, amountCents })
    .onConflictDoUpdate({
      target: [budgetItemMonths.tenantId, budgetItemMonths.budgetItemId, budgetItemMonths.month],
      set: { amountCents },
    });
};

const touchItem = async (db: Db, itemId: string, at: Date) => {
  await db
    .update(budgetItems)
    .set({ updatedAt: at })
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, itemId)));
};

const addActivities = async (db: Db, rows: (typeof activities.$inferInsert)[]) => {
  if (rows.length > 0) await db.insert(activities).values(rows).onConflictDoNothing();
};

/** LockBaseline's snapshot (baseline.service.ts): each item's Budget per month as the grid shows it. */
export const lockDemoBaseline = async (db: Db): Promise<void> => {
  const items = await db
    .select({ id: budgetItems.id, name: budgetItems.name, amountCents: budgetItems.amountCents })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)))
    .orderBy(asc(budgetItems.id))
    .for('update');
  const cells = await db
    .select({ itemId: budgetItemMonths.budgetItemId, month: budgetItemMonths.month, amountCents: budgetItemMonths.amountCents })
    .from(budgetItemMonths)
    .where(
      and(
        eq(budgetItemMonths.tenantId, tenantId),
        inArray(
          budgetItemMonths.budgetItemId,
          items.map((item) => item.id),
        ),
      ),
    );
  const planMonths = monthsBetween(DEMO_PLAN.startDate, DEMO_PLAN.endDate);
  const rows = items.flatMap((item) =>
    [...budgetByMonth({ ...item, months: cells.filter((cell) => cell.itemId === item.id) }, planMonths)].map(([month, amountCents]) => ({
      tenantId,
      marketingPlanId: planId,
      budgetItemId: item.id,
      month,
      amountCents,
    })),
  );
  if (rows.length > 0) await db.insert(budgetItemBaselines).values(rows).onConflictDoNothing();
  await db
    .update(marketingPlans)
    .set({ baselineLockedAt: DEMO_BASELINE_LOCKED_AT, baselineLockedBy: owner.id })
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)));
  await addActivities(db, [
    {
      tenantId,
      id: seedId('activity', 1),
      entityType: 'MarketingPlan',
      entityId: planId,
      marketingPlanId: planId,
      actorId: owner.id,
      action: 'update',
      name: DEMO_PLAN.name,
      description: `Baseline locked: ${items.length} budget ${items.length === 1 ? 'item' : 'items'} snapshotted by month`,
      createdAt: DEMO_BASELINE_LOCKED_AT,
    },
  ]);
};

/** Settles the open commitments dated before November (only rows still as seeded are touched). */
export const settleDemoCommitments = async (db: Db): Promise<void> => {
  for (const [index, settlement] of DEMO_SETTLEMENTS.entries()) {
    const at = new Date(settlement.at);
    const [row] = await db
      .update(expenses)
      .set({ purchaseDate: settlement.to.purchaseDate, status: settlement.to.status, updatedAt: at })
      .where(
        and(
          eq(expenses.tenantId, tenantId),
          eq(expenses.id, settlement.expenseId),
          eq(expenses.status, settlement.from.status),
          eq(expenses.purchaseDate, settlement.from.purchaseDate),
        ),
      )
      .returning({ name: expenses.name });
    if (!row) continue;
    await addActivities(db, [
      {
        tenantId,
        id: seedId('activity', 0x100 + index),
        entityType: 'Expense',
        entityId: settlement.expenseId,
        marketingPlanId: planId,
        actorId: settlement.by,
        action: 'update',
        name: row.name,
        description: settlement.description,
        createdAt: at,
      },
    ]);
  }
};

/**
 * Closes one month with roll forward by PlanPeriodClient/Close's rule (periods.service.ts; the seed
 * may not use a module's repository, so the same statements are written here): unphased items get their spread as explicit months; each active item's unspent
 * (Budget − Actual, never negative) leaves the month and is added to the next month, recorded as
 * two budget_changes rows kind 3 'Month close: <Month YYYY>' with one group; then the period row.
 * periods-seed.test.ts proves the result equals what Close writes on the same data.
 */
const closeMonth = async (db: Db, month: MonthKey, counter: Counter): Promise<boolean> => {
  const months = monthsBetween(DEMO_PLAN.startDate, DEMO_PLAN.endDate);
  const following = months[months.indexOf(month) + 1];
  if (!following) return false;
  // A month closes only with nothing Planned or Committed left in it or earlier, as Close refuses.
  const [blocker] = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(
      and(
        eq(expenses.tenantId, tenantId),
        eq(expenses.marketingPlanId, planId),
        eq(expenses.active, true),
        inArray(expenses.status, [EXPENSE_STATUS.planned, EXPENSE_STATUS.committed]),
        lt(expenses.purchaseDate, `${nextMonthOf(month)}-01`),
      ),
    )
    .limit(1);
  if (blocker) return false;
  const now = demoClosedAt(month);
  const reason = `Month close: ${longMonth(month)}`;
  const items = await lockPlanItems(db);
  const unphased = items.filter((item) => !item.phased);
  const spread = unphased.flatMap((item) =>
    spreadOverMonths(item.amountCents, months).map(([cellMonth, amountCents]) => ({
      tenantId,
      budgetItemId: item.id,
      month: `${cellMonth}-01`,
      amountCents,
    })),
  );
  if (spread.length > 0) await db.insert(budgetItemMonths).values(spread);
  for (const item of unphased) {
    item.phased = true;
    await touchItem(db, item.id, now);
  }
  const ids = items.map((item) => item.id);
  const monthCells = await cellsOf(db, ids, month);
  const followingCells = await cellsOf(db, ids, following);
  const actuals = await actualsOf(db, month);
  const rows = items
    .filter((item) => item.active)
    .map((item) => {
      const budget = monthCells.get(item.id) ?? 0;
      const actual = actuals.get(item.id) ?? 0;
      return { item, budget, actual, unspent: Math.max(0, budget - actual) };
    })
    .filter((row) => row.unspent > 0);
  const changes: (typeof budgetChanges.$inferInsert)[] = [];
  const trail: (typeof activities.$inferInsert)[] = [];
  for (const row of rows) {
    counter.group += 1;
    const base = {
      tenantId,
      marketingPlanId: planId,
      budgetItemId: row.item.id,
      budgetItemName: row.item.name,
      kind: 3 as const,
      groupId: seedId('group', counter.group),
      reason,
      changedBy: owner.id,
      changedAt: now,
    };
    const before = followingCells.get(row.item.id) ?? 0;
    await setMonthCell(db, row.item.id, month, row.budget - row.unspent);
    await setMonthCell(db, row.item.id, following, before + row.unspent);
    await touchItem(db, row.item.id, now);
    changes.push(
      { ...base, id: seedId('changes', ++counter.changes), month: `${month}-01`, beforeCents: row.budget, afterCents: row.actual },
      {
        ...base,
        id: seedId('changes', ++counter.changes),
        month: `${following}-01`,
        beforeCents: before,
        afterCents: before + row.unspent,
      },
    );
    trail.push({
      tenantId,
      id: seedId('activity', ++counter.activity),
      entityType: 'BudgetItem',
      entityId: row.item.id,
      marketingPlanId: planId,
      actorId: owner.id,
      action: 'update',
      name: row.item.name,
      description: `${reason}: ${formatCents(row.unspent)} unspent rolled forward to ${longMonth(following)}`,
      createdAt: now,
    });
  }
  if (changes.length > 0) await db.insert(budgetChanges).values(changes).onConflictDoNothing();
  await db
    .insert(planPeriods)
    .values({ tenantId, marketingPlanId: planId, month: `${month}-01`, unspent: 1, closedBy: owner.id, closedAt: now });
  const total = rows.reduce((sum, row) => sum + row.unspent, 0);
  const what =
    rows.length === 0
      ? 'no unspent budget'
      : `${formatCents(total)} unspent rolled forward to ${longMonth(following)} (${rows.length} ${rows.length === 1 ? 'item' : 'items'})`;
  trail.unshift({
    tenantId,
    id: seedId('activity', ++counter.activity),
    entityType: 'MarketingPlan',
    entityId: planId,
    marketingPlanId: planId,
    actorId: owner.id,
    action: 'update',
    name: DEMO_PLAN.name,
    description: `Closed ${longMonth(month)}: ${what}`,
    createdAt: now,
  });
  await addActivities(db, trail);
  return true;
};

/** Closes January–October 2026 in order with roll forward (stops at a month that cannot close). */
export const closeDemoMonths = async (db: Db, counter: Counter = { changes: 0, activity: 0x200, group: 0 }): Promise<void> => {
  for (const month of DEMO_CLOSED_MONTHS) if (!(await closeMonth(db, month, counter))) return;
};

const monthCell = async (db: Db, itemId: string, month: MonthKey): Promise<number> => {
  const [row] = await db
    .select({ cents: budgetItemMonths.amountCents })
    .from(budgetItemMonths)
    .where(
      and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItemMonths.budgetItemId, itemId), eq(budgetItemMonths.month, `${month}-01`)),
    );
  return row?.cents ?? 0;
};

/** Sets one month of a phased item and its Amount (the sum of its months), as SetMonth does. */
const setItemMonth = async (db: Db, itemId: string, month: MonthKey, cents: number, at: Date) => {
  await setMonthCell(db, itemId, month, cents);
  await db
    .update(budgetItems)
    .set({
      amountCents: sql`(SELECT coalesce(sum(m.amount_cents), 0) FROM budget_item_months m WHERE m.tenant_id = ${tenantId} AND m.budget_item_id = ${itemId})`,
      updatedAt: at,
    })
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, itemId)));
};

const itemName = (id: string) => DEMO_PLAN.items.find((item) => item.id === id)?.name ?? 'an item';

/** The reallocation (kind 2, one group) and the budget edit (kind 1) after the lock, with their reasons and activity. */
export const seedDemoBudgetChanges = async (db: Db): Promise<void> => {
  const move = DEMO_REALLOCATION;
  const label = new Date(`${move.month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const fromBefore = await monthCell(db, move.from, move.month);
  const toBefore = await monthCell(db, move.to, move.month);
  await setItemMonth(db, move.from, move.month, fromBefore - move.cents, move.at);
  await setItemMonth(db, move.to, move.month, toBefore + move.cents, move.at);
  const kept = { tenantId, marketingPlanId: planId, month: `${move.month}-01` };
  const description = `Reallocated ${formatCents(move.cents)} of ${label} from ${itemName(move.from)} to ${itemName(move.to)}: ${move.reason}`;
  const edit = DEMO_BUDGET_EDIT;
  const editBefore = await monthCell(db, edit.item, edit.month);
  await setItemMonth(db, edit.item, edit.month, edit.afterCents, edit.at);
  await db
    .insert(budgetChanges)
    .values([
      {
        ...kept,
        id: seedId('changes', 0x1001),
        budgetItemId: move.from,
        budgetItemName: itemName(move.from),
        kind: 2,
        groupId: seedId('group', 0x1001),
        beforeCents: fromBefore,
        afterCents: fromBefore - move.cents,
        reason: move.reason,
        changedBy: move.by,
        changedAt: move.at,
      },
      {
        ...kept,
        id: seedId('changes', 0x1002),
        budgetItemId: move.to,
        budgetItemName: itemName(move.to),
        kind: 2,
        groupId: seedId('group', 0x1001),
        beforeCents: toBefore,
        afterCents: toBefore + move.cents,
        reason: move.reason,
        changedBy: move.by,
        changedAt: move.at,
      },
      {
        tenantId,
        marketingPlanId: planId,
        month: `${edit.month}-01`,
        id: seedId('changes', 0x1003),
        budgetItemId: edit.item,
        budgetItemName: itemName(edit.item),
        kind: 1,
        groupId: null,
        beforeCents: editBefore,
        afterCents: edit.afterCents,
        reason: edit.reason,
        changedBy: edit.by,
        changedAt: edit.at,
      },
    ])
    .onConflictDoNothing();
  const entry = (n: number, itemId: string, actorId: string, text: string, at: Date) => ({
    tenantId,
    id: seedId('activity', n),
    entityType: 'BudgetItem',
    entityId: itemId,
    marketingPlanId: planId,
    actorId,
    action: 'update' as const,
    name: itemName(itemId),
    description: text,
    createdAt: at,
  });
  await addActivities(db, [
    entry(0x1001, move.from, move.by, description, move.at),
    entry(0x1002, move.to, move.by, description, move.at),
    entry(
      0x1003,
      edit.item,
      edit.by,
      `Changed ${longMonth(edit.month)} budget ${formatCents(editBefore)} → ${formatCents(edit.afterCents)}: ${edit.reason}`,
      edit.at,
    ),
  ]);
};

/** The planner's forecasts, written as the Owner (their writer, migration 1020's trigger, is the transaction's actor). */
export const seedDemoForecastCells = async (db: Db): Promise<void> => {
  await db.execute(sql`SELECT set_config('plansmith.actor', ${owner.id}, true)`);
  await db
    .insert(budgetItemForecasts)
    .values(DEMO_FORECASTS.map((cell) => ({ tenantId, budgetItemId: cell.item, month: `${cell.month}-01`, amountCents: cell.cents })))
    .onConflictDoNothing();
  await db.execute(sql`SELECT set_config('plansmith.actor', '', true)`);
};

/**
 * The part (idempotent): runs once, on a demo plan whose baseline is not locked and that has no closed
 * month (a demo someone already worked with keeps its own history).
 */
export const seedDemoMonthClose = async (db: Db): Promise<void> => {
  const [plan] = await db
    .select({ lockedAt: marketingPlans.baselineLockedAt })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)))
    .for('update');
  if (!plan || plan.lockedAt) return;
  const [closed] = await db
    .select({ month: planPeriods.month })
    .from(planPeriods)
    .where(and(eq(planPeriods.tenantId, tenantId), eq(planPeriods.marketingPlanId, planId)))
    .limit(1);
  if (closed) return;
  await lockDemoBaseline(db);
  await settleDemoCommitments(db);
  await closeDemoMonths(db);
  await seedDemoBudgetChanges(db);
  await seedDemoForecastCells(db);
};
