import { CLIENT_ID } from '@plansmith/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { mailOutbox } from '../../schema/mail.ts';

const COMPLETE = '/api/UserProfileInvitationClient/CompleteInvitation';
const PASSWORD = 'a-long-and-unusual-passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  requirePostgres(t);
});
afterAll(async () => t.close());

describe('completing one invitation twice at once (PostgreSQL race)', () => {
  it('lets only one of two simultaneous completions through', async () => {
    const acme = await createTenant(t);
    const admin = await acme.tokenFor('admin');
    const person = await t.post('/api/UserProfileClient/Save', { FirstName: 'Ra', LastName: 'Ce', Email: 'race@example.test' }, admin);
    await t.post('/api/UserProfileClient/SendInvitation', { UserProfileId: person.body.Result.Id, InvitationUrl: 'https://x.test' }, admin);
    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'race@example.test'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const key = new URL(mail?.links[0]?.url ?? '').searchParams.get('key');
    const body = { InvitationKey: key, Password: PASSWORD, ConfirmPassword: PASSWORD, ClientId: CLIENT_ID };
    const complete = (ip: string) => t.app.inject({ method: 'POST', url: COMPLETE, payload: body, remoteAddress: ip });
    // The first waits to store the password while holding the key; the second waits to use the same key.
    const lock = await holdTableLock(t, 'users');
    const pending = [complete('10.1.0.1'), complete('10.1.0.2')];
    await waitForLockWaiters(t, 2);
    await lock.release();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});
