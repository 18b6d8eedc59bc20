// OpenID Connect single sign-on (issue 35 part A, DESIGN.md §18) end to end: the real app through
// app.inject on PGlite, and a real OpenID Provider (oidc-provider, test/oidc-test-provider.ts) on
// loopback whose login form the test fills in. Wrong nonce, audience and expiry are ID tokens re-signed
// with the provider's own key, so openid-client's real checks are what refuse them.
import {
  CLIENT_ID,
  SSO_HTTPS_MESSAGE,
  SSO_PLAN_MESSAGE,
  SSO_REQUIRED_MESSAGE,
  SSO_SECRET_KEY_MESSAGE,
  ssoDomainTakenMessage,
  ssoNotSetUpMessage,
} from '@plansmith/contract';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { startTestProvider, type TestProvider } from '../../../test/oidc-test-provider.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { hashKey } from '../../lib/secrets.ts';
import { securityEvents } from '../../schema/audit.ts';
import { mailOutbox } from '../../schema/mail.ts';
import { ssoDomains, ssoHandoffs, ssoLogins, ssoSettings } from '../../schema/sso.ts';
import { SSO_STARTS_PER_IP } from './sso.routes.ts';
import { SSO_NO_LONGER_SET_UP_MESSAGE } from './sso.service.ts';
import { tenants, users } from '../../schema/tenants.ts';

const GET = '/api/SsoClient/Get';
const SAVE = '/api/SsoClient/Save';
const TEST = '/api/SsoClient/Test';
const START = '/api/SsoClient/Start';
const COMPLETE = '/api/SsoClient/Complete';
const CLIENT_SECRET = 'idp-client-secret-Zq81x';

let t: TestApp;
let acme: TestTenant;
let globex: TestTenant;
let agility: TestTenant;
let provider: TestProvider;
let owner: string;
/** Acme's e-mail domain (unique per run: a domain belongs to one account). */
let domain: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme', planCode: 'enterprise' });
  globex = await createTenant(t, { name: 'Globex', planCode: 'enterprise' });
  agility = await createTenant(t, { name: 'Small', planCode: 'agility' });
  owner = await acme.tokenFor('owner');
  domain = `acme-${acme.id.slice(0, 8)}.test`;
  provider = await startTestProvider({
    clientId: 'plansmith-acme',
    clientSecret: CLIENT_SECRET,
    redirectUri: `${t.ctx.config.publicUrl}/sso/callback`,
    accounts: [
      { email: `new.person@${domain}`, givenName: 'Nora', familyName: 'Newman' },
      { email: `second@${domain}`, givenName: 'Sam', familyName: 'Second' },
      { email: `tampered@${domain}`, givenName: 'Tam' },
      { email: `gone@${domain}`, givenName: 'Gone' },
      { email: `unverified@${domain}`, emailVerified: false },
      { email: 'outsider@elsewhere.test', givenName: 'Out' },
    ],
  });
  const saved = await t.post(SAVE, settingsBody(), owner);
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await provider?.stop();
  await t?.close();
});

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  IssuerUrl: provider.issuer,
  ClientId: 'plansmith-acme',
  ClientSecret: CLIENT_SECRET,
  Domains: [domain],
  DefaultRole: 'Member',
  RequireSso: false,
  Enabled: true,
  ...overrides,
});

const current = async (token = owner) => (await t.post(GET, {}, token)).body.Result;

/** Saves Acme's settings with changes, sending the version it reads first. */
const saveAcme = async (overrides: Record<string, unknown>) => {
  const { Version } = await current();
  const response = await t.post(SAVE, settingsBody({ ClientSecret: undefined, Version, ...overrides }), owner);
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

/** Start, the provider's login form as `login`, and the callback: where the browser is sent at the end. */
const throughProvider = async (email: string, login = email) => {
  const started = await t.post(START, { Email: email });
  expect(started.status, started.text).toBe(200);
  const back = await provider.signIn(started.body.Result.RedirectUrl, login);
  expect(`${back.origin}${back.pathname}`).toBe(`${t.ctx.config.publicUrl}/sso/callback`);
  return { back, location: await callback(`${back.pathname}${back.search}`) };
};

const callback = async (pathAndQuery: string): Promise<string> => {
  const response = await t.app.inject({ method: 'GET', url: pathAndQuery, remoteAddress: '203.0.113.50' });
  expect(response.statusCode, response.body).toBe(303);
  return String(response.headers.location);
};

const handoffOf = (location: string): string => {
  expect(location).toMatch(/^\/login\/sso#handoff=/);
  return decodeURIComponent(location.slice(location.indexOf('=') + 1));
};

const errorOf = (location: string): string => {
  expect(location).toMatch(/^\/login\?sso_error=/);
  return new URL(location, 'http://x').searchParams.get('sso_error') ?? '';
};

const complete = (handoff: string) => t.post(COMPLETE, { Handoff: handoff, ClientId: CLIENT_ID });

const usersWithEmail = (email: string) => t.ctx.db.select().from(users).where(eq(users.email, email));

const eventsOf = (tenantId: string, kind: string) =>
  t.ctx.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.tenantId, tenantId), eq(securityEvents.kind, kind as never)));

describe('signing in through the IdP', () => {
  it('creates the person on first sign-in with the default role and names from the ID token; the second sign-in finds them', async () => {
    const email = `new.person@${domain}`;
    const first = await complete(handoffOf((await throughProvider(email)).location));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ AccessToken: expect.any(String), RefreshToken: expect.any(String) });
    const [person] = await usersWithEmail(email);
    expect(person).toMatchObject({ tenantId: acme.id, tenantRole: 'member', firstName: 'Nora', lastName: 'Newman', active: true });
    expect(person?.passwordHash).toBeNull();
    const profile = await t.post('/api/UserProfileClient/GetUserProfile', {}, first.body.AccessToken);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.Result).toMatchObject({ Id: person?.id, Email: email, TenantRole: 'Member' });

    const second = await complete(handoffOf((await throughProvider(email)).location));
    expect(second.status, second.text).toBe(200);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const signIns = (await eventsOf(acme.id, 'sign_in')).filter((row) => row.subjectUserId === person?.id);
    expect(signIns).toHaveLength(2);
    expect(signIns[0]?.summary).toBe(`Signed in as ${email} through single sign-on`);
  });

  it('gives an Admin role to new people when the default role says so', async () => {
    await saveAcme({ DefaultRole: 'Admin' });
    try {
      const email = `second@${domain}`;
      expect((await complete(handoffOf((await throughProvider(email)).location))).status).toBe(200);
      const [person] = await usersWithEmail(email);
      expect(person?.tenantRole).toBe('admin');
    } finally {
      await saveAcme({ DefaultRole: 'Member' });
    }
  });

  it('exchanges a handoff code once: the second Complete is a 400 and issues nothing', async () => {
    const handoff = handoffOf((await throughProvider(`new.person@${domain}`)).location);
    expect((await complete(handoff)).status).toBe(200);
    const again = await complete(handoff);
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe('This sign-in link has expired or was already used. Sign in again.');
    expect((await complete(`${acme.id}.made-up-code`)).status).toBe(400);
    expect((await complete('not-even-a-tenant')).status).toBe(400);
  });

  it('refuses a handoff code after 60 seconds', async () => {
    const handoff = handoffOf((await throughProvider(`new.person@${domain}`)).location);
    t.clock.advance(61_000);
    expect((await complete(handoff)).status).toBe(400);
  });

  it('takes a handoff code up to its 60th second and refuses it at exactly 60 seconds', async () => {
    const inTime = handoffOf((await throughProvider(`new.person@${domain}`)).location);
    t.clock.advance(59_999);
    expect((await complete(inTime)).status).toBe(200);
    const atLimit = handoffOf((await throughProvider(`new.person@${domain}`)).location);
    t.clock.advance(60_000);
    expect((await complete(atLimit)).status).toBe(400);
  });

  it('refuses a handoff when SSO was disabled after the IdP’s return: 403, no session, a failed sign-in in the log, the code used up', async () => {
    const email = `new.person@${domain}`;
    const handoff = handoffOf((await throughProvider(email)).location);
    const failedBefore = (await eventsOf(acme.id, 'sign_in_failed')).length;
    const signInsBefore = (await eventsOf(acme.id, 'sign_in')).length;
    await saveAcme({ Enabled: false });
    try {
      const refused = await complete(handoff);
      expect(refused.status).toBe(403);
      expect(refused.body.Message).toBe(SSO_NO_LONGER_SET_UP_MESSAGE);
      expect(refused.body.AccessToken).toBeUndefined();
      const failed = await eventsOf(acme.id, 'sign_in_failed');
      expect(failed).toHaveLength(failedBefore + 1);
      expect(failed.map((row) => row.summary)).toContain(
        `Failed sign-in through single sign-on as ${email}: single sign-on is no longer set up for this account`,
      );
      expect(await eventsOf(acme.id, 'sign_in')).toHaveLength(signInsBefore);
    } finally {
      await saveAcme({ Enabled: true });
    }
    // Enabled again within the 60 seconds: the refused code does not work a second time.
    expect((await complete(handoff)).status).toBe(400);
  });

  it('refuses a handoff when the account left Enterprise after the IdP’s return', async () => {
    const handoff = handoffOf((await throughProvider(`new.person@${domain}`)).location);
    await t.ctx.db.update(tenants).set({ planCode: 'performance' }).where(eq(tenants.id, acme.id));
    try {
      const refused = await complete(handoff);
      expect(refused.status).toBe(403);
      expect(refused.body.Message).toBe(SSO_NO_LONGER_SET_UP_MESSAGE);
    } finally {
      await t.ctx.db.update(tenants).set({ planCode: 'enterprise' }).where(eq(tenants.id, acme.id));
    }
  });
});

describe('the ID token is checked by openid-client', () => {
  const refusedWith = async (tamper: (claims: Record<string, unknown>) => Record<string, unknown>, options?: { otherKey?: boolean }) => {
    const email = `tampered@${domain}`;
    const failedBefore = (await eventsOf(acme.id, 'sign_in_failed')).length;
    provider.tamperIdToken(tamper, options);
    try {
      const { location } = await throughProvider(email);
      expect(await usersWithEmail(email)).toEqual([]);
      expect(await eventsOf(acme.id, 'sign_in_failed')).toHaveLength(failedBefore + 1);
      return errorOf(location);
    } finally {
      provider.tamperIdToken(null);
    }
  };

  it('a wrong nonce is refused: no person, no session, a failed sign-in in the log', async () => {
    const message = await refusedWith((claims) => ({ ...claims, nonce: 'a-nonce-of-another-sign-in' }));
    expect(message).toMatch(/^Single sign-on did not work: the ID token did not match this sign-in/);
    expect(message).toContain('nonce');
  });

  it('a wrong audience (a token for another client) is refused', async () => {
    const message = await refusedWith((claims) => ({ ...claims, aud: 'some-other-client' }));
    expect(message).toMatch(/did not match this sign-in/);
    expect(message).toContain('aud');
  });

  it('an expired ID token is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const message = await refusedWith((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
    expect(message).toMatch(/the ID token has expired/);
  });

  it('an ID token of another issuer is refused', async () => {
    const message = await refusedWith((claims) => ({ ...claims, iss: 'https://impostor.example.test' }));
    expect(message).toMatch(/did not match this sign-in/);
  });

  it('an ID token signed with a key the IdP never published is refused (the signature is checked)', async () => {
    const message = await refusedWith((claims) => claims, { otherKey: true });
    expect(message).toMatch(/^Single sign-on did not work: /);
  });
});

describe('who may sign in', () => {
  it('an address whose domain no account set up: Start is a 400 naming the domain', async () => {
    const response = await t.post(START, { Email: 'someone@unknown-domain.test' });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe(ssoNotSetUpMessage('unknown-domain.test'));
  });

  it('Start is rate limited per address: past the limit a 429 with Retry-After', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: START, payload: { Email: 'x@unknown-domain.test' }, remoteAddress: ip });
    for (let i = 0; i < SSO_STARTS_PER_IP; i += 1) expect((await from('198.51.100.77')).statusCode).toBe(400);
    const limited = await from('198.51.100.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('198.51.100.78')).statusCode).toBe(400);
  });

  it('an IdP account outside the domains is refused at the callback', async () => {
    // Start with an Acme address, then sign in at the IdP as someone of another domain.
    const { location } = await throughProvider(`new.person@${domain}`, 'outsider@elsewhere.test');
    expect(errorOf(location)).toContain('outsider@elsewhere.test is not in the e-mail domains');
    expect(await usersWithEmail('outsider@elsewhere.test')).toEqual([]);
  });

  it('an e-mail the IdP has not verified is refused', async () => {
    const { location } = await throughProvider(`unverified@${domain}`);
    expect(errorOf(location)).toContain('has not verified');
  });

  it('a deactivated person is refused', async () => {
    const email = `gone@${domain}`;
    expect((await complete(handoffOf((await throughProvider(email)).location))).status).toBe(200);
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.email, email));
    const { location } = await throughProvider(email);
    expect(errorOf(location)).toContain('deactivated');
  });

  it('disabled settings: Start is a 400 as for an unknown domain', async () => {
    await saveAcme({ Enabled: false });
    try {
      const response = await t.post(START, { Email: `new.person@${domain}` });
      expect(response.status).toBe(400);
      expect(response.body.Message).toBe(ssoNotSetUpMessage(domain));
    } finally {
      await saveAcme({ Enabled: true });
    }
  });
});

describe('state', () => {
  it('a replayed callback (the same state and code again) is refused without asking the IdP', async () => {
    const { back, location } = await throughProvider(`new.person@${domain}`);
    handoffOf(location);
    const exchanged = provider.tokenRequests();
    const replay = await callback(`${back.pathname}${back.search}`);
    expect(errorOf(replay)).toContain('expired or was already used');
    expect(provider.tokenRequests()).toBe(exchanged);
  });

  it('an unknown or malformed state is refused', async () => {
    expect(errorOf(await callback(`/sso/callback?code=abc&state=${acme.id}.not-a-state-we-made`))).toContain('expired or was already used');
    expect(errorOf(await callback('/sso/callback?code=abc&state=garbage'))).toContain('expired or was already used');
    expect(errorOf(await callback('/sso/callback'))).toContain('expired or was already used');
  });

  it('a sign-in started more than 10 minutes ago is refused', async () => {
    const started = await t.post(START, { Email: `new.person@${domain}` });
    const back = await provider.signIn(started.body.Result.RedirectUrl, `new.person@${domain}`);
    t.clock.advance(10 * 60_000 + 1000);
    expect(errorOf(await callback(`${back.pathname}${back.search}`))).toContain('expired or was already used');
  });

  it('the IdP refusing (the person cancels) comes back as a message on /login', async () => {
    const started = await t.post(START, { Email: `new.person@${domain}` });
    const state = new URL(started.body.Result.RedirectUrl).searchParams.get('state') ?? '';
    const location = await callback(
      `/sso/callback?error=access_denied&error_description=End-User+aborted&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(provider.issuer)}`,
    );
    expect(errorOf(location)).toContain('the identity provider refused the sign-in (End-User aborted)');
  });
});

describe('"require SSO"', () => {
  it('refuses the password of the account’s people, but not the Owner’s (break-glass), and sends no reset mail', async () => {
    // A reset link mailed before SSO became required no longer sets a password.
    expect((await t.post('/api/AccountClient/BeginPasswordRecovery', { Username: acme.users.viewer.email })).status).toBe(200);
    const [linkMail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, acme.users.viewer.email));
    const key = new URL(linkMail?.links[0]?.url ?? 'http://x/').searchParams.get('key');
    expect(key).toBeTruthy();
    await saveAcme({ RequireSso: true });
    try {
      const member = await t.post('/api/identity/token/user', {
        Username: acme.users.member.email,
        Password: TEST_PASSWORD,
        ClientId: CLIENT_ID,
      });
      expect(member.status).toBe(403);
      expect(member.body.Message).toBe(SSO_REQUIRED_MESSAGE);
      const admin = await t.post('/api/identity/token/user', {
        Username: acme.users.admin.email,
        Password: TEST_PASSWORD,
        ClientId: CLIENT_ID,
      });
      expect(admin.status).toBe(403);
      expect((await login(t, acme.users.owner.email)).AccessToken).toEqual(expect.any(String));
      // Another account is not concerned.
      expect((await login(t, globex.users.member.email)).AccessToken).toEqual(expect.any(String));

      const recovery = await t.post('/api/AccountClient/BeginPasswordRecovery', { Username: acme.users.member.email });
      expect(recovery.status).toBe(200);
      const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, acme.users.member.email));
      expect(mails).toEqual([]);
      const reset = await t.post('/api/AccountClient/ResetPassword', {
        Key: key,
        Password: 'a-new-long-passphrase-9',
        ConfirmPassword: 'a-new-long-passphrase-9',
      });
      expect(reset.status).toBe(403);
      expect(reset.body.Message).toBe(SSO_REQUIRED_MESSAGE);
    } finally {
      await saveAcme({ RequireSso: false });
    }
    expect((await login(t, acme.users.member.email)).AccessToken).toEqual(expect.any(String));
    // The refused reset changed nothing: the viewer's password is the one it was.
    expect((await login(t, acme.users.viewer.email, TEST_PASSWORD)).AccessToken).toEqual(expect.any(String));
  });
});

describe('the settings', () => {
  it('Get answers the saved settings without the secret, and the Redirect URI to register', async () => {
    const settings = await current();
    expect(settings).toMatchObject({
      IssuerUrl: provider.issuer,
      ClientId: 'plansmith-acme',
      HasClientSecret: true,
      Domains: [domain],
      DefaultRole: 'Member',
      RedirectUri: `${t.ctx.config.publicUrl}/sso/callback`,
      Version: expect.any(Number),
    });
    expect(JSON.stringify(settings)).not.toContain(CLIENT_SECRET);
    const empty = await current(await globex.tokenFor('owner'));
    expect(empty).toMatchObject({ IssuerUrl: '', HasClientSecret: false, Domains: [], Version: null });
  });

  it('keeps the client secret encrypted at rest: the column does not contain it, the key opens it', async () => {
    const [row] = await t.ctx.db.select().from(ssoSettings).where(eq(ssoSettings.tenantId, acme.id));
    expect(row?.clientSecretSealed).not.toContain(CLIENT_SECRET);
    expect(row?.clientSecretSealed).toMatch(/^v1\./);
    expect(openSecret(t.ctx.config.secretKey as Buffer, row?.clientSecretSealed ?? '')).toBe(CLIENT_SECRET);
  });

  it('the first save needs a secret; later saves keep it when none is sent', async () => {
    const globexOwner = await globex.tokenFor('owner');
    const without = await t.post(SAVE, settingsBody({ ClientSecret: '', Domains: [`globex-${globex.id.slice(0, 8)}.test`] }), globexOwner);
    expect(without.status).toBe(400);
    expect(without.body.Message).toBe('Enter the client secret the identity provider gave you.');
    const before = await t.ctx.db.select().from(ssoSettings).where(eq(ssoSettings.tenantId, acme.id));
    await saveAcme({ ClientId: 'plansmith-acme' });
    const after = await t.ctx.db.select().from(ssoSettings).where(eq(ssoSettings.tenantId, acme.id));
    expect(after[0]?.clientSecretSealed).toBe(before[0]?.clientSecretSealed);
  });

  it('counts versions: a save without Version is a 400, a stale one a 409 naming who with the current settings', async () => {
    const { Version } = await current();
    const missing = await t.post(SAVE, settingsBody(), owner);
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toMatch(/^Version is required/);
    const saved = await t.post(SAVE, settingsBody({ Version, DefaultRole: 'Admin' }), owner);
    expect(saved.body.Result.Version).toBe(Version + 1);
    const stale = await t.post(SAVE, settingsBody({ Version, DefaultRole: 'Member' }), await acme.tokenFor('admin'));
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Owner Acme changed the single sign-on settings at .+ while you were editing\.$/);
    expect(stale.body.Result).toMatchObject({ DefaultRole: 'Admin', Version: Version + 1 });
    expect(stale.body.Conflict).toMatchObject({ Entity: 'SsoSettings', Version: Version + 1 });
    expect((await t.post(SAVE, settingsBody({ Version: Version + 1, DefaultRole: 'Member' }), owner)).status).toBe(200);
  });

  it('records each save once in the audit log as sso_changed, without the secret', async () => {
    const before = (await eventsOf(acme.id, 'sso_changed')).length;
    await saveAcme({ ClientSecret: 'a-rotated-secret-value' });
    const rows = await eventsOf(acme.id, 'sso_changed');
    expect(rows).toHaveLength(before + 1);
    const last = rows.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
    expect(last?.summary).toContain('client secret replaced');
    expect(last?.summary).not.toContain('a-rotated-secret-value');
    await saveAcme({ ClientSecret: CLIENT_SECRET });
  });

  it('lower-cases domains and refuses invalid ones and an Owner default role', async () => {
    const { Version } = await current();
    const bad = await t.post(SAVE, settingsBody({ Version, Domains: ['not a domain'] }), owner);
    expect(bad.status).toBe(400);
    const owners = await t.post(SAVE, settingsBody({ Version, DefaultRole: 'Owner' }), owner);
    expect(owners.status).toBe(400);
    const none = await t.post(SAVE, settingsBody({ Version, Domains: [] }), owner);
    expect(none.status).toBe(400);
    const upper = await saveAcme({ Domains: [domain.toUpperCase()] });
    expect(upper.Domains).toEqual([domain]);
  });

  it('Test reads the issuer’s discovery document, and says why when it cannot', async () => {
    const ok = await t.post(TEST, {}, owner);
    expect(ok.body.Result).toMatchObject({ Ok: true, Issuer: provider.issuer, AuthorizationEndpoint: `${provider.issuer}/auth` });
    const unreachable = await t.post(TEST, { IssuerUrl: 'http://127.0.0.1:9/realms/none' }, owner);
    expect(unreachable.status).toBe(200);
    expect(unreachable.body.Result.Ok).toBe(false);
    expect(unreachable.body.Result.Message).toMatch(/^Could not read the OpenID configuration of http:\/\/127\.0\.0\.1:9\/realms\/none: /);
  });
});

describe('plans, roles and accounts', () => {
  it('non-Enterprise accounts: Get, Save and Test are 403 naming the plan', async () => {
    const smallOwner = await agility.tokenFor('owner');
    for (const [path, body] of [
      [GET, {}],
      [SAVE, settingsBody({ Domains: ['small.test'] })],
      [TEST, {}],
    ] as const) {
      const response = await t.post(path, body, smallOwner);
      expect(response.status, path).toBe(403);
      expect(response.body.Message).toBe(SSO_PLAN_MESSAGE);
    }
  });

  it('an account no longer on Enterprise: Start refuses its domain', async () => {
    await t.ctx.db.update(tenants).set({ planCode: 'performance' }).where(eq(tenants.id, acme.id));
    try {
      const response = await t.post(START, { Email: `new.person@${domain}` });
      expect(response.status).toBe(400);
      expect(response.body.Message).toBe(ssoNotSetUpMessage(domain));
    } finally {
      await t.ctx.db.update(tenants).set({ planCode: 'enterprise' }).where(eq(tenants.id, acme.id));
    }
  });

  it('a Member may not read or change the settings', async () => {
    const member = await acme.tokenFor('member');
    expect((await t.post(GET, {}, member)).status).toBe(403);
    expect((await t.post(SAVE, settingsBody(), member)).status).toBe(403);
  });

  it('another account cannot claim Acme’s domain (409) and sees none of Acme’s settings', async () => {
    const globexOwner = await globex.tokenFor('owner');
    const claim = await t.post(SAVE, settingsBody({ Domains: [domain] }), globexOwner);
    expect(claim.status).toBe(409);
    expect(claim.body.Message).toBe(ssoDomainTakenMessage(domain));
    const seen = await t.post(GET, {}, globexOwner);
    expect(seen.text).not.toContain(domain);
    expect(seen.text).not.toContain(provider.issuer);
  });

  it('an IdP address that belongs to a person of another account is refused', async () => {
    const email = `second@${domain}`;
    // Move Acme's SSO-created person to Globex, as if Globex had invited that address first.
    const [person] = await usersWithEmail(email);
    expect(person).toBeDefined();
    await t.ctx.db.delete(users).where(eq(users.email, email));
    await t.ctx.db.insert(users).values({ ...(person as typeof users.$inferInsert), tenantId: globex.id });
    const { location } = await throughProvider(email);
    expect(errorOf(location)).toContain('belongs to another Plansmith account');
  });
});

describe('production', () => {
  it('a callback on a production server without SSO_SECRET_KEY (settings sealed with a key it no longer has) goes back to /login naming it, without asking the IdP', async () => {
    const prod = await createTestApp({ config: { isProduction: true, secretKey: undefined } });
    try {
      const tenant = await createTenant(prod, { planCode: 'enterprise' });
      const now = prod.clock.now();
      await prod.ctx.db.insert(ssoSettings).values({
        tenantId: tenant.id,
        issuerUrl: provider.issuer,
        clientId: 'plansmith-acme',
        clientSecretSealed: sealSecret(randomBytes(32), CLIENT_SECRET),
        defaultRole: 'member',
      });
      await prod.ctx.db.insert(ssoDomains).values({ tenantId: tenant.id, domain: `keyless-${tenant.id.slice(0, 8)}.test` });
      const state = `${tenant.id}.a-state-this-server-made`;
      await prod.ctx.db.insert(ssoLogins).values({
        tenantId: tenant.id,
        id: newId(),
        stateHash: hashKey(state),
        nonce: 'n',
        codeVerifier: 'v'.repeat(43),
        email: `someone@keyless-${tenant.id.slice(0, 8)}.test`,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 600_000),
      });
      const exchanged = provider.tokenRequests();
      const response = await prod.app.inject({ method: 'GET', url: `/sso/callback?code=abc&state=${encodeURIComponent(state)}` });
      expect(response.statusCode, response.body).toBe(303);
      expect(errorOf(String(response.headers.location))).toBe(
        'Single sign-on did not work: the server has no SSO_SECRET_KEY to open the client secret.',
      );
      expect(provider.tokenRequests()).toBe(exchanged);
      const [failed] = await prod.ctx.db.select().from(securityEvents).where(eq(securityEvents.kind, 'sign_in_failed'));
      expect(failed).toMatchObject({ tenantId: tenant.id, email: `someone@keyless-${tenant.id.slice(0, 8)}.test` });
      expect(await prod.ctx.db.select().from(ssoHandoffs)).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  it('without SSO_SECRET_KEY a client secret is not saved (409 naming it); an http issuer or one on a private address is refused', async () => {
    const prod = await createTestApp({ config: { isProduction: true, secretKey: undefined } });
    try {
      const tenant = await createTenant(prod, { planCode: 'enterprise' });
      const token = await tenant.tokenFor('owner');
      const body = settingsBody({ IssuerUrl: 'https://login.example.test', Domains: [`prod-${tenant.id.slice(0, 8)}.test`] });
      const refused = await prod.post(SAVE, body, token);
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toBe(SSO_SECRET_KEY_MESSAGE);
      const http = await prod.post(SAVE, { ...body, IssuerUrl: 'http://login.example.test' }, token);
      expect(http.status).toBe(400);
      expect(http.body.Message).toBe(SSO_HTTPS_MESSAGE);
      // The issuer and the endpoints the server calls must be public addresses (no SSRF through SSO).
      const loopback = await prod.post(SAVE, { ...body, IssuerUrl: 'https://127.0.0.1/realms/acme' }, token);
      expect(loopback.status).toBe(400);
      expect(loopback.body.Message).toBe(
        'The issuer cannot be used: 127.0.0.1 is a loopback address: the server reaches identity providers on public addresses only.',
      );
      const tested = await prod.post(TEST, { IssuerUrl: 'https://10.0.0.8/realms/acme' }, token);
      expect(tested.body.Result).toMatchObject({ Ok: false });
      expect(tested.body.Result.Message).toContain('10.0.0.8 is a private address');
      expect(await prod.ctx.db.select().from(ssoSettings)).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
