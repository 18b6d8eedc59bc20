import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan, PLAN_API } from '../../../test/planning-fixtures.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { marketingPlans } from '../../schema/plans.ts';

const SAVE = `${PLAN_API}/Save`;
const DELETE = `${PLAN_API}/Delete`;

const clock = createTestClock(new Date('2027-02-01T12:00:00Z'));
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock });
  tenant = await createTenant(t, { name: 'Versions' });
});
afterAll(async () => t.close());

const rowOf = async (id: string) => (await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, id)))[0];
const saveBody = (id: string, version: number | undefined, fields: Record<string, unknown> = {}) => ({
  Id: id,
  ...(version === undefined ? {} : { Version: version }),
  Name: 'Q1 launch',
  TeamId: tenant.teamId,
  ...fields,
});

describe('plan versions (DESIGN.md §13)', () => {
  it('starts at 1, adds one per change (sharing too), keeps it when a save changes nothing, and every read returns it', async () => {
    const owner = await tenant.tokenFor('owner');
    const plan = await createPlan(t, tenant, { Name: 'Q1 launch' });
    expect(plan).toMatchObject({ Version: 1 });

    const changed = await t.post(SAVE, saveBody(plan.Id, 1, { Description: 'Launch budget' }), owner);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.Result.Version).toBe(2);
    const same = await t.post(SAVE, saveBody(plan.Id, 2, { Description: 'Launch budget' }), owner);
    expect(same.body.Result.Version).toBe(2);

    // Share and Unshare carry no version (actions, not edits of values read) but count as changes.
    const shared = await t.post(`${PLAN_API}/Share`, { MarketingPlanId: plan.Id }, owner);
    expect(shared.body.Result.Version).toBe(3);
    const one = await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plan.Id }, owner);
    expect(one.body.Result.Version).toBe(3);
    const list = await t.post(`${PLAN_API}/GetMarketingPlans`, { TeamId: tenant.teamId }, owner);
    expect(list.body.Result.find((row: { Id: string }) => row.Id === plan.Id)?.Version).toBe(3);
  });

  it('refuses an update or delete without the version it read (400 naming Version), writing nothing', async () => {
    const owner = await tenant.tokenFor('owner');
    const plan = await createPlan(t, tenant, { Name: 'Q1 launch' });
    const update = await t.post(SAVE, saveBody(plan.Id, undefined, { Name: 'Renamed' }), owner);
    expect(update.status).toBe(400);
    expect(update.body.Errors).toEqual([{ Field: 'Version', Message: expect.stringContaining('Version is required') }]);
    const remove = await t.post(DELETE, { MarketingPlanId: plan.Id }, owner);
    expect(remove.status).toBe(400);
    expect(await rowOf(plan.Id)).toMatchObject({ name: 'Q1 launch', version: 1 });
  });

  it('keeps a colleague’s change: a save from the older version answers 409 naming who changed the plan, with their plan', async () => {
    const dana = await tenant.tokenFor('admin');
    const sam = await tenant.tokenFor('owner');
    const plan = await createPlan(t, tenant, { Name: 'Q1 launch' });

    clock.advance(60_000);
    const theirs = await t.post(SAVE, saveBody(plan.Id, 1, { Description: 'Their notes' }), dana);
    expect(theirs.body.Result.Version).toBe(2);

    const mine = await t.post(SAVE, saveBody(plan.Id, 1, { Name: 'Q1 launch (EMEA)' }), sam);
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(
      /^Admin Versions changed the plan “Q1 launch” at [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M while you were editing\.$/,
    );
    expect(mine.body.Result).toMatchObject({ Id: plan.Id, Name: 'Q1 launch', Description: 'Their notes', Version: 2 });
    expect(mine.body.Conflict).toMatchObject({ Entity: 'MarketingPlan', Id: plan.Id, Version: 2, ChangedBy: 'Admin Versions' });
    expect(await rowOf(plan.Id)).toMatchObject({ name: 'Q1 launch', description: 'Their notes', version: 2 });

    // "Save mine over theirs" is a new save with the version the 409 named.
    const over = await t.post(SAVE, saveBody(plan.Id, 2, { Name: 'Q1 launch (EMEA)' }), sam);
    expect(over.body.Result).toMatchObject({ Name: 'Q1 launch (EMEA)', Version: 3 });
  });

  it('refuses to delete a plan someone changed since it was read, and deletes it with the current version', async () => {
    const owner = await tenant.tokenFor('owner');
    const plan = await createPlan(t, tenant, { Name: 'Q1 launch' });
    await t.post(SAVE, saveBody(plan.Id, 1, { Name: 'Renamed' }), await tenant.tokenFor('admin'));

    const stale = await t.post(DELETE, { MarketingPlanId: plan.Id, Version: 1 }, owner);
    expect(stale.status).toBe(409);
    expect(stale.body.Result).toMatchObject({ Name: 'Renamed', Version: 2 });
    expect(await rowOf(plan.Id)).toBeDefined();
    expect((await t.post(DELETE, { MarketingPlanId: plan.Id, Version: 2 }, owner)).body.Result).toBe(true);
    expect(await rowOf(plan.Id)).toBeUndefined();
  });
});
