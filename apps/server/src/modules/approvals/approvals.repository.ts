import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';
import { type ApprovalRequestStatus, approvalPolicies, approvalRequests } from '../../schema/approvals.ts';
import { type TeamRoleId, teamMembers, teams } from '../../schema/teams.ts';
import { type TenantRoleCode, users } from '../../schema/tenants.ts';

import { REQUEST } from './approval-rules.ts';

const PENDING = sql.raw(String(REQUEST.pending));

export type PolicyRow = typeof approvalPolicies.$inferSelect;
export type RequestRow = typeof approvalRequests.$inferSelect;

/** The team's policy; a team made before its trigger existed gets its (all-off) row here. */
export const findPolicy = async (db: Db, tenantId: string, teamId: string): Promise<PolicyRow | null> => {
  const [row] = await db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.tenantId, tenantId), eq(approvalPolicies.teamId, teamId)))
    .limit(1);
  return row ?? null;
};

export const ensurePolicy = async (db: Db, tenantId: string, teamId: string): Promise<void> => {
  await db.insert(approvalPolicies).values({ tenantId, teamId }).onConflictDoNothing();
};

export const lockPolicyVersion = (db: Db, tenantId: string, teamId: string): Promise<number | null> =>
  lockVersion(
    db,
    approvalPolicies,
    approvalPolicies.version,
    and(eq(approvalPolicies.tenantId, tenantId), eq(approvalPolicies.teamId, teamId)) as SQL,
  );

export const updatePolicy = async (
  db: Db,
  tenantId: string,
  teamId: string,
  values: { expenseThresholdCents: number | null; budgetChangeThresholdCents: number | null; approverIds: string[] | null },
  now: Date,
): Promise<void> => {
  await db
    .update(approvalPolicies)
    .set({ ...values, updatedAt: now })
    .where(and(eq(approvalPolicies.tenantId, tenantId), eq(approvalPolicies.teamId, teamId)));
};

export const policyOfTeams = async (db: Db, tenantId: string, teamIds: string[]): Promise<PolicyRow[]> =>
  teamIds.length === 0
    ? []
    : db
        .select()
        .from(approvalPolicies)
        .where(and(eq(approvalPolicies.tenantId, tenantId), inArray(approvalPolicies.teamId, teamIds)));

export const teamExists = async (db: Db, tenantId: string, teamId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)))
    .limit(1);
  return Boolean(row);
};

export type Person = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  joined: boolean;
  tenantRole: TenantRoleCode;
  /** Their role in the team asked about; null when they are not in it. */
  teamRoleId: TeamRoleId | null;
  settings: Record<string, unknown>;
};

const personSelection = (teamId: string) => ({
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  active: users.active,
  joined: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  tenantRole: users.tenantRole,
  // The outer row by its table's name: in a select list Drizzle writes a column unqualified, and an
  // unqualified "tenant_id" inside this subquery would be team_members' own (a condition always true).
  teamRoleId: sql<TeamRoleId | null>`(SELECT tm.team_role_id FROM team_members tm
    WHERE tm.tenant_id = users.tenant_id AND tm.team_id = ${teamId} AND tm.user_id = users.id)`,
  settings: users.notificationSettings,
});

/** The tenant's people among `ids`, each with their role in the team. */
export const findPeople = async (db: Db, tenantId: string, teamId: string, ids: string[]): Promise<Person[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select(personSelection(teamId))
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((row) => ({ ...row, teamRoleId: row.teamRoleId === null ? null : (Number(row.teamRoleId) as TeamRoleId) }));
};

/** The team's Leads and the tenant's Admins and Owners (the people who may decide when the policy names the Leads). */
export const findLeadsAndAdmins = async (db: Db, tenantId: string, teamId: string): Promise<Person[]> => {
  const rows = await db
    .select(personSelection(teamId))
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        sql`(${users.tenantRole} IN ('owner', 'admin') OR EXISTS (SELECT 1 FROM ${teamMembers} tm
          WHERE tm.tenant_id = ${users.tenantId} AND tm.team_id = ${teamId} AND tm.user_id = ${users.id} AND tm.team_role_id = 1))`,
      ),
    );
  return rows.map((row) => ({ ...row, teamRoleId: row.teamRoleId === null ? null : (Number(row.teamRoleId) as TeamRoleId) }));
};

export const insertRequest = async (db: Db, row: typeof approvalRequests.$inferInsert): Promise<void> => {
  await db.insert(approvalRequests).values(row);
};

export const insertRequests = async (db: Db, rows: (typeof approvalRequests.$inferInsert)[]): Promise<void> => {
  if (rows.length > 0) await db.insert(approvalRequests).values(rows);
};

export const findRequest = async (db: Db, tenantId: string, id: string): Promise<RequestRow | null> => {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, id)))
    .limit(1);
  return row ?? null;
};

export const findPendingRequestOfExpense = async (db: Db, tenantId: string, expenseId: string): Promise<RequestRow | null> => {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.expenseId, expenseId), eq(approvalRequests.status, REQUEST.pending)),
    )
    .limit(1);
  return row ?? null;
};

/** The request's version, locked until the transaction ends: two deciders take turns. */
export const lockRequestVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(
    db,
    approvalRequests,
    approvalRequests.version,
    and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, id)) as SQL,
  );

export const updateRequest = async (
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<RequestRow, 'status' | 'decidedBy' | 'decidedAt' | 'note' | 'amountCents' | 'requestedStatus' | 'what' | 'budgetItemId'>
  >,
): Promise<void> => {
  await db
    .update(approvalRequests)
    .set(values)
    .where(and(eq(approvalRequests.tenantId, tenantId), eq(approvalRequests.id, id)));
};

/**
 * The requests of the expenses just imported that wait (approval 1): one statement for a chunk of
 * created rows (`createdJson`, [id, row, name] each). Answers how many and their money.
 */
export const insertRequestsForPendingExpenses = async (
  db: Db,
  tenantId: string,
  userId: string,
  createdJson: string,
  now: Date,
): Promise<{ count: number; amountCents: number }> => {
  const [row] = await selectRows<{ count: number; amount: string }>(
    db,
    sql`
      WITH made AS (
        INSERT INTO approval_requests (tenant_id, id, kind, marketing_plan_id, budget_item_id, expense_id, what, amount_cents,
          requested_status, status, requested_by, requested_at)
        SELECT e.tenant_id, gen_random_uuid(), 1, e.marketing_plan_id, e.budget_item_id, e.id, e.name, e.amount_cents,
          e.status, ${PENDING}, ${userId}, ${now.toISOString()}::timestamptz
        FROM expenses e
        WHERE e.tenant_id = ${tenantId} AND e.approval = ${PENDING}
          AND e.id IN (SELECT (c->>0)::uuid FROM jsonb_array_elements(${createdJson}::jsonb) c)
        RETURNING amount_cents)
      SELECT count(*)::int AS count, coalesce(sum(amount_cents), 0)::text AS amount FROM made`,
  );
  return { count: Number(row?.count ?? 0), amountCents: Number(row?.amount ?? 0) };
};

/** A request as List answers it: with its plan, team, item, people and the item's money. */
export type RequestView = {
  id: string;
  version: number;
  kind: 1 | 2;
  status: ApprovalRequestStatus;
  what: string;
  amount_cents: string;
  requested_status: number | null;
  /** A budget change's what-to-apply (kind 2). */
  change: unknown;
  expense_id: string | null;
  requested_by: string | null;
  requested_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  note: string | null;
  plan_id: string;
  plan_name: string;
  team_id: string;
  item_id: string | null;
  item_name: string | null;
  item_budget: string | null;
  item_spent: string | null;
  requester_name: string | null;
  decider_name: string | null;
};

export type RequestFilter = {
  /** Only these ids (one request). */
  ids?: string[];
  /** Only requests of plans in these teams; undefined = every team (Admins). */
  teamIds?: string[];
  /** Of those: requests asked by this person, or in these teams where they decide. */
  visibleTo?: { userId: string; approverTeamIds: string[] };
  requestedBy?: string;
  status?: ApprovalRequestStatus;
  /** Pending and asked before this instant (the digest's old requests). */
  askedBefore?: Date;
  planId?: string;
  limit: number;
};

export const listRequests = async (db: Db, tenantId: string, filter: RequestFilter): Promise<RequestView[]> => {
  const conditions: SQL[] = [sql`r.tenant_id = ${tenantId}`];
  if (filter.ids)
    conditions.push(
      sql`r.id IN (${sql.join(
        filter.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (filter.teamIds) {
    if (filter.teamIds.length === 0) return [];
    conditions.push(
      sql`p.team_id IN (${sql.join(
        filter.teamIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (filter.visibleTo) {
    const approverTeams = filter.visibleTo.approverTeamIds;
    conditions.push(
      approverTeams.length > 0
        ? sql`(r.requested_by = ${filter.visibleTo.userId} OR p.team_id IN (${sql.join(
            approverTeams.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}))`
        : sql`r.requested_by = ${filter.visibleTo.userId}`,
    );
  }
  if (filter.requestedBy) conditions.push(sql`r.requested_by = ${filter.requestedBy}`);
  if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
  if (filter.askedBefore) conditions.push(sql`r.status = ${PENDING} AND r.requested_at < ${filter.askedBefore.toISOString()}::timestamptz`);
  if (filter.planId) conditions.push(sql`r.marketing_plan_id = ${filter.planId}`);
  return selectRows<RequestView>(
    db,
    sql`
      SELECT r.id, r.version, r.kind, r.status, r.what, r.amount_cents::text AS amount_cents, r.requested_status, r.change, r.expense_id,
        r.requested_by, r.requested_at, r.decided_by, r.decided_at, r.note,
        p.id AS plan_id, p.name AS plan_name, p.team_id,
        bi.id AS item_id, bi.name AS item_name, bi.amount_cents::text AS item_budget,
        (SELECT coalesce(sum(es.amount_cents), 0) FROM expense_sums es
          WHERE es.tenant_id = r.tenant_id AND es.budget_item_id = r.budget_item_id
            AND es.status IN (${SQL_EXPENSE_STATUS.committed}, ${SQL_EXPENSE_STATUS.actual}))::text AS item_spent,
        nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), '') AS requester_name,
        nullif(trim(concat_ws(' ', du.first_name, du.last_name)), '') AS decider_name
      FROM approval_requests r
      JOIN marketing_plans p ON p.tenant_id = r.tenant_id AND p.id = r.marketing_plan_id
      LEFT JOIN budget_items bi ON bi.tenant_id = r.tenant_id AND bi.id = r.budget_item_id
      LEFT JOIN users ru ON ru.tenant_id = r.tenant_id AND ru.id = r.requested_by
      LEFT JOIN users du ON du.tenant_id = r.tenant_id AND du.id = r.decided_by
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY (r.status = ${PENDING}) DESC, r.requested_at DESC, r.id
      LIMIT ${filter.limit}`,
  );
};

/** The caller's team memberships: team → role. */
export const listMemberships = async (db: Db, tenantId: string, userId: string): Promise<Map<string, TeamRoleId>> => {
  const rows = await db
    .select({ teamId: teamMembers.teamId, teamRoleId: teamMembers.teamRoleId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.userId, userId)));
  return new Map(rows.map((row) => [row.teamId, row.teamRoleId]));
};

export const listTeamIds = async (db: Db, tenantId: string): Promise<string[]> =>
  (await db.select({ id: teams.id }).from(teams).where(eq(teams.tenantId, tenantId))).map((row) => row.id);
