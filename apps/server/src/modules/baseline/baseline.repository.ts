import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { insertJsonRows } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { budgetChanges, budgetItemBaselines } from '../../schema/forecast.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { users } from '../../schema/tenants.ts';

/** The plan's baseline columns, its row locked until the transaction ends (a second lock waits, then sees the first). */
export const lockPlanBaseline = async (db: Db, tenantId: string, planId: string) => {
  const [row] = await db
    .select({ lockedAt: marketingPlans.baselineLockedAt, lockedBy: marketingPlans.baselineLockedBy })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)))
    .for('update');
  return row ?? null;
};

export const setPlanBaseline = async (db: Db, tenantId: string, planId: string, lockedAt: Date | null, lockedBy: string | null) => {
  await db
    .update(marketingPlans)
    .set({ baselineLockedAt: lockedAt, baselineLockedBy: lockedBy })
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)));
};

/** Every item of the plan with its amount, locked in id order (writers of an item lock it first, so none is mid-write). */
export const lockPlanItemBudgets = (db: Db, tenantId: string, planId: string) =>
  db
    .select({ id: budgetItems.id, name: budgetItems.name, amountCents: budgetItems.amountCents })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)))
    .orderBy(asc(budgetItems.id))
    .for('update');

/** The month cells of the plan's items. */
export const listPlanMonthCells = (db: Db, tenantId: string, planId: string) =>
  db
    .select({ itemId: budgetItemMonths.budgetItemId, month: budgetItemMonths.month, amountCents: budgetItemMonths.amountCents })
    .from(budgetItemMonths)
    .innerJoin(budgetItems, and(eq(budgetItems.tenantId, budgetItemMonths.tenantId), eq(budgetItems.id, budgetItemMonths.budgetItemId)))
    .where(and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)))
    .orderBy(asc(budgetItemMonths.budgetItemId), asc(budgetItemMonths.month));

export const insertBaselines = (
  db: Db,
  rows: readonly { tenantId: string; planId: string; itemId: string; month: string; amountCents: number }[],
): Promise<void> =>
  insertJsonRows(
    db,
    'budget_item_baselines',
    { tenant_id: 'uuid', marketing_plan_id: 'uuid', budget_item_id: 'uuid', month: 'date', amount_cents: 'bigint' },
    rows.map((row) => ({
      tenant_id: row.tenantId,
      marketing_plan_id: row.planId,
      budget_item_id: row.itemId,
      month: row.month,
      amount_cents: row.amountCents,
    })),
  );

export const deleteBaselines = async (db: Db, tenantId: string, planId: string) => {
  await db
    .delete(budgetItemBaselines)
    .where(and(eq(budgetItemBaselines.tenantId, tenantId), eq(budgetItemBaselines.marketingPlanId, planId)));
};

export const findUserName = async (db: Db, tenantId: string, userId: string | null): Promise<string | null> => {
  if (!userId) return null;
  const [row] = await db
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.name ?? null;
};

/** The plan's budget changes, newest first, with who made each (their name). */
export const listBudgetChanges = (db: Db, tenantId: string, planId: string, limit: number) =>
  db
    .select({
      id: budgetChanges.id,
      budgetItemId: budgetChanges.budgetItemId,
      budgetItemName: budgetChanges.budgetItemName,
      month: budgetChanges.month,
      kind: budgetChanges.kind,
      groupId: budgetChanges.groupId,
      beforeCents: budgetChanges.beforeCents,
      afterCents: budgetChanges.afterCents,
      reason: budgetChanges.reason,
      changedBy: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      changedAt: budgetChanges.changedAt,
    })
    .from(budgetChanges)
    .leftJoin(users, and(eq(users.tenantId, budgetChanges.tenantId), eq(users.id, budgetChanges.changedBy)))
    .where(and(eq(budgetChanges.tenantId, tenantId), eq(budgetChanges.marketingPlanId, planId)))
    .orderBy(desc(budgetChanges.changedAt), asc(budgetChanges.budgetItemName), asc(budgetChanges.month), asc(budgetChanges.id))
    .limit(limit);
