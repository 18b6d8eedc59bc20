import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../test/factories.ts';
import { mailSince, outboxMark } from '../test/outbox.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../test/test-app.ts';
import { expenses } from './schema/expenses.ts';
import { objectiveResults } from './schema/objectives.ts';

/**
 * One "today" (issue 28 A4, A5): every rule that means today uses the day in the tenant's time
 * zone. The clock is pinned where that day differs from the UTC day: 23:30 on Monday 15 June 2026
 * in Los Angeles is already Tuesday in UTC; 08:30 that Monday in Tokyo is still Sunday in UTC. In
 * both, today is 2026-06-15, and the overdue list, objective pace and status, the elapsed share,
 * a new plan's dates, the digest and the refusals of future Actual money and results agree on it.
 */
const TODAY = '2026-06-15';
const TOMORROW = '2026-06-16';

const CASES = [
  { zone: 'America/Los_Angeles', instant: '2026-06-16T06:30:00Z', utcDay: '2026-06-16', local: 'Monday 23:30' },
  { zone: 'Asia/Tokyo', instant: '2026-06-14T23:30:00Z', utcDay: '2026-06-14', local: 'Monday 08:30' },
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date(CASES[0].instant)) });
});
afterAll(async () => t.close());

describe.each(CASES)('at $local in $zone (UTC day $utcDay)', ({ zone, instant, utcDay }) => {
  let tenant: TestTenant;
  let token: string;
  let planId: string;
  let itemId: string;

  const expense = (overrides: Record<string, unknown>) => ({
    Id: EMPTY_ID,
    MarketingPlanId: planId,
    BudgetItemId: itemId,
    Name: 'Search ads',
    Amount: 19.99,
    CategoryType: 1,
    PurchaseDate: TODAY,
    Status: 3,
    ...overrides,
  });
  const saveExpense = (overrides: Record<string, unknown>) => t.post('/api/ExpenseClient/Save', expense(overrides), token);

  beforeAll(async () => {
    t.clock.set(new Date(instant));
    tenant = await createTenant(t, { name: `Today in ${zone}` });
    token = await tenant.tokenFor('owner');
    const saved = await t.post('/api/TenantClient/Save', { Name: tenant.name, TimeZone: zone }, token);
    expect(saved.body.Result.TimeZone).toBe(zone);
    const plan = await createPlan(t, tenant, { name: 'FY2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    planId = plan.id;
    const category = await createCategory(t, tenant, { name: 'Media' });
    itemId = (await createItem(t, tenant, { planId, categoryId: category.id, amountCents: 1_000_000 })).id;
    // Overdue means dated before today: yesterday's planned money is, today's committed money is not.
    await createExpenseRow(t, tenant, {
      planId,
      itemId,
      amountCents: 5_000,
      status: 1,
      purchaseDate: '2026-06-14',
      name: 'Yesterday planned',
    });
    await createExpenseRow(t, tenant, { planId, itemId, amountCents: 7_000, status: 2, purchaseDate: TODAY, name: 'Today committed' });
  });

  it('the UTC day differs from the tenant’s (the premise of this test)', () => {
    expect(t.clock.now().toISOString().slice(0, 10)).toBe(utcDay);
    expect(utcDay).not.toBe(TODAY);
  });

  it('the dashboard counts as overdue only what is dated before today there, and measures the time gone to today', async () => {
    const dashboard = (await t.post('/api/DashboardClient/Get', { MarketingPlanId: planId }, token)).body.Result;
    expect(dashboard.AsOf).toBe(TODAY);
    expect(dashboard.OverdueCount).toBe(1);
    expect(dashboard.Overdue.map((row: { Name: string }) => row.Name)).toEqual(['Yesterday planned']);
    // Midday of 15 June, day 166 of 365 (the UTC day would be 166.5 or 164.5).
    expect(dashboard.ElapsedRatio).toBeCloseTo(165.5 / 365, 10);
    const spending = (await t.post('/api/ReportingClient/SpendingReport', { MarketingPlanId: planId }, token)).body.Result;
    expect(spending).toMatchObject({ AsOf: TODAY });
    expect(spending.ElapsedRatio).toBeCloseTo(165.5 / 365, 10);
  });

  it('an objective’s pace and status are those of today there', async () => {
    // Ten days from today, 100 leads: 10 expected by the end of the first day.
    const objective = await t.post(
      '/api/ObjectiveClient/Save',
      { Id: EMPTY_ID, MarketingPlanId: planId, Name: 'Leads', MetricType: 1, TargetValue: 100, StartDate: TODAY, EndDate: '2026-06-24' },
      token,
    );
    expect(objective.status).toBe(200);
    const result = await t.post(
      '/api/ObjectiveClient/SaveResult',
      { ObjectiveId: objective.body.Result.Id, Date: TODAY, Value: 10 },
      token,
    );
    expect(result.status).toBe(200);
    expect(result.body.Result).toMatchObject({ ExpectedToDate: 10, ActualValue: 10, Status: 'OnTrack' });
    const listed = (await t.post('/api/ObjectiveClient/GetObjectives', { MarketingPlanId: planId }, token)).body.Result;
    expect(listed.find((row: { Name: string }) => row.Name === 'Leads')).toMatchObject({ ExpectedToDate: 10, Status: 'OnTrack' });
  });

  it('refuses an objective result dated tomorrow there (400 naming the dates) and stores nothing', async () => {
    const objective = await t.post(
      '/api/ObjectiveClient/Save',
      { Id: EMPTY_ID, MarketingPlanId: planId, Name: 'Signups', MetricType: 1, TargetValue: 50 },
      token,
    );
    const response = await t.post(
      '/api/ObjectiveClient/SaveResult',
      { ObjectiveId: objective.body.Result.Id, Date: TOMORROW, Value: 3 },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([
      { Field: 'Date', Message: `A result cannot be dated ${TOMORROW}, after today (${TODAY}): record it once it has happened.` },
    ]);
    expect(await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.objectiveId, objective.body.Result.Id))).toEqual([]);
  });

  it('a new plan starts today there and ends 365 days later', async () => {
    const response = await t.post('/api/MarketingPlanClient/Save', { Id: EMPTY_ID, Name: 'Next', TeamId: tenant.teamId }, token);
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ StartDate: TODAY, EndDate: '2027-06-15' });
  });

  it('accepts an Actual expense dated today there, refuses one dated tomorrow (400 naming the date), accepts Planned and Committed tomorrow', async () => {
    const today = await saveExpense({ Name: 'Spent today' });
    expect(today.status).toBe(200);

    const tomorrow = await saveExpense({ Name: 'Spent tomorrow', PurchaseDate: TOMORROW });
    expect(tomorrow.status).toBe(400);
    const message = `${TOMORROW} is after today (${TODAY}): money that has not been spent yet cannot be Actual; record it as Planned or Committed.`;
    expect(tomorrow.body).toMatchObject({ Message: message, Errors: [{ Field: 'PurchaseDate', Message: message }] });
    expect(await t.ctx.db.select().from(expenses).where(eq(expenses.name, 'Spent tomorrow'))).toEqual([]);

    expect((await saveExpense({ Name: 'Planned tomorrow', PurchaseDate: TOMORROW, Status: 1 })).status).toBe(200);
    const committed = await saveExpense({ Name: 'Committed tomorrow', PurchaseDate: TOMORROW, Status: 2 });
    expect(committed.status).toBe(200);

    // An update may not make it Actual before its day, nor move an Actual expense past today.
    const toActual = await saveExpense({
      Id: committed.body.Result.Id,
      Version: committed.body.Result.Version,
      Name: 'Committed tomorrow',
      PurchaseDate: TOMORROW,
      Status: 3,
    });
    expect(toActual.status).toBe(400);
    expect(toActual.body.Message).toBe(message);
    const moved = await saveExpense({
      Id: today.body.Result.Id,
      Version: today.body.Result.Version,
      Name: 'Spent today',
      PurchaseDate: TOMORROW,
    });
    expect(moved.status).toBe(400);
    const rows = await t.ctx.db.select().from(expenses).where(eq(expenses.marketingPlanId, planId));
    expect(rows.find((row) => row.id === committed.body.Result.Id)?.status).toBe(2);
    expect(rows.find((row) => row.id === today.body.Result.Id)?.purchaseDate).toBe(TODAY);
  });

  it('the digest, due that Monday there, names the same overdue expense and the same time gone', async () => {
    const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, token)).body.Result;
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, WeeklySummary: true }, token);
    const mark = await outboxMark(t);
    await t.app.digestScheduler.tick();
    const mails = (await mailSince(t, mark, 'digest')).filter(
      (row) => row.tenantId === tenant.id && row.toAddress === tenant.users.owner.email,
    );
    expect(mails).toHaveLength(1);
    const text = mails[0]?.textBody ?? '';
    expect(text).toContain(`Overdue: 1 planned or committed expense ($50.00) dated before today: Yesterday planned (planned, 2026-06-14).`);
    expect(text).toContain("with 45% of the plan's time gone");
  });
});
