import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { sameName, suggestFreeName } from './plan-names.ts';

// Issue 28 B5: a plan made from a play never silently repeats a name already in its team: 400 on
// Name, naming a free one.

const CREATE = '/api/PlaybookClient/CreatePlan';
let t: TestApp;
let acme: TestTenant;
let play: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme', planCode: 'agility' });
  play = await createPlan(t, acme, { name: 'Product launch', state: 3, startDate: '2026-01-01', endDate: '2026-06-30' });
});
afterAll(async () => t.close());

const plansNamed = async (name: string) =>
  (
    await t.ctx.db
      .select()
      .from(marketingPlans)
      .where(and(eq(marketingPlans.tenantId, acme.id), eq(marketingPlans.name, name)))
  ).length;

describe('the name of a plan made from a play', () => {
  it('refuses the play’s own name in its team with 400 on Name, suggesting the name with the start year, and creates nothing', async () => {
    const response = await t.post(
      CREATE,
      { SourcePlanId: play.id, Name: ' product  LAUNCH ', TeamId: acme.teamId, StartDate: '2027-01-01' },
      await acme.tokenFor('owner'),
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([
      { Field: 'Name', Message: 'This team already has a plan named “product  LAUNCH”. Choose another name, e.g. “product  LAUNCH 2027”.' },
    ]);
    expect(await plansNamed('Product launch')).toBe(1);
  });

  it('creates the plan under the suggested name, and then refuses that name too', async () => {
    const token = await acme.tokenFor('owner');
    const body = { SourcePlanId: play.id, Name: 'Product launch 2027', TeamId: acme.teamId, StartDate: '2027-01-01' };
    const created = await t.post(CREATE, body, token);
    expect(created.status).toBe(200);
    const again = await t.post(CREATE, body, token);
    expect(again.status).toBe(400);
    expect(again.body.Errors[0].Message).toContain('e.g. “Product launch 2027 (2)”');
  });
});

describe('suggestFreeName', () => {
  it('adds the start year when free, else the first free copy number', () => {
    expect(suggestFreeName('Plan', '2027-03-01', ['Plan'])).toBe('Plan 2027');
    expect(suggestFreeName('Plan', '2027-03-01', ['Plan', 'plan 2027', 'Plan (2)'])).toBe('Plan (3)');
    expect(sameName(' A  b ', 'a B')).toBe(true);
  });
});
