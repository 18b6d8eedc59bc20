// API tokens (DESIGN.md §18, issue 35 part H) through the real app: a token acts as its creator with
// the creator's rights as they are at each call, `read` refuses writes, and what a token may never do.
import { READ_ONLY_TOKEN_MESSAGE, SESSION_ONLY_MESSAGE } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashKey } from '../../lib/secrets.ts';
import { apiTokens } from '../../schema/api-tokens.ts';
import { securityEvents } from '../../schema/audit.ts';
import { tenants, users } from '../../schema/tenants.ts';

let t: TestApp;
let home: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, { name: 'Home', planCode: 'agility' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

type Who = keyof TestTenant['users'];
const createToken = async (tenant: TestTenant, who: Who, scope: 'read' | 'read-write', days = 30) => {
  const response = await t.post(
    '/api/ApiTokenClient/Create',
    { Name: `${who} ${scope}`, Scope: scope, ExpiresInDays: days },
    await tenant.tokenFor(who),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string; Token: string };
};
const tokenRow = async (id: string) => {
  const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
  if (!row) throw new Error('no token row');
  return row;
};
const saveNote = (token: string, planId: string) =>
  t.post('/api/ActivityClient/Save', { EntityType: 'MarketingPlan', EntityId: planId, Description: 'From a script' }, token);

describe('creating a token', () => {
  it('answers the token once (psk_ + 32 random bytes) and keeps only its SHA-256', async () => {
    const created = await createToken(home, 'member', 'read');
    expect(created.Token).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    const row = await tokenRow(created.Id);
    expect(row.tokenHash).toBe(hashKey(created.Token));
    expect(row.prefix).toBe(created.Token.slice(4, 12));
    // Neither the token nor its secret part appears anywhere in the stored row or in the list.
    const secret = created.Token.slice(4);
    const [stored] = await t.database.queryRows<{ text: string }>('SELECT k::text AS text FROM api_tokens k WHERE id = $1', [created.Id]);
    expect(stored?.text).not.toContain(secret);
    const list = await t.post('/api/ApiTokenClient/List', {}, await home.tokenFor('member'));
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secret);
    expect(list.body.Result.find((token: { Id: string }) => token.Id === created.Id)).toMatchObject({
      Scope: 'read',
      Prefix: row.prefix,
      Status: 'active',
      LastUsedAt: null,
      UserName: 'Member Home',
    });
  });

  it('refuses an expiry over a year or under a day, and a scope it does not know (400)', async () => {
    const owner = await home.tokenFor('owner');
    for (const body of [
      { Name: 'x', Scope: 'read', ExpiresInDays: 366 },
      { Name: 'x', Scope: 'read', ExpiresInDays: 0 },
      { Name: 'x', Scope: 'admin', ExpiresInDays: 30 },
    ]) {
      const response = await t.post('/api/ApiTokenClient/Create', body, owner);
      expect(response.status, response.text).toBe(400);
    }
  });

  it('is refused on Starter with a 403 naming the plan that includes it', async () => {
    const starter = await createTenant(t, { name: 'Starter', planCode: 'starter' });
    const response = await t.post(
      '/api/ApiTokenClient/Create',
      { Name: 'CI', Scope: 'read', ExpiresInDays: 30 },
      await starter.tokenFor('owner'),
    );
    expect(response.status).toBe(403);
    expect(response.body.Message).toContain('Agility plan');
    expect(await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.tenantId, starter.id))).toEqual([]);
  });

  it('records token_created and token_revoked once each for the audit log', async () => {
    const created = await createToken(home, 'admin', 'read-write');
    const admin = await home.tokenFor('admin');
    expect((await t.post('/api/ApiTokenClient/Revoke', { Id: created.Id }, admin)).status).toBe(200);
    expect((await t.post('/api/ApiTokenClient/Revoke', { Id: created.Id }, admin)).status).toBe(200);
    const events = await t.ctx.db
      .select({ kind: securityEvents.kind, userId: securityEvents.userId, summary: securityEvents.summary })
      .from(securityEvents)
      .where(and(eq(securityEvents.tenantId, home.id), eq(securityEvents.entityId, created.Id)));
    expect(events.map((event) => event.kind).sort()).toEqual(['token_created', 'token_revoked']);
    expect(events.every((event) => event.userId === home.users.admin.id)).toBe(true);
    expect(events.map((event) => event.summary).join(' ')).not.toContain(created.Token.slice(4));
  });
});

describe('calling the API with a token', () => {
  it('a read token reads as its creator and is refused every write with 403', async () => {
    const plan = await createPlan(t, home);
    const { Token } = await createToken(home, 'member', 'read');
    const profile = await t.post('/api/UserProfileClient/GetUserProfile', {}, Token);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.text).toContain(home.users.member.email);
    const write = await saveNote(Token, plan.id);
    expect(write.status).toBe(403);
    expect(write.body.Message).toBe(READ_ONLY_TOKEN_MESSAGE);
  });

  it('a read-write token writes within its creator’s rights, and follows their role as it changes', async () => {
    const plan = await createPlan(t, home);
    const member = await createToken(home, 'member', 'read-write');
    expect((await saveNote(member.Token, plan.id)).status).toBe(200);
    // The Member may not change the account's settings: neither may their token.
    const settings = { Name: 'Home renamed' };
    expect((await t.post('/api/TenantClient/Save', settings, member.Token)).status).toBe(403);
    const outsider = await createToken(home, 'outsider', 'read-write');
    expect([403, 404]).toContain((await saveNote(outsider.Token, plan.id)).status);

    const admin = await createToken(home, 'admin', 'read-write');
    expect((await t.post('/api/TenantClient/Save', { Name: 'Home' }, admin.Token)).status).toBe(200);
    await t.ctx.db.update(users).set({ tenantRole: 'member' }).where(eq(users.id, home.users.admin.id));
    try {
      expect((await t.post('/api/TenantClient/Save', { Name: 'Home' }, admin.Token)).status).toBe(403);
    } finally {
      await t.ctx.db.update(users).set({ tenantRole: 'admin' }).where(eq(users.id, home.users.admin.id));
    }
  });

  it('never manages tokens, sign-in, people or billing, whatever its scope and creator (403)', async () => {
    const { Token } = await createToken(home, 'owner', 'read-write');
    const calls: [string, unknown][] = [
      ['/api/ApiTokenClient/Create', { Name: 'child', Scope: 'read-write', ExpiresInDays: 30 }],
      ['/api/ApiTokenClient/List', {}],
      ['/api/identity/token/logout', {}],
      ['/user/ChangePassword', { OldPassword: 'x', NewPassword: 'y', ConfirmPassword: 'y' }],
      ['/api/UserProfileClient/SendInvitation', { Email: 'new@example.test' }],
      ['/api/BillingClient/GetSubscription', {}],
    ];
    for (const [url, body] of calls) {
      const response = await t.post(url, body, Token);
      expect(response.status, `${url}: ${response.text}`).toBe(403);
      expect(response.body.Message).toBe(SESSION_ONLY_MESSAGE);
    }
    expect(await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.name, 'child'))).toEqual([]);
  });

  it('stops at once (401) when revoked, expired, or its creator is deactivated', async () => {
    const revoked = await createToken(home, 'member', 'read');
    expect((await t.post('/api/ApiTokenClient/Revoke', { Id: revoked.Id }, await home.tokenFor('member'))).status).toBe(200);
    expect((await t.post('/api/UserProfileClient/GetUserProfile', {}, revoked.Token)).status).toBe(401);

    const shortLived = await createToken(home, 'member', 'read', 1);
    expect((await t.post('/api/UserProfileClient/GetUserProfile', {}, shortLived.Token)).status).toBe(200);
    t.clock.advance(DAY_MS);
    try {
      expect((await t.post('/api/UserProfileClient/GetUserProfile', {}, shortLived.Token)).status).toBe(401);
    } finally {
      t.clock.advance(-DAY_MS);
    }

    const spare = await createTenant(t, { name: 'Spare', planCode: 'agility' });
    const orphan = await createToken(spare, 'admin', 'read-write');
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, spare.users.admin.id));
    expect((await t.post('/api/UserProfileClient/GetUserProfile', {}, orphan.Token)).status).toBe(401);
    // An unknown token, and one of the right shape but never issued.
    expect((await t.post('/api/UserProfileClient/GetUserProfile', {}, `psk_${'A'.repeat(43)}`)).status).toBe(401);
  });

  it('is refused with a 403 naming the plan once the account moves to Starter', async () => {
    const downgraded = await createTenant(t, { name: 'Downgraded', planCode: 'agility' });
    const { Token } = await createToken(downgraded, 'owner', 'read');
    await t.ctx.db.update(tenants).set({ planCode: 'starter' }).where(eq(tenants.id, downgraded.id));
    const response = await t.post('/api/UserProfileClient/GetUserProfile', {}, Token);
    expect(response.status).toBe(403);
    expect(response.body.Message).toContain('Agility plan');
  });

  it('writes its last-used time at most once a minute', async () => {
    const { Id, Token } = await createToken(home, 'viewer', 'read');
    expect((await tokenRow(Id)).lastUsedAt).toBeNull();
    const first = t.clock.now();
    await t.post('/api/UserProfileClient/GetUserProfile', {}, Token);
    expect((await tokenRow(Id)).lastUsedAt?.getTime()).toBe(first.getTime());
    t.clock.advance(30_000);
    await t.post('/api/UserProfileClient/GetUserProfile', {}, Token);
    expect((await tokenRow(Id)).lastUsedAt?.getTime()).toBe(first.getTime());
    t.clock.advance(31_000);
    await t.post('/api/UserProfileClient/GetUserProfile', {}, Token);
    expect((await tokenRow(Id)).lastUsedAt?.getTime()).toBe(first.getTime() + 61_000);
  });

  it('is rate limited per token: past 120 requests a minute it answers 429 with Retry-After, another token still passes', async () => {
    const busy = await createToken(home, 'owner', 'read');
    const calm = await createToken(home, 'owner', 'read');
    for (let call = 0; call < 120; call += 1) {
      const response = await t.get('/api/TenantClient/Get', busy.Token);
      expect(response.status, `call ${call}: ${response.text}`).toBe(200);
    }
    const refused = await t.request({ method: 'GET', url: '/api/TenantClient/Get', token: busy.Token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.get('/api/TenantClient/Get', calm.Token)).status).toBe(200);
  });
});

describe('listing and revoking', () => {
  it('a Member lists their own tokens; an Admin lists everyone’s with the creator’s name', async () => {
    const mine = await createToken(home, 'member', 'read');
    const admins = await createToken(home, 'admin', 'read');
    const memberList = await t.post('/api/ApiTokenClient/List', {}, await home.tokenFor('member'));
    const memberIds = memberList.body.Result.map((token: { Id: string }) => token.Id);
    expect(memberIds).toContain(mine.Id);
    expect(memberIds).not.toContain(admins.Id);
    const adminList = await t.post('/api/ApiTokenClient/List', {}, await home.tokenFor('admin'));
    const names = Object.fromEntries(adminList.body.Result.map((token: { Id: string; UserName: string }) => [token.Id, token.UserName]));
    expect(names[mine.Id]).toBe('Member Home');
    expect(names[admins.Id]).toBe('Admin Home');
  });

  it('a Member cannot revoke someone else’s token (404); an Admin can', async () => {
    const admins = await createToken(home, 'admin', 'read');
    expect((await t.post('/api/ApiTokenClient/Revoke', { Id: admins.Id }, await home.tokenFor('member'))).status).toBe(404);
    expect((await tokenRow(admins.Id)).revokedAt).toBeNull();
    const members = await createToken(home, 'member', 'read');
    const revoked = await t.post('/api/ApiTokenClient/Revoke', { Id: members.Id }, await home.tokenFor('admin'));
    expect(revoked.status).toBe(200);
    expect(revoked.body.Result.Status).toBe('revoked');
    expect((await tokenRow(members.Id)).revokedBy).toBe(home.users.admin.id);
  });

  it('another tenant neither sees nor revokes a token (404), and its tokens do not reach this tenant', async () => {
    const homeToken = await createToken(home, 'owner', 'read-write');
    const otherOwner = await other.tokenFor('owner');
    expect((await t.post('/api/ApiTokenClient/Revoke', { Id: homeToken.Id }, otherOwner)).status).toBe(404);
    expect((await t.post('/api/ApiTokenClient/List', {}, otherOwner)).text).not.toContain(homeToken.Id);
    expect((await tokenRow(homeToken.Id)).revokedAt).toBeNull();
    // The other tenant's token reads the other tenant, never this one's plan.
    const otherToken = await createToken(other, 'owner', 'read-write');
    const plan = await createPlan(t, home);
    expect((await saveNote(otherToken.Token, plan.id)).status).toBe(404);
    const tenant = await t.get('/api/TenantClient/Get', otherToken.Token);
    expect(tenant.body.Result.Id ?? tenant.text).not.toBe(home.id);
    expect(tenant.text).not.toContain(home.id);
  });
});
