import { CLIENT_ID } from '@plansmith/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tenants, users } from '../../schema/tenants.ts';
import { latestVerificationKey, registrationBody, SIGNUP_PASSWORD } from '../../../test/signup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  requirePostgres(t);
});
afterAll(async () => t.close());

describe('completing a sign-up twice at once (PostgreSQL race)', () => {
  it('both calls answer the same user and only one tenant is made', async () => {
    const body = registrationBody();
    await t.post('/api/prospectrequest/register', body);
    const key = await latestVerificationKey(t, body.Email);
    const [before] = await t.ctx.db.select({ n: count() }).from(tenants);
    const complete = () =>
      t.post('/api/ProspectRequest/CompleteRequest', { EmailVerifyKey: key, Password: SIGNUP_PASSWORD, ClientId: CLIENT_ID });
    // The first waits to insert its tenant while holding the key; the second waits to use the same key.
    const lock = await holdTableLock(t, 'tenants');
    const pending = [complete(), complete()];
    await waitForLockWaiters(t, 2);
    await lock.release();
    const [first, second] = await Promise.all(pending);

    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(second?.body.Result).toEqual(first?.body.Result);
    const [after] = await t.ctx.db.select({ n: count() }).from(tenants);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, body.Email.toLowerCase()))).toHaveLength(1);
  });
});
