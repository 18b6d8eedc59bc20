import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ExpenseApproval } from '../../schema/expenses.ts';
import type { TeamPermission } from '../access/index.ts';
import { notifyImportRequests, notifyNewRequest } from './approval-mail.ts';
import { decidesFor, type ExpenseState, expenseApprovalOnSave, REQUEST } from './approval-rules.ts';
import * as repo from './approvals.repository.ts';

export type ExpenseApprovalPlan = {
  approval: ExpenseApproval;
  request: 'open' | 'keep' | 'withdraw' | 'none';
};

/**
 * The rule a plan's team applies to its expenses' saves (DESIGN.md §15), read once per write: a save
 * or each row of an import or bulk edit asks `judge` what approval the expense takes.
 */
export const expenseApprovalRule = async (
  db: Db,
  auth: AuthContext,
  access: { plan: { teamId: string }; permission: TeamPermission },
): Promise<{
  judge: (before: ExpenseState | null, after: Pick<ExpenseState, 'status' | 'amountCents' | 'active'>) => ExpenseApprovalPlan;
}> => {
  const policy = (await repo.findPolicy(db, auth.tenantId, access.plan.teamId)) ?? { expenseThresholdCents: null, approverIds: null };
  const saverDecides = decidesFor({ userId: auth.userId, tenantRole: auth.role, teamRoleId: access.permission.teamRoleId }, policy);
  return { judge: (before, after) => expenseApprovalOnSave(before, after, policy, saverDecides) };
};

export type SavedExpense = {
  id: string;
  name: string;
  /** In the base currency (the threshold's and the item's). */
  amountCents: number;
  /** An expense in another currency than the base: its own amount, for the approvers' mail (DESIGN.md §17). */
  ownAmount?: { currency: string; amount: number } | null;
  status: 1 | 2 | 3;
  marketingPlanId: string;
  planName: string;
  teamId: string;
  budgetItemId: string | null;
  budgetItemName: string | null;
  /** Item Amount − Committed − Actual, the request not counted (it is Requested). */
  availableCents: number | null;
};

/**
 * After the expense row is written with its approval: opens the request (and tells the approvers),
 * keeps the open one up to date with what is asked now, or withdraws it.
 */
export const syncExpenseRequest = async (
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  expense: SavedExpense,
  request: ExpenseApprovalPlan['request'],
): Promise<void> => {
  if (request === 'none') return;
  const open = await repo.findPendingRequestOfExpense(tx, auth.tenantId, expense.id);
  const requestedStatus = expense.status === 3 ? 3 : 2;
  if (request === 'withdraw') {
    if (open) await repo.updateRequest(tx, auth.tenantId, open.id, { status: REQUEST.withdrawn, decidedAt: ctx.clock.now() });
    return;
  }
  if (request === 'keep' && open) {
    if (
      open.amountCents !== expense.amountCents ||
      open.requestedStatus !== requestedStatus ||
      open.what !== expense.name ||
      open.budgetItemId !== expense.budgetItemId
    ) {
      await repo.updateRequest(tx, auth.tenantId, open.id, {
        amountCents: expense.amountCents,
        requestedStatus,
        what: expense.name,
        budgetItemId: expense.budgetItemId,
      });
    }
    return;
  }
  const id = newId();
  await repo.insertRequest(tx, {
    tenantId: auth.tenantId,
    id,
    kind: 1,
    marketingPlanId: expense.marketingPlanId,
    budgetItemId: expense.budgetItemId,
    expenseId: expense.id,
    what: expense.name,
    amountCents: expense.amountCents,
    requestedStatus,
    status: REQUEST.pending,
    requestedBy: auth.userId,
    requestedAt: ctx.clock.now(),
  });
  const [requester] = await repo.findPeople(tx, auth.tenantId, expense.teamId, [auth.userId]);
  await notifyNewRequest(ctx, tx, {
    tenantId: auth.tenantId,
    teamId: expense.teamId,
    requestId: id,
    requesterId: auth.userId,
    requesterName: requester ? `${requester.firstName} ${requester.lastName}`.trim() : 'Someone',
    what: expense.name,
    amountCents: expense.amountCents,
    ownAmount: expense.ownAmount ?? null,
    requestedStatus,
    planName: expense.planName,
    itemName: expense.budgetItemName,
    availableCents: expense.availableCents,
  });
};

/**
 * An import's rule, row by row (DESIGN.md §15): the Amount from which its Committed and Actual rows
 * wait as requests, or null when none waits (no threshold, or the importer decides the team's requests).
 */
export const importApprovalThreshold = async (
  db: Db,
  auth: AuthContext,
  access: { plan: { teamId: string }; permission: TeamPermission },
): Promise<number | null> => {
  const policy = await repo.findPolicy(db, auth.tenantId, access.plan.teamId);
  if (!policy || policy.expenseThresholdCents === null) return null;
  const decides = decidesFor({ userId: auth.userId, tenantRole: auth.role, teamRoleId: access.permission.teamRoleId }, policy);
  return decides ? null : policy.expenseThresholdCents;
};

/** The requests of one imported chunk's pending rows (`createdJson`: [id, row, name] per row created). */
export const openImportedRequests = (db: Db, auth: AuthContext, createdJson: string, now: Date) =>
  repo.insertRequestsForPendingExpenses(db, auth.tenantId, auth.userId, createdJson, now);

/** One mail per approver for an import's requests (not one per row), with the link to the queue. */
export const notifyImportedRequests = async (
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  input: { teamId: string; planName: string; fileName: string; count: number; amountCents: number },
): Promise<void> => {
  const [requester] = await repo.findPeople(tx, auth.tenantId, input.teamId, [auth.userId]);
  await notifyImportRequests(ctx, tx, {
    tenantId: auth.tenantId,
    teamId: input.teamId,
    requesterId: auth.userId,
    requesterName: requester ? `${requester.firstName} ${requester.lastName}`.trim() : 'Someone',
    planName: input.planName,
    fileName: input.fileName,
    count: input.count,
    amountCents: input.amountCents,
  });
};
