import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { refreshTokens } from '../../schema/identity.ts';
import { users } from '../../schema/tenants.ts';

const API = '/api/UserProfileClient';
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

const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('listing people', () => {
  it('lists the tenant’s people with their status, for Owners and Admins only', async () => {
    const response = await call('List', {}, 'admin');
    expect(response.status).toBe(200);
    expect(response.body.Result).toHaveLength(5);
    expect(response.body.Result[0]).toMatchObject({ Status: 'Active', Active: true, InvitationSentAt: null, InvitationExpiresAt: null });
    for (const who of ['member', 'viewer', 'outsider'] as const) expect((await call('List', {}, who)).status).toBe(403);
  });

  it('filters by IsActive', async () => {
    const inactive = await createTenant(t);
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, inactive.users.outsider.id));
    const token = await inactive.tokenFor('owner');
    const onlyInactive = await t.post(`${API}/List`, { IsActive: false }, token);
    expect(onlyInactive.body.Result.map((p: { Id: string; Status: string }) => [p.Id, p.Status])).toEqual([
      [inactive.users.outsider.id, 'Inactive'],
    ]);
    const onlyActive = await t.post(`${API}/List`, { IsActive: true }, token);
    expect(onlyActive.body.Result).toHaveLength(4);
  });
});

describe('creating and editing people', () => {
  it('creates an invited person without a password, as a Member by default', async () => {
    const response = await call('Save', { FirstName: 'Nina', LastName: 'New', Email: 'Nina.New@Example.test' }, 'admin');
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      FirstName: 'Nina',
      Email: 'nina.new@example.test',
      TenantRole: 'Member',
      Status: 'Invited',
    });
    const row = await userRow(response.body.Result.Id);
    expect(row?.passwordHash).toBeNull();
    expect(row?.tenantId).toBe(acme.id);
  });

  it('refuses an e-mail address that already has an account, in any tenant', async () => {
    const response = await call('Save', { FirstName: 'Dup', LastName: 'Licate', Email: other.users.member.email }, 'owner');
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('Someone with this email address already has a Plansmith account.');
  });

  it('asks for an e-mail address when creating', async () => {
    const response = await call('Save', { FirstName: 'No', LastName: 'Mail' }, 'owner');
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([{ Field: 'Email', Message: 'Please provide a valid email address!' }]);
  });

  it('lets an admin rename a person and change a tenant role between Admin and Member', async () => {
    const { member } = acme.users;
    const response = await call('Save', { Id: member.id, FirstName: 'Mona', LastName: 'Member', TenantRole: 'Admin' }, 'admin');
    expect(response.body.Result).toMatchObject({ FirstName: 'Mona', TenantRole: 'Admin', Active: true });
    expect((await userRow(member.id))?.tenantRole).toBe('admin');
    await call('Save', { Id: member.id, FirstName: 'Member', LastName: 'Acme', TenantRole: 'Member' }, 'admin');
    expect((await userRow(member.id))?.tenantRole).toBe('member');
  });

  it('keeps the Owner role to Owners: an Admin can neither grant it nor change an Owner', async () => {
    const grant = await call('Save', { Id: acme.users.member.id, FirstName: 'M', LastName: 'M', TenantRole: 'Owner' }, 'admin');
    expect(grant.status).toBe(403);
    const demote = await call('Save', { Id: acme.users.owner.id, FirstName: 'Owner', LastName: 'Acme', TenantRole: 'Admin' }, 'admin');
    expect(demote.status).toBe(403);
    const deactivate = await call('Save', { Id: acme.users.owner.id, FirstName: 'Owner', LastName: 'Acme', Active: false }, 'admin');
    expect(deactivate.status).toBe(403);
    const create = await call(
      'Save',
      { FirstName: 'New', LastName: 'Owner', Email: 'new-owner@example.test', TenantRole: 'Owner' },
      'admin',
    );
    expect(create.status).toBe(403);
    expect((await userRow(acme.users.owner.id))?.tenantRole).toBe('owner');
    expect((await userRow(acme.users.member.id))?.tenantRole).toBe('member');
  });

  it('never leaves a tenant without an active Owner', async () => {
    const solo = await createTenant(t);
    const token = await solo.tokenFor('owner');
    const demote = await t.post(`${API}/Save`, { Id: solo.users.owner.id, FirstName: 'O', LastName: 'O', TenantRole: 'Admin' }, token);
    expect(demote.status).toBe(409);
    expect(demote.body.Message).toBe('Your account needs at least one active Owner. Make someone else an Owner first.');
    // With a second Owner the first may step down.
    const promote = await t.post(`${API}/Save`, { Id: solo.users.admin.id, FirstName: 'A', LastName: 'A', TenantRole: 'Owner' }, token);
    expect(promote.body.Result.TenantRole).toBe('Owner');
    const stepDown = await t.post(`${API}/Save`, { Id: solo.users.owner.id, FirstName: 'O', LastName: 'O', TenantRole: 'Admin' }, token);
    expect(stepDown.body.Result.TenantRole).toBe('Admin');
  });

  it('refuses to let someone deactivate themselves', async () => {
    const response = await call('Save', { Id: acme.users.admin.id, FirstName: 'A', LastName: 'A', Active: false }, 'admin');
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('You cannot deactivate yourself.');
  });

  it('deactivation ends every session of the person and stops sign-in', async () => {
    const victim = await createTenant(t);
    const session = await login(t, victim.users.member.email);
    // Used once first, so the server holds the member as a known caller (db/tenant-row-cache.ts).
    expect((await t.get('/api/identity/token/valid', session.AccessToken)).status).toBe(200);
    const ownerToken = await victim.tokenFor('owner');
    const response = await t.post(`${API}/Save`, { Id: victim.users.member.id, FirstName: 'M', LastName: 'M', Active: false }, ownerToken);
    expect(response.body.Result).toMatchObject({ Active: false, Status: 'Inactive' });
    expect((await t.get('/api/identity/token/valid', session.AccessToken)).status).toBe(401);
    const refresh = await t.post('/api/identity/token/userrefresh', { RefreshToken: session.RefreshToken });
    expect(refresh.status).toBe(401);
    const live = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, victim.users.member.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    const signIn = await t.post('/api/identity/token/user', {
      Username: victim.users.member.email,
      Password: TEST_PASSWORD,
      ClientId: 'plansmith-web',
    });
    expect(signIn.status).toBe(401);
  });

  it('keeps to the plan’s people quota when creating and reactivating', async () => {
    const starter = await createTenant(t, { planCode: 'starter' });
    const token = await starter.tokenFor('owner');
    // The factory gives 5 active people; Starter allows 3.
    const create = await t.post(`${API}/Save`, { FirstName: 'Q', LastName: 'Q', Email: 'quota@example.test' }, token);
    expect(create.status).toBe(409);
    expect(create.body.Message).toBe('Your Starter plan includes 3 people. Upgrade your plan or deactivate someone first.');
    for (const who of ['member', 'viewer', 'outsider'] as const) {
      await t.post(`${API}/Save`, { Id: starter.users[who].id, FirstName: 'X', LastName: 'X', Active: false }, token);
    }
    expect((await t.post(`${API}/Save`, { Id: starter.users.member.id, FirstName: 'X', LastName: 'X', Active: true }, token)).status).toBe(
      200,
    );
    expect((await t.post(`${API}/Save`, { Id: starter.users.viewer.id, FirstName: 'X', LastName: 'X', Active: true }, token)).status).toBe(
      409,
    );
  });

  it('refuses a Member or Viewer with 403 and changes nothing', async () => {
    for (const who of ['member', 'viewer'] as const) {
      const response = await call('Save', { Id: acme.users.outsider.id, FirstName: 'Hacked', LastName: 'X', TenantRole: 'Admin' }, who);
      expect(response.status).toBe(403);
    }
    expect((await userRow(acme.users.outsider.id))?.firstName).toBe('Outsider');
  });
});

describe('notification settings', () => {
  it('starts from the defaults and keeps each user’s own choices', async () => {
    const defaults = await call('GetNotificationSettings', {}, 'viewer');
    expect(defaults.body.Result).toEqual({
      CommentsOnMyPlans: true,
      Mentions: true,
      BudgetThresholds: true,
      TeamChanges: true,
      WeeklySummary: false,
      Approvals: true,
      MonthClose: true,
      ProductNews: false,
    });
    const choice = {
      CommentsOnMyPlans: false,
      Mentions: false,
      BudgetThresholds: true,
      TeamChanges: false,
      WeeklySummary: true,
      Approvals: false,
      MonthClose: false,
      ProductNews: false,
    };
    expect((await call('SaveNotificationSettings', choice, 'viewer')).body.Result).toEqual(choice);
    expect((await call('GetNotificationSettings', {}, 'viewer')).body.Result).toEqual(choice);
    expect((await call('GetNotificationSettings', {}, 'member')).body.Result).toEqual(defaults.body.Result);
    expect((await call('SaveNotificationSettings', { CommentsOnMyPlans: 'yes' }, 'viewer')).status).toBe(400);
  });
});

describe('tenant isolation', () => {
  const snapshot = async () => t.ctx.db.select().from(users).where(eq(users.tenantId, acme.id)).orderBy(users.id);

  it('answers 404 to another tenant’s owner for the first tenant’s people and changes nothing', async () => {
    const before = await snapshot();
    const target = acme.users.member.id;
    for (const body of [
      { Id: target, FirstName: 'Hijacked', LastName: 'X' },
      { Id: target, FirstName: 'Hijacked', LastName: 'X', Active: false },
      { Id: target, FirstName: 'Hijacked', LastName: 'X', TenantRole: 'Admin' },
    ]) {
      expect((await call('Save', body, 'owner', other)).status).toBe(404);
    }
    expect((await call('SendInvitation', { UserProfileId: target }, 'owner', other)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('lists none of the first tenant’s people to the second tenant', async () => {
    const list = await call('List', {}, 'owner', other);
    const ids = list.body.Result.map((p: { Id: string }) => p.Id);
    expect(ids.sort()).toEqual(
      Object.values(other.users)
        .map((u) => u.id)
        .sort(),
    );
  });
});
