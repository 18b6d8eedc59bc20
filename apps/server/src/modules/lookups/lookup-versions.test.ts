import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { LOOKUP_API } from '../../../test/planning-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { lookups } from '../../schema/lookups.ts';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Lookups' });
});
afterAll(async () => t.close());

const rowOf = async (id: string) => (await t.ctx.db.select().from(lookups).where(eq(lookups.id, id)))[0];

describe('lookup versions (DESIGN.md §13)', () => {
  it('adds one per change; a stale save or delete answers 409 with the entry as it is now (no audit trail: “Someone”)', async () => {
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
    expect(mine.body.Message).toBe('Someone changed the GL code “6100 Advertising” while you were editing.');
    expect(mine.body.Result).toMatchObject({ Id: created.Id, Name: '6100 Advertising', Version: 2 });
    expect(mine.body.Conflict).toMatchObject({ Entity: 'Lookup', Id: created.Id, Version: 2, ChangedBy: null });
    expect(await rowOf(created.Id)).toMatchObject({ name: '6100 Advertising', sortOrder: 0, version: 2 });

    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id }, owner)).status).toBe(400);
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id, Version: 1 }, owner)).status).toBe(409);
    expect(await rowOf(created.Id)).toBeDefined();
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id, Version: 2 }, owner)).body.Result).toBe(true);
  });
});
