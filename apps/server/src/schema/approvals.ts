import { sql } from 'drizzle-orm';
import { bigint, foreignKey, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { expenses } from './expenses.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';
import { teams } from './teams.ts';

/*
 * DESIGN.md §15 (migration 1030): a team's approval policy and the requests that wait for its
 * approvers. The expense itself carries its approval state (expenses.approval).
 */

/** A team's policy: each threshold null = off; approverIds null = the team's Leads decide. */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    version: rowVersion(),
    expenseThresholdCents: bigint('expense_threshold_cents', { mode: 'number' }),
    budgetChangeThresholdCents: bigint('budget_change_threshold_cents', { mode: 'number' }),
    approverIds: uuid('approver_ids').array(),
    /** Who last changed it (migration 1020's trigger, from the transaction's actor): named in a stale write's 409. */
    changedBy: uuid('changed_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.teamId] }),
    foreignKey({ columns: [table.tenantId, table.teamId], foreignColumns: [teams.tenantId, teams.id] }).onDelete('cascade'),
  ],
);

/** 1 expense, 2 budget change */
export type ApprovalRequestKind = 1 | 2;
/** 1 pending, 2 approved, 3 rejected, 4 withdrawn */
export type ApprovalRequestStatus = 1 | 2 | 3 | 4;

export const approvalRequests = pgTable(
  'approval_requests',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    version: rowVersion(),
    kind: smallint('kind').$type<ApprovalRequestKind>().notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    budgetItemId: uuid('budget_item_id'),
    expenseId: uuid('expense_id'),
    /** What is asked for: the expense's name, or the budget change in words. */
    what: text('what').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** An expense's status as saved (2 committed, 3 actual): what approving gives it. */
    requestedStatus: smallint('requested_status').$type<2 | 3>(),
    /** A budget change's rows to apply when approved. */
    change: jsonb('change').$type<Record<string, unknown>>(),
    status: smallint('status').$type<ApprovalRequestStatus>().notNull().default(1),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.tenantId, table.expenseId], foreignColumns: [expenses.tenantId, expenses.id] }).onDelete('cascade'),
  ],
);
