// Every date of the API is from 2000-01-01 to 2100-12-31 (issue 28 A2): a far-future start once
// overflowed the copied end date into a 500.
import { MAX_DATE } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { marketingPlans } from '../../schema/plans.ts';

let t: TestApp;
let acme: TestTenant;
let token: string;
let sourceId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  token = await acme.tokenFor('owner');
  sourceId = (await createPlan(t, acme, { name: 'FY2026', startDate: '2026-01-01', endDate: '2026-12-31' })).id;
});
afterAll(async () => t.close());

const plansNamed = async (name: string) =>
  t.ctx.db
    .select()
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, acme.id), eq(marketingPlans.name, name)));

const createFrom = (StartDate: string, Name: string) =>
  t.post('/api/PlaybookClient/CreatePlan', { SourcePlanId: sourceId, Name, TeamId: acme.teamId, StartDate }, token);

describe('PlaybookClient/CreatePlan and the date range', () => {
  it.each(['9999-12-31', '2101-01-01', '1999-12-31'])(
    'refuses StartDate %s with 400 naming the field, and creates nothing',
    async (date) => {
      const response = await createFrom(date, `Far ${date}`);
      expect(response.status).toBe(400);
      expect(response.body.Errors).toContainEqual({ Field: 'StartDate', Message: 'Must be a date from 2000-01-01 to 2100-12-31.' });
      expect(await plansNamed(`Far ${date}`)).toHaveLength(0);
    },
  );

  it('copies a year-long plan to start on 2100-01-01: it ends on the last accepted day', async () => {
    const response = await createFrom('2100-01-01', 'FY2100');
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ StartDate: '2100-01-01', EndDate: MAX_DATE });
  });

  it('refuses a start whose copied end would pass 2100-12-31, saying where it would end', async () => {
    const response = await createFrom('2100-02-01', 'Too late');
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([
      { Field: 'StartDate', Message: 'The new plan would end on 2101-01-31, after 2100-12-31: choose an earlier start date.' },
    ]);
    expect(await plansNamed('Too late')).toHaveLength(0);
  });
});

describe('MarketingPlanClient/Save and the date range', () => {
  it('a new plan starting in 2100 without an EndDate ends on 2100-12-31, not a year later', async () => {
    const response = await t.post(
      '/api/MarketingPlanClient/Save',
      { Name: 'Late start', TeamId: acme.teamId, StartDate: '2100-06-01' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ StartDate: '2100-06-01', EndDate: MAX_DATE });
  });

  it('refuses an EndDate after 2100-12-31', async () => {
    const response = await t.post(
      '/api/MarketingPlanClient/Save',
      { Name: 'Too long', TeamId: acme.teamId, StartDate: '2100-06-01', EndDate: '2101-01-01' },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors).toContainEqual({ Field: 'EndDate', Message: 'Must be a date from 2000-01-01 to 2100-12-31.' });
  });
});
