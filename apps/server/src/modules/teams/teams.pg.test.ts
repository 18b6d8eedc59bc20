import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { teams } from '../../schema/teams.ts';

const SAVE = '/api/TeamClient/Save';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  requirePostgres(t);
});
afterAll(async () => t.close());

const teamCount = async (tenantId: string) => {
  const [row] = await t.ctx.db.select({ value: count() }).from(teams).where(eq(teams.tenantId, tenantId));
  return row?.value ?? 0;
};

/** Starts every save at once and lets them go only when all of them wait at the insert into teams. */
const saveAllAtOnce = async (bodies: unknown[], token: string) => {
  const lock = await holdTableLock(t, 'teams');
  const pending = bodies.map((body) => t.post(SAVE, body, token));
  await waitForLockWaiters(t, bodies.length);
  await lock.release();
  return Promise.all(pending);
};

describe('teams created at the same time (PostgreSQL race)', () => {
  it('never exceed the plan’s team quota: concurrent creations past the limit get 409', async () => {
    // Agility allows 3 teams; the factory's tenant has 1.
    const tenant = await createTenant(t, { planCode: 'agility' });
    const other = await createTenant(t, { planCode: 'agility' });
    const owner = await tenant.tokenFor('owner');
    const responses = await saveAllAtOnce(
      Array.from({ length: 6 }, (_, index) => ({ Name: `Rush ${index}` })),
      owner,
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await teamCount(tenant.id)).toBe(3);
    expect(await teamCount(other.id)).toBe(1);
  });

  it('check the name under the tenant lock: of three creations of one name at once, one wins and the others hear the name is taken', async () => {
    const tenant = await createTenant(t, { planCode: 'enterprise' });
    const owner = await tenant.tokenFor('owner');
    const responses = await saveAllAtOnce([{ Name: 'Twins' }, { Name: 'twins' }, { Name: 'TWINS' }], owner);
    const winners = responses.filter((response) => response.status === 200);
    expect(winners).toHaveLength(1);
    const losers = responses.filter((response) => response.status !== 200);
    expect(losers.map((response) => [response.status, response.body.Message])).toEqual([
      [409, `A team named "${winners[0]?.body.Result.Name}" already exists.`],
      [409, `A team named "${winners[0]?.body.Result.Name}" already exists.`],
    ]);
    expect(await teamCount(tenant.id)).toBe(2);
  });
});
