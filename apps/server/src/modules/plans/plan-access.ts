import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveTeamPermission, type TeamPermission } from '../teams/team-access.ts';
import { findPlan, type PlanRow } from './plans.repository.ts';

export type PlanAccess = { plan: PlanRow; permission: TeamPermission };

/**
 * A plan of the caller's tenant and what the caller may do with it. A plan of a team the caller
 * cannot see answers 404, exactly like a plan that does not exist (DESIGN.md §4).
 */
export const loadPlanAccess = async (db: Db, auth: AuthContext, planId: string): Promise<PlanAccess> => {
  const plan = await findPlan(db, auth.tenantId, planId);
  if (!plan) throw notFound('The marketing plan');
  const permission = await resolveTeamPermission(db, auth, plan.teamId);
  if (!permission?.canRead) throw notFound('The marketing plan');
  return { plan, permission };
};
