import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../schema/tenants.ts';

const SAVE = '/api/UserProfileClient/Save';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  requirePostgres(t);
});
afterAll(async () => t.close());

const activeCount = async (tenantId: string, ownersOnly = false) => {
  const [row] = await t.ctx.db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.active, true), ownersOnly ? eq(users.tenantRole, 'owner') : undefined));
  return row?.value ?? 0;
};

/** Starts every request at once and lets them go only when all of them wait at a write to users. */
const allAtOnce = async <T>(requests: (() => Promise<T>)[]): Promise<T[]> => {
  const lock = await holdTableLock(t, 'users');
  const pending = requests.map((send) => send());
  await waitForLockWaiters(t, requests.length);
  await lock.release();
  return Promise.all(pending);
};

describe('people saved at the same time (PostgreSQL race)', () => {
  it('never exceed the plan’s people quota: concurrent invitations past the limit get 409', async () => {
    // Agility allows 10 active people; the factory's tenant has 5.
    const tenant = await createTenant(t, { planCode: 'agility' });
    const owner = await tenant.tokenFor('owner');
    const responses = await allAtOnce(
      Array.from(
        { length: 8 },
        (_, index) => () =>
          t.post(
            SAVE,
            { FirstName: 'New', LastName: `Person ${index}`, Email: `rush-${index}-${tenant.id.slice(0, 8)}@example.test` },
            owner,
          ),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    expect(await activeCount(tenant.id)).toBe(10);
  });

  it('never leave the tenant without an active Owner when two Owners demote each other at once', async () => {
    const tenant = await createTenant(t);
    await t.ctx.db
      .update(users)
      .set({ tenantRole: 'owner' })
      .where(and(eq(users.tenantId, tenant.id), eq(users.id, tenant.users.admin.id)));
    const [first, second] = await Promise.all([tenant.tokenFor('owner'), tenant.tokenFor('admin')]);
    const demote = (who: 'owner' | 'admin', token: string) =>
      t.post(SAVE, { Id: tenant.users[who].id, FirstName: 'Demoted', LastName: 'Owner', TenantRole: 'Admin' }, token);

    const responses = await allAtOnce([() => demote('admin', first), () => demote('owner', second)]);
    // Both calls began as Owners; the one that waited for the tenant lock then finds the last Owner.
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await activeCount(tenant.id, true)).toBe(1);
  });
});
