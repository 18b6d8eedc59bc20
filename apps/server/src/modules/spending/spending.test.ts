import { monthsBetween, spreadCents } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createExpenseRow, createPlan, createPlanWithItem, createSpendingFixture } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { elapsedRatio } from './spending-months.ts';

const SPENDING = '/api/ReportingClient/SpendingReport';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-04-01T09:00:00Z')) });
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

describe('month arithmetic', () => {
  it('lists the months of a plan, spreads cents exactly and measures elapsed time', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(spreadCents(1000, 3)).toEqual([334, 333, 333]);
    expect(spreadCents(-5, 2)).toEqual([-3, -2]);
    expect(elapsedRatio('2026-01-01', '2026-12-31', '2025-06-01')).toBe(0);
    expect(elapsedRatio('2026-01-01', '2026-12-31', '2027-06-01')).toBe(1);
    expect(elapsedRatio('2026-01-01', '2026-12-31', '2026-07-02')).toBeCloseTo(0.5, 2);
  });
});

describe('spending report', () => {
  it('puts actual spend against the phased budget by month, cumulatively, by category and by payee', async () => {
    const plan = await createSpendingFixture(t, tenant);
    const response = await t.post(SPENDING, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
    expect(response.status).toBe(200);
    const report = response.body.Result;
    expect(report).toMatchObject({ AsOf: '2026-04-01', Budgeted: 2200.01, Committed: 170, Actual: 1083.33 });
    expect(report.LeftToPlan).toBeCloseTo(report.Budgeted - report.Planned - report.Committed - report.Actual, 2);
    expect(report.Available).toBeCloseTo(report.Budgeted - report.Committed - report.Actual, 2);
    expect(report.ElapsedRatio).toBeCloseTo(90.5 / 365, 3);
    expect(report.Months).toHaveLength(12);
    // Unphased $1,000.01 spread over 12 months: 100001 = 12 × 8333 + 5, so 8334 cents in the first five months.
    expect(report.Months[0]).toEqual({
      Month: '2026-01',
      Budgeted: 683.34,
      Planned: 0,
      Committed: 0,
      Actual: 500,
      CumulativeBudgeted: 683.34,
      CumulativeActual: 500,
    });
    expect(report.Months[1]).toMatchObject({ Month: '2026-02', Budgeted: 483.34, Actual: 583.33, CumulativeActual: 1083.33 });
    expect(report.Months[2]).toMatchObject({ Month: '2026-03', Planned: 40, Committed: 100 });
    expect(report.Months[11].CumulativeBudgeted).toBe(2200.01);
    expect(report.Months[11].CumulativeActual).toBe(1083.33);
    expect(report.ByCategory).toEqual([
      expect.objectContaining({ Name: 'Media', Budgeted: 1200, Actual: 750, Committed: 100 }),
      expect.objectContaining({ Name: 'People', Budgeted: 1000.01, Actual: 333.33, Committed: 70 }),
    ]);
    expect(report.ByPayee).toEqual([
      { Payee: 'Google', Committed: 100, Actual: 500, Count: 2 },
      { Payee: '(No payee)', Committed: 0, Actual: 333.33, Count: 1 },
      { Payee: 'Meta', Committed: 0, Actual: 250, Count: 1 },
      { Payee: 'Agency', Committed: 70, Actual: 0, Count: 1 },
    ]);
  });

  it('lists every month from the plan to an older expense outside it, none skipped, so charts space months evenly', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 5_000, purchaseDate: '2028-03-05' });
    const report = (await t.post(SPENDING, { MarketingPlanId: plan.id }, await tenant.tokenFor('owner'))).body.Result;
    expect(report.Months.map((month: { Month: string }) => month.Month)).toEqual(monthsBetween('2026-01-01', '2028-03-01'));
    expect(report.Months.at(-1)).toMatchObject({ Month: '2028-03', Actual: 50 });
  });

  it('answers 404 to another tenant and to a Member outside the team', async () => {
    const plan = await createPlan(t, tenant);
    const other = await createTenant(t);
    expect((await t.post(SPENDING, { MarketingPlanId: plan.id }, await other.tokenFor('owner'))).status).toBe(404);
    expect((await t.post(SPENDING, { MarketingPlanId: plan.id }, await tenant.tokenFor('outsider'))).status).toBe(404);
  });
});
