import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { teams } from '../../schema/teams.ts';

const SAVE = '/api/TeamClient/Save';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const teamCount = async (tenantId: string) => {
  const [row] = await t.ctx.db.select({ value: count() }).from(teams).where(eq(teams.tenantId, tenantId));
  return row?.value ?? 0;
};

describe('teams created at the same time', () => {
  it('never exceed the plan’s team quota: concurrent creations past the limit get 409', async () => {
    // Agility allows 3 teams; the factory's tenant has 1.
    const tenant = await createTenant(t, { planCode: 'agility' });
    const other = await createTenant(t, { planCode: 'agility' });
    const owner = await tenant.tokenFor('owner');
    const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => t.post(SAVE, { Name: `Rush ${index}` }, owner)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await teamCount(tenant.id)).toBe(3);
    expect(await teamCount(other.id)).toBe(1);
  });

  it('answer 409, not 500, to two creations of the same name at once', async () => {
    const tenant = await createTenant(t);
    const owner = await tenant.tokenFor('owner');
    const responses = await Promise.all([t.post(SAVE, { Name: 'Twins' }, owner), t.post(SAVE, { Name: 'twins' }, owner)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await teamCount(tenant.id)).toBe(2);
  });
});
