import { type MonthKey, REASON_REQUIRED_MESSAGE, spreadOverMonths } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { insertJsonRows } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { BudgetChangeKind } from '../../schema/forecast.ts';
import { marketingPlans } from '../../schema/plans.ts';

/**
 * An item's budget at one moment: its Amount and its phasing (months as YYYY-MM-01; none = unphased,
 * its Amount spread evenly over the plan's months, as the month grid shows it).
 */
export type ItemBudget = {
  id: string;
  name: string;
  amountCents: number;
  months: readonly { month: string; amountCents: number }[];
};

/** One budget_changes row to write: month null is the Amount of an item unphased before and after. */
export type BudgetChangeRow = {
  budgetItemId: string;
  budgetItemName: string;
  month: string | null;
  beforeCents: number;
  afterCents: number;
};

/** The item's Budget per month as the grid shows it (YYYY-MM-01 → cents). */
export const budgetByMonth = (item: ItemBudget, planMonths: readonly MonthKey[]): Map<string, number> =>
  new Map(
    item.months.length > 0
      ? item.months.map((month) => [month.month, month.amountCents])
      : spreadOverMonths(item.amountCents, planMonths).map(([month, cents]) => [`${month}-01`, cents]),
  );

/**
 * What a write did to an item's budget, as budget change rows (DESIGN.md §14): an item unphased
 * before and after changes its Amount (one row, month null); otherwise each month whose Budget (as the
 * grid shows it) differs is a row. `before` null: the item is created; `after` null: it is deleted.
 */
export const budgetChangesOf = (
  planMonths: readonly MonthKey[],
  before: ItemBudget | null,
  after: ItemBudget | null,
): BudgetChangeRow[] => {
  const item = (after ?? before) as ItemBudget;
  const unphased = (state: ItemBudget | null) => state === null || state.months.length === 0;
  if (unphased(before) && unphased(after)) {
    const from = before?.amountCents ?? 0;
    const to = after?.amountCents ?? 0;
    return from === to ? [] : [{ budgetItemId: item.id, budgetItemName: item.name, month: null, beforeCents: from, afterCents: to }];
  }
  const from = before ? budgetByMonth(before, planMonths) : new Map<string, number>();
  const to = after ? budgetByMonth(after, planMonths) : new Map<string, number>();
  const months = [...new Set([...from.keys(), ...to.keys()])].sort();
  return months.flatMap((month) => {
    const beforeCents = from.get(month) ?? 0;
    const afterCents = to.get(month) ?? 0;
    return beforeCents === afterCents ? [] : [{ budgetItemId: item.id, budgetItemName: item.name, month, beforeCents, afterCents }];
  });
};

/**
 * Whether the plan's baseline is locked, read FOR SHARE: a LockBaseline (which updates the plan row)
 * waits for this write to commit and snapshots it, and this write waits for a lock being taken and
 * then sees it, so no budget change slips between the snapshot and the reason rule.
 */
export const isBaselineLocked = async (db: Db, tenantId: string, planId: string): Promise<boolean> => {
  const [row] = await db
    .select({ lockedAt: marketingPlans.baselineLockedAt })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)))
    .for('share');
  return Boolean(row?.lockedAt);
};

/** The reason as given: blank counts as none. */
const reasonOf = (reason: string | null | undefined): string | null => (reason?.trim() ? reason.trim() : null);

/**
 * The budget change rule of every budget write (DESIGN.md §14): before the plan's baseline is
 * locked nothing is kept and no reason is asked; after it, a write that changes any item's budget
 * needs a reason (400) and its changes are kept as budget_changes rows (kind 1, edit) in the
 * write's transaction. Call it after the write's own checks, before or after its writes.
 */
export const keepBudgetChanges = async (
  db: Db,
  entry: {
    tenantId: string;
    planId: string;
    userId: string;
    reason: string | null | undefined;
    changes: readonly BudgetChangeRow[];
    at: Date;
  },
): Promise<void> => {
  if (entry.changes.length === 0) return;
  if (!(await isBaselineLocked(db, entry.tenantId, entry.planId))) return;
  const reason = reasonOf(entry.reason);
  if (!reason) throw badRequest(REASON_REQUIRED_MESSAGE, [{ Field: 'Reason', Message: 'Say why the budget changes.' }]);
  await insertBudgetChanges(db, { ...entry, reason, kind: 1, groupId: null });
};

/** Writes budget change rows (any kind) in one statement. */
export const insertBudgetChanges = async (
  db: Db,
  entry: {
    tenantId: string;
    planId: string;
    userId: string | null;
    reason: string;
    kind: BudgetChangeKind;
    groupId: string | null;
    changes: readonly BudgetChangeRow[];
    at: Date;
  },
): Promise<void> => {
  await insertJsonRows(
    db,
    'budget_changes',
    {
      tenant_id: 'uuid',
      id: 'uuid',
      marketing_plan_id: 'uuid',
      budget_item_id: 'uuid',
      budget_item_name: 'text',
      month: 'date',
      kind: 'smallint',
      group_id: 'uuid',
      before_cents: 'bigint',
      after_cents: 'bigint',
      reason: 'text',
      changed_by: 'uuid',
      changed_at: 'timestamptz',
    },
    entry.changes.map((change) => ({
      tenant_id: entry.tenantId,
      id: newId(),
      marketing_plan_id: entry.planId,
      budget_item_id: change.budgetItemId,
      budget_item_name: change.budgetItemName,
      month: change.month,
      kind: entry.kind,
      group_id: entry.groupId,
      before_cents: change.beforeCents,
      after_cents: change.afterCents,
      reason: entry.reason,
      changed_by: entry.userId,
      changed_at: entry.at.toISOString(),
    })),
  );
};
