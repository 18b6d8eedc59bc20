import { CLIENT_ID } from '@plansmith/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../schema/tenants.ts';
import { refreshTokens } from '../../schema/identity.ts';
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS } from './identity.service.ts';
import { failedSignInDelaySeconds, type LoginLimits } from './login-limiter.ts';

const LOGIN = '/api/identity/token/user';
const REFRESH = '/api/identity/token/userrefresh';
const VALID = '/api/identity/token/valid';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const activeRefreshTokens = async (userId: string) =>
  t.ctx.db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

describe('sign in', () => {
  it('returns an access token, a refresh token and the expiry instant for the right password', async () => {
    const response = await t.post(LOGIN, { Username: tenant.users.owner.email, Password: TEST_PASSWORD, ClientId: CLIENT_ID });
    expect(response.status).toBe(200);
    expect(response.body.AccessToken).toMatch(/^ey/);
    expect(response.body.RefreshToken).toHaveLength(43);
    const expiresIn = new Date(response.body.Expiration).getTime() - t.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const valid = await t.get(VALID, response.body.AccessToken);
    expect(valid.status).toBe(200);
    expect(valid.text).toBe('OK');
  });

  it('accepts the e-mail in any letter case', async () => {
    const response = await t.post(LOGIN, {
      Username: tenant.users.owner.email.toUpperCase(),
      Password: TEST_PASSWORD,
      ClientId: CLIENT_ID,
    });
    expect(response.status).toBe(200);
  });

  it('answers "Login Failed" alike for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await t.post(LOGIN, { Username: tenant.users.owner.email, Password: 'not-the-password', ClientId: CLIENT_ID });
    const unknownUser = await t.post(LOGIN, { Username: 'nobody@example.test', Password: 'not-the-password', ClientId: CLIENT_ID });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body.Message).toBe('Login Failed');
    expect(unknownUser.body.Message).toBe('Login Failed');
    expect(Object.keys(unknownUser.body).sort()).toEqual(Object.keys(wrongPassword.body).sort());
  });

  it('refuses an inactive user with the same "Login Failed"', async () => {
    const other = await createTenant(t);
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, other.users.member.id));
    const response = await t.post(LOGIN, { Username: other.users.member.email, Password: TEST_PASSWORD, ClientId: CLIENT_ID });
    expect(response.status).toBe(401);
    expect(response.body.Message).toBe('Login Failed');
  });

  it('explains each missing field with SPEC messages and rejects a foreign ClientId', async () => {
    const response = await t.post(LOGIN, { Username: '', Password: '', ClientId: 'someone-else' });
    expect(response.status).toBe(400);
    const messages = Object.fromEntries(response.body.Errors.map((e: { Field: string; Message: string }) => [e.Field, e.Message]));
    expect(messages.Username).toBe('Please enter your email!');
    expect(messages.Password).toBe('Please enter your password!');
    expect(messages.ClientId).toBe("ClientId must be 'plansmith-web'.");
  });

  it('refuses a token whose signature was tampered with', async () => {
    const tokens = await login(t, tenant.users.owner.email);
    const [header, payload] = tokens.AccessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await t.get(VALID, forged)).status).toBe(401);
    expect((await t.get(VALID)).status).toBe(401);
  });

  it('refuses an access token once it has expired', async () => {
    const tokens = await login(t, tenant.users.owner.email);
    t.clock.advance(15 * 60_000 + 1000);
    try {
      expect((await t.get(VALID, tokens.AccessToken)).status).toBe(401);
    } finally {
      t.clock.advance(-(15 * 60_000 + 1000));
    }
  });
});

describe('failed sign-in rate limit', () => {
  const signInFrom = (app: TestApp, ip: string, Username: string, Password: string) =>
    app.request({ url: LOGIN, body: { Username, Password, ClientId: CLIENT_ID }, headers: { 'x-forwarded-for': ip } });
  const ATTACKER = '203.0.113.66';
  const OWNER_HOME = '198.51.100.20';
  // X-Forwarded-For stands for the client address (TRUST_PROXY), so one app can see several clients.
  const limitedApp = (loginLimits: Partial<LoginLimits>) => createTestApp({ loginLimits, config: { trustProxy: true } });
  let defaults: TestApp;
  let ceilings: TestApp;
  beforeAll(async () => {
    defaults = await limitedApp({});
    // Low ceilings, each test on its own addresses and accounts.
    ceilings = await limitedApp({ perAccountAndIp: 100, perAccount: 3, perIp: 3 });
  }, 180_000);
  afterAll(async () => {
    await defaults.close();
    await ceilings.close();
  });

  it("the owner signs in from another address after an attacker's failures on the account", async () => {
    const limited = defaults;
    const email = (await createTenant(limited)).users.owner.email;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signInFrom(limited, ATTACKER, email, `guess-number-${attempt}`)).status).toBe(401);
    }
    expect((await signInFrom(limited, ATTACKER, email, TEST_PASSWORD)).status).toBe(429);
    expect((await signInFrom(limited, OWNER_HOME, email, TEST_PASSWORD)).status).toBe(200);
  });

  it('slows one account from one address at the boundary: four failures pass, the fifth makes the next attempt wait 1 s, then 2 s', async () => {
    const limited = defaults;
    const victim = await createTenant(limited);
    const email = victim.users.owner.email;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signInFrom(limited, ATTACKER, email, 'wrong-password')).status).toBe(401);
    }
    // Four failures: the fifth attempt is not held back.
    expect((await signInFrom(limited, ATTACKER, email, 'wrong-password')).status).toBe(401);
    const waiting = await signInFrom(limited, ATTACKER, email, TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body.Message).toMatch(/Too many failed sign-in attempts/);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signInFrom(limited, ATTACKER, email, 'wrong-password')).status).toBe(401);
    const longer = await signInFrom(limited, ATTACKER, email, TEST_PASSWORD);
    expect(longer.status).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    // Another account from the same address is not slowed.
    expect((await signInFrom(limited, ATTACKER, victim.users.admin.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('doubles the wait after each further failure, up to 15 minutes', () => {
    expect([4, 5, 6, 7, 14, 15, 40].map((failures) => failedSignInDelaySeconds(failures, 5))).toEqual([0, 1, 2, 4, 512, 900, 900]);
  });

  it('past the per-account ceiling, a new address waits but an address the owner signed in from before does not', async () => {
    const limited = ceilings;
    const email = (await createTenant(limited)).users.owner.email;
    expect((await signInFrom(limited, OWNER_HOME, email, TEST_PASSWORD)).status).toBe(200);
    // Two failures from two addresses: under the ceiling, a third address may still try.
    for (const ip of ['192.0.2.1', '192.0.2.2']) expect((await signInFrom(limited, ip, email, 'wrong-password')).status).toBe(401);
    expect((await signInFrom(limited, '192.0.2.3', email, 'wrong-password')).status).toBe(401);
    // Three: at the ceiling.
    const refused = await signInFrom(limited, '192.0.2.4', email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom(limited, OWNER_HOME, email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses spraying from one address across accounts, but people who signed in from that address before still sign in', async () => {
    const limited = ceilings;
    const colleagues = await createTenant(limited);
    expect((await signInFrom(limited, ATTACKER, colleagues.users.member.email, TEST_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await signInFrom(limited, ATTACKER, `guess-${attempt}@example.test`, 'wrong-password')).status).toBe(401);
    }
    expect((await signInFrom(limited, ATTACKER, 'guess-2@example.test', 'wrong-password')).status).toBe(401);
    const blocked = await signInFrom(limited, ATTACKER, 'guess-9@example.test', 'wrong-password');
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // A new account from the sprayed address waits too; the colleague who signed in there before does not.
    expect((await signInFrom(limited, ATTACKER, colleagues.users.admin.email, TEST_PASSWORD)).status).toBe(429);
    expect((await signInFrom(limited, ATTACKER, colleagues.users.member.email, TEST_PASSWORD)).status).toBe(200);
    // Another address is not affected.
    expect((await signInFrom(limited, OWNER_HOME, colleagues.users.admin.email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const first = await login(t, tenant.users.member.email);
    const second = await t.post(REFRESH, { AccessToken: first.AccessToken, RefreshToken: first.RefreshToken });
    expect(second.status).toBe(200);
    expect(second.body.RefreshToken).not.toBe(first.RefreshToken);
    expect((await t.get(VALID, second.body.AccessToken)).status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is replayed', async () => {
    const first = await login(t, tenant.users.viewer.email);
    const second = await t.post(REFRESH, { RefreshToken: first.RefreshToken });
    expect(second.status).toBe(200);
    const replay = await t.post(REFRESH, { RefreshToken: first.RefreshToken });
    expect(replay.status).toBe(401);
    // The legitimate holder's newer token is now dead as well.
    const afterReplay = await t.post(REFRESH, { RefreshToken: second.body.RefreshToken });
    expect(afterReplay.status).toBe(401);
  });

  it('refuses a refresh token unused for more than 60 minutes', async () => {
    const tokens = await login(t, tenant.users.admin.email);
    t.clock.advance(REFRESH_IDLE_MS + 1000);
    try {
      expect((await t.post(REFRESH, { RefreshToken: tokens.RefreshToken })).status).toBe(401);
    } finally {
      t.clock.advance(-(REFRESH_IDLE_MS + 1000));
    }
  });

  it('ends a family 12 hours after sign-in even when used every few minutes', async () => {
    let tokens = await login(t, tenant.users.admin.email);
    const start = t.clock.now();
    try {
      for (let elapsed = 0; elapsed < REFRESH_ABSOLUTE_MS - 50 * 60_000; elapsed += 50 * 60_000) {
        t.clock.advance(50 * 60_000);
        const next = await t.post(REFRESH, { RefreshToken: tokens.RefreshToken });
        expect(next.status).toBe(200);
        tokens = next.body;
      }
      t.clock.set(new Date(start.getTime() + REFRESH_ABSOLUTE_MS + 1000));
      expect((await t.post(REFRESH, { RefreshToken: tokens.RefreshToken })).status).toBe(401);
    } finally {
      t.clock.set(start);
    }
  });

  it('refuses an unknown refresh token with 401 and a missing one with 400', async () => {
    expect((await t.post(REFRESH, { RefreshToken: 'made-up' })).status).toBe(401);
    expect((await t.post(REFRESH, {})).status).toBe(400);
  });
});

describe('logout and password change', () => {
  it('logout ends every session: access tokens and refresh tokens stop working', async () => {
    const other = await createTenant(t);
    const a = await login(t, other.users.member.email);
    const b = await login(t, other.users.member.email);
    // Used once first, so the server holds the caller (db/tenant-row-cache.ts).
    expect((await t.get(VALID, b.AccessToken)).status).toBe(200);
    const response = await t.post('/api/identity/token/logout', {}, a.AccessToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ Result: true, Message: null });
    expect((await t.get(VALID, a.AccessToken)).status).toBe(401);
    expect((await t.get(VALID, b.AccessToken)).status).toBe(401);
    expect((await t.post(REFRESH, { RefreshToken: b.RefreshToken })).status).toBe(401);
    expect(await activeRefreshTokens(other.users.member.id)).toHaveLength(0);
  });

  it('changing the password revokes other sessions and keeps the caller signed in with new tokens', async () => {
    const other = await createTenant(t);
    const email = other.users.admin.email;
    const elsewhere = await login(t, email);
    const here = await login(t, email);
    expect((await t.get(VALID, elsewhere.AccessToken)).status).toBe(200);
    const newPassword = 'a-brand-new-passphrase';
    const response = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: TEST_PASSWORD, NewPassword: newPassword, ClientId: CLIENT_ID },
      here.AccessToken,
    );
    expect(response.status).toBe(200);
    expect((await t.get(VALID, response.body.Result.AccessToken)).status).toBe(200);
    expect((await t.get(VALID, here.AccessToken)).status).toBe(401);
    expect((await t.get(VALID, elsewhere.AccessToken)).status).toBe(401);
    expect((await t.post(REFRESH, { RefreshToken: elsewhere.RefreshToken })).status).toBe(401);
    expect((await t.post(LOGIN, { Username: email, Password: TEST_PASSWORD, ClientId: CLIENT_ID })).status).toBe(401);
    expect((await t.post(LOGIN, { Username: email, Password: newPassword, ClientId: CLIENT_ID })).status).toBe(200);
  });

  it('refuses a wrong current password, a short password and a common password without changing anything', async () => {
    const other = await createTenant(t);
    const token = await other.tokenFor('owner');
    const [before] = await t.ctx.db.select().from(users).where(eq(users.id, other.users.owner.id));
    const wrong = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: 'nope-nope-nope', NewPassword: 'another-long-passphrase', ClientId: CLIENT_ID },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe('Your current password is not correct.');
    const short = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: TEST_PASSWORD, NewPassword: 'short', ClientId: CLIENT_ID },
      token,
    );
    expect(short.status).toBe(400);
    expect(short.body.Message).toBe('Password must be at least 12 characters.');
    const common = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: TEST_PASSWORD, NewPassword: '1qaz2wsx3edc', ClientId: CLIENT_ID },
      token,
    );
    expect(common.status).toBe(400);
    expect(common.body.Message).toBe('This password is too common. Please choose another.');
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, other.users.owner.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.tokenVersion).toBe(before?.tokenVersion);
  });

  it('stores passwords as argon2id hashes, never in clear', async () => {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, tenant.users.owner.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
