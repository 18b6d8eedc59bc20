import {
  isNewId,
  PLAN_NAMES,
  PLAN_QUOTAS,
  type MyTeam,
  TEAM_ROLE_LEAD,
  TEAM_ROLES,
  type Team,
  type TeamMember,
  type TeamRoleId,
  type TeamView,
  type UserListViewRow,
  type UserTeamRole,
} from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { toTenantRole } from '../tenants/index.ts';
import { lockTenant } from '../tenants/index.ts';
import { assertVersion } from '../activities/index.ts';
import { isTenantAdmin, listVisibleTeamIds, requireAccess, resolveTeamPermission } from '../access/index.ts';
import { toTeam, toTeamMember } from './teams.mappers.ts';
import * as repo from './teams.repository.ts';

export type ChangeTeamMemberInput = {
  TeamId: string;
  UserProfileId: string;
  TeamRoleId?: TeamRoleId | undefined;
  Add?: boolean | undefined;
  Update?: boolean | undefined;
};

/** What happened to a person's membership: the notifications module tells them (issue 28 C2). */
export type TeamChange = { kind: 'added'; roleId: TeamRoleId } | { kind: 'role'; roleId: TeamRoleId } | { kind: 'removed' };

/**
 * Called in the membership change's transaction. Passed in by modules/index.ts, so that teams does
 * not depend on notifications (which depends on people, which depends on teams).
 */
export type MemberChangeListener = (
  tx: Db,
  input: { tenantId: string; actorId: string; userId: string; teamId: string; change: TeamChange },
) => Promise<void>;

/**
 * Locks the team and answers 409 with it as it is now when the version the caller read is not its
 * version (DESIGN.md §13), naming its last writer (the team's own changed_by: teams keep no trail).
 * Membership changes (ChangeTeamMember) change membership rows, not the team, and carry no version.
 */
const checkTeamVersion = async (tx: Db, auth: AuthContext, team: repo.TeamRow, read: number): Promise<void> => {
  const current = await repo.lockTeamVersion(tx, auth.tenantId, team.id);
  if (current === null) throw notFound('The team');
  // Read once for both the 409's row and its writer.
  let reading: Promise<repo.TeamRow | null> | undefined;
  const now = () => {
    reading ??= repo.findTeam(tx, auth.tenantId, team.id);
    return reading;
  };
  await assertVersion(tx, auth, {
    entity: 'Team',
    id: team.id,
    what: `the team “${team.name}”`,
    read,
    current,
    row: async () => {
      const row = await now();
      return row ? toTeam(row) : null;
    },
    writtenBy: async () => {
      const row = await now();
      return row ? { userId: row.changedBy, at: row.updatedAt } : null;
    },
  });
};

export const createTeamsService = (ctx: AppContext, onMemberChange?: MemberChangeListener) => {
  /** The teams the caller may see: every team for Owners and Admins, their own for Members. */
  const visibleIds = async (auth: AuthContext): Promise<string[] | null> => (isTenantAdmin(auth) ? null : listVisibleTeamIds(ctx.db, auth));

  const requireVisibleTeam = async (auth: AuthContext, teamId: string) => {
    const permission = await resolveTeamPermission(ctx.db, auth, teamId);
    if (!permission) throw notFound('The team');
    return permission;
  };

  return {
    get: async (auth: AuthContext, teamId: string): Promise<Team> => {
      await requireVisibleTeam(auth, teamId);
      const row = await repo.findTeam(ctx.db, auth.tenantId, teamId);
      if (!row) throw notFound('The team');
      return toTeam(row);
    },

    myList: async (auth: AuthContext): Promise<MyTeam[]> => {
      const [rows, memberships] = await Promise.all([
        visibleIds(auth).then((ids) => repo.listTeams(ctx.db, auth.tenantId, { ids, activeOnly: true })),
        repo.listMemberships(ctx.db, auth.tenantId, auth.userId),
      ]);
      // Who may create a plan in the team: the same rule as the plans service (Owner, Admin, Lead).
      const leads = new Set(memberships.filter((m) => m.teamRoleId === TEAM_ROLE_LEAD).map((m) => m.teamId));
      return rows.map((row) => ({ ...toTeam(row), CanManagePlans: isTenantAdmin(auth) || leads.has(row.id) }));
    },

    list: async (auth: AuthContext, filter: { UserProfileId?: string | undefined; Name?: string | undefined }): Promise<Team[]> => {
      let ids = await visibleIds(auth);
      if (filter.UserProfileId) {
        const ofPerson = (await repo.listMemberships(ctx.db, auth.tenantId, filter.UserProfileId)).map((m) => m.teamId);
        ids = ids ? ids.filter((id) => ofPerson.includes(id)) : ofPerson;
      }
      return (await repo.listTeams(ctx.db, auth.tenantId, { ids, name: filter.Name })).map(toTeam);
    },

    listView: async (auth: AuthContext): Promise<TeamView[]> => {
      const [rows, counts, mine] = await Promise.all([
        visibleIds(auth).then((ids) => repo.listTeams(ctx.db, auth.tenantId, { ids })),
        repo.countMembersByTeam(ctx.db, auth.tenantId),
        repo.listMemberships(ctx.db, auth.tenantId, auth.userId),
      ]);
      const myRoles = new Map(mine.map((m) => [m.teamId, m.teamRoleId]));
      return rows.map((row) => ({ ...toTeam(row), MemberCount: counts.get(row.id) ?? 0, MyTeamRoleId: myRoles.get(row.id) ?? null }));
    },

    /** Owners and Admins may look at anyone's memberships; others only at their own. */
    getUserTeamRoles: async (auth: AuthContext, userId: string): Promise<UserTeamRole[]> => {
      if (userId !== auth.userId && !isTenantAdmin(auth)) throw forbidden('You can only see your own teams.');
      if (!(await repo.findTenantUser(ctx.db, auth.tenantId, userId))) throw notFound('The person');
      const rows = await repo.listMemberships(ctx.db, auth.tenantId, userId);
      return rows.map((m) => ({ TeamId: m.teamId, TeamName: m.teamName, UserProfileId: m.userId, TeamRoleId: m.teamRoleId }));
    },

    save: async (
      auth: AuthContext,
      input: { Id?: string | undefined; Name: string; Active?: boolean | undefined; Version?: number | undefined },
    ): Promise<Team> =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        // The quota and the name check read the tenant's teams: one save at a time per tenant, and
        // both checks after the lock, so two saves of one name cannot both pass.
        await lockTenant(tx, auth.tenantId);
        const sameName = await repo.findTeamByName(tx, auth.tenantId, input.Name);
        if (isNewId(input.Id)) {
          const quota = PLAN_QUOTAS[auth.planCode].teams;
          if (quota !== null && (await repo.countTeams(tx, auth.tenantId)) >= quota) {
            throw conflict(
              `Your ${PLAN_NAMES[auth.planCode]} plan includes ${quota} ${quota === 1 ? 'team' : 'teams'}. Upgrade your plan to add more.`,
            );
          }
          if (sameName) throw conflict(`A team named "${sameName.name}" already exists.`);
          return toTeam(
            await repo.insertTeam(tx, { tenantId: auth.tenantId, id: newId(), name: input.Name, active: input.Active ?? true, now }),
          );
        }
        const teamId = input.Id as string;
        const current = await repo.findTeam(tx, auth.tenantId, teamId);
        if (!current) throw notFound('The team');
        // The contract requires a Version on update (requireVersionOnUpdate).
        await checkTeamVersion(tx, auth, current, input.Version ?? 0);
        if (sameName && sameName.id !== teamId) throw conflict(`A team named "${sameName.name}" already exists.`);
        const row = await repo.updateTeam(tx, auth.tenantId, teamId, { name: input.Name, active: input.Active ?? current.active }, now);
        if (!row) throw notFound('The team');
        return toTeam(row);
      }),

    /** Owners, Admins and the team's Leads add, re-role and remove members. */
    changeTeamMember: async (auth: AuthContext, input: ChangeTeamMemberInput): Promise<TeamMember[]> =>
      ctx.db.transaction(async (tx) => {
        const permission = await resolveTeamPermission(tx, auth, input.TeamId);
        if (!permission) throw notFound('The team');
        requireAccess(permission, 'team.changeMember');
        const person = await repo.findTenantUser(tx, auth.tenantId, input.UserProfileId);
        if (!person) throw notFound('The person');
        const membership = await repo.findMembership(tx, auth.tenantId, input.TeamId, input.UserProfileId);
        if (input.Add) {
          if (membership) throw conflict(`${person.firstName} ${person.lastName} is already in this team.`);
          if (!person.active) throw badRequest(`${person.firstName} ${person.lastName} is deactivated. Reactivate them first.`);
          await repo.insertMembership(tx, {
            tenantId: auth.tenantId,
            teamId: input.TeamId,
            userId: input.UserProfileId,
            teamRoleId: input.TeamRoleId as TeamRoleId,
            now: ctx.clock.now(),
          });
        } else {
          if (!membership) throw notFound('The team member');
          if (input.Update)
            await repo.updateMembership(tx, auth.tenantId, input.TeamId, input.UserProfileId, input.TeamRoleId as TeamRoleId);
          else await repo.deleteMembership(tx, auth.tenantId, input.TeamId, input.UserProfileId);
        }
        const change: TeamChange | null = input.Add
          ? { kind: 'added', roleId: input.TeamRoleId as TeamRoleId }
          : !input.Update
            ? { kind: 'removed' }
            : membership?.teamRoleId !== input.TeamRoleId
              ? { kind: 'role', roleId: input.TeamRoleId as TeamRoleId }
              : null;
        if (change && onMemberChange) {
          await onMemberChange(tx, {
            tenantId: auth.tenantId,
            actorId: auth.userId,
            userId: input.UserProfileId,
            teamId: input.TeamId,
            change,
          });
        }
        return (await repo.listTeamMembers(tx, auth.tenantId, input.TeamId)).map(toTeamMember);
      }),

    getTeamMembers: async (auth: AuthContext, teamId: string): Promise<TeamMember[]> => {
      await requireVisibleTeam(auth, teamId);
      return (await repo.listTeamMembers(ctx.db, auth.tenantId, teamId)).map(toTeamMember);
    },

    getRoles: () => TEAM_ROLES.map((role) => ({ Id: role.Id, Name: role.Name, Description: role.Description })),

    /** The people picker of team management: Owners, Admins and Leads of any team. */
    userListView: async (auth: AuthContext): Promise<UserListViewRow[]> => {
      if (!isTenantAdmin(auth) && !(await repo.isLeadOfAnyTeam(ctx.db, auth.tenantId, auth.userId))) {
        throw forbidden('Only Owners, Admins and team Leads can list people.');
      }
      const [people, memberships] = await Promise.all([
        repo.listTenantUsers(ctx.db, auth.tenantId),
        repo.listMemberships(ctx.db, auth.tenantId),
      ]);
      return people.map((person) => ({
        Id: person.id,
        FirstName: person.firstName,
        LastName: person.lastName,
        Email: person.email,
        Active: person.active,
        TenantRole: toTenantRole(person.tenantRole),
        Teams: memberships
          .filter((m) => m.userId === person.id)
          .map((m) => ({ TeamId: m.teamId, TeamName: m.teamName, TeamRoleId: m.teamRoleId })),
      }));
    },

    delete: async (auth: AuthContext, teamId: string, version: number): Promise<true> =>
      ctx.db.transaction(async (tx) => {
        const team = await repo.findTeam(tx, auth.tenantId, teamId);
        if (!team) throw notFound('The team');
        await checkTeamVersion(tx, auth, team, version);
        const plans = await repo.countTeamPlans(tx, auth.tenantId, teamId);
        if (plans > 0) {
          throw conflict(
            `This team has ${plans} ${plans === 1 ? 'plan' : 'plans'}. Delete ${plans === 1 ? 'it' : 'them'} first, or deactivate the team instead.`,
          );
        }
        if (!(await repo.deleteTeam(tx, auth.tenantId, teamId))) throw notFound('The team');
        return true as const;
      }),
  };
};
