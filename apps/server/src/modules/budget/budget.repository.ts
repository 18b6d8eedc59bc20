import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { expenses } from '../../schema/expenses.ts';
import { lookups } from '../../schema/lookups.ts';
import { objectives } from '../../schema/objectives.ts';
import { selectRows } from '../../db/rows.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { type BudgetItemFilter, type BudgetItemRow, budgetItemsQuery } from './budget-items.query.ts';

export type ItemTableRow = typeof budgetItems.$inferSelect;
export type ItemValues = Pick<
  ItemTableRow,
  | 'marketingPlanId'
  | 'budgetCategoryId'
  | 'objectiveId'
  | 'generalLedgerCodeId'
  | 'name'
  | 'description'
  | 'active'
  | 'amountCents'
  | 'itemType'
>;
export type MonthCents = { month: string; amountCents: number };

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

export const listMonths = async (db: Db, tenantId: string, itemId: string): Promise<MonthCents[]> =>
  db
    .select({ month: budgetItemMonths.month, amountCents: budgetItemMonths.amountCents })
    .from(budgetItemMonths)
    .where(and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItemMonths.budgetItemId, itemId)))
    .orderBy(asc(budgetItemMonths.month));

export const insertItem = async (db: Db, tenantId: string, id: string, values: ItemValues, now: Date): Promise<ItemTableRow> => {
  const [row] = await db
    .insert(budgetItems)
    .values({ tenantId, id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateItem = async (db: Db, tenantId: string, id: string, values: ItemValues, now: Date): Promise<ItemTableRow | null> => {
  const [row] = await db
    .update(budgetItems)
    .set({ ...values, updatedAt: now })
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, id)))
    .returning();
  return row ?? null;
};

/** Replaces the item's phasing with the given months (none clears it). */
export const replaceMonths = async (db: Db, tenantId: string, itemId: string, months: MonthCents[]): Promise<void> => {
  await db.delete(budgetItemMonths).where(and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItemMonths.budgetItemId, itemId)));
  if (months.length > 0) {
    await db.insert(budgetItemMonths).values(months.map((month) => ({ tenantId, budgetItemId: itemId, ...month })));
  }
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

export const findObjectiveRef = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ id: objectives.id, marketingPlanId: objectives.marketingPlanId })
    .from(objectives)
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)))
    .limit(1);
  return row ?? null;
};
