import { CLIENT_ID } from '@plansmith/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { refreshTokens } from '../../schema/identity.ts';
import { mailOutbox } from '../../schema/mail.ts';
import { users } from '../../schema/tenants.ts';

const PUBLIC_URL = 'https://plansmith.example.com';
const BEGIN = '/api/AccountClient/BeginPasswordRecovery';
const RESET = '/api/AccountClient/ResetPassword';
const START = '/api/identity/token/startrecovery';
const IDENTITY_RESET = '/api/identity/token/resetpassword';
const NEW_PASSWORD = 'brand-new-long-passphrase';

let t: TestApp;
let acme: TestTenant;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  acme = await createTenant(t);
});
afterAll(async () => t.close());

const anonymous = async (url: string, body: unknown, options: { ip?: string; host?: string } = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: options.ip ?? `10.1.0.${++ipCounter}`,
    headers: options.host ? { host: options.host } : {},
  });
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
};

const mailsTo = async (email: string) =>
  t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt));

const recoveryKeyFor = async (email: string) => {
  const [mail] = await mailsTo(email);
  return new URL(mail?.links[0]?.url ?? 'http://x/').searchParams.get('key') as string;
};

describe('starting recovery', () => {
  it('answers alike for an existing and an unknown account, and mails only the existing one', async () => {
    const known = await anonymous(BEGIN, { Username: acme.users.viewer.email });
    const unknown = await anonymous(BEGIN, { Username: 'nobody@example.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo('nobody@example.test')).toEqual([]);
    const [mail] = await mailsTo(acme.users.viewer.email);
    expect(mail?.kind).toBe('recovery');
    expect(mail?.subject).toBe('Reset your Plansmith password');
  });

  it('builds the link from PUBLIC_URL whatever Host or ReturnUrl the request carries', async () => {
    await anonymous(
      START,
      { Username: acme.users.member.email, ReturnUrl: 'https://evil.example/steal', ClientId: CLIENT_ID },
      { host: 'evil.example' },
    );
    const [mail] = await mailsTo(acme.users.member.email);
    expect(mail?.links[0]?.url).toMatch(/^https:\/\/plansmith\.example\.com\/recoverpassword\?key=[\w-]{43}$/);
    expect(mail?.htmlBody).not.toContain('evil.example');
  });

  it('mails nothing to an inactive account or to someone who has not joined yet', async () => {
    const other = await createTenant(t);
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, other.users.member.id));
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, other.users.viewer.id));
    expect((await anonymous(BEGIN, { Username: other.users.member.email })).status).toBe(200);
    expect((await anonymous(BEGIN, { Username: other.users.viewer.email })).status).toBe(200);
    expect(await mailsTo(other.users.member.email)).toEqual([]);
    expect(await mailsTo(other.users.viewer.email)).toEqual([]);
  });

  it('asks for the e-mail address', async () => {
    const response = await anonymous(BEGIN, { Username: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('Please enter your email!');
  });

  it('sends at most three mails an hour to one account, answering alike', async () => {
    const other = await createTenant(t);
    for (let i = 0; i < 5; i += 1) expect((await anonymous(BEGIN, { Username: other.users.admin.email })).status).toBe(200);
    expect(await mailsTo(other.users.admin.email)).toHaveLength(3);
  });

  it('rate limits one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await anonymous(BEGIN, { Username: `x${i}@example.test` }, { ip: '192.0.2.9' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('resetting the password', () => {
  it('sets the new password, ends every session, and the old password stops working', async () => {
    const person = acme.users.admin;
    const session = await login(t, person.email);
    await anonymous(BEGIN, { Username: person.email });
    const key = await recoveryKeyFor(person.email);
    const response = await anonymous(RESET, { Key: key, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.Result).toBe(true);
    expect((await t.get('/api/identity/token/valid', session.AccessToken)).status).toBe(401);
    const live = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, person.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    const oldPassword = await t.post('/api/identity/token/user', { Username: person.email, Password: TEST_PASSWORD, ClientId: CLIENT_ID });
    expect(oldPassword.status).toBe(401);
    await login(t, person.email, NEW_PASSWORD);
  });

  it('works once: the same key cannot be used again', async () => {
    const person = acme.users.outsider;
    await anonymous(START, { Username: person.email, ClientId: CLIENT_ID });
    const key = await recoveryKeyFor(person.email);
    expect((await anonymous(IDENTITY_RESET, { Key: key, Password: NEW_PASSWORD, ClientId: CLIENT_ID })).status).toBe(200);
    const again = await anonymous(IDENTITY_RESET, { Key: key, Password: 'yet-another-passphrase', ClientId: CLIENT_ID });
    expect(again.status).toBe(400);
    expect(again.body.Message).toContain('This password reset link is not valid any more.');
    await login(t, person.email, NEW_PASSWORD);
  });

  it('expires after one hour', async () => {
    const other = await createTenant(t);
    await anonymous(BEGIN, { Username: other.users.member.email });
    const key = await recoveryKeyFor(other.users.member.email);
    t.clock.advance(60 * 60_000 + 1);
    const response = await anonymous(RESET, { Key: key, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    t.clock.advance(-(60 * 60_000 + 1));
    expect(response.status).toBe(400);
    await login(t, other.users.member.email, TEST_PASSWORD);
  });

  it('a newer link voids the older one', async () => {
    const other = await createTenant(t);
    await anonymous(BEGIN, { Username: other.users.viewer.email });
    const first = await recoveryKeyFor(other.users.viewer.email);
    t.clock.advance(1_000);
    await anonymous(BEGIN, { Username: other.users.viewer.email });
    expect((await anonymous(RESET, { Key: first, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD })).status).toBe(400);
  });

  it('compares the two passwords and applies the password rules, keeping the key usable', async () => {
    const other = await createTenant(t);
    await anonymous(BEGIN, { Username: other.users.owner.email });
    const key = await recoveryKeyFor(other.users.owner.email);
    const mismatch = await anonymous(RESET, { Key: key, Password: NEW_PASSWORD, ConfirmPassword: 'something-else-entirely' });
    expect(mismatch.body.Errors).toEqual([{ Field: 'ConfirmPassword', Message: 'Passwords do not match!' }]);
    const short = await anonymous(RESET, { Key: key, Password: 'short', ConfirmPassword: 'short' });
    expect(short.body.Errors).toEqual([{ Field: 'Password', Message: 'Password must be at least 12 characters.' }]);
    const asEmail = await anonymous(RESET, { Key: key, Password: other.users.owner.email, ConfirmPassword: other.users.owner.email });
    expect(asEmail.body.Errors).toEqual([{ Field: 'Password', Message: 'Password cannot be your email address.' }]);
    expect((await anonymous(RESET, { Key: key, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a made-up key without touching any account', async () => {
    const before = await t.ctx.db.select({ id: users.id, hash: users.passwordHash }).from(users).orderBy(users.id);
    const response = await anonymous(RESET, { Key: 'made-up-key', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await t.ctx.db.select({ id: users.id, hash: users.passwordHash }).from(users).orderBy(users.id)).toEqual(before);
  });
});
