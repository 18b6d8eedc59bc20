import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../schema/campaigns.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { expenseSums, expenses } from '../../schema/expenses.ts';
import { lookups } from '../../schema/lookups.ts';
import { objectives } from '../../schema/objectives.ts';
import { selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { type BudgetItemFilter, type BudgetItemRow, budgetItemsQuery } from './budget-items.query.ts';

export type ItemTableRow = typeof budgetItems.$inferSelect;
export type ItemValues = Pick<
  ItemTableRow,
  | 'marketingPlanId'
  | 'budgetCategoryId'
  | 'objectiveId'
  | 'generalLedgerCodeId'
  | 'campaignId'
  | 'name'
  | 'description'
  | 'active'
  | 'amountCents'
  | 'itemType'
  | 'customFields'
> &
  /** Its own currency and amount (DESIGN.md §17); both null in the base currency. */
  Partial<Pick<ItemTableRow, 'currency' | 'amountMinor'>>;
export type MonthCents = { month: string; amountCents: number };
/**
 * A stored month cell with its version (DESIGN.md §13); `amountCents` is in the base currency,
 * `amountMinor` the month's own amount for an item in another currency (null in the base; DESIGN.md §17).
 */
export type MonthRow = MonthCents & { version: number; amountMinor: number | null };

export const listItems = (db: Db, tenantId: string, filter: BudgetItemFilter): Promise<BudgetItemRow[]> =>
  selectRows<BudgetItemRow>(db, budgetItemsQuery(tenantId, filter));

export const findItem = async (db: Db, tenantId: string, id: string): Promise<ItemTableRow | null> => {
  const [row] = await db
    .select()
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, id)))
    .limit(1);
  return row ?? null;
};

export const listMonths = async (db: Db, tenantId: string, itemId: string): Promise<MonthRow[]> =>
  db
    .select({
      month: budgetItemMonths.month,
      amountCents: budgetItemMonths.amountCents,
      version: budgetItemMonths.version,
      amountMinor: budgetItemMonths.amountMinor,
    })
    .from(budgetItemMonths)
    .where(and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItemMonths.budgetItemId, itemId)))
    .orderBy(asc(budgetItemMonths.month));

/** The month cells of several items with their versions, by month. */
export const listMonthsOf = async (db: Db, tenantId: string, itemIds: readonly string[]) =>
  itemIds.length === 0
    ? []
    : db
        .select({
          itemId: budgetItemMonths.budgetItemId,
          month: budgetItemMonths.month,
          amountCents: budgetItemMonths.amountCents,
          version: budgetItemMonths.version,
          amountMinor: budgetItemMonths.amountMinor,
        })
        .from(budgetItemMonths)
        .where(and(eq(budgetItemMonths.tenantId, tenantId), inArray(budgetItemMonths.budgetItemId, [...itemIds])))
        .orderBy(asc(budgetItemMonths.month));

/**
 * The item row locked until the transaction ends (FOR UPDATE), or null. Every writer of an item or
 * its months takes this lock first, so "check the versions, then write" cannot interleave with
 * another writer of the same item, on PostgreSQL as on PGlite (DESIGN.md §13).
 */
export const lockItem = async (db: Db, tenantId: string, id: string): Promise<ItemTableRow | null> => {
  const [row] = await db
    .select()
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
};

/** The plan's items among `ids`, locked in id order (two pastes over the same items cannot deadlock). */
export const lockPlanItems = (db: Db, tenantId: string, planId: string, ids: readonly string[]): Promise<ItemTableRow[]> =>
  db
    .select()
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId), inArray(budgetItems.id, [...ids])))
    .orderBy(asc(budgetItems.id))
    .for('update');

export const insertItem = async (db: Db, tenantId: string, id: string, values: ItemValues, now: Date): Promise<ItemTableRow> => {
  const [row] = await db
    .insert(budgetItems)
    .values({ tenantId, id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateItem = async (db: Db, tenantId: string, id: string, values: ItemValues, now: Date): Promise<ItemTableRow | null> => {
  // A foreign item's base amount is the trigger's to compute: writing it is refused (PSF02, migration 1070).
  const { amountCents, ...rest } = values;
  const [row] = await db
    .update(budgetItems)
    .set(values.currency ? { ...rest, updatedAt: now } : { ...rest, amountCents, updatedAt: now })
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, id)))
    .returning();
  return row ?? null;
};

/**
 * Makes the item's phasing the given months (none clears it): months no longer listed are deleted,
 * the others updated in place or inserted, so a cell keeps its version and counts on (the trigger
 * adds one only when its amount changes; DESIGN.md §13). Deleting and re-inserting would reset
 * every cell to version 1 and let a stale write through.
 */
export const replaceMonths = async (
  db: Db,
  tenantId: string,
  itemId: string,
  months: readonly MonthCents[],
  foreign = false,
): Promise<void> => {
  await replaceMonthsOf(db, tenantId, [{ itemId, months, foreign }]);
};

/** replaceMonths for several items in a few statements (a pasted block of up to 1,000 items). */
export const replaceMonthsOf = async (
  db: Db,
  tenantId: string,
  /** `foreign`: the item is in another currency than the base, its months' amountCents are its own minor units (DESIGN.md §17). */
  items: ReadonlyArray<{ itemId: string; months: readonly MonthCents[]; foreign?: boolean }>,
): Promise<void> => {
  for (const { itemId, months } of items) {
    const kept = months.map((month) => month.month);
    const ofItem = and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItemMonths.budgetItemId, itemId));
    await db.delete(budgetItemMonths).where(kept.length > 0 ? and(ofItem, notInArray(budgetItemMonths.month, kept)) : ofItem);
  }
  // A foreign item's month carries its own amount (amount_minor); the trigger computes its base amount (migration 1070).
  const rows = items.flatMap(({ itemId, months, foreign }) =>
    months.map(({ month, amountCents }) =>
      foreign
        ? { tenantId, budgetItemId: itemId, month, amountCents: 0, amountMinor: amountCents }
        : { tenantId, budgetItemId: itemId, month, amountCents, amountMinor: null },
    ),
  );
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(budgetItemMonths)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [budgetItemMonths.tenantId, budgetItemMonths.budgetItemId, budgetItemMonths.month],
        // A foreign month never writes its base amount (the trigger refuses that: PSF02), only its own.
        set: {
          amountCents: sql`CASE WHEN excluded.amount_minor IS NULL THEN excluded.amount_cents ELSE ${budgetItemMonths.amountCents} END`,
          amountMinor: sql`excluded.amount_minor`,
        },
        // A cell sent back unchanged is not written: in a closed month (DESIGN.md §14) the trigger would refuse even that.
        setWhere: sql`CASE WHEN excluded.amount_minor IS NULL
          THEN ${budgetItemMonths.amountCents} IS DISTINCT FROM excluded.amount_cents OR ${budgetItemMonths.amountMinor} IS NOT NULL
          ELSE ${budgetItemMonths.amountMinor} IS DISTINCT FROM excluded.amount_minor END`,
      });
  }
};

/**
 * Sets the given month cells of an item (inserted, or updated in place so they keep counting their
 * versions), touching no other cell: a reallocation writes only the month it moves (DESIGN.md §14),
 * so a closed month elsewhere in the item is not written.
 */
export const upsertMonthCells = async (db: Db, tenantId: string, itemId: string, months: readonly MonthCents[]): Promise<void> => {
  if (months.length === 0) return;
  await db
    .insert(budgetItemMonths)
    .values(months.map((month) => ({ tenantId, budgetItemId: itemId, ...month })))
    .onConflictDoUpdate({
      target: [budgetItemMonths.tenantId, budgetItemMonths.budgetItemId, budgetItemMonths.month],
      set: { amountCents: sql`excluded.amount_cents` },
    });
};

/** An item's Actual and Committed in one month (cents), from the kept expense sums (migration 1000). */
export const findMonthSpend = async (db: Db, tenantId: string, itemId: string, month: string) => {
  const [row] = await db
    .select({
      actual:
        sql<number>`coalesce(sum(${expenseSums.amountCents}) filter (where ${expenseSums.status} = ${SQL_EXPENSE_STATUS.actual}), 0)`.mapWith(
          Number,
        ),
      committed:
        sql<number>`coalesce(sum(${expenseSums.amountCents}) filter (where ${expenseSums.status} = ${SQL_EXPENSE_STATUS.committed}), 0)`.mapWith(
          Number,
        ),
    })
    .from(expenseSums)
    .where(and(eq(expenseSums.tenantId, tenantId), eq(expenseSums.budgetItemId, itemId), eq(expenseSums.month, month)));
  return { actual: row?.actual ?? 0, committed: row?.committed ?? 0 };
};

export const deleteItem = async (db: Db, tenantId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, id)))
    .returning({ id: budgetItems.id });
  return rows.length > 0;
};

export const countItemExpenses = async (db: Db, tenantId: string, itemId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(expenses)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.budgetItemId, itemId)));
  return Number(row?.n ?? 0);
};

export const findCategoryRef = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ id: budgetCategories.id, active: budgetCategories.active })
    .from(budgetCategories)
    .where(and(eq(budgetCategories.tenantId, tenantId), eq(budgetCategories.id, id)))
    .limit(1);
  return row ?? null;
};

export const findLookupRef = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ id: lookups.id, lookupType: lookups.lookupType })
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.id, id)))
    .limit(1);
  return row ?? null;
};

/** The campaign's plan, when it is one of the tenant's. */
export const findCampaignPlan = async (db: Db, tenantId: string, id: string): Promise<string | null> => {
  const [row] = await db
    .select({ marketingPlanId: campaigns.marketingPlanId })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
    .limit(1);
  return row?.marketingPlanId ?? null;
};

export const findObjectiveRef = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ id: objectives.id, marketingPlanId: objectives.marketingPlanId })
    .from(objectives)
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)))
    .limit(1);
  return row ?? null;
};
