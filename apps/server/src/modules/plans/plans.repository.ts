import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import type { CentsSums } from './plan-totals.ts';
import { marketingPlans } from '../../schema/plans.ts';

export type PlanRow = typeof marketingPlans.$inferSelect;
export type PlanValues = Pick<PlanRow, 'teamId' | 'name' | 'description' | 'active' | 'state' | 'startDate' | 'endDate'>;
export type PlanWithSums = { plan: PlanRow; sums: CentsSums };

// Correlated per plan, through the (tenant_id, marketing_plan_id) indexes of items and expenses.
// Written out with aliases: inside a one-table select Drizzle leaves columns unqualified.
const PLAN = sql.raw('"marketing_plans"');
const itemSum = (expression: string) =>
  sql<number>`coalesce((SELECT ${sql.raw(expression)} FROM budget_items bi
    WHERE bi.tenant_id = ${PLAN}."tenant_id" AND bi.marketing_plan_id = ${PLAN}."id"), 0)`.mapWith(Number);
const expenseSum = (status: 1 | 2 | 3) =>
  sql<number>`coalesce((SELECT sum(e.amount_cents) FROM expenses e
    WHERE e.tenant_id = ${PLAN}."tenant_id" AND e.marketing_plan_id = ${PLAN}."id" AND e.active AND e.status = ${sql.raw(String(status))}), 0)`.mapWith(
    Number,
  );

/**
 * Plans with their money totals in one statement: per plan, its items' amounts and its active
 * expenses by status are summed in correlated subqueries (index probes; no query per plan).
 * Actual, committed and planned count every active expense of the plan, also those tied to no item.
 */
export const listPlansWithSums = async (
  db: Db,
  tenantId: string,
  filter: { teamIds?: string[]; planId?: string },
): Promise<PlanWithSums[]> => {
  if (filter.teamIds && filter.teamIds.length === 0) return [];
  const rows = await db
    .select({
      plan: marketingPlans,
      budget: itemSum('sum(bi.amount_cents)'),
      itemCount: itemSum('count(*)'),
      actual: expenseSum(3),
      committed: expenseSum(2),
      planned: expenseSum(1),
    })
    .from(marketingPlans)
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
