import { REASON_REQUIRED_MESSAGE } from '@plansmith/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { planPeriods } from '../../schema/forecast.ts';
import type { TeamPermission } from '../access/index.ts';
import { recordActivity } from '../activities/index.ts';
import { type BudgetChangeRow, insertBudgetChanges, isBaselineLocked } from '../baseline/index.ts';
import { formatCents, trackOverspend } from '../notifications/index.ts';
import { notifyNewRequest } from './approval-mail.ts';
import { decidesFor, REQUEST } from './approval-rules.ts';
import * as repo from './approvals.repository.ts';

/*
 * Budget changes that wait for approval (DESIGN.md §15): after the plan's baseline lock, a budget
 * write (not a reallocation, not a month close) whose size is at or above the team's
 * BudgetChangeThreshold, by someone who does not decide the team's requests, is not applied. It is
 * kept as a request (kind 2) whose `change` holds what to apply and the versions it was based on;
 * approving applies it in one transaction, refusing (409, nothing applied) when the budget moved since.
 */

/** The size of a budget change: |after − before| summed over its rows (each changed month, or the Amount of an unphased item). */
export const budgetChangeSize = (rows: readonly BudgetChangeRow[]): number =>
  rows.reduce((sum, row) => sum + Math.abs(row.afterCents - row.beforeCents), 0);

type MonthCents = { month: string; amountCents: number };

/** What a kind-2 request's `change` holds. */
export type BudgetChangeRequest = {
  itemId: string;
  itemName: string;
  /** The item row's version and its month cells (month → version) as they were when asked. */
  itemVersion: number;
  cells: { month: string; version: number }[];
  amountBefore: number;
  amountAfter: number;
  /** The item's phasing after the change; null keeps the phasing it has. */
  monthsAfter: MonthCents[] | null;
  rows: BudgetChangeRow[];
  reason: string;
};

const monthLabel = (month: string | null): string =>
  month === null
    ? 'Amount'
    : new Date(`${month.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Google Ads: $24,000.00 → $27,000.00 (Mar 2026: $2,000.00 → $5,000.00)": the request's What. */
export const describeBudgetChange = (change: Pick<BudgetChangeRequest, 'itemName' | 'amountBefore' | 'amountAfter' | 'rows'>): string => {
  const months = change.rows
    .filter((row) => row.month !== null)
    .map((row) => `${monthLabel(row.month)}: ${formatCents(row.beforeCents)} → ${formatCents(row.afterCents)}`);
  const head = `${change.itemName}: ${formatCents(change.amountBefore)} → ${formatCents(change.amountAfter)}`;
  return months.length > 0 ? `${head} (${months.join(', ')})` : head;
};

export const WAITING_FOR_APPROVAL_MESSAGE =
  'Waiting for approval: this budget change is at or above your team’s threshold, so it is kept as a request and applies when an approver approves it. The budget is unchanged until then.';

/**
 * Called by a budget write after its checks and before it writes anything. Answers null when the
 * change applies now (no change, before the lock, no threshold, below it, or the caller decides);
 * otherwise keeps the request (tells the approvers) and answers its id: the caller then writes nothing.
 */
export const holdBudgetChange = async (
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  input: {
    plan: { id: string; name: string; teamId: string };
    permission: TeamPermission;
    item: { id: string; name: string; version: number; amountCents: number };
    cells: readonly { month: string; version: number }[];
    amountAfter: number;
    monthsAfter: readonly MonthCents[] | null;
    rows: readonly BudgetChangeRow[];
    reason: string | null | undefined;
    /** Item Amount − Committed − Actual now (for the approvers' mail), read only when the change waits. */
    availableCents: () => Promise<number | null>;
  },
): Promise<{ requestId: string } | null> => {
  if (input.rows.length === 0) return null;
  const policy = await repo.findPolicy(tx, auth.tenantId, input.plan.teamId);
  const threshold = policy?.budgetChangeThresholdCents ?? null;
  if (threshold === null) return null;
  const size = budgetChangeSize(input.rows);
  if (size < threshold) return null;
  if (
    decidesFor(
      { userId: auth.userId, tenantRole: auth.role, teamRoleId: input.permission.teamRoleId },
      { approverIds: policy?.approverIds ?? null },
    )
  ) {
    return null;
  }
  if (!(await isBaselineLocked(tx, auth.tenantId, input.plan.id))) return null;
  const reason = input.reason?.trim();
  if (!reason) throw badRequest(REASON_REQUIRED_MESSAGE, [{ Field: 'Reason', Message: 'Say why the budget changes.' }]);
  const change: BudgetChangeRequest = {
    itemId: input.item.id,
    itemName: input.item.name,
    itemVersion: input.item.version,
    cells: input.cells.map((cell) => ({ month: cell.month, version: cell.version })),
    amountBefore: input.item.amountCents,
    amountAfter: input.amountAfter,
    monthsAfter: input.monthsAfter ? input.monthsAfter.map((month) => ({ month: month.month, amountCents: month.amountCents })) : null,
    rows: [...input.rows],
    reason,
  };
  const id = newId();
  const what = describeBudgetChange(change);
  await repo.insertRequest(tx, {
    tenantId: auth.tenantId,
    id,
    kind: 2,
    marketingPlanId: input.plan.id,
    budgetItemId: input.item.id,
    what,
    amountCents: size,
    change: change as unknown as Record<string, unknown>,
    status: REQUEST.pending,
    requestedBy: auth.userId,
    requestedAt: ctx.clock.now(),
  });
  const [requester] = await repo.findPeople(tx, auth.tenantId, input.plan.teamId, [auth.userId]);
  const requesterName = requester ? `${requester.firstName} ${requester.lastName}`.trim() : 'Someone';
  const delta = input.amountAfter - input.item.amountCents;
  const availableCents = await input.availableCents();
  await notifyNewRequest(ctx, tx, {
    tenantId: auth.tenantId,
    teamId: input.plan.teamId,
    requestId: id,
    requesterId: auth.userId,
    requesterName,
    what: `budget change of ${input.item.name}`,
    amountCents: size,
    requestedStatus: null,
    planName: input.plan.name,
    itemName: input.item.name,
    availableCents,
    body: `${requesterName} asks to change the budget in ${input.plan.name}: ${what}. Reason: ${reason}.${
      availableCents === null
        ? ''
        : ` Available on the item: ${formatCents(availableCents)} now, ${formatCents(availableCents + delta)} if approved.`
    }`,
  });
  return { requestId: id };
};

const cellsNow = (tx: Db, tenantId: string, itemId: string) =>
  tx
    .select({ month: budgetItemMonths.month, version: budgetItemMonths.version })
    .from(budgetItemMonths)
    .where(and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItemMonths.budgetItemId, itemId)))
    .orderBy(asc(budgetItemMonths.month));

/**
 * Applies an approved budget change in the decision's transaction: the item locked, its version and
 * every month cell's version must still be the ones the request was based on (409, nothing applied,
 * otherwise); then the Amount and months are written and the budget_changes rows kept (kind 1, the
 * requester's, with their reason) as the budget service does.
 */
export const applyBudgetChangeRequest = async (
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  request: { id: string; marketingPlanId: string; requestedBy: string | null; change: unknown },
  approverName: string,
): Promise<void> => {
  const change = request.change as BudgetChangeRequest | null;
  if (!change?.itemId) throw conflict('This request holds no budget change to apply.');
  const [item] = await tx
    .select()
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, auth.tenantId), eq(budgetItems.id, change.itemId)))
    .for('update');
  if (!item) throw conflict(`“${change.itemName}” was deleted since this change was asked: nothing was applied. Reject the request.`);
  const now = await cellsNow(tx, auth.tenantId, item.id);
  const asked = new Map(change.cells.map((cell) => [cell.month, cell.version]));
  const moved =
    item.version !== change.itemVersion || now.length !== asked.size || now.some((cell) => asked.get(cell.month) !== cell.version);
  if (moved) {
    throw conflict(
      `The budget of “${item.name}” changed since this request was made (it is ${formatCents(item.amountCents)} now, the request was based on ${formatCents(change.amountBefore)}): nothing was applied. Reject it and ask again from the budget as it is now.`,
    );
  }
  // A month closed since (DESIGN.md §14) is not changed by an approval either.
  const months = change.rows.flatMap((row) => (row.month === null ? [] : [row.month]));
  if (months.length > 0) {
    const [closed] = await tx
      .select({ month: planPeriods.month })
      .from(planPeriods)
      .where(
        and(
          eq(planPeriods.tenantId, auth.tenantId),
          eq(planPeriods.marketingPlanId, request.marketingPlanId),
          inArray(planPeriods.month, months),
        ),
      )
      .orderBy(asc(planPeriods.month))
      .limit(1);
    if (closed) {
      throw conflict(
        `${monthLabel(closed.month)} was closed since this request was made, and a closed month’s budget cannot change: nothing was applied. Reject it and ask again for the open months.`,
      );
    }
  }
  const at = ctx.clock.now();
  await tx
    .update(budgetItems)
    .set({ amountCents: change.amountAfter, updatedAt: at })
    .where(and(eq(budgetItems.tenantId, auth.tenantId), eq(budgetItems.id, item.id)));
  if (change.monthsAfter) {
    const kept = change.monthsAfter.map((month) => month.month);
    const ofItem = and(eq(budgetItemMonths.tenantId, auth.tenantId), eq(budgetItemMonths.budgetItemId, item.id));
    await tx.delete(budgetItemMonths).where(kept.length > 0 ? and(ofItem, notInArray(budgetItemMonths.month, kept)) : ofItem);
    if (change.monthsAfter.length > 0) {
      await tx
        .insert(budgetItemMonths)
        .values(change.monthsAfter.map((month) => ({ tenantId: auth.tenantId, budgetItemId: item.id, ...month })))
        .onConflictDoUpdate({
          target: [budgetItemMonths.tenantId, budgetItemMonths.budgetItemId, budgetItemMonths.month],
          set: { amountCents: sql`excluded.amount_cents` },
          setWhere: sql`${budgetItemMonths.amountCents} IS DISTINCT FROM excluded.amount_cents`,
        });
    }
  }
  await insertBudgetChanges(tx, {
    tenantId: auth.tenantId,
    planId: request.marketingPlanId,
    userId: request.requestedBy,
    reason: change.reason,
    kind: 1,
    groupId: null,
    changes: change.rows,
    at,
  });
  await recordActivity(tx, {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    entityType: 'BudgetItem',
    entityId: item.id,
    marketingPlanId: request.marketingPlanId,
    action: 'update',
    name: item.name,
    description: `Approved by ${approverName}: ${describeBudgetChange(change)} — ${change.reason}`,
    changes: { amount: { from: change.amountBefore / 100, to: change.amountAfter / 100 } },
    at,
  });
  if (change.amountAfter !== change.amountBefore) await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [item.id] });
};
