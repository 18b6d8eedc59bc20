import { CLIENT_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tenants, users } from '../../schema/tenants.ts';

/** The foundation's tenant routes: every answer is the caller's own tenant, and no call reaches another. */
let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme', planCode: 'performance' });
  other = await createTenant(t, { name: 'Other', planCode: 'starter' });
});
afterAll(async () => t.close());

const snapshot = async (tenantId: string) => ({
  tenant: await t.ctx.db.select().from(tenants).where(eq(tenants.id, tenantId)),
  users: await t.ctx.db.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(users.id),
});

describe('tenant routes stay inside the caller’s tenant', () => {
  it('answers Get and GetUserProfile with the caller’s own tenant and profile', async () => {
    const token = await other.tokenFor('owner');
    const tenant = await t.get('/api/TenantClient/Get', token);
    expect(tenant.body.Result).toMatchObject({ Id: other.id, Name: 'Other', ShortName: 'OT', PlanCode: 'starter' });
    const profile = await t.post('/api/UserProfileClient/GetUserProfile', {}, token);
    expect(profile.body.Result).toMatchObject({ Id: other.users.owner.id, TenantRole: 'Owner' });
  });

  it('a second tenant’s owner saving the tenant and their profile changes nothing of the first tenant', async () => {
    const before = await snapshot(acme.id);
    const token = await other.tokenFor('owner');
    const saved = await t.post('/api/TenantClient/Save', { Name: 'Other Renamed', MetaData: { CompletedNewAccountSetup: true } }, token);
    expect(saved.body.Result).toMatchObject({ Id: other.id, Name: 'Other Renamed' });
    const mine = await t.post(
      '/api/UserProfileClient/MySave',
      { FirstName: 'Olga', LastName: 'Owner', MetaData: { CompletedNewUserTour: true } },
      token,
    );
    expect(mine.body.Result).toMatchObject({ Id: other.users.owner.id, FirstName: 'Olga' });
    expect(await snapshot(acme.id)).toEqual(before);
  });

  it('ignores a tenant or user id smuggled into a body', async () => {
    const before = await snapshot(acme.id);
    const token = await other.tokenFor('owner');
    await t.post('/api/TenantClient/Save', { Id: acme.id, Name: 'Hijacked' }, token);
    await t.post('/api/UserProfileClient/MySave', { Id: acme.users.owner.id, FirstName: 'Hijacked', LastName: 'X' }, token);
    expect(await snapshot(acme.id)).toEqual(before);
  });

  it('changing one’s password or signing out touches no one else', async () => {
    const before = await snapshot(acme.id);
    const session = await login(t, other.users.member.email);
    const changed = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: TEST_PASSWORD, NewPassword: 'another-long-passphrase', ClientId: CLIENT_ID },
      session.AccessToken,
    );
    expect(changed.status).toBe(200);
    await t.post('/api/identity/token/logout', {}, changed.body.Result.AccessToken);
    expect(await snapshot(acme.id)).toEqual(before);
    expect((await t.get('/api/identity/token/valid', await acme.tokenFor('member'))).status).toBe(200);
  });
});

describe('tenant routes by role', () => {
  it('lets Owners and Admins save the tenant; Members and Viewers get 403 and change nothing', async () => {
    expect((await t.post('/api/TenantClient/Save', { Name: 'Acme' }, await acme.tokenFor('owner'))).status).toBe(200);
    expect((await t.post('/api/TenantClient/Save', { Name: 'Acme' }, await acme.tokenFor('admin'))).status).toBe(200);
    const before = await snapshot(acme.id);
    for (const who of ['member', 'viewer', 'outsider'] as const) {
      expect((await t.post('/api/TenantClient/Save', { Name: 'Renamed by a member' }, await acme.tokenFor(who))).status).toBe(403);
    }
    expect(await snapshot(acme.id)).toEqual(before);
  });

  it('grants tenant policies by role and product policies by plan', async () => {
    const granted = async (tenant: TestTenant, who: keyof TestTenant['users']) => {
      const response = await t.post('/api/TenantClient/GetPermissions', {}, await tenant.tokenFor(who));
      return response.body.Result.filter((p: { Permission: number }) => p.Permission === 1).map((p: { Name: string }) => p.Name);
    };
    const account = ['Account.Settings', 'Account.Lookups', 'Account.Teams', 'Account.People'];
    expect(await granted(acme, 'owner')).toEqual([...account, 'Account.Billing', 'Plan.Agility', 'Plan.Performance']);
    expect(await granted(acme, 'admin')).toEqual([...account, 'Plan.Agility', 'Plan.Performance']);
    expect(await granted(acme, 'member')).toEqual(['Plan.Agility', 'Plan.Performance']);
    expect(await granted(acme, 'viewer')).toEqual(['Plan.Agility', 'Plan.Performance']);
    expect(await granted(other, 'viewer')).toEqual([]);
  });
});
