// The month-close reminder (DESIGN.md §14): on the third working day of a month whose previous month
// is still open, each Lead of the plan's team gets one mail, in the tenant's time zone, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { planPeriods } from '../../schema/forecast.ts';
import { tenants } from '../../schema/tenants.ts';
import { isThirdWorkingDay } from './close-reminder.ts';

let t: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-01T12:00:00Z')) });
  tenant = await createTenant(t);
  await t.ctx.db.update(tenants).set({ timeZone: 'America/New_York' }).where(eq(tenants.id, tenant.id));
});
afterAll(async () => t.close());

describe('isThirdWorkingDay', () => {
  it('counts Monday to Friday from the 1st', () => {
    // July 2026 starts on a Wednesday: Wed 1, Thu 2, Fri 3.
    expect(['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-06'].map(isThirdWorkingDay)).toEqual([false, false, true, false]);
    // August 2026 starts on a Saturday: Mon 3, Tue 4, Wed 5.
    expect(['2026-08-03', '2026-08-04', '2026-08-05'].map(isThirdWorkingDay)).toEqual([false, false, true]);
  });
});

describe('the month-close reminder', () => {
  it('mails each Lead once on the third working day in the tenant’s zone, not on the second, not when the month is closed', async () => {
    const open = await createPlan(t, tenant, { name: 'Open June', startDate: '2026-01-01', endDate: '2026-12-31' });
    const closed = await createPlan(t, tenant, { name: 'Closed June', startDate: '2026-01-01', endDate: '2026-12-31' });
    await t.ctx.db.insert(planPeriods).values({ tenantId: tenant.id, marketingPlanId: closed.id, month: '2026-06-01', unspent: 1 });
    // A plan that starts in July has no June to close.
    await createPlan(t, tenant, { name: 'Starts July', startDate: '2026-07-01', endDate: '2026-12-31' });
    // The Admin (a Lead of the team in the fixture) turned the reminder off.
    const admin = await tenant.tokenFor('admin');
    const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, admin)).body.Result;
    expect(settings.MonthClose).toBe(true);
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, MonthClose: false }, admin);

    // 22:00 UTC on July 2 is still July 2 in New York: the second working day.
    t.clock.set(new Date('2026-07-02T22:00:00Z'));
    let mark = await outboxMark(t);
    await t.app.closeReminder.tick();
    expect(await mailSince(t, mark, 'closeReminder')).toEqual([]);

    // 04:30 UTC on July 3 is 00:30 in New York: the third working day.
    t.clock.set(new Date('2026-07-03T04:30:00Z'));
    mark = await outboxMark(t);
    await t.app.closeReminder.tick();
    const sent = await mailSince(t, mark, 'closeReminder');
    expect(recipientsOf(sent)).toEqual([tenant.users.owner.email]);
    expect(sent[0]?.subject).toBe('Close June 2026 in “Open June”');
    // The link opens the close page on the plan the mail names, not on the Lead's current plan.
    const link = `${t.ctx.config.publicUrl.replace(/\/+$/, '')}/close?plan=${open.id}`;
    expect(sent[0]?.textBody).toContain(link);
    expect(sent[0]?.htmlBody).toContain(`href="${link}"`);

    // Later ticks that day (or after a restart) send nothing again.
    t.clock.set(new Date('2026-07-03T15:00:00Z'));
    mark = await outboxMark(t);
    await t.app.closeReminder.tick();
    expect(await mailSince(t, mark, 'closeReminder')).toEqual([]);
    expect(open.id).toBeTruthy();
  });
});
