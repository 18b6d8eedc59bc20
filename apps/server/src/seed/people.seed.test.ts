import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { login } from '../../test/factories.ts';
import { seedDemo } from './index.ts';
import { DEMO } from './demo-ids.ts';
import { DEMO_PEOPLE } from './people.seed.ts';
import { teams } from '../schema/teams.ts';
import { users } from '../schema/tenants.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

describe('demo people seed', () => {
  it('is idempotent: seeding again adds nothing', async () => {
    const before = await t.ctx.db.select().from(users).where(eq(users.tenantId, DEMO.tenantId));
    await seedDemo(t.database, { sandbox: true });
    const after = await t.ctx.db.select().from(users).where(eq(users.tenantId, DEMO.tenantId));
    expect(after).toHaveLength(before.length);
    expect(await t.ctx.db.select().from(teams).where(eq(teams.tenantId, DEMO.tenantId))).toHaveLength(3);
  });

  it('shows people in several teams, an inactive person and one pending invitation on the People list', async () => {
    const owner = await login(t, DEMO.users.owner.email, DEMO.password);
    const list = await t.post('/api/UserProfileClient/List', {}, owner.AccessToken);
    const byEmail = new Map(list.body.Result.map((p: { Email: string }) => [p.Email, p]));
    expect(byEmail.get(DEMO_PEOPLE.people.taylor.email)).toMatchObject({ Status: 'Invited', InvitationExpiresAt: expect.any(String) });
    expect(byEmail.get(DEMO_PEOPLE.people.riley.email)).toMatchObject({ Status: 'Inactive' });
    expect(byEmail.get(DEMO_PEOPLE.people.jordan.email)).toMatchObject({ Status: 'Active', TenantRole: 'Admin' });
    const view = await t.post('/api/TeamClient/ListView', {}, owner.AccessToken);
    expect(view.body.Result.map((team: { Name: string; MemberCount: number }) => team.Name)).toEqual([
      'Brand & Content',
      'Demand Generation',
      'Product Marketing',
    ]);
    await login(t, DEMO_PEOPLE.people.priya.email, DEMO.password);
  });
});
