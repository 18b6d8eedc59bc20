// The audit log (issue 35 part G, DESIGN.md §18): each security event is recorded exactly once where
// it happens, List merges them with the activities newest first and filters them, Export writes the
// same rows as CSV, only an Enterprise account's Owners and Admins read it, and the prune keeps it
// within the account's retention. Real app through app.inject on PGlite.
import { AUDIT_PLAN_MESSAGE, type AuditItem, CLIENT_ID, EMPTY_ID } from '@plansmith/contract';
import Papa from 'papaparse';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { securityEvents } from '../../schema/audit.ts';
import { mailOutbox } from '../../schema/mail.ts';
import { recordSecurityEvent } from './security-events.ts';

const LIST = '/api/AuditClient/List';
const EXPORT = '/api/AuditClient/Export';
const GET_SETTINGS = '/api/AuditClient/GetSettings';
const SAVE_SETTINGS = '/api/AuditClient/SaveSettings';
const NEW_PASSWORD = 'a-brand-new-long-passphrase';
const DAY = 24 * 60 * 60_000;

let t: TestApp;
let acme: TestTenant;
let globex: TestTenant;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme', planCode: 'enterprise' });
  globex = await createTenant(t, { name: 'Globex', planCode: 'enterprise' });
  owner = (await login(t, acme.users.owner.email)).AccessToken;
});
afterAll(async () => t.close());

const signIn = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/token/user',
    payload: { Username: email, Password: password, ClientId: CLIENT_ID },
    remoteAddress: ip,
  });

/** The tenant's security events of one kind about one person, straight from the table. */
const eventsAbout = (tenantId: string, kind: string, subjectUserId: string) =>
  t.ctx.db
    .select()
    .from(securityEvents)
    .where(
      and(eq(securityEvents.tenantId, tenantId), eq(securityEvents.kind, kind as never), eq(securityEvents.subjectUserId, subjectUserId)),
    );

const list = async (body: Record<string, unknown>, token = owner): Promise<{ Items: AuditItem[]; Total: number }> => {
  const response = await t.post(LIST, body, token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

describe('each security event is recorded once', () => {
  it('a sign-in: once, by the person, with the address it came from; it is listed', async () => {
    const response = await signIn(acme.users.viewer.email, TEST_PASSWORD, '203.0.113.7');
    expect(response.statusCode).toBe(200);
    const rows = await eventsAbout(acme.id, 'sign_in', acme.users.viewer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: acme.users.viewer.id, ip: '203.0.113.7', email: acme.users.viewer.email });
    const page = await list({ Kind: 'sign_in', UserId: acme.users.viewer.id });
    expect(page.Total).toBe(1);
    expect(page.Items[0]).toMatchObject({ Kind: 'sign_in', UserId: acme.users.viewer.id, Ip: '203.0.113.7', EntityType: 'User' });
    expect(page.Items[0]?.Name).toContain('Viewer');
  });

  it('a failed sign-in (wrong password): once, naming the address tried, nobody as actor; none for an unknown address', async () => {
    expect((await signIn(acme.users.member.email, 'not-the-password', '198.51.100.4')).statusCode).toBe(401);
    expect((await signIn('nobody-here@example.test', 'whatever-password', '198.51.100.4')).statusCode).toBe(401);
    const rows = await eventsAbout(acme.id, 'sign_in_failed', acme.users.member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, email: acme.users.member.email, ip: '198.51.100.4' });
    expect(rows[0]?.summary).toContain('wrong password');
    const unknown = await t.ctx.db.select().from(securityEvents).where(eq(securityEvents.email, 'nobody-here@example.test'));
    expect(unknown).toEqual([]);
    const page = await list({ Kind: 'sign_in_failed' });
    expect(page.Items.map((item) => item.Name)).toEqual([acme.users.member.email]);
  });

  it('a password change: once, by the person', async () => {
    const token = (await login(t, acme.users.admin.email)).AccessToken;
    const response = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: TEST_PASSWORD, NewPassword: NEW_PASSWORD, ClientId: CLIENT_ID },
      token,
    );
    expect(response.status, response.text).toBe(200);
    const rows = await eventsAbout(acme.id, 'password_changed', acme.users.admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(acme.users.admin.id);
    // A refused change (wrong current password) records nothing.
    const fresh = (await login(t, acme.users.admin.email, NEW_PASSWORD)).AccessToken;
    const refused = await t.post(
      '/user/ChangePassword',
      { CurrentPassword: 'wrong-one-entirely', NewPassword: TEST_PASSWORD, ClientId: CLIENT_ID },
      fresh,
    );
    expect(refused.status).toBe(400);
    expect(await eventsAbout(acme.id, 'password_changed', acme.users.admin.id)).toHaveLength(1);
  });

  it('a password reset with a mailed link: once, about the person, with the address', async () => {
    const email = acme.users.member.email;
    const begin = await t.app.inject({
      method: 'POST',
      url: '/api/AccountClient/BeginPasswordRecovery',
      payload: { Username: email },
      remoteAddress: '192.0.2.10',
    });
    expect(begin.statusCode).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt));
    const key = new URL(mail?.links[0]?.url ?? 'http://x/').searchParams.get('key');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/AccountClient/ResetPassword',
      payload: { Key: key, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
      remoteAddress: '192.0.2.11',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const rows = await eventsAbout(acme.id, 'password_reset', acme.users.member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '192.0.2.11', email });
    // The link is single use: a second try is refused and records nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/AccountClient/ResetPassword',
      payload: { Key: key, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
      remoteAddress: '192.0.2.12',
    });
    expect(again.statusCode).toBe(400);
    expect(await eventsAbout(acme.id, 'password_reset', acme.users.member.id)).toHaveLength(1);
  });

  it('a role change and a deactivation: once each, by the Owner, about the person; a save that changes neither records none', async () => {
    const outsider = acme.users.outsider;
    const save = (body: Record<string, unknown>) =>
      t.post('/api/UserProfileClient/Save', { Id: outsider.id, FirstName: 'Outsider', LastName: acme.name, ...body }, owner);
    expect((await save({ TenantRole: 'Admin' })).status).toBe(200);
    expect((await save({ TenantRole: 'Admin', FirstName: 'Renamed' })).status).toBe(200);
    expect((await save({ TenantRole: 'Admin', Active: false })).status).toBe(200);
    const roles = await eventsAbout(acme.id, 'role_changed', outsider.id);
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ userId: acme.users.owner.id });
    expect(roles[0]?.summary).toMatch(/from Member to Admin/);
    const deactivated = await eventsAbout(acme.id, 'person_deactivated', outsider.id);
    expect(deactivated).toHaveLength(1);
    // Filtering by the person shows what was done to them, and by the Owner what the Owner did.
    const aboutThem = await list({ UserId: outsider.id });
    expect(aboutThem.Items.map((item) => item.Kind).sort()).toEqual(['person_deactivated', 'role_changed']);
    const byOwner = await list({ UserId: acme.users.owner.id, Kind: 'role_changed' });
    expect(byOwner.Total).toBe(1);
  });
});

describe('List and Export', () => {
  it('merges activities with security events newest first, filters by kind and dates, and pages without overlap', async () => {
    const plan = await createPlan(t, acme, { name: 'Audit plan' });
    const saved = await t.post(
      '/api/ObjectiveClient/Save',
      { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'Audited objective', MetricType: 1, TargetValue: 5 },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    const all = await list({ PageSize: 200 });
    expect(all.Total).toBe(all.Items.length);
    const times = all.Items.map((item) => item.At);
    expect([...times].sort().reverse()).toEqual(times);
    const created = (await list({ Kind: 'created' })).Items;
    expect(created.some((item) => item.EntityType === 'Objective' && item.Summary.includes('Audited objective'))).toBe(true);
    expect(created.every((item) => item.Kind === 'created' && item.Ip === null)).toBe(true);
    const kinds = new Set(all.Items.map((item) => item.Kind));
    expect(kinds.has('created') && kinds.has('sign_in')).toBe(true);
    // Pages: two of 3 are the first 6 entries, in order.
    const first = await list({ Page: 1, PageSize: 3 });
    const second = await list({ Page: 2, PageSize: 3 });
    expect([...first.Items, ...second.Items]).toEqual(all.Items.slice(0, 6));
    expect(first.Total).toBe(all.Total);
    // Dates: a day range in the past is empty; today's holds everything.
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ From: '2020-01-01', To: '2020-12-31' })).Total).toBe(0);
    expect((await list({ From: today, To: today, PageSize: 200 })).Total).toBe(all.Total);
    const backwards = await t.post(LIST, { From: '2026-02-01', To: '2026-01-01' }, owner);
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('To cannot be before From.');
  });

  it('Export answers the same rows as List (every page), as CSV with a header', async () => {
    const all = await list({ PageSize: 200 });
    const response = await t.post(EXPORT, {}, owner);
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-disposition']).toContain('audit-log.csv');
    const parsed = Papa.parse<string[]>(response.text.trim(), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['At', 'Kind', 'Person', 'UserId', 'EntityType', 'EntityId', 'Summary', 'Ip']);
    const rows = parsed.slice(1);
    expect(rows).toHaveLength(all.Total);
    expect(rows.map((row) => [row[0], row[1], row[3], row[5]])).toEqual(
      all.Items.map((item) => [item.At, item.Kind, item.UserId ?? '', item.EntityId ?? '']),
    );
    // The same filter gives the same subset.
    const filtered = await t.post(EXPORT, { Kind: 'sign_in' }, owner);
    const filteredRows = Papa.parse<string[]>(filtered.text.trim()).data.slice(1);
    expect(filteredRows).toHaveLength((await list({ Kind: 'sign_in' })).Total);
  });

  it('Export keeps a summary that starts like a formula from running in a spreadsheet', async () => {
    await recordSecurityEvent(t.ctx.db, {
      tenantId: acme.id,
      kind: 'webhook_changed',
      userId: acme.users.owner.id,
      summary: '=HYPERLINK("http://evil.example")',
    });
    const response = await t.post(EXPORT, { Kind: 'webhook_changed' }, owner);
    const [, row] = Papa.parse<string[]>(response.text.trim()).data;
    expect(row?.[6]).toBe(`'=HYPERLINK("http://evil.example")`);
  });
});

describe('who may read it', () => {
  it('an Admin reads it; a Member is refused 403', async () => {
    const admin = (await login(t, acme.users.admin.email, NEW_PASSWORD)).AccessToken;
    expect((await t.post(LIST, {}, admin)).status).toBe(200);
    const member = (await login(t, acme.users.viewer.email)).AccessToken;
    for (const path of [LIST, EXPORT, GET_SETTINGS]) expect((await t.post(path, {}, member)).status).toBe(403);
    expect((await t.post(SAVE_SETTINGS, { RetentionDays: 90 }, member)).status).toBe(403);
  });

  it('any plan but Enterprise is refused 403 naming the Enterprise plan', async () => {
    const performance = await createTenant(t, { name: 'Perf' });
    const token = await performance.tokenFor('owner');
    for (const path of [LIST, EXPORT, GET_SETTINGS]) {
      const response = await t.post(path, {}, token);
      expect(response.status).toBe(403);
      expect(response.body.Message).toBe(AUDIT_PLAN_MESSAGE);
    }
  });

  it("another tenant's events and activities are never listed, even filtered by one of its people", async () => {
    await signIn(globex.users.owner.email, TEST_PASSWORD, '203.0.113.99');
    await createPlan(t, globex, { name: 'Globex secret plan' });
    const globexIds = [globex.id, ...Object.values(globex.users).map((user) => user.id)];
    const response = await t.post(LIST, { PageSize: 200 }, owner);
    expect(globexIds.filter((id) => response.text.includes(id))).toEqual([]);
    expect(response.text).not.toContain('203.0.113.99');
    expect(response.text).not.toContain('Globex secret plan');
    const exported = await t.post(EXPORT, {}, owner);
    expect(globexIds.filter((id) => exported.text.includes(id))).toEqual([]);
    expect((await list({ UserId: globex.users.owner.id })).Total).toBe(0);
    // Globex's own Owner sees their sign-in.
    const theirs = await t.post(LIST, { Kind: 'sign_in' }, await globex.tokenFor('owner'));
    expect(theirs.body.Result.Items.some((item: AuditItem) => item.Ip === '203.0.113.99')).toBe(true);
  });
});

describe('retention', () => {
  it('is 730 days unless set; 30..3650 accepted, others 400', async () => {
    expect((await t.post(GET_SETTINGS, {}, owner)).body.Result).toEqual({ RetentionDays: 730 });
    expect((await t.post(SAVE_SETTINGS, { RetentionDays: 29 }, owner)).status).toBe(400);
    expect((await t.post(SAVE_SETTINGS, { RetentionDays: 3651 }, owner)).status).toBe(400);
    expect((await t.post(SAVE_SETTINGS, { RetentionDays: 30.5 }, owner)).status).toBe(400);
    expect((await t.post(SAVE_SETTINGS, { RetentionDays: 60 }, owner)).body.Result).toEqual({ RetentionDays: 60 });
    expect((await t.post(GET_SETTINGS, {}, owner)).body.Result).toEqual({ RetentionDays: 60 });
  });

  it("the daily prune deletes what is older than each tenant's retention (notes stay) and nothing newer", async () => {
    const tenantEvent = async (tenantId: string, ageDays: number) => {
      const at = new Date(t.clock.now().getTime() - ageDays * DAY);
      await recordSecurityEvent(t.ctx.db, { tenantId, kind: 'sso_changed', userId: null, summary: `aged ${ageDays}`, at });
    };
    const plan = await createPlan(t, acme, { name: 'Old plan' });
    const activity = (action: 'update' | 'note', ageDays: number) => ({
      tenantId: acme.id,
      id: newId(),
      entityType: 'MarketingPlan',
      entityId: plan.id,
      marketingPlanId: plan.id,
      actorId: acme.users.owner.id,
      action,
      name: 'Old plan',
      description: action === 'note' ? 'keep me' : '',
      createdAt: new Date(t.clock.now().getTime() - ageDays * DAY),
    });
    await t.ctx.db.insert(activities).values([activity('update', 61), activity('note', 61), activity('update', 59)]);
    // Acme keeps 60 days (set above); Globex the default 730.
    await tenantEvent(acme.id, 61);
    await tenantEvent(acme.id, 59);
    await tenantEvent(globex.id, 61);
    await tenantEvent(globex.id, 731);
    await t.app.auditPrune.tick();
    const summaries = async (tenantId: string) =>
      (
        await t.ctx.db
          .select()
          .from(securityEvents)
          .where(and(eq(securityEvents.tenantId, tenantId), eq(securityEvents.kind, 'sso_changed')))
      )
        .map((row) => row.summary)
        .sort();
    expect(await summaries(acme.id)).toEqual(['aged 59']);
    expect(await summaries(globex.id)).toEqual(['aged 61']);
    const left = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.tenantId, acme.id), eq(activities.entityId, plan.id)));
    const old = left.filter((row) => t.clock.now().getTime() - row.createdAt.getTime() > 60 * DAY);
    expect(old.map((row) => row.action)).toEqual(['note']);
    expect(left.some((row) => row.action === 'update' && t.clock.now().getTime() - row.createdAt.getTime() < 60 * DAY)).toBe(true);
  });
});

describe('through an API token', () => {
  it("an Owner's read-write token reads and exports the log but cannot change its retention (403)", async () => {
    const created = await t.post('/api/ApiTokenClient/Create', { Name: 'SIEM export', Scope: 'read-write', ExpiresInDays: 30 }, owner);
    expect(created.status, created.text).toBe(200);
    const token: string = created.body.Result.Token;
    expect((await t.post(LIST, {}, token)).status).toBe(200);
    expect((await t.post(EXPORT, {}, token)).status).toBe(200);
    const save = await t.post(SAVE_SETTINGS, { RetentionDays: 30 }, token);
    expect(save.status, save.text).toBe(403);
    expect((await t.post(GET_SETTINGS, {}, owner)).body.Result.RetentionDays).not.toBe(30);
    // Creating the token was recorded once, through recordSecurityEvent (Part H).
    expect((await list({ Kind: 'token_created' })).Total).toBe(1);
  });
});
