import {
  BUDGET_CHANGE_KINDS,
  BUDGET_CHANGES_LIMIT,
  type BaselineState,
  type BudgetChange,
  monthsBetween,
  PLAN_STATE_ARCHIVED,
  PLAN_STATE_TEMPLATE,
  toDollars,
} from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { requireAccess, requirePlanAccess } from '../access/index.ts';
import { recordActivity } from '../activities/index.ts';
import { budgetRateMonthOf, setBudgetRateMonth } from '../currencies/index.ts';
import * as repo from './baseline.repository.ts';
import { budgetByMonth } from './budget-changes.ts';

const PLAN = 'The marketing plan';

/** A plan's baseline (DESIGN.md §14): LockBaseline, UnlockBaseline and the list of its budget changes. */
export const createBaselineService = (ctx: AppContext) => {
  const audit = (db: Parameters<typeof recordActivity>[0], auth: AuthContext, plan: { id: string; name: string }, description: string) =>
    recordActivity(db, {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      entityType: 'MarketingPlan',
      entityId: plan.id,
      marketingPlanId: plan.id,
      action: 'update',
      name: plan.name,
      description,
      at: ctx.clock.now(),
    });

  return {
    lock: (auth: AuthContext, planId: string): Promise<BaselineState> =>
      ctx.db.transaction(async (tx) => {
        const { plan, permission } = await requirePlanAccess(tx, auth, planId, PLAN);
        requireAccess(permission, 'plan.lockBaseline');
        if (plan.state === PLAN_STATE_TEMPLATE) throw conflict(`“${plan.name}” is a play: only plans have a baseline.`);
        if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to lock its baseline.`);
        const current = await repo.lockPlanBaseline(tx, auth.tenantId, planId);
        if (!current) throw notFound(PLAN);
        if (current.lockedAt) {
          const by = await repo.findUserName(tx, auth.tenantId, current.lockedBy);
          throw conflict(`The baseline of “${plan.name}” is already locked${by ? ` (by ${by})` : ''}. Unlock it first to take a new one.`);
        }
        // Budgets in another currency convert at the lock month's rate from now on (DESIGN.md §17), before the snapshot.
        await setBudgetRateMonth(tx, auth.tenantId, planId, budgetRateMonthOf(auth.timeZone, ctx.clock.now()));
        // Every item locked: a budget write in progress commits first and is in the snapshot.
        const items = await repo.lockPlanItemBudgets(tx, auth.tenantId, planId);
        const cells = await repo.listPlanMonthCells(tx, auth.tenantId, planId);
        const planMonths = monthsBetween(plan.startDate, plan.endDate);
        const rows = items.flatMap((item) => {
          const months = cells.filter((cell) => cell.itemId === item.id);
          return [...budgetByMonth({ ...item, months }, planMonths)].map(([month, amountCents]) => ({
            tenantId: auth.tenantId,
            planId,
            itemId: item.id,
            month,
            amountCents,
          }));
        });
        for (let start = 0; start < rows.length; start += 5000) await repo.insertBaselines(tx, rows.slice(start, start + 5000));
        const now = ctx.clock.now();
        await repo.setPlanBaseline(tx, auth.tenantId, planId, now, auth.userId);
        await audit(
          tx,
          auth,
          plan,
          `Baseline locked: ${items.length} budget ${items.length === 1 ? 'item' : 'items'} snapshotted by month`,
        );
        return { MarketingPlanId: planId, LockedAt: now.toISOString(), LockedBy: await repo.findUserName(tx, auth.tenantId, auth.userId) };
      }),

    unlock: (auth: AuthContext, planId: string, reason: string): Promise<BaselineState> =>
      ctx.db.transaction(async (tx) => {
        const { plan, permission } = await requirePlanAccess(tx, auth, planId, PLAN);
        requireAccess(permission, 'plan.unlockBaseline');
        const current = await repo.lockPlanBaseline(tx, auth.tenantId, planId);
        if (!current) throw notFound(PLAN);
        if (!current.lockedAt) throw conflict(`The baseline of “${plan.name}” is not locked.`);
        await repo.deleteBaselines(tx, auth.tenantId, planId);
        await repo.setPlanBaseline(tx, auth.tenantId, planId, null, null);
        // Unlocked, the plan's budgets convert at today's month's rate again (DESIGN.md §17).
        await setBudgetRateMonth(tx, auth.tenantId, planId, budgetRateMonthOf(auth.timeZone, ctx.clock.now()));
        await audit(tx, auth, plan, `Baseline unlocked: ${reason}`);
        return { MarketingPlanId: planId, LockedAt: null, LockedBy: null };
      }),

    listChanges: async (auth: AuthContext, planId: string): Promise<BudgetChange[]> => {
      await requirePlanAccess(ctx.db, auth, planId, PLAN);
      const rows = await repo.listBudgetChanges(ctx.db, auth.tenantId, planId, BUDGET_CHANGES_LIMIT);
      return rows.map((row) => ({
        Id: row.id,
        BudgetItemId: row.budgetItemId,
        BudgetItemName: row.budgetItemName,
        Month: row.month ? row.month.slice(0, 7) : null,
        Kind: BUDGET_CHANGE_KINDS[row.kind - 1] ?? 'Edit',
        GroupId: row.groupId,
        Before: toDollars(row.beforeCents),
        After: toDollars(row.afterCents),
        Reason: row.reason,
        ChangedBy: row.changedBy || null,
        ChangedAt: row.changedAt.toISOString(),
      }));
    },
  };
};
