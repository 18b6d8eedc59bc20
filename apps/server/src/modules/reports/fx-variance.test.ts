// Issue 34 / DESIGN.md §17: every report is in the tenant's base currency (each expense converted at
// its purchase month's rate, then summed) and shows the FX variance: actuals at actual rates minus
// actuals at the plan's budget rate. The figures below are computed by hand, not by the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan, insertRate } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let token: string;
let planId: string;
const categories: Record<'media' | 'events' | 'software', string> = { media: '', events: '', software: '' };

const rate = (who: TestTenant, currency: string, month: string, value: string) => insertRate(t, who.id, currency, month, value);

/*
 * Base USD. Rates: EUR Jan 1.10, Mar 1.08, Apr 1.0825; GBP Jan 1.25, Mar 1.27. The plan's budget rate
 * month is January 2026: budgets (and the "actuals at the budget rate") use EUR 1.10 and GBP 1.25.
 *
 * Items: Media $10,000.00; Events €5,000.00 → 500,000 × 1.10 = $5,500.00; Software $2,000.00.
 * Expenses (own amount → base at the purchase month's rate; at the budget rate; FX variance):
 *   1 Media    €1,234.56 Actual  Mar 15: 123,456 × 1.08 = 133,332.48 → 133,332; × 1.10 = 135,801.6 → 135,802; −2,470
 *   2 Media    $500.00   Actual  Mar 15: 50,000 (base currency: no variance)
 *   3 Events   £999.99   Actual  Mar 31:  99,999 × 1.27 = 126,998.73 → 126,999; × 1.25 = 124,998.75 → 124,999; +2,000
 *   4 Events   €100.01   Committed Apr 1: 10,001 × 1.0825 = 10,826.0825 → 10,826 (not Actual: no variance)
 *   5 Software €0.05     Actual  Mar 15: 5 × 1.08 = 5.4 → 5; × 1.10 = 5.5 → 6 (half away from zero); −1
 *   6 Events   €200.00   Actual, deleted (inactive): in nothing
 *   7 Media    €300.00   Actual, waiting for approval: Requested, in no Actual and no variance
 * Actual: Media 133,332 + 50,000 = 183,332; Events 126,999; Software 5; total 310,336.
 * FX variance: Media −2,470; Events +2,000; Software −1; Productive subtotal −470; total −471 → −$4.71.
 * Foreign active expenses (any status): 1, 3, 4, 5, 7 → 5.
 */
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Berlin' });
  other = await createTenant(t, { name: 'Elsewhere' });
  token = await tenant.tokenFor('member');
  for (const [currency, month, value] of [
    ['EUR', '2026-01', '1.10'],
    ['EUR', '2026-03', '1.08'],
    ['EUR', '2026-04', '1.0825'],
    ['GBP', '2026-01', '1.25'],
    ['GBP', '2026-03', '1.27'],
  ] as const) {
    await rate(tenant, currency, month, value);
  }
  // Another tenant's rates never count in ours.
  await rate(other, 'EUR', '2026-01', '2.00');
  await rate(other, 'EUR', '2026-03', '3.00');

  const plan = await createPlan(t, tenant, { shareKey: 'berlin-share-key-0001' });
  planId = plan.id;
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-01-01' WHERE tenant_id = $1 AND id = $2", [
    tenant.id,
    planId,
  ]);
  categories.media = (await createCategory(t, tenant, { name: 'Media', categoryType: 1 })).id;
  categories.events = (await createCategory(t, tenant, { name: 'Events', categoryType: 1 })).id;
  categories.software = (await createCategory(t, tenant, { name: 'Software', categoryType: 2 })).id;
  const media = await createItem(t, tenant, { planId, categoryId: categories.media, amountCents: 1_000_000 });
  const events = await createItem(t, tenant, {
    planId,
    categoryId: categories.events,
    amountCents: 0,
    currency: 'EUR',
    amountMinor: 500_000,
  });
  const software = await createItem(t, tenant, { planId, categoryId: categories.software, amountCents: 200_000 });

  const expense = (itemId: string, values: Partial<Parameters<typeof createExpenseRow>[2]>) =>
    createExpenseRow(t, tenant, { planId, itemId, amountCents: 0, purchaseDate: '2026-03-15', status: 3, ...values });
  await expense(media.id, { currency: 'EUR', amountMinor: 123_456 });
  await expense(media.id, { amountCents: 50_000 });
  await expense(events.id, { currency: 'GBP', amountMinor: 99_999, purchaseDate: '2026-03-31' });
  await expense(events.id, { currency: 'EUR', amountMinor: 10_001, purchaseDate: '2026-04-01', status: 2 });
  await expense(software.id, { currency: 'EUR', amountMinor: 5, categoryType: 2 });
  await expense(events.id, { currency: 'EUR', amountMinor: 20_000, active: false });
  const pending = await expense(media.id, { currency: 'EUR', amountMinor: 30_000 });
  await t.database.queryRows('UPDATE expenses SET approval = 1 WHERE tenant_id = $1 AND id = $2', [tenant.id, pending.id]);
});
afterAll(async () => t?.close());

describe('reports in the base currency with the FX variance', () => {
  it('converts every expense at its purchase month’s rate before summing, and the variance adds up per category, type and total', async () => {
    const response = await t.post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: planId }, token);
    expect(response.status, response.text).toBe(200);
    const report = response.body.Result;
    expect(report.BaseCurrency).toBe('USD');
    expect(report.ForeignExpenseCount).toBe(5);
    const row = (id: string) => report.Rows.find((candidate: { BudgetCategoryId: string }) => candidate.BudgetCategoryId === id);
    expect(row(categories.media)).toMatchObject({ Budgeted: 10_000, Actual: 1_833.32, Requested: 324, FxVariance: -24.7 });
    expect(row(categories.events)).toMatchObject({ Budgeted: 5_500, Actual: 1_269.99, Committed: 108.26, FxVariance: 20 });
    expect(row(categories.software)).toMatchObject({ Budgeted: 2_000, Actual: 0.05, FxVariance: -0.01 });
    const subtotal = (type: number) => report.Subtotals.find((candidate: { CategoryType: number }) => candidate.CategoryType === type);
    expect(subtotal(1)).toMatchObject({ Actual: 3_103.31, FxVariance: -4.7 });
    expect(subtotal(2)).toMatchObject({ Actual: 0.05, FxVariance: -0.01 });
    expect(report.Totals).toMatchObject({ Budgeted: 17_500, Actual: 3_103.36, Committed: 108.26, FxVariance: -4.71 });
  });

  it('shows the same FX variance and base-currency totals on the dashboard and the spending report', async () => {
    const dashboard = await t.post('/api/DashboardClient/Get', { MarketingPlanId: planId }, token);
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.Result).toMatchObject({
      BaseCurrency: 'USD',
      Budgeted: 17_500,
      Actual: 3_103.36,
      Committed: 108.26,
      FxVariance: -4.71,
      ForeignExpenseCount: 5,
    });
    const spending = await t.post('/api/ReportingClient/SpendingReport', { MarketingPlanId: planId }, token);
    expect(spending.status, spending.text).toBe(200);
    expect(spending.body.Result).toMatchObject({ BaseCurrency: 'USD', Actual: 3_103.36, FxVariance: -4.71, ForeignExpenseCount: 5 });
    const march = spending.body.Result.Months.find((month: { Month: string }) => month.Month === '2026-03');
    expect(march.Actual).toBe(3_103.36);
  });

  it('gives the pivot a FxVariance measure by category and month, and by payee, that adds up to the report’s', async () => {
    const base = { MarketingPlanIds: [planId], From: '2026-01-01', To: '2026-12-31', Measures: ['Actual', 'FxVariance'] };
    const byCategory = await t.post('/api/ReportClient/Pivot', { ...base, Rows: ['Category'], Columns: 'Month' }, token);
    expect(byCategory.status, byCategory.text).toBe(200);
    const result = byCategory.body.Result;
    expect(result.BaseCurrency).toBe('USD');
    const line = (id: string) => result.Rows.find((row: { Keys: { Key: string }[] }) => row.Keys[0]?.Key === id);
    const march = result.Columns.findIndex((column: { Key: string }) => column.Key === '2026-03');
    expect(line(categories.media).Cells[march].Values).toEqual({ Actual: 1_833.32, FxVariance: -24.7 });
    expect(line(categories.events).Total.Values).toEqual({ Actual: 1_269.99, FxVariance: 20 });
    expect(line(categories.software).Total.Values).toEqual({ Actual: 0.05, FxVariance: -0.01 });
    expect(result.GrandTotal.Total.Values).toEqual({ Actual: 3_103.36, FxVariance: -4.71 });

    const byPayee = await t.post('/api/ReportClient/Pivot', { ...base, Rows: ['Payee'], Columns: 'None' }, token);
    expect(byPayee.status, byPayee.text).toBe(200);
    expect(byPayee.body.Result.GrandTotal.Total.Values).toEqual({ Actual: 3_103.36, FxVariance: -4.71 });
  });

  it('names the tenant’s base currency on the guest summary, which has no tenant context', async () => {
    const response = await t.post('/guest/plansummary/Get', { ShareKey: 'berlin-share-key-0001' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result).toMatchObject({ BaseCurrency: 'USD', Actual: 3_103.36, Budgeted: 17_500 });
    await t.database.queryRows("UPDATE tenants SET base_currency = 'EUR' WHERE id = $1", [other.id]);
    const euroPlan = await createPlan(t, other, { shareKey: 'elsewhere-share-key-01' });
    const euro = await t.post('/guest/plansummary/Get', { ShareKey: 'elsewhere-share-key-01' });
    expect(euro.status, euro.text).toBe(200);
    expect(euro.body.Result).toMatchObject({ BaseCurrency: 'EUR', Name: euroPlan.name, Actual: 0 });
  });

  it('counts 0 for an expense whose currency had no rate by the budget rate month instead of failing the report', async () => {
    const plan = await createPlan(t, tenant);
    await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2025-12-01' WHERE tenant_id = $1 AND id = $2", [
      tenant.id,
      plan.id,
    ]);
    const item = await createItem(t, tenant, { planId: plan.id, categoryId: categories.media, amountCents: 100_000 });
    // €10.00 in March at 1.08 = $10.80; no EUR rate on or before December 2025.
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 0, currency: 'EUR', amountMinor: 1_000 });
    const response = await t.post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: plan.id }, token);
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.Totals).toMatchObject({ Actual: 10.8, FxVariance: 0 });
    expect(response.body.Result.ForeignExpenseCount).toBe(1);
  });

  it('reports 0 FX variance and no foreign expenses for a plan all in the base currency', async () => {
    const plan = await createPlan(t, tenant);
    const item = await createItem(t, tenant, { planId: plan.id, categoryId: categories.media, amountCents: 100_000 });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 1_999 });
    const response = await t.post('/api/DashboardClient/Get', { MarketingPlanId: plan.id }, token);
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result).toMatchObject({ Actual: 19.99, FxVariance: 0, ForeignExpenseCount: 0, BaseCurrency: 'USD' });
  });
});
