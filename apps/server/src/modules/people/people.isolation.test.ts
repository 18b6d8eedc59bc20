import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../schema/tenants.ts';

const SAVE = '/api/UserProfileClient/Save';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const activeCount = async (tenantId: string, ownersOnly = false) => {
  const [row] = await t.ctx.db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.active, true), ownersOnly ? eq(users.tenantRole, 'owner') : undefined));
  return row?.value ?? 0;
};

describe('people saved at the same time', () => {
  it('never exceed the plan’s people quota: concurrent invitations past the limit get 409', async () => {
    // Agility allows 10 active people; the factory's tenant has 5.
    const tenant = await createTenant(t, { planCode: 'agility' });
    const owner = await tenant.tokenFor('owner');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
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

    const responses = await Promise.all([demote('admin', first), demote('owner', second)]);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The loser is refused either by the last-Owner rule (409) or, if it was already demoted when its call began, by the Owner rule (403).
    expect(statuses.every((status) => status === 200 || status === 403 || status === 409)).toBe(true);
    expect(await activeCount(tenant.id, true)).toBe(1);
  });
});
