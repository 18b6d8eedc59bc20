import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tenants, users } from '../../schema/tenants.ts';

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme Marketing', planCode: 'performance' });
});
afterAll(async () => t.close());

type PermissionEntry = { Name: string; Permission: 1 | 2; Policy: { Name: string; PolicyType: 1 | 4 } };
const granted = (entries: PermissionEntry[]) =>
  entries
    .filter((entry) => entry.Permission === 1)
    .map((entry) => entry.Name)
    .sort();

describe('GetPermissions', () => {
  it('grants the Owner every account policy including billing, and the products of the plan', async () => {
    const response = await t.post('/api/TenantClient/GetPermissions', {}, await acme.tokenFor('owner'));
    expect(response.status).toBe(200);
    expect(granted(response.body.Result)).toEqual(
      [
        'Account.Billing',
        'Account.Lookups',
        'Account.People',
        'Account.Settings',
        'Account.Teams',
        'Plan.Agility',
        'Plan.Performance',
      ].sort(),
    );
    const types = Object.fromEntries(response.body.Result.map((entry: PermissionEntry) => [entry.Name, entry.Policy.PolicyType]));
    expect(types['Account.People']).toBe(1);
    expect(types['Plan.Performance']).toBe(4);
  });

  it('grants an Admin the account policies except billing', async () => {
    const response = await t.post('/api/TenantClient/GetPermissions', {}, await acme.tokenFor('admin'));
    expect(granted(response.body.Result)).toEqual(
      ['Account.Lookups', 'Account.People', 'Account.Settings', 'Account.Teams', 'Plan.Agility', 'Plan.Performance'].sort(),
    );
  });

  it('grants a Member and a Viewer only the product policies, and lists every denied one with 2', async () => {
    for (const who of ['member', 'viewer'] as const) {
      const response = await t.post('/api/TenantClient/GetPermissions', {}, await acme.tokenFor(who));
      expect(granted(response.body.Result)).toEqual(['Plan.Agility', 'Plan.Performance']);
      const billing = response.body.Result.find((entry: PermissionEntry) => entry.Name === 'Account.Billing');
      expect(billing.Permission).toBe(2);
    }
  });

  it('follows the subscription: Starter has no product policy, Agility only Plan.Agility', async () => {
    const starter = await createTenant(t, { planCode: 'starter' });
    const agility = await createTenant(t, { planCode: 'agility' });
    const starterPermissions = await t.post('/api/TenantClient/GetPermissions', {}, await starter.tokenFor('owner'));
    const agilityPermissions = await t.post('/api/TenantClient/GetPermissions', {}, await agility.tokenFor('owner'));
    expect(granted(starterPermissions.body.Result).filter((name: string) => name.startsWith('Plan.'))).toEqual([]);
    expect(granted(agilityPermissions.body.Result).filter((name: string) => name.startsWith('Plan.'))).toEqual(['Plan.Agility']);
  });
});

describe('profile', () => {
  it('returns the caller’s own profile with the tenant role', async () => {
    const response = await t.post('/api/UserProfileClient/GetUserProfile', {}, await acme.tokenFor('admin'));
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      Id: acme.users.admin.id,
      Email: acme.users.admin.email,
      TenantRole: 'Admin',
      Active: true,
    });
  });

  it('saves the caller’s own name and merges metadata, never another user’s', async () => {
    const token = await acme.tokenFor('member');
    const response = await t.post(
      '/api/UserProfileClient/MySave',
      { FirstName: 'Mia', LastName: 'Marketer', MetaData: { CompletedNewUserTour: true } },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ FirstName: 'Mia', LastName: 'Marketer', MetaData: { CompletedNewUserTour: true } });
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.id, acme.users.owner.id));
    expect(owner?.firstName).toBe('Owner');
  });

  it('refuses an empty name with 400 and changes nothing', async () => {
    const token = await acme.tokenFor('viewer');
    const response = await t.post('/api/UserProfileClient/MySave', { FirstName: '  ', LastName: 'X' }, token);
    expect(response.status).toBe(400);
    expect(response.body.Errors[0].Field).toBe('FirstName');
    const [viewer] = await t.ctx.db.select().from(users).where(eq(users.id, acme.users.viewer.id));
    expect(viewer?.firstName).toBe('Viewer');
  });
});

describe('tenant', () => {
  it('returns the tenant with its short name of two characters', async () => {
    const response = await t.get('/api/TenantClient/Get', await acme.tokenFor('member'));
    expect(response.body.Result).toMatchObject({ Id: acme.id, Name: 'Acme Marketing', ShortName: 'AC', PlanCode: 'performance' });
  });

  it('lets an Admin rename the tenant and keeps metadata keys it did not send', async () => {
    await t.ctx.db
      .update(tenants)
      .set({ metaData: { CompletedNewAccountSetup: true } })
      .where(eq(tenants.id, acme.id));
    const response = await t.post('/api/TenantClient/Save', { Name: 'Acme Growth' }, await acme.tokenFor('admin'));
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ Name: 'Acme Growth', ShortName: 'AC', MetaData: { CompletedNewAccountSetup: true } });
  });

  it('refuses a Member renaming the tenant with 403 and changes nothing', async () => {
    const [before] = await t.ctx.db.select().from(tenants).where(eq(tenants.id, acme.id));
    const response = await t.post('/api/TenantClient/Save', { Name: 'Hijacked' }, await acme.tokenFor('member'));
    expect(response.status).toBe(403);
    const [after] = await t.ctx.db.select().from(tenants).where(eq(tenants.id, acme.id));
    expect(after?.name).toBe(before?.name);
  });

  it('only ever shows and changes the caller’s own tenant', async () => {
    const other = await createTenant(t, { name: 'Globex' });
    const response = await t.post('/api/TenantClient/Save', { Name: 'Globex Renamed' }, await other.tokenFor('owner'));
    expect(response.body.Result.Id).toBe(other.id);
    const [acmeRow] = await t.ctx.db.select().from(tenants).where(eq(tenants.id, acme.id));
    expect(acmeRow?.name).not.toBe('Globex Renamed');
    expect((await t.get('/api/TenantClient/Get', await other.tokenFor('owner'))).body.Result.Name).toBe('Globex Renamed');
  });
});

describe('GetOwners', () => {
  it("names the account's active Owners to any member, never another tenant's or a deactivated Owner", async () => {
    const tenant = await createTenant(t, { name: 'Owners Co', planCode: 'starter' });
    await createTenant(t, { name: 'Elsewhere' });
    // A second Owner, then deactivated: no longer the one to ask.
    await t.ctx.db.update(users).set({ tenantRole: 'owner', active: false }).where(eq(users.id, tenant.users.admin.id));
    for (const who of ['member', 'viewer', 'owner'] as const) {
      const response = await t.post('/api/TenantClient/GetOwners', {}, await tenant.tokenFor(who));
      expect(response.status, response.text).toBe(200);
      expect(response.body.Result).toEqual([{ FirstName: 'Owner', LastName: 'Owners Co' }]);
    }
    expect((await t.post('/api/TenantClient/GetOwners', {})).status).toBe(401);
  });
});
