import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budgetItemMonths, budgetItems } from '../budget/budget.table.ts';
import { expenses } from '../expenses/expenses.table.ts';
import type { CentsSums } from './plan-totals.ts';
import { marketingPlans } from './plans.table.ts';

export type PlanRow = typeof marketingPlans.$inferSelect;
export type PlanValues = Pick<PlanRow, 'teamId' | 'name' | 'description' | 'active' | 'state' | 'startDate' | 'endDate'>;
export type PlanWithSums = { plan: PlanRow; sums: CentsSums };

const cents = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * Plans with their money totals in one statement: items and expenses are each summed per plan
 * in a grouped subquery and joined once (no query per plan). Actual, committed and planned count
 * every active expense of the plan, also those not tied to a budget item.
 */
export const listPlansWithSums = async (
  db: Db,
  tenantId: string,
  filter: { teamIds?: string[]; planId?: string },
): Promise<PlanWithSums[]> => {
  if (filter.teamIds && filter.teamIds.length === 0) return [];
  const itemSums = db
    .select({
      planId: budgetItems.marketingPlanId,
      budget: sql`sum(${budgetItems.amountCents})`.as('budget'),
      itemCount: sql`count(*)`.as('item_count'),
    })
    .from(budgetItems)
    .where(eq(budgetItems.tenantId, tenantId))
    .groupBy(budgetItems.marketingPlanId)
    .as('item_sums');
  const expenseSums = db
    .select({
      planId: expenses.marketingPlanId,
      actual: sql`sum(${expenses.amountCents}) FILTER (WHERE ${expenses.status} = 3)`.as('actual'),
      committed: sql`sum(${expenses.amountCents}) FILTER (WHERE ${expenses.status} = 2)`.as('committed'),
      planned: sql`sum(${expenses.amountCents}) FILTER (WHERE ${expenses.status} = 1)`.as('planned'),
    })
    .from(expenses)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.active, true)))
    .groupBy(expenses.marketingPlanId)
    .as('expense_sums');
  const rows = await db
    .select({
      plan: marketingPlans,
      budget: cents(sql`${itemSums.budget}`),
      itemCount: cents(sql`${itemSums.itemCount}`),
      actual: cents(sql`${expenseSums.actual}`),
      committed: cents(sql`${expenseSums.committed}`),
      planned: cents(sql`${expenseSums.planned}`),
    })
    .from(marketingPlans)
    .leftJoin(itemSums, eq(itemSums.planId, marketingPlans.id))
    .leftJoin(expenseSums, eq(expenseSums.planId, marketingPlans.id))
    .where(
      and(
        eq(marketingPlans.tenantId, tenantId),
        filter.teamIds ? inArray(marketingPlans.teamId, filter.teamIds) : undefined,
        filter.planId ? eq(marketingPlans.id, filter.planId) : undefined,
      ),
    )
    .orderBy(marketingPlans.state, sql`${marketingPlans.startDate} DESC`, marketingPlans.name);
  return rows.map(({ plan, ...sums }) => ({ plan, sums }));
};

export const findPlan = async (db: Db, tenantId: string, id: string): Promise<PlanRow | null> => {
  const [row] = await db
    .select()
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, id)))
    .limit(1);
  return row ?? null;
};

/** A shared plan by its share key, in whichever tenant it is (the key is unique and unguessable). */
export const findPlanByShareKey = async (db: Db, shareKey: string): Promise<PlanRow | null> => {
  const [row] = await db.select().from(marketingPlans).where(eq(marketingPlans.shareKey, shareKey)).limit(1);
  return row ?? null;
};

export const insertPlan = async (db: Db, tenantId: string, id: string, values: PlanValues & { createdBy: string }, now: Date) => {
  const [row] = await db
    .insert(marketingPlans)
    .values({ tenantId, id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updatePlan = async (
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<PlanValues> & { shareKey?: string | null },
  now: Date,
): Promise<PlanRow | null> => {
  const [row] = await db
    .update(marketingPlans)
    .set({ ...values, updatedAt: now })
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, id)))
    .returning();
  return row ?? null;
};

export const deletePlan = async (db: Db, tenantId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, id)))
    .returning({ id: marketingPlans.id });
  return rows.length > 0;
};

/** How many phased months of the plan's items would fall outside new plan dates. */
export const countMonthsOutside = async (db: Db, tenantId: string, planId: string, startDate: string, endDate: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(budgetItemMonths)
    .innerJoin(budgetItems, and(eq(budgetItems.tenantId, budgetItemMonths.tenantId), eq(budgetItems.id, budgetItemMonths.budgetItemId)))
    .where(
      and(
        eq(budgetItemMonths.tenantId, tenantId),
        eq(budgetItems.marketingPlanId, planId),
        sql`(${budgetItemMonths.month} < date_trunc('month', ${startDate}::date)::date OR ${budgetItemMonths.month} > ${endDate}::date)`,
      ),
    );
  return Number(row?.n ?? 0);
};
