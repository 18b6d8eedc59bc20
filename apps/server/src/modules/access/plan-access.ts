import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { resolveTeamPermission, type TeamPermission } from './team-access.ts';

export type PlanRow = typeof marketingPlans.$inferSelect;
export type PlanAccess = { plan: PlanRow; permission: TeamPermission };

/**
 * The plan and what the caller may do with it (DESIGN.md §4), or null when the caller may not see
 * it: another tenant's plan, or one of a team the caller does not belong to, is as absent as a plan
 * that does not exist. A failing query is not "absent": it throws, and the error handler answers 5xx.
 */
export const findPlanAccess = async (db: Db, auth: AuthContext, planId: string): Promise<PlanAccess | null> => {
  const [plan] = await db
    .select()
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, auth.tenantId), eq(marketingPlans.id, planId)))
    .limit(1);
  if (!plan) return null;
  const permission = await resolveTeamPermission(db, auth, plan.teamId);
  return permission?.canRead ? { plan, permission } : null;
};

/** findPlanAccess, or 404 naming `what` (the plan itself, or the item that was reached through it). */
export const requirePlanAccess = async (db: Db, auth: AuthContext, planId: string, what = 'The plan'): Promise<PlanAccess> => {
  const access = await findPlanAccess(db, auth, planId);
  if (!access) throw notFound(what);
  return access;
};
