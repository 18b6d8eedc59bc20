import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { type TeamRoleId, teamMembers } from '../../schema/teams.ts';
import { type TenantRoleCode, users } from '../../schema/tenants.ts';

/** One active person who can see a plan, with their team role in the plan's team (null for an Owner or Admin outside it). */
export type PlanReader = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  tenantRole: TenantRoleCode;
  teamRoleId: TeamRoleId | null;
  notificationSettings: Record<string, unknown>;
};

/**
 * The active, joined people who can see a plan (DESIGN.md §4): the tenant's Owners and Admins, and the
 * members of the plan's team. Empty when the plan is not the tenant's. Used to mail people and to
 * offer names in the comment box, so it follows the same rule as findPlanAccess.
 */
export const listPlanReaders = async (db: Db, tenantId: string, planId: string): Promise<PlanReader[]> => {
  const [plan] = await db
    .select({ teamId: marketingPlans.teamId })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)))
    .limit(1);
  if (!plan) return [];
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      tenantRole: users.tenantRole,
      teamRoleId: teamMembers.teamRoleId,
      notificationSettings: users.notificationSettings,
    })
    .from(users)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.tenantId, users.tenantId), eq(teamMembers.userId, users.id), eq(teamMembers.teamId, plan.teamId)),
    )
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.active, true),
        // Someone invited who has not joined yet cannot sign in to follow a link.
        isNotNull(users.passwordHash),
        or(inArray(users.tenantRole, ['owner', 'admin']), sql`${teamMembers.userId} IS NOT NULL`),
      ),
    )
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
};
