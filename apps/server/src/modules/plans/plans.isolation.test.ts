import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { teamMembers, teams } from '../../schema/teams.ts';
import { marketingPlans } from '../../schema/plans.ts';

const SAVE = '/api/MarketingPlanClient/Save';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const planRow = async (id: string) => (await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, id)))[0];

describe('a plan’s TeamId in a Save body', () => {
  it('answers 404 when an Owner moves their own plan into another tenant’s team, and the plan stays put', async () => {
    const plan = await createPlan(t, acme, { name: 'Mine' });
    const before = await planRow(plan.id);
    const response = await t.post(SAVE, { Id: plan.id, Version: 1, Name: 'Moved', TeamId: other.teamId }, await acme.tokenFor('owner'));
    expect(response.status).toBe(404);
    expect(await planRow(plan.id)).toEqual(before);
    expect(await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.tenantId, other.id))).toHaveLength(0);
  });

  it('refuses a team Lead moving a plan into a team of the tenant they are not in (404), and the plan stays put', async () => {
    const elsewhere = newId();
    await t.ctx.db.insert(teams).values({ tenantId: acme.id, id: elsewhere, name: 'Elsewhere' });
    // The factory's Owner is the team's Lead; the Admin is too, but Admins see every team: use a Member made Lead.
    const lead = acme.users.member;
    await t.ctx.db.update(teamMembers).set({ teamRoleId: 1 }).where(eq(teamMembers.userId, lead.id));
    const plan = await createPlan(t, acme, { name: 'Team plan' });
    const before = await planRow(plan.id);
    const response = await t.post(SAVE, { Id: plan.id, Version: 1, Name: 'Moved', TeamId: elsewhere }, await acme.tokenFor('member'));
    expect(response.status).toBe(404);
    expect(await planRow(plan.id)).toEqual(before);
  });
});
