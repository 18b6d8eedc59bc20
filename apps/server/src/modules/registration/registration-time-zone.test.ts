import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/factories.ts';
import { registrationBody, SIGNUP_PASSWORD, signUp } from '../../../test/signup.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { registrations } from '../../schema/registration.ts';
import { tenants, users } from '../../schema/tenants.ts';

/**
 * A new account's time zone is the browser's, sent with the registration (issue 28 A4), not UTC:
 * the first plan then starts on today there. 08:30 on 15 June in Tokyo is still 14 June in UTC.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-06-14T23:30:00Z')) });
});
afterAll(async () => t.close());

const tenantOf = async (userId: string) => {
  const [user] = await t.ctx.db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId));
  const [tenant] = await t.ctx.db
    .select()
    .from(tenants)
    .where(eq(tenants.id, user?.tenantId ?? ''));
  return tenant;
};

describe('a new account’s time zone', () => {
  it('is the one the browser sent, and the first plan starts on today there', async () => {
    const registered = await signUp(t, { TimeZone: 'Asia/Tokyo' });
    const tenant = await tenantOf(registered.Id);
    expect(tenant?.timeZone).toBe('Asia/Tokyo');
    const plans = await t.ctx.db
      .select()
      .from(marketingPlans)
      .where(eq(marketingPlans.tenantId, tenant?.id ?? ''));
    const live = plans.filter((plan) => plan.state === 1);
    expect(live.map((plan) => [plan.startDate, plan.endDate])).toEqual([['2026-06-15', '2027-06-15']]);
    const token = (await login(t, registered.Email, SIGNUP_PASSWORD)).AccessToken;
    expect((await t.get('/api/TenantClient/Get', token)).body.Result.TimeZone).toBe('Asia/Tokyo');
  });

  it('is written the IANA way whatever the case it came in', async () => {
    const registered = await signUp(t, { TimeZone: 'america/los_angeles' });
    expect((await tenantOf(registered.Id))?.timeZone).toBe('America/Los_Angeles');
  });

  it('falls back to UTC when the browser sent none or one the server does not know, without refusing the sign-up', async () => {
    const none = await signUp(t, { TimeZone: undefined });
    expect((await tenantOf(none.Id))?.timeZone).toBe('UTC');
    const unknown = await signUp(t, { TimeZone: 'Mars/Olympus_Mons' });
    expect((await tenantOf(unknown.Id))?.timeZone).toBe('UTC');
    const surrogate = await signUp(t, { TimeZone: '\ud800' });
    expect((await tenantOf(surrogate.Id))?.timeZone).toBe('UTC');
  });

  it('refuses a TimeZone that is not text or is longer than any zone name (400 naming the field), storing nothing', async () => {
    for (const TimeZone of [42, 'A'.repeat(65)]) {
      const body = registrationBody({ TimeZone });
      const response = await t.post('/api/prospectrequest/register', body);
      expect(response.status).toBe(400);
      expect(response.body.Errors.map((error: { Field: string }) => error.Field)).toEqual(['TimeZone']);
      expect(await t.ctx.db.select().from(registrations).where(eq(registrations.email, body.Email.toLowerCase()))).toEqual([]);
    }
  });

  it('follows the latest registration of a pending sign-up (a resend from another browser)', async () => {
    const body = registrationBody({ TimeZone: 'Europe/Berlin' });
    await t.post('/api/prospectrequest/register', body);
    await t.post('/api/ProspectRequest/SendVerificationEmail', { ...body, TimeZone: 'Australia/Sydney' });
    const [row] = await t.ctx.db.select().from(registrations).where(eq(registrations.email, body.Email.toLowerCase()));
    expect(row?.timeZone).toBe('Australia/Sydney');
  });
});
