import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type TeamRoleId, teamMembers, teams } from '../../schema/teams.ts';
import { type AccessRole, isAllowed } from './role-permissions.ts';

export const TEAM_ROLE_LEAD = 1;
export const TEAM_ROLE_PLANNER = 2;
export const TEAM_ROLE_VIEWER = 3;

/**
 * What a caller may do with a team's plans (DESIGN.md §4):
 * Owners and Admins: everything in every team. Members: by their team role —
 * Lead manages the team's plans and budget, Planner edits budget items, expenses and comments,
 * Viewer reads. A Member outside the team gets nothing (the team's ids answer 404).
 */
export type TeamPermission = {
  teamRoleId: TeamRoleId | null;
  /** The row of the role × permission table (`role-permissions.ts`) that `requireAccess` reads. */
  role: AccessRole;
  canRead: boolean;
  /** Budget items, expenses, comments. */
  canEditBudget: boolean;
  /** Create, edit, archive, share and delete plans; manage the team. */
  canManagePlans: boolean;
};

/** The flags the answers show, derived from the same table the checks read. */
export const permissionForRole = (role: AccessRole, teamRoleId: TeamRoleId | null = null): TeamPermission => ({
  teamRoleId,
  role,
  canRead: true,
  canEditBudget: isAllowed(role, 'budgetItem.edit'),
  canManagePlans: isAllowed(role, 'plan.save'),
});

const TEAM_ROLES: Record<TeamRoleId, AccessRole> = {
  [TEAM_ROLE_LEAD]: 'lead',
  [TEAM_ROLE_PLANNER]: 'planner',
  [TEAM_ROLE_VIEWER]: 'viewer',
};

export const permissionForTeamRole = (teamRoleId: TeamRoleId): TeamPermission => permissionForRole(TEAM_ROLES[teamRoleId], teamRoleId);

export const isTenantAdmin = (auth: AuthContext): boolean => auth.role === 'owner' || auth.role === 'admin';

/** The caller's permission on one team of their tenant, or null when the team is not theirs to see. */
export const resolveTeamPermission = async (db: Db, auth: AuthContext, teamId: string): Promise<TeamPermission | null> => {
  if (isTenantAdmin(auth)) {
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, auth.tenantId), eq(teams.id, teamId)))
      .limit(1);
    return team ? permissionForRole(auth.role === 'owner' ? 'owner' : 'admin') : null;
  }
  const [membership] = await db
    .select({ teamRoleId: teamMembers.teamRoleId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, auth.tenantId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, auth.userId)))
    .limit(1);
  return membership ? permissionForTeamRole(membership.teamRoleId) : null;
};

/** The ids of the teams the caller may see: all of the tenant's for Owners and Admins, else their memberships. */
export const listVisibleTeamIds = async (db: Db, auth: AuthContext): Promise<string[]> => {
  if (isTenantAdmin(auth)) {
    const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.tenantId, auth.tenantId));
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, auth.tenantId), eq(teamMembers.userId, auth.userId)));
  return rows.map((row) => row.id);
};
