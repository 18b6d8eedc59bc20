import {
  APPROVALS_LIST_LIMIT,
  type ApprovalPolicy,
  type ApprovalRequest,
  type ApproveRequestSchema,
  type ListApprovalsRequestSchema,
  type RejectRequestSchema,
  type SaveApprovalPolicyRequestSchema,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { expenses } from '../../schema/expenses.ts';
import { and, eq } from 'drizzle-orm';
import { isTenantAdmin, requireAccess, resolveTeamPermission, type TeamPermission } from '../access/index.ts';
import { assertVersion, recordActivity } from '../activities/index.ts';
import { formatCents, sharedFormat, trackOverspend } from '../notifications/index.ts';
import { notifyDecision } from './approval-mail.ts';
import { applyBudgetChangeRequest, type BudgetChangeRequest } from './budget-change-requests.ts';
import { APPROVAL, decidesFor, REQUEST, REQUEST_STATUS_NAMES, REQUEST_STATUS_OF_NAME } from './approval-rules.ts';
import * as repo from './approvals.repository.ts';

type SavePolicyInput = z.output<typeof SaveApprovalPolicyRequestSchema>;
type ListInput = z.output<typeof ListApprovalsRequestSchema>;
type ApproveInput = z.output<typeof ApproveRequestSchema>;
type RejectInput = z.output<typeof RejectRequestSchema>;

const DAY_MS = 86_400_000;
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** Whether the caller decides requests of a team they hold `permission` in. */
const callerDecides = (auth: AuthContext, permission: TeamPermission, policy: { approverIds: string[] | null }): boolean =>
  decidesFor({ userId: auth.userId, tenantRole: auth.role, teamRoleId: permission.teamRoleId }, policy);

const requirePolicy = async (db: Db, tenantId: string, teamId: string): Promise<repo.PolicyRow> => {
  let policy = await repo.findPolicy(db, tenantId, teamId);
  if (!policy) {
    await repo.ensurePolicy(db, tenantId, teamId);
    policy = await repo.findPolicy(db, tenantId, teamId);
  }
  if (!policy) throw notFound('The team');
  return policy;
};

const toPolicy = async (db: Db, tenantId: string, policy: repo.PolicyRow): Promise<ApprovalPolicy> => {
  const people =
    policy.approverIds === null
      ? (await repo.findLeadsAndAdmins(db, tenantId, policy.teamId)).filter((person) => person.teamRoleId === 1 && person.active)
      : await repo.findPeople(db, tenantId, policy.teamId, policy.approverIds);
  return {
    TeamId: policy.teamId,
    ExpenseThreshold: policy.expenseThresholdCents === null ? null : toDollars(policy.expenseThresholdCents),
    BudgetChangeThreshold: policy.budgetChangeThresholdCents === null ? null : toDollars(policy.budgetChangeThresholdCents),
    Approvers: policy.approverIds ?? 'Leads',
    ApproverPeople: people
      .map((person) => ({ Id: person.id, Name: fullName(person) }))
      .sort((a, b) => a.Name.localeCompare(b.Name) || a.Id.localeCompare(b.Id)),
    Version: policy.version,
  };
};

/**
 * The named approvers must be the tenant's active people who see the team and may decide in it
 * (Admins and Owners, or the team's Leads and Planners): 400 naming who is not.
 */
const checkApprovers = async (db: Db, tenantId: string, teamId: string, ids: string[]): Promise<string[]> => {
  const unique = [...new Set(ids)];
  const people = await repo.findPeople(db, tenantId, teamId, unique);
  const byId = new Map(people.map((person) => [person.id, person]));
  for (const id of unique) {
    const person = byId.get(id);
    if (!person?.active) throw fieldError('Approvers', `${id} is not an active person of your account.`);
    const admin = person.tenantRole === 'owner' || person.tenantRole === 'admin';
    if (!admin && person.teamRoleId === null) {
      throw fieldError(
        'Approvers',
        `${fullName(person)} is not in this team, so cannot see what they would approve. Add them to the team first.`,
      );
    }
    if (!admin && person.teamRoleId === 3) {
      throw fieldError(
        'Approvers',
        `${fullName(person)} is a Viewer of this team: Viewers read and decide nothing. Make them a Planner or Lead first.`,
      );
    }
  }
  return unique;
};

const toRequest = (view: repo.RequestView, now: Date, canDecide: boolean): ApprovalRequest => {
  const amount = Number(view.amount_cents);
  const budget = view.item_budget === null ? null : Number(view.item_budget);
  const spent = Number(view.item_spent ?? 0);
  const status = REQUEST_STATUS_NAMES[view.status];
  // The item's money now: an approved request is already inside it, a pending one is not.
  const availableNow = budget === null ? null : budget - spent;
  const before = availableNow === null ? null : status === 'Approved' && view.kind === 1 ? availableNow + amount : availableNow;
  const after = before === null ? null : status === 'Pending' || status === 'Approved' ? before - amount : before;
  const requestedStatus = view.requested_status === 2 || view.requested_status === 3 ? view.requested_status : null;
  const change = view.kind === 2 ? (view.change as BudgetChangeRequest | null) : null;
  // A budget change moves the item's Amount (and so its available money) by after − before.
  const delta = change ? change.amountAfter - change.amountBefore : 0;
  const changeBefore = availableNow === null ? null : status === 'Approved' ? availableNow - delta : availableNow;
  const changeAfter = changeBefore === null ? null : status === 'Pending' || status === 'Approved' ? changeBefore + delta : changeBefore;
  return {
    Id: view.id,
    Version: Number(view.version),
    Kind: view.kind === 1 ? 'Expense' : 'BudgetChange',
    Status: status,
    Requester: { Id: view.requested_by, Name: view.requester_name ?? 'Someone' },
    RequestedAt: iso(view.requested_at),
    What: view.what,
    Amount: toDollars(amount),
    RequestedStatus: requestedStatus,
    ExpenseId: view.expense_id,
    Plan: { Id: view.plan_id, Name: view.plan_name },
    TeamId: view.team_id,
    Item: view.item_id && view.item_name !== null ? { Id: view.item_id, Name: view.item_name } : null,
    ItemBudget: budget === null ? null : toDollars(budget),
    AvailableBefore: change ? (changeBefore === null ? null : toDollars(changeBefore)) : before === null ? null : toDollars(before),
    AvailableAfter: change ? (changeAfter === null ? null : toDollars(changeAfter)) : after === null ? null : toDollars(after),
    Change: change
      ? {
          BudgetBefore: toDollars(change.amountBefore),
          BudgetAfter: toDollars(change.amountAfter),
          Months: change.rows.map((row) => ({
            Month: row.month === null ? null : row.month.slice(0, 7),
            Before: toDollars(row.beforeCents),
            After: toDollars(row.afterCents),
          })),
          Reason: change.reason,
        }
      : null,
    AgeDays: Math.max(0, Math.floor((now.getTime() - new Date(view.requested_at).getTime()) / DAY_MS)),
    DecidedBy: view.decided_by || view.decider_name ? { Id: view.decided_by, Name: view.decider_name ?? 'Someone' } : null,
    DecidedAt: view.decided_at ? iso(view.decided_at) : null,
    Note: view.note,
    CanDecide: canDecide,
  };
};

/** What the caller sees of the tenant's requests: every team (Admins) or their teams, and where they decide. */
const visibility = async (db: Db, auth: AuthContext) => {
  if (isTenantAdmin(auth)) return { admin: true as const, teamIds: undefined, approverTeamIds: new Set<string>() };
  const memberships = await repo.listMemberships(db, auth.tenantId, auth.userId);
  // Viewers see none of it (DESIGN.md §15): only teams where they plan or lead count.
  const teamIds = [...memberships].filter(([, role]) => role !== 3).map(([teamId]) => teamId);
  const policies = await repo.policyOfTeams(db, auth.tenantId, teamIds);
  const approverTeamIds = new Set(
    policies
      .filter((policy) =>
        decidesFor({ userId: auth.userId, tenantRole: auth.role, teamRoleId: memberships.get(policy.teamId) ?? null }, policy),
      )
      .map((policy) => policy.teamId),
  );
  return { admin: false as const, teamIds, approverTeamIds };
};

export const createApprovalsService = (ctx: AppContext) => {
  const listFor = async (db: Db, auth: AuthContext, filter: Omit<repo.RequestFilter, 'teamIds' | 'visibleTo'>) => {
    const seen = await visibility(db, auth);
    const views = await repo.listRequests(db, auth.tenantId, {
      ...filter,
      ...(seen.admin ? {} : { teamIds: seen.teamIds, visibleTo: { userId: auth.userId, approverTeamIds: [...seen.approverTeamIds] } }),
    });
    const now = ctx.clock.now();
    return views.map((view) =>
      toRequest(
        view,
        now,
        view.status === REQUEST.pending && view.requested_by !== auth.userId && (seen.admin || seen.approverTeamIds.has(view.team_id)),
      ),
    );
  };

  /** Approve or reject: one decision per request, whoever else decides at the same moment (row lock + version). */
  const decide = (auth: AuthContext, input: { RequestId: string; Version: number; Note: string | null }, approved: boolean) =>
    ctx.db.transaction(async (tx) => {
      const found = await repo.findRequest(tx, auth.tenantId, input.RequestId);
      if (!found) throw notFound('The request');
      const [plan] = await repo.listRequests(tx, auth.tenantId, { ids: [found.id], limit: 1 });
      if (!plan) throw notFound('The request');
      const permission = await resolveTeamPermission(tx, auth, plan.team_id);
      if (!permission) throw notFound('The request');
      requireAccess(permission, 'approval.decide');
      const current = await repo.lockRequestVersion(tx, auth.tenantId, found.id);
      if (current === null) throw notFound('The request');
      await assertVersion(tx, auth, {
        entity: 'ApprovalRequest',
        id: found.id,
        what: `the request “${found.what}”`,
        read: input.Version,
        current,
        changedThrough: found.expenseId ? [{ entityType: 'Expense', entityId: found.expenseId }] : undefined,
        row: async () => {
          const [view] = await repo.listRequests(tx, auth.tenantId, { ids: [found.id], limit: 1 });
          return view ? toRequest(view, ctx.clock.now(), false) : null;
        },
      });
      // Read again under the lock: what another decider committed while this one waited is seen here.
      const request = await repo.findRequest(tx, auth.tenantId, found.id);
      if (!request) throw notFound('The request');
      if (request.status !== REQUEST.pending) {
        throw conflict(`This request is already ${REQUEST_STATUS_NAMES[request.status].toLowerCase()}: there is nothing left to decide.`);
      }
      if (request.requestedBy === auth.userId) {
        throw forbidden('Nobody decides their own request: another approver of the team must approve or reject it.');
      }
      const policy = await requirePolicy(tx, auth.tenantId, plan.team_id);
      if (!callerDecides(auth, permission, policy)) {
        throw forbidden(
          policy.approverIds === null
            ? 'Only the team’s Leads, an Admin or the Owner decide its requests.'
            : 'Only the approvers the team’s policy names, an Admin or the Owner decide its requests.',
        );
      }
      const now = ctx.clock.now();
      const [decider] = await repo.findPeople(tx, auth.tenantId, plan.team_id, [auth.userId]);
      const deciderName = decider ? fullName(decider) : 'An approver';
      if (request.kind === 2 && approved) {
        // Applies the change, or 409 with nothing applied when the budget moved since it was asked (DESIGN.md §15).
        await applyBudgetChangeRequest(ctx, tx, auth, request, deciderName);
      }
      if (request.kind === 2 && !approved && request.budgetItemId) {
        await recordActivity(tx, {
          tenantId: auth.tenantId,
          actorId: auth.userId,
          entityType: 'BudgetItem',
          entityId: request.budgetItemId,
          marketingPlanId: request.marketingPlanId,
          action: 'update',
          name: plan.item_name ?? request.what,
          description: `Rejected the budget change requested by ${plan.requester_name ?? 'someone'} (${request.what}): ${input.Note ?? ''}`,
          changes: null,
          at: now,
        });
      }
      await repo.updateRequest(tx, auth.tenantId, request.id, {
        status: approved ? REQUEST.approved : REQUEST.rejected,
        decidedBy: auth.userId,
        decidedAt: now,
        note: input.Note,
      });
      if (request.kind === 1 && request.expenseId) {
        const [expense] = await tx
          .select({ name: expenses.name, amountCents: expenses.amountCents, budgetItemId: expenses.budgetItemId })
          .from(expenses)
          .where(and(eq(expenses.tenantId, auth.tenantId), eq(expenses.id, request.expenseId)));
        if (!expense) throw notFound('The expense');
        await tx
          .update(expenses)
          .set(
            approved
              ? { approval: APPROVAL.approved, approvedAmountCents: expense.amountCents, approvalNote: input.Note, updatedAt: now }
              : { approval: APPROVAL.rejected, status: 1, approvalNote: input.Note, updatedAt: now },
          )
          .where(and(eq(expenses.tenantId, auth.tenantId), eq(expenses.id, request.expenseId)));
        // The activity line every reader shares: en-US, the base currency (amount_cents is the base figure).
        const money = formatCents(expense.amountCents, await sharedFormat(tx, auth.tenantId));
        await recordActivity(tx, {
          tenantId: auth.tenantId,
          actorId: auth.userId,
          entityType: 'Expense',
          entityId: request.expenseId,
          marketingPlanId: request.marketingPlanId,
          action: 'update',
          name: expense.name,
          description: approved
            ? `Approved ${money} ${request.requestedStatus === 3 ? 'actual' : 'committed'} requested by ${plan.requester_name ?? 'someone'}${input.Note ? `: ${input.Note}` : ''}`
            : `Rejected ${money} requested by ${plan.requester_name ?? 'someone'} (now Planned): ${input.Note ?? ''}`,
          changes: {
            Approval: { from: 'Pending', to: approved ? 'Approved' : 'Rejected' },
            ...(approved ? {} : { Status: { from: request.requestedStatus, to: 1 } }),
          },
          at: now,
        });
        // Approved actual money may take the item past its amount (DESIGN.md §11).
        await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [expense.budgetItemId] });
      }
      await notifyDecision(ctx, tx, {
        tenantId: auth.tenantId,
        teamId: plan.team_id,
        requestId: request.id,
        requesterId: request.requestedBy,
        deciderName,
        approved,
        budgetChange: request.kind === 2,
        what: request.what,
        amountCents: request.amountCents,
        note: input.Note,
      });
      const [view] = await repo.listRequests(tx, auth.tenantId, { ids: [request.id], limit: 1 });
      if (!view) throw notFound('The request');
      return toRequest(view, now, false);
    });

  return {
    getPolicy: async (auth: AuthContext, teamId: string): Promise<ApprovalPolicy> => {
      const permission = await resolveTeamPermission(ctx.db, auth, teamId);
      if (!permission) throw notFound('The team');
      return toPolicy(ctx.db, auth.tenantId, await requirePolicy(ctx.db, auth.tenantId, teamId));
    },

    savePolicy: async (auth: AuthContext, input: SavePolicyInput): Promise<ApprovalPolicy> =>
      ctx.db.transaction(async (tx) => {
        const permission = await resolveTeamPermission(tx, auth, input.TeamId);
        if (!permission) throw notFound('The team');
        requireAccess(permission, 'approval.policy');
        await requirePolicy(tx, auth.tenantId, input.TeamId);
        const current = await repo.lockPolicyVersion(tx, auth.tenantId, input.TeamId);
        if (current === null) throw notFound('The team');
        await assertVersion(tx, auth, {
          entity: 'ApprovalPolicy',
          id: input.TeamId,
          what: 'this team’s approval policy',
          read: input.Version,
          current,
          row: async () => toPolicy(tx, auth.tenantId, await requirePolicy(tx, auth.tenantId, input.TeamId)),
          writtenBy: async () => {
            const row = await repo.findPolicy(tx, auth.tenantId, input.TeamId);
            return row ? { userId: row.changedBy, at: row.updatedAt } : null;
          },
        });
        const approverIds = input.Approvers === 'Leads' ? null : await checkApprovers(tx, auth.tenantId, input.TeamId, input.Approvers);
        await repo.updatePolicy(
          tx,
          auth.tenantId,
          input.TeamId,
          {
            expenseThresholdCents: input.ExpenseThreshold === null ? null : toCents(input.ExpenseThreshold),
            budgetChangeThresholdCents: input.BudgetChangeThreshold === null ? null : toCents(input.BudgetChangeThreshold),
            approverIds,
          },
          ctx.clock.now(),
        );
        return toPolicy(tx, auth.tenantId, await requirePolicy(tx, auth.tenantId, input.TeamId));
      }),

    list: async (auth: AuthContext, input: ListInput): Promise<ApprovalRequest[]> =>
      listFor(ctx.db, auth, {
        ...(input.Status ? { status: REQUEST_STATUS_OF_NAME[input.Status] } : {}),
        ...(input.Mine ? { requestedBy: auth.userId } : {}),
        limit: APPROVALS_LIST_LIMIT,
      }),

    getCount: async (auth: AuthContext): Promise<{ WaitingForMe: number; MinePending: number }> => {
      const pending = await listFor(ctx.db, auth, { status: REQUEST.pending, limit: APPROVALS_LIST_LIMIT });
      return {
        WaitingForMe: pending.filter((request) => request.CanDecide).length,
        MinePending: pending.filter((request) => request.Requester.Id === auth.userId).length,
      };
    },

    approve: (auth: AuthContext, input: ApproveInput) => decide(auth, { ...input, Note: input.Note?.trim() || null }, true),
    reject: (auth: AuthContext, input: RejectInput) => decide(auth, { ...input, Note: input.Note }, false),
  };
};
