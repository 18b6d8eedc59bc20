import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPerformanceFixture, PERFORMANCE_GET } from '../../../test/objective-factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { deltaCutoff } from './performance-figures.ts';

// Issue 28 B4: the KPI deltas span a period the reader chooses, and never compare with a day
// before the plan started.

let t: TestApp;
let acme: TestTenant;
let fixture: Awaited<ReturnType<typeof createPerformanceFixture>>;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-07-01T12:00:00Z')) });
  acme = await createTenant(t, { name: 'Acme' });
  fixture = await createPerformanceFixture(t, acme);
});
afterAll(async () => t.close());

const getPerformance = async (body: Record<string, unknown>) => {
  const response = await t.post(PERFORMANCE_GET, body, await acme.tokenFor('viewer'));
  expect(response.status).toBe(200);
  return response.body.Result;
};

describe('the KPI deltas’ period', () => {
  it('compares with the end of last month by default, a week ago or the end of last quarter on request', async () => {
    const byDefault = await getPerformance({ MarketingPlanId: fixture.plan.id });
    expect(byDefault.DeltaPeriod).toBe('Month');
    expect(byDefault.PreviousKpis.AsOf).toBe('2026-06-30');
    const week = await getPerformance({ MarketingPlanId: fixture.plan.id, DeltaPeriod: 'Week' });
    expect(week.DeltaPeriod).toBe('Week');
    expect(week.PreviousKpis.AsOf).toBe('2026-06-24');
    // No actual spend is dated between June 24 and June 30: the same spend as at the end of June.
    expect(week.PreviousKpis.Spent).toBe(byDefault.PreviousKpis.Spent);
    const quarter = await getPerformance({ MarketingPlanId: fixture.plan.id, DeltaPeriod: 'Quarter' });
    expect(quarter.PreviousKpis.AsOf).toBe('2026-06-30');
  });

  it('has no delta base when that day is before the plan starts: a plan starting this month has nothing to compare with', async () => {
    const plan = await createPlan(t, acme, { startDate: '2026-07-01', endDate: '2027-06-30' });
    const result = await getPerformance({ MarketingPlanId: plan.id });
    expect(result.PreviousKpis).toBeNull();
    const week = await getPerformance({ MarketingPlanId: plan.id, DeltaPeriod: 'Week' });
    expect(week.PreviousKpis).toBeNull();
  });

  it('refuses an unknown period with 400', async () => {
    const response = await t.post(
      PERFORMANCE_GET,
      { MarketingPlanId: fixture.plan.id, DeltaPeriod: 'Year' },
      await acme.tokenFor('viewer'),
    );
    expect(response.status).toBe(400);
  });
});

describe('deltaCutoff', () => {
  it('is 7 days back across a month end, and the last day of the previous quarter from inside one', () => {
    expect(deltaCutoff('2026-03-03', 'Week')).toBe('2026-02-24');
    expect(deltaCutoff('2026-05-15', 'Quarter')).toBe('2026-03-31');
    expect(deltaCutoff('2026-01-15', 'Quarter')).toBe('2025-12-31');
    expect(deltaCutoff('2026-12-31', 'Quarter')).toBe('2026-09-30');
    expect(deltaCutoff('2026-03-01', 'Month')).toBe('2026-02-28');
  });
});
