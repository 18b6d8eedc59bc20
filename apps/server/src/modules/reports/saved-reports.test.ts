import { EMPTY_ID, type SavedReport } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const LIST = '/api/SavedReportClient/List';
const SAVE = '/api/SavedReportClient/Save';
const DELETE = '/api/SavedReportClient/Delete';

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let planId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Reports' });
  other = await createTenant(t, { name: 'Elsewhere' });
  planId = (await createPlan(t, tenant)).id;
  for (const who of ['owner', 'admin', 'member', 'viewer'] as const) tokens[who] = await tenant.tokenFor(who);
  tokens.otherAdmin = await other.tokenFor('admin');
});
afterAll(async () => t.close());

const definition = () => ({
  MarketingPlanIds: [planId],
  Rows: ['Category', 'Payee'],
  Columns: 'Quarter',
  Measures: ['Actual', 'Budget'],
  Filters: [{ Dimension: 'CategoryType', Values: ['1'] }],
  Compare: 'PriorYear',
});

const save = async (token: string, body: Record<string, unknown>) => t.post(SAVE, { Definition: definition(), ...body }, token);
const create = async (token: string, name: string, shared: boolean): Promise<SavedReport> => {
  const response = await save(token, { Id: EMPTY_ID, Name: name, Shared: shared });
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};
const listNames = async (token: string): Promise<string[]> => {
  const response = await t.post(LIST, {}, token);
  expect(response.status, response.text).toBe(200);
  return (response.body.Result as SavedReport[]).map((report) => report.Name);
};

describe('SavedReportClient', () => {
  it('keeps the definition as saved and lists it back to its owner', async () => {
    const report = await create(tokens.member as string, 'Spend by category per quarter', false);
    expect(report).toMatchObject({
      Name: 'Spend by category per quarter',
      Shared: false,
      OwnerId: tenant.users.member.id,
      OwnerName: 'Member Reports',
      CanEdit: true,
      Definition: definition(),
      Version: 1,
    });
    const listed = (await t.post(LIST, {}, tokens.member)).body.Result as SavedReport[];
    expect(listed.find((row) => row.Id === report.Id)).toEqual(report);
  });

  it('a private report is its owner’s alone: others do not list it, and their Save or Delete is 404 changing nothing', async () => {
    const report = await create(tokens.member as string, 'Private numbers', false);
    expect(await listNames(tokens.member as string)).toContain('Private numbers');
    for (const who of ['admin', 'owner', 'viewer', 'otherAdmin']) {
      expect(await listNames(tokens[who] as string), who).not.toContain('Private numbers');
      const before = await snapshotTenant(t.database, tenant.id);
      const changed = await save(tokens[who] as string, { Id: report.Id, Name: 'Taken', Shared: true, Version: 1 });
      expect(changed.status, who).toBe(404);
      expect(changed.body.Message).toBe('The saved report was not found.');
      const deleted = await t.post(DELETE, { Id: report.Id, Version: 1 }, tokens[who]);
      expect(deleted.status, who).toBe(404);
      expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    }
  });

  it('a shared report is listed to the whole tenant; a Viewer gets 403, an Admin changes it, its owner deletes it', async () => {
    const report = await create(tokens.member as string, 'Region × category vs last year', true);
    const asViewer = ((await t.post(LIST, {}, tokens.viewer)).body.Result as SavedReport[]).find((row) => row.Id === report.Id);
    expect(asViewer).toMatchObject({ Shared: true, CanEdit: false, OwnerName: 'Member Reports' });
    expect(await listNames(tokens.otherAdmin as string)).not.toContain('Region × category vs last year');

    const before = await snapshotTenant(t.database, tenant.id);
    const refused = await save(tokens.viewer as string, { Id: report.Id, Name: 'Mine now', Shared: true, Version: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe('Only the report’s owner or an Admin can change a shared report.');
    expect((await t.post(DELETE, { Id: report.Id, Version: 1 }, tokens.viewer)).status).toBe(403);
    const otherTenant = await t.post(DELETE, { Id: report.Id, Version: 1 }, tokens.otherAdmin);
    expect(otherTenant.status).toBe(404);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);

    const byAdmin = await save(tokens.admin as string, {
      Id: report.Id,
      Name: 'Region × category vs last year (EMEA)',
      Shared: true,
      Version: 1,
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.Result).toMatchObject({ OwnerId: tenant.users.member.id, CanEdit: true, Version: 2 });
    const deleted = await t.post(DELETE, { Id: report.Id, Version: 2 }, tokens.member);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.Result).toBe(true);
    expect(await listNames(tokens.viewer as string)).not.toContain('Region × category vs last year (EMEA)');
  });

  it('a definition naming another tenant’s plan, or a plan of a team the caller is not in, is 404 and saves nothing', async () => {
    const theirPlan = await createPlan(t, other);
    const outsiderToken = await tenant.tokenFor('outsider');
    const before = await snapshotTenant(t.database, tenant.id);
    const foreign = await save(tokens.admin as string, {
      Id: EMPTY_ID,
      Name: 'Peek',
      Shared: false,
      Definition: { ...definition(), MarketingPlanIds: [theirPlan.id] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.Message).toBe('The plan was not found.');
    const outsider = await save(outsiderToken, { Id: EMPTY_ID, Name: 'Peek', Shared: false });
    expect(outsider.status).toBe(404);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('versions: 1 when made, one more per change; no Version is 400; a stale one is 409 naming who with their report; saving mine over theirs works', async () => {
    const report = await create(tokens.admin as string, 'Versions', true);
    expect(report.Version).toBe(1);
    const second = await save(tokens.admin as string, { Id: report.Id, Name: 'Versions 2', Shared: true, Version: 1 });
    expect(second.body.Result.Version).toBe(2);
    const missing = await save(tokens.admin as string, { Id: report.Id, Name: 'No version', Shared: true });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/Version is required/);
    // The Owner (an Admin of the tenant too) changes it meanwhile.
    const theirs = await save(tokens.owner as string, { Id: report.Id, Name: 'Owner’s title', Shared: true, Version: 2 });
    expect(theirs.body.Result.Version).toBe(3);
    const before = await snapshotTenant(t.database, tenant.id);
    const stale = await save(tokens.admin as string, { Id: report.Id, Name: 'Mine', Shared: true, Version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Owner Reports changed the report “Owner’s title” at .+ while you were editing\.$/);
    expect(stale.body.Result).toMatchObject({ Id: report.Id, Name: 'Owner’s title', Version: 3 });
    expect(stale.body.Conflict).toMatchObject({ Entity: 'SavedReport', Id: report.Id, Version: 3, ChangedBy: 'Owner Reports' });
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    const mine = await save(tokens.admin as string, { Id: report.Id, Name: 'Mine', Shared: true, Version: stale.body.Conflict.Version });
    expect(mine.status).toBe(200);
    expect(mine.body.Result).toMatchObject({ Name: 'Mine', Version: 4 });
    expect((await t.post(DELETE, { Id: report.Id, Version: 3 }, tokens.admin)).status).toBe(409);
    expect((await t.post(DELETE, { Id: report.Id, Version: 4 }, tokens.admin)).body.Result).toBe(true);
  });

  it('refuses a bad definition with 400 naming what is wrong', async () => {
    const bad = await save(tokens.admin as string, { Id: EMPTY_ID, Name: 'Bad', Shared: false, Definition: { ...definition(), Rows: [] } });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/Choose one or two row dimensions/);
    const noName = await save(tokens.admin as string, { Id: EMPTY_ID, Name: '  ', Shared: false });
    expect(noName.status).toBe(400);
    expect(noName.text).toMatch(/Name is required/);
  });
});
