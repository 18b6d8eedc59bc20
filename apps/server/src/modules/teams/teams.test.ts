import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { teamMembers, teams } from '../../schema/teams.ts';

const API = '/api/TeamClient';
let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const call = async (path: string, body: unknown, who: keyof TestTenant['users'], tenant = acme) =>
  t.post(`${API}/${path}`, body, await tenant.tokenFor(who));

describe('reading teams', () => {
  it('lists every team for Owners and Admins, and only their own for Members', async () => {
    const extra = await call('Save', { Name: 'Field Marketing' }, 'owner');
    expect(extra.status).toBe(200);
    const ownerList = await call('MyList', {}, 'owner');
    expect(ownerList.body.Result.map((team: { Name: string }) => team.Name)).toEqual(['Acme Team', 'Field Marketing']);
    const adminList = await call('List', {}, 'admin');
    expect(adminList.body.Result).toHaveLength(2);
    const memberList = await call('MyList', {}, 'member');
    expect(memberList.body.Result.map((team: { Id: string }) => team.Id)).toEqual([acme.teamId]);
    const outsiderList = await call('MyList', {}, 'outsider');
    expect(outsiderList.body.Result).toEqual([]);
  });

  it('says in MyList whether the caller may create the team’s plans: Owners, Admins and the team’s Leads, not Planners or Viewers', async () => {
    const canManage = async (who: keyof TestTenant['users']) =>
      (await call('MyList', {}, who)).body.Result.find((team: { Id: string }) => team.Id === acme.teamId)?.CanManagePlans;
    expect(await canManage('owner')).toBe(true);
    expect(await canManage('admin')).toBe(true);
    expect(await canManage('member')).toBe(false);
    expect(await canManage('viewer')).toBe(false);
    // The same rule as the plans service: a Planner's new plan is refused.
    const refused = await t.post('/api/MarketingPlanClient/Save', { Name: 'Not mine', TeamId: acme.teamId }, await acme.tokenFor('member'));
    expect(refused.status).toBe(403);
  });

  it('answers Get for a team one belongs to and 404 for a team one does not', async () => {
    expect((await call('Get', { Id: acme.teamId }, 'viewer')).body.Result).toEqual({
      Id: acme.teamId,
      Name: 'Acme Team',
      Active: true,
      Version: 1,
    });
    expect((await call('Get', { Id: acme.teamId }, 'outsider')).status).toBe(404);
  });

  it('filters List by person and by name', async () => {
    const byPerson = await call('List', { UserProfileId: acme.users.member.id }, 'admin');
    expect(byPerson.body.Result.map((team: { Id: string }) => team.Id)).toEqual([acme.teamId]);
    const byName = await call('List', { Name: 'field' }, 'admin');
    expect(byName.body.Result.map((team: { Name: string }) => team.Name)).toEqual(['Field Marketing']);
    const wildcard = await call('List', { Name: '%' }, 'admin');
    expect(wildcard.body.Result).toEqual([]);
  });

  it('shows member counts and the caller’s role in ListView', async () => {
    const view = await call('ListView', {}, 'member');
    expect(view.body.Result).toEqual([{ Id: acme.teamId, Name: 'Acme Team', Active: true, Version: 1, MemberCount: 4, MyTeamRoleId: 2 }]);
  });

  it('lists members with their roles, Leads first', async () => {
    const members = await call('GetTeamMembers', { Id: acme.teamId }, 'viewer');
    expect(members.status).toBe(200);
    expect(members.body.Result.map((m: { TeamRoleId: number }) => m.TeamRoleId)).toEqual([1, 1, 2, 3]);
    expect(members.body.Result[2]).toMatchObject({ UserProfileId: acme.users.member.id, Email: acme.users.member.email, Active: true });
  });

  it('answers GetRoles with Lead, Planner and Viewer', async () => {
    const roles = await call('GetRoles', {}, 'viewer');
    expect(roles.body.Result.map((role: { Id: number; Name: string }) => [role.Id, role.Name])).toEqual([
      [1, 'Lead'],
      [2, 'Planner'],
      [3, 'Viewer'],
    ]);
  });

  it('shows a person’s memberships to themselves and to admins, not to other members', async () => {
    const own = await call('GetUserTeamRoles', { UserProfileId: acme.users.member.id }, 'member');
    expect(own.body.Result).toEqual([{ TeamId: acme.teamId, TeamName: 'Acme Team', UserProfileId: acme.users.member.id, TeamRoleId: 2 }]);
    expect((await call('GetUserTeamRoles', { UserProfileId: acme.users.member.id }, 'admin')).status).toBe(200);
    expect((await call('GetUserTeamRoles', { UserProfileId: acme.users.member.id }, 'viewer')).status).toBe(403);
  });

  it('gives the people picker to Owners, Admins and Leads only', async () => {
    const view = await call('UserListView', {}, 'admin');
    expect(view.status).toBe(200);
    const member = view.body.Result.find((p: { Id: string }) => p.Id === acme.users.member.id);
    expect(member).toMatchObject({ TenantRole: 'Member', Teams: [{ TeamId: acme.teamId, TeamName: 'Acme Team', TeamRoleId: 2 }] });
    expect((await call('UserListView', {}, 'member')).status).toBe(403);
    expect((await call('UserListView', {}, 'viewer')).status).toBe(403);
  });
});

describe('saving and deleting teams', () => {
  it('lets Owners and Admins create and rename teams; Members get 403', async () => {
    const created = await call('Save', { Id: '00000000-0000-0000-0000-000000000000', Name: 'Events' }, 'admin');
    expect(created.status).toBe(200);
    expect(created.body.Result).toMatchObject({ Name: 'Events', Active: true });
    const renamed = await call('Save', { Id: created.body.Result.Id, Version: 1, Name: 'Events & Webinars', Active: false }, 'owner');
    expect(renamed.body.Result).toEqual({ Id: created.body.Result.Id, Name: 'Events & Webinars', Active: false, Version: 2 });
    expect((await call('Save', { Name: 'Nope' }, 'member')).status).toBe(403);
    expect((await call('Save', { Name: 'Nope' }, 'viewer')).status).toBe(403);
    expect((await call('Delete', { Id: created.body.Result.Id, Version: 2 }, 'member')).status).toBe(403);
  });

  it('refuses a second team with the same name in any letter case', async () => {
    const response = await call('Save', { Name: 'acme team' }, 'owner');
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('A team named "Acme Team" already exists.');
  });

  it('explains a missing name', async () => {
    const response = await call('Save', { Name: '  ' }, 'owner');
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([{ Field: 'Name', Message: 'Name is required.' }]);
  });

  it('keeps to the plan’s team quota', async () => {
    const starter = await createTenant(t, { planCode: 'starter' });
    const response = await t.post(`${API}/Save`, { Name: 'Second' }, await starter.tokenFor('owner'));
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('Your Starter plan includes 1 team. Upgrade your plan to add more.');
  });

  it('deletes a team without plans together with its memberships', async () => {
    const created = await call('Save', { Name: 'Short-lived' }, 'owner');
    const id = created.body.Result.Id;
    await call('ChangeTeamMember', { TeamId: id, UserProfileId: acme.users.member.id, TeamRoleId: 3, Add: true }, 'owner');
    expect((await call('Delete', { Id: id, Version: 1 }, 'admin')).body.Result).toBe(true);
    expect(await t.ctx.db.select().from(teams).where(eq(teams.id, id))).toEqual([]);
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, id))).toEqual([]);
    expect((await call('Delete', { Id: id, Version: 1 }, 'admin')).status).toBe(404);
  });
});

describe('deleting a team that has plans', () => {
  it('refuses with 409 and keeps the team', async () => {
    const created = await call('Save', { Name: 'Has plans' }, 'owner');
    const id = created.body.Result.Id;
    await t.ctx.db
      .insert(marketingPlans)
      .values({ tenantId: acme.id, id: newId(), teamId: id, name: 'Plan', startDate: '2026-01-01', endDate: '2026-12-31' });
    const response = await call('Delete', { Id: id, Version: 1 }, 'owner');
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('This team has 1 plan. Delete it first, or deactivate the team instead.');
    expect(await t.ctx.db.select().from(teams).where(eq(teams.id, id))).toHaveLength(1);
  });
});

describe('changing team members', () => {
  const membershipOf = async (teamId: string, userId: string) =>
    (
      await t.ctx.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    )[0] ?? null;

  it('adds, re-roles and removes a member', async () => {
    const { outsider } = acme.users;
    const added = await call('ChangeTeamMember', { TeamId: acme.teamId, UserProfileId: outsider.id, TeamRoleId: 3, Add: true }, 'admin');
    expect(added.status).toBe(200);
    expect(added.body.Result.some((m: { UserProfileId: string }) => m.UserProfileId === outsider.id)).toBe(true);
    expect((await membershipOf(acme.teamId, outsider.id))?.teamRoleId).toBe(3);

    await call('ChangeTeamMember', { TeamId: acme.teamId, UserProfileId: outsider.id, TeamRoleId: 2, Update: true }, 'admin');
    expect((await membershipOf(acme.teamId, outsider.id))?.teamRoleId).toBe(2);

    const removed = await call('ChangeTeamMember', { TeamId: acme.teamId, UserProfileId: outsider.id }, 'admin');
    expect(removed.body.Result.some((m: { UserProfileId: string }) => m.UserProfileId === outsider.id)).toBe(false);
    expect(await membershipOf(acme.teamId, outsider.id)).toBeNull();
  });

  it('lets a team Lead manage members, but not Planners or Viewers', async () => {
    const lead = await createTenant(t);
    // The factory's Admin is also Lead; make the Member a Lead to test a non-admin Lead.
    await t.ctx.db.update(teamMembers).set({ teamRoleId: 1 }).where(eq(teamMembers.userId, lead.users.member.id));
    const token = await lead.tokenFor('member');
    const add = { TeamId: lead.teamId, UserProfileId: lead.users.outsider.id, TeamRoleId: 3, Add: true };
    expect((await t.post(`${API}/ChangeTeamMember`, add, token)).status).toBe(200);
    const viewerToken = await lead.tokenFor('viewer');
    const remove = { TeamId: lead.teamId, UserProfileId: lead.users.outsider.id };
    const refused = await t.post(`${API}/ChangeTeamMember`, remove, viewerToken);
    expect(refused.status).toBe(403);
    expect(await membershipOf(lead.teamId, lead.users.outsider.id)).not.toBeNull();
    expect((await call('ChangeTeamMember', remove, 'member')).status).toBe(404);
  });

  it('explains a duplicate add, a missing role and a non-member update', async () => {
    const duplicate = await call(
      'ChangeTeamMember',
      { TeamId: acme.teamId, UserProfileId: acme.users.member.id, TeamRoleId: 2, Add: true },
      'owner',
    );
    expect(duplicate.status).toBe(409);
    const missingRole = await call('ChangeTeamMember', { TeamId: acme.teamId, UserProfileId: acme.users.member.id, Add: true }, 'owner');
    expect(missingRole.status).toBe(400);
    expect(missingRole.body.Errors).toEqual([{ Field: 'TeamRoleId', Message: 'TeamRoleId is required to add or update a member.' }]);
    const badRole = await call(
      'ChangeTeamMember',
      { TeamId: acme.teamId, UserProfileId: acme.users.member.id, TeamRoleId: 7, Update: true },
      'owner',
    );
    expect(badRole.status).toBe(400);
    const notMember = await call(
      'ChangeTeamMember',
      { TeamId: acme.teamId, UserProfileId: acme.users.outsider.id, TeamRoleId: 2, Update: true },
      'owner',
    );
    expect(notMember.status).toBe(404);
  });
});

describe('tenant isolation', () => {
  const snapshot = async () => ({
    teams: await t.ctx.db.select().from(teams).where(eq(teams.tenantId, acme.id)).orderBy(teams.id),
    members: await t.ctx.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.tenantId, acme.id))
      .orderBy(teamMembers.teamId, teamMembers.userId),
  });

  it('answers 404 to another tenant’s owner for every team id and changes nothing', async () => {
    const before = await snapshot();
    const id = { Id: acme.teamId };
    for (const [path, body] of [
      ['Get', id],
      ['GetTeamMembers', id],
      ['Save', { Id: acme.teamId, Version: 1, Name: 'Hijacked' }],
      ['Delete', { ...id, Version: 1 }],
      ['ChangeTeamMember', { TeamId: acme.teamId, UserProfileId: acme.users.member.id }],
      ['ChangeTeamMember', { TeamId: acme.teamId, UserProfileId: other.users.member.id, TeamRoleId: 1, Add: true }],
      ['ChangeTeamMember', { TeamId: other.teamId, UserProfileId: acme.users.member.id, TeamRoleId: 1, Add: true }],
      ['GetUserTeamRoles', { UserProfileId: acme.users.member.id }],
    ] as const) {
      const response = await call(path, body, 'owner', other);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('shows none of the first tenant’s teams or people in the second tenant’s lists', async () => {
    const acmeTeamIds = (await snapshot()).teams.map((team) => team.id);
    for (const path of ['MyList', 'List', 'ListView']) {
      const response = await call(path, {}, 'owner', other);
      expect(response.body.Result.map((team: { Id: string }) => team.Id)).toEqual([other.teamId]);
      expect(response.body.Result.some((team: { Id: string }) => acmeTeamIds.includes(team.Id))).toBe(false);
    }
    const byPerson = await call('List', { UserProfileId: acme.users.member.id }, 'owner', other);
    expect(byPerson.body.Result).toEqual([]);
    const people = await call('UserListView', {}, 'owner', other);
    expect(people.body.Result.map((p: { Id: string }) => p.Id).sort()).toEqual(
      Object.values(other.users)
        .map((u) => u.id)
        .sort(),
    );
  });
});
