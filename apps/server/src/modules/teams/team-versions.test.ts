import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { teams } from '../../schema/teams.ts';

const API = '/api/TeamClient';
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-11-27T14:05:00Z')) });
  tenant = await createTenant(t, { name: 'Teams' });
});
afterAll(async () => t.close());

const rowOf = async (id: string) => (await t.ctx.db.select().from(teams).where(eq(teams.id, id)))[0];

describe('team versions (DESIGN.md §13)', () => {
  it('adds one per change, not per membership change; a stale rename or delete answers 409 with the team as it is now', async () => {
    const owner = await tenant.tokenFor('owner');
    const admin = await tenant.tokenFor('admin');
    const created = (await t.post(`${API}/Save`, { Name: 'Events' }, owner)).body.Result;
    expect(created.Version).toBe(1);
    await t.post(`${API}/ChangeTeamMember`, { TeamId: created.Id, UserProfileId: tenant.users.member.id, TeamRoleId: 2, Add: true }, owner);
    const listed = (await t.post(`${API}/ListView`, {}, owner)).body.Result.find((row: { Id: string }) => row.Id === created.Id);
    expect(listed).toMatchObject({ Version: 1, MemberCount: 1 });

    expect((await t.post(`${API}/Save`, { Id: created.Id, Name: 'Events team' }, owner)).status).toBe(400);
    const theirs = await t.post(`${API}/Save`, { Id: created.Id, Version: 1, Name: 'Events & webinars' }, admin);
    expect(theirs.body.Result).toEqual({ Id: created.Id, Name: 'Events & webinars', Active: true, Version: 2 });

    const mine = await t.post(`${API}/Save`, { Id: created.Id, Version: 1, Name: 'Events', Active: false }, owner);
    expect(mine.status).toBe(409);
    // The team's own last writer (teams keep no audit trail), at the time of that change.
    expect(mine.body.Message).toMatch(/^Admin Teams changed the team “Events & webinars” at Nov 27, 2:05\sPM while you were editing\.$/);
    expect(mine.body.Conflict).toMatchObject({ ChangedBy: 'Admin Teams', ChangedAt: '2026-11-27T14:05:00.000Z' });
    expect(mine.body.Result).toEqual({ Id: created.Id, Name: 'Events & webinars', Active: true, Version: 2 });
    expect(await rowOf(created.Id)).toMatchObject({ active: true, version: 2 });

    expect((await t.post(`${API}/Delete`, { Id: created.Id }, owner)).status).toBe(400);
    expect((await t.post(`${API}/Delete`, { Id: created.Id, Version: 1 }, owner)).status).toBe(409);
    expect(await rowOf(created.Id)).toBeDefined();
    expect((await t.post(`${API}/Delete`, { Id: created.Id, Version: 2 }, owner)).body.Result).toBe(true);
  });
});
