import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { digestRuns } from '../../schema/notifications.ts';
import { mailOutbox } from '../../schema/mail.ts';
import { digestDue, timeElapsed } from './digest-week.ts';

let t: TestApp;
let acme: TestTenant;
let planId: string;

// Monday 9 March 2026, 08:00 in New York (EDT, UTC-4 since 8 March).
const MONDAY_8AM_NEW_YORK = new Date('2026-03-09T12:00:00Z');

const optIn = async (who: keyof TestTenant['users'], on = true) => {
  const token = await acme.tokenFor(who);
  const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, token)).body.Result;
  await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, WeeklySummary: on }, token);
};

const digestsOf = async (mark: Date) => (await mailSince(t, mark, 'digest')).filter((row) => row.tenantId === acme.id);

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  const saved = await t.post('/api/TenantClient/Save', { Name: 'Acme', TimeZone: 'America/New_York' }, await acme.tokenFor('owner'));
  expect(saved.body.Result.TimeZone).toBe('America/New_York');
  const plan = await createPlan(t, acme, { name: 'Spring launch', startDate: '2026-01-01', endDate: '2026-12-31' });
  planId = plan.id;
  const category = await createCategory(t, acme, { name: 'Media' });
  const item = await createItem(t, acme, { planId, categoryId: category.id, amountCents: 120_000 });
  await createExpenseRow(t, acme, { planId, itemId: item.id, amountCents: 30_000, status: 3, purchaseDate: '2026-02-10' });
  await createExpenseRow(t, acme, {
    planId,
    itemId: item.id,
    amountCents: 10_000,
    status: 2,
    purchaseDate: '2026-03-01',
    name: 'Agency retainer',
  });
  await createExpenseRow(t, acme, {
    planId,
    itemId: item.id,
    amountCents: 5_000,
    status: 1,
    purchaseDate: '2026-06-01',
    name: 'Summer event',
  });
  // An archived plan is left out of the digest.
  await createPlan(t, acme, { name: 'Old plan', state: 2 });
  await optIn('member');
  await optIn('outsider'); // in no team: sees no plan, so gets no digest
  // The Owner and the Admin lead the team, so the digest is on for them until they choose: they choose no.
  await optIn('owner', false);
  await optIn('admin', false);
});
afterAll(async () => t.close());

describe('when the digest is due', () => {
  it('is Monday from 08:00 in the tenant’s time zone', () => {
    expect(digestDue(new Date('2026-03-09T11:59:59Z'), 'America/New_York').due).toBe(false);
    expect(digestDue(new Date('2026-03-09T12:00:00Z'), 'America/New_York')).toEqual({
      due: true,
      weekStart: '2026-03-09',
      today: '2026-03-09',
    });
    expect(digestDue(new Date('2026-03-09T08:00:00Z'), 'UTC').due).toBe(true);
    // Monday 07:30 UTC is already Monday 08:30 in Berlin (CET, UTC+1) but still Sunday night in New York.
    expect(digestDue(new Date('2026-03-09T07:30:00Z'), 'Europe/Berlin').due).toBe(true);
    expect(digestDue(new Date('2026-03-09T03:30:00Z'), 'America/New_York').due).toBe(false);
    expect(digestDue(new Date('2026-03-10T09:00:00Z'), 'UTC').due).toBe(false);
  });

  it('measures the share of the plan’s days gone, within 0 and 1', () => {
    expect(timeElapsed('2026-01-01', '2026-12-31', '2026-03-09')).toBeCloseTo(68 / 365);
    expect(timeElapsed('2026-01-01', '2026-12-31', '2025-12-01')).toBe(0);
    expect(timeElapsed('2026-01-01', '2026-12-31', '2027-02-01')).toBe(1);
  });
});

describe('weekly digest', () => {
  it('sends nothing before Monday 08:00 in the tenant’s time zone', async () => {
    t.clock.set(new Date(MONDAY_8AM_NEW_YORK.getTime() - 60_000));
    const mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    expect(await digestsOf(mark)).toEqual([]);
  });

  it('sends each opted-in person the digest of the plans they see, matching the fixture', async () => {
    t.clock.set(MONDAY_8AM_NEW_YORK);
    const mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    const mails = await digestsOf(mark);
    expect(recipientsOf(mails)).toEqual([acme.users.member.email]);
    const [mail] = mails;
    const unsubscribe = mail?.links.at(-1)?.url ?? '';
    expect(unsubscribe).toContain('/unsubscribe?token=');
    const fixture = readFileSync(path.join(import.meta.dirname, 'weekly-digest.fixture.txt'), 'utf8')
      .replaceAll('{PUBLIC_URL}', t.ctx.config.publicUrl)
      .replaceAll('{PLAN_ID}', planId)
      .replaceAll('{UNSUBSCRIBE_URL}', unsubscribe)
      .trimEnd();
    expect(mail?.subject).toBe('Your weekly Plansmith digest: week of 2026-03-09');
    expect(mail?.textBody).toBe(fixture);
    expect(mail?.headers['List-Unsubscribe']).toBe(`<${unsubscribe}>`);
  });

  it('sends it once a week: later ticks that Monday send nothing, the next Monday sends again', async () => {
    t.clock.set(new Date(MONDAY_8AM_NEW_YORK.getTime() + 3 * 3_600_000));
    let mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    await t.app.digestScheduler.tick();
    expect(await digestsOf(mark)).toEqual([]);
    const runs = await t.ctx.db.select().from(digestRuns).where(eq(digestRuns.tenantId, acme.id));
    expect(runs).toEqual([expect.objectContaining({ weekStart: '2026-03-09', recipients: 1 })]);
    t.clock.set(new Date(MONDAY_8AM_NEW_YORK.getTime() + 7 * 86_400_000));
    mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    expect(recipientsOf(await digestsOf(mark))).toEqual([acme.users.member.email]);
  });

  it('leaves out people who opted out or are inactive; Owners see every plan', async () => {
    await optIn('member', false);
    await optIn('owner');
    t.clock.set(new Date(MONDAY_8AM_NEW_YORK.getTime() + 14 * 86_400_000));
    const mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    const mails = await digestsOf(mark);
    expect(recipientsOf(mails)).toEqual([acme.users.owner.email]);
    expect(mails[0]?.textBody).toContain('Spring launch');
    expect(mails[0]?.textBody).not.toContain('Old plan');
  });

  it('queues nothing when the sending transaction fails, and the week is tried again on the next tick', async () => {
    t.clock.set(new Date(MONDAY_8AM_NEW_YORK.getTime() + 21 * 86_400_000));
    const mark = await outboxMark(t);
    await t.database.queryRows('ALTER TABLE mail_outbox RENAME TO mail_outbox_away');
    try {
      await t.app.digestScheduler.tick();
    } finally {
      await t.database.queryRows('ALTER TABLE mail_outbox_away RENAME TO mail_outbox');
    }
    expect(
      await t.ctx.db
        .select()
        .from(digestRuns)
        .where(and(eq(digestRuns.tenantId, acme.id), eq(digestRuns.weekStart, '2026-03-30'))),
    ).toEqual([]);
    await t.app.digestScheduler.tick();
    expect(recipientsOf(await digestsOf(mark))).toEqual([acme.users.owner.email]);
    expect((await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'digest'))).length).toBeGreaterThan(0);
  });
});

describe('the digest for Leads', () => {
  it('goes to the Leads of a team who never chose, not to its Planners and Viewers', async () => {
    const initech = await createTenant(t, { name: 'Initech' });
    await createPlan(t, initech, { name: 'Initech plan', startDate: '2026-01-01', endDate: '2026-12-31' });
    t.clock.set(new Date(MONDAY_8AM_NEW_YORK.getTime() + 28 * 86_400_000));
    const mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    const mails = (await mailSince(t, mark, 'digest')).filter((row) => row.tenantId === initech.id);
    expect(recipientsOf(mails)).toEqual([initech.users.admin.email, initech.users.owner.email].sort());
  });
});

describe('the account time zone setting', () => {
  it('defaults to UTC and refuses a name that is not an IANA time zone, naming the field', async () => {
    const other = await createTenant(t, { name: 'Globex' });
    const token = await other.tokenFor('owner');
    expect((await t.get('/api/TenantClient/Get', token)).body.Result.TimeZone).toBe('UTC');
    const bad = await t.post('/api/TenantClient/Save', { Name: 'Globex', TimeZone: 'Mars/Olympus_Mons' }, token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('TimeZone');
    expect((await t.get('/api/TenantClient/Get', token)).body.Result.TimeZone).toBe('UTC');
    const kept = await t.post('/api/TenantClient/Save', { Name: 'Globex Corp' }, token);
    expect(kept.body.Result).toMatchObject({ Name: 'Globex Corp', TimeZone: 'UTC' });
  });

  it('is changed only by Owners and Admins', async () => {
    const response = await t.post('/api/TenantClient/Save', { Name: 'Acme', TimeZone: 'UTC' }, await acme.tokenFor('member'));
    expect(response.status).toBe(403);
    expect((await t.get('/api/TenantClient/Get', await acme.tokenFor('member'))).body.Result.TimeZone).toBe('America/New_York');
  });
});
