import { isNewId, PLAN_NAMES, PLAN_QUOTAS, type Person, TEAM_ROLE_PLANNER, type TeamRoleId, type TenantRole } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { revokeAllSessions } from '../identity/index.ts';
import { listInvitationKeys, revokeUserKeys } from '../identity/index.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import { addNewPersonToTeam } from '../teams/index.ts';
import { toTenantRoleCode } from '../tenants/index.ts';
import { lockTenant } from '../tenants/index.ts';
import type { TenantRoleCode } from '../../schema/tenants.ts';
import { toPerson } from './people.mappers.ts';
import * as repo from './people.repository.ts';

export type PersonSaveInput = {
  Id?: string | undefined;
  FirstName: string;
  LastName: string;
  Email?: string | undefined;
  Active?: boolean | undefined;
  TenantRole?: TenantRole | undefined;
  TeamId?: string | undefined;
  TeamRoleId?: TeamRoleId | undefined;
};

/**
 * Rules for people (DESIGN.md §4; decided here):
 * - Owners and Admins manage people; only an Owner may make someone an Owner or change an Owner.
 * - The tenant always keeps one active Owner: the last one cannot be demoted or deactivated.
 * - Nobody deactivates themselves (an admin would lock themselves out mid-task).
 * - Active people, invited ones included, count against the plan's people quota.
 * - Deactivation ends every session of the person and voids their outstanding keys.
 */
const ROLE_NAMES: Record<TenantRoleCode, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const createPeopleService = (ctx: AppContext) => {
  const withInvitations = async (db: Db, tenantId: string, rows: repo.UserRow[]): Promise<Person[]> => {
    const keys = await listInvitationKeys(
      db,
      tenantId,
      rows.map((row) => row.id),
    );
    const now = ctx.clock.now();
    return rows.map((row) => toPerson(row, keys, now));
  };

  const assertQuota = async (db: Db, auth: AuthContext) => {
    const quota = PLAN_QUOTAS[auth.planCode].people;
    if (quota !== null && (await repo.countActivePeople(db, auth.tenantId)) >= quota) {
      throw conflict(`Your ${PLAN_NAMES[auth.planCode]} plan includes ${quota} people. Upgrade your plan or deactivate someone first.`);
    }
  };

  const create = async (db: Db, auth: AuthContext, input: PersonSaveInput, role: TenantRoleCode): Promise<repo.UserRow> => {
    if (!input.Email) throw fieldError('Email', 'Please provide a valid email address!');
    if (role === 'owner' && auth.role !== 'owner') throw forbidden('Only an Owner can make someone an Owner.');
    if (input.Active !== false) await assertQuota(db, auth);
    if (await repo.isEmailTaken(db, input.Email)) throw conflict('Someone with this email address already has a Plansmith account.');
    const now = ctx.clock.now();
    const row = await repo.insertPerson(db, {
      tenantId: auth.tenantId,
      id: newId(),
      email: input.Email,
      firstName: input.FirstName,
      lastName: input.LastName,
      active: input.Active ?? true,
      tenantRole: role,
      now,
    });
    // An invitation that names a team: the invitee lands in it (DESIGN.md §12).
    if (input.TeamId) {
      const teamRoleId = input.TeamRoleId ?? TEAM_ROLE_PLANNER;
      await addNewPersonToTeam(db, { tenantId: auth.tenantId, teamId: input.TeamId, userId: row.id, teamRoleId, now });
    }
    return row;
  };

  const update = async (db: Db, auth: AuthContext, id: string, input: PersonSaveInput, ip?: string): Promise<repo.UserRow> => {
    const current = await repo.findPerson(db, auth.tenantId, id);
    if (!current) throw notFound('The person');
    if (input.Email && input.Email !== current.email) throw fieldError('Email', 'The email address cannot be changed.');
    const role = input.TenantRole ? toTenantRoleCode(input.TenantRole) : current.tenantRole;
    const active = input.Active ?? current.active;
    const touchesOwner = current.tenantRole === 'owner' || role === 'owner';
    if (touchesOwner && auth.role !== 'owner' && (role !== current.tenantRole || active !== current.active)) {
      throw forbidden('Only an Owner can grant, change or deactivate the Owner role.');
    }
    if (!active && id === auth.userId) throw badRequest('You cannot deactivate yourself.');
    const losesOwner = current.tenantRole === 'owner' && current.active && (role !== 'owner' || !active);
    if (losesOwner && (await repo.countActiveOwners(db, auth.tenantId)) <= 1) {
      throw conflict('Your account needs at least one active Owner. Make someone else an Owner first.');
    }
    if (active && !current.active) await assertQuota(db, auth);
    const now = ctx.clock.now();
    const row = await repo.updatePerson(
      db,
      auth.tenantId,
      id,
      { firstName: input.FirstName, lastName: input.LastName, active, tenantRole: role },
      now,
    );
    if (!row) throw notFound('The person');
    if (current.active && !active) {
      await revokeAllSessions(db, auth.tenantId, id, now);
      await revokeUserKeys(db, auth.tenantId, id, null, now);
    }
    // The audit log (DESIGN.md §18): a role change and a deactivation, each once, in the save's transaction.
    const event = {
      tenantId: auth.tenantId,
      userId: auth.userId,
      subjectUserId: id,
      ip: ip ?? null,
      entityType: 'User',
      entityId: id,
      at: now,
    };
    const who = `${row.firstName} ${row.lastName} (${row.email})`.trim();
    if (role !== current.tenantRole) {
      const summary = `Changed the role of ${who} from ${ROLE_NAMES[current.tenantRole]} to ${ROLE_NAMES[role]}`;
      await recordSecurityEvent(db, { ...event, kind: 'role_changed', summary });
    }
    if (current.active && !active) {
      await recordSecurityEvent(db, { ...event, kind: 'person_deactivated', summary: `Deactivated ${who}; their sessions ended` });
    }
    return row;
  };

  return {
    list: async (auth: AuthContext, isActive?: boolean): Promise<Person[]> =>
      withInvitations(ctx.db, auth.tenantId, await repo.listPeople(ctx.db, auth.tenantId, isActive)),

    save: async (auth: AuthContext, input: PersonSaveInput, ip?: string): Promise<Person> =>
      ctx.db.transaction(async (tx) => {
        // Quota and last-Owner checks count the tenant's people: one save at a time per tenant.
        await lockTenant(tx, auth.tenantId);
        const row = isNewId(input.Id)
          ? await create(tx, auth, input, toTenantRoleCode(input.TenantRole ?? 'Member'))
          : await update(tx, auth, input.Id as string, input, ip);
        const [person] = await withInvitations(tx, auth.tenantId, [row]);
        return person as Person;
      }),
  };
};
