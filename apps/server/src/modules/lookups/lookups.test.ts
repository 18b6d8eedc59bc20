import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCategory, createItem, createPlan, LOOKUP_API } from '../../../test/planning-fixtures.ts';
import { lookups } from '../../schema/lookups.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const token = (tenant: TestTenant, who: keyof TestTenant['users']) => tenant.tokenFor(who);
const lookupRows = (tenant: TestTenant) => t.ctx.db.select().from(lookups).where(eq(lookups.tenantId, tenant.id));

describe('lookups', () => {
  it('saves GL codes and funnel stages and lists them by type and SortOrder to every signed-in user', async () => {
    const owner = await token(acme, 'owner');
    await t.post(`${LOOKUP_API}/Save`, { Name: 'Customer', LookupType: 2, SortOrder: 3 }, owner);
    await t.post(`${LOOKUP_API}/Save`, { Name: 'Lead', LookupType: 2, SortOrder: 1 }, owner);
    const gl = await t.post(`${LOOKUP_API}/Save`, { Name: '6100 Advertising', LookupType: 1, CategoryType: 2, Active: false }, owner);
    expect(gl.body.Result).toMatchObject({ Name: '6100 Advertising', LookupType: 1, CategoryType: 2, Active: true, SortOrder: 0 });
    await t.post(`${LOOKUP_API}/Save`, { Name: 'Theirs', LookupType: 1 }, await token(other, 'owner'));
    const list = await t.post(`${LOOKUP_API}/GetLookupInformation`, {}, await token(acme, 'viewer'));
    expect(list.status).toBe(200);
    expect(list.body.Result.map((row: { Name: string }) => row.Name)).toEqual(['6100 Advertising', 'Lead', 'Customer']);
  });

  it('lets only Owners and Admins change lookups, and explains a bad type', async () => {
    expect((await t.post(`${LOOKUP_API}/Save`, { Name: 'X', LookupType: 1 }, await token(acme, 'member'))).status).toBe(403);
    expect((await t.post(`${LOOKUP_API}/Save`, { Name: 'X', LookupType: 1 }, await token(acme, 'admin'))).status).toBe(200);
    const bad = await t.post(`${LOOKUP_API}/Save`, { Name: 'X', LookupType: 9 }, await token(acme, 'owner'));
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('LookupType must be 1 (general ledger code) or 2 (funnel stage).');
    const id = (await lookupRows(acme))[0]?.id;
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: id, Version: 1 }, await token(acme, 'member'))).status).toBe(403);
  });

  it('updates a lookup; another tenant gets 404 for update and delete and nothing changes', async () => {
    const owner = await token(acme, 'owner');
    const created = (await t.post(`${LOOKUP_API}/Save`, { Name: 'MQL', LookupType: 2, SortOrder: 2 }, owner)).body.Result;
    const renamed = await t.post(
      `${LOOKUP_API}/Save`,
      { Id: created.Id, Version: 1, Name: 'Marketing qualified', LookupType: 2, Active: false },
      owner,
    );
    expect(renamed.body.Result).toMatchObject({ Name: 'Marketing qualified', Active: false, SortOrder: 2 });
    const before = await lookupRows(acme);
    const foreign = await token(other, 'owner');
    expect((await t.post(`${LOOKUP_API}/Save`, { Id: created.Id, Version: 2, Name: 'Taken', LookupType: 2 }, foreign)).status).toBe(404);
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id, Version: 2 }, foreign)).status).toBe(404);
    expect(await lookupRows(acme)).toEqual(before);
    expect((await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: created.Id, Version: 2 }, owner)).body.Result).toBe(true);
    expect((await lookupRows(acme)).some((row) => row.id === created.Id)).toBe(false);
  });

  it('refuses to delete a GL code that budget items use, saying how many', async () => {
    const owner = await token(acme, 'owner');
    const gl = (await t.post(`${LOOKUP_API}/Save`, { Name: '7200 Events', LookupType: 1 }, owner)).body.Result;
    const category = await createCategory(t, acme, 'Events');
    const plan = await createPlan(t, acme);
    await createItem(t, acme, plan.Id, category.Id, { GeneralLedgerCodeId: gl.Id });
    const response = await t.post(`${LOOKUP_API}/Delete`, { LookupInfoId: gl.Id, Version: 1 }, owner);
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe(
      '“7200 Events” cannot be deleted: 1 budget item uses it. Mark it inactive instead, or change those records first.',
    );
  });
});
