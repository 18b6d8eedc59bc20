import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { LOOKUP_API } from '../../../test/planning-fixtures.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { lookups } from '../../schema/lookups.ts';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-11-27T14:05:00Z')) });
  tenant = await createTenant(t, { name: 'Lookups' });
});
afterAll(async () => t.close());

const rowOf = async (id: string) => (await t.ctx.db.select().from(lookups).where(eq(lookups.id, id)))[0];

describe('lookup versions (DESIGN.md §13)', () => {
  it('adds one per change; a stale save or delete answers 409 with the entry as it is now naming who changed it and when', async () => {
    const owner = await tenant.tokenFor('owner');
    const admin = await tenant.tokenFor('admin');
    const created = (await t.post(`${LOOKUP_API}/Save`, { Name: '6100 Ads', LookupType: 1 }, owner)).body.Result;
    expect(created.Version).toBe(1);
    const read = (await t.post(`${LOOKUP_API}/GetLookupInformation`, {}, owner)).body.Result.find(
      (row: { Id: string }) => row.Id === created.Id,
    );
    expect(read.Version).toBe(1);

    const noVersion = await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Name: '6100 Advertising', LookupType: 1 }, owner);
    expect(noVersion.status).toBe(400);
    const theirs = await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Version: 1, Name: '6100 Advertising', LookupType: 1 }, admin);
    expect(theirs.body.Result.Version).toBe(2);

    const mine = await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Version: 1, Name: '6100 Ads', LookupType: 1, SortOrder: 4 }, owner);
    expect(mine.status).toBe(409);
    // The entry's own last writer (lookups keep no audit trail), at the time of that change.
    expect(mine.body.Message).toMatch(
      /^Admin Lookups changed the GL code “6100 Advertising” at Nov 27, 2:05\sPM while you were editing\.$/,
    );
    expect(mine.body.Result).toMatchObject({ Id: created.Id, Name: '6100 Advertising', Version: 2 });
    expect(mine.body.Conflict).toMatchObject({
      Entity: 'Lookup',
      Id: created.Id,
      Version: 2,
      ChangedBy: 'Admin Lookups',
      ChangedAt: '2026-11-27T14:05:00.000Z',
    });
    expect(await rowOf(created.Id)).toMatchObject({ name: '6100 Advertising', sortOrder: 0, version: 2 });

    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id }, owner)).status).toBe(400);
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id, Version: 1 }, owner)).status).toBe(409);
    expect(await rowOf(created.Id)).toBeDefined();
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id, Version: 2 }, owner)).body.Result).toBe(true);
  });

  it('names the person whose change moved the version, not a later save that changed nothing', async () => {
    const owner = await tenant.tokenFor('owner');
    const admin = await tenant.tokenFor('admin');
    const created = (await t.post(`${LOOKUP_API}/Save`, { Name: '6200 Events', LookupType: 1 }, owner)).body.Result;
    await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Version: 1, Name: '6200 Events & sponsorships', LookupType: 1 }, admin);
    // The owner saves the entry as it now is: nothing changes, the version stays, the writer too.
    const same = await t.post(
      `${LOOKUP_API}/Save`,
      { Id: created.Id, Version: 2, Name: '6200 Events & sponsorships', LookupType: 1 },
      owner,
    );
    expect(same.body.Result.Version).toBe(2);
    const stale = await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Version: 1, Name: '6200 Field events', LookupType: 1 }, owner);
    expect(stale.status).toBe(409);
    expect(stale.body.Conflict.ChangedBy).toBe('Admin Lookups');
    // A change written without a signed-in person (a hand-run statement) names no one.
    await t.ctx.db.update(lookups).set({ sortOrder: 9 }).where(eq(lookups.id, created.Id));
    const unnamed = await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Version: 2, Name: '6200 Field events', LookupType: 1 }, owner);
    expect(unnamed.status).toBe(409);
    expect(unnamed.body.Message).toMatch(/^Someone changed the GL code “6200 Events & sponsorships” at .+ while you were editing\.$/);
    expect(unnamed.body.Conflict.ChangedBy).toBeNull();
  });
});
