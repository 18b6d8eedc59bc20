import { PIVOT_NONE_KEY, PIVOT_NOT_BY_KEY, type PivotRequestInput, type PivotResult, toCents } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PIVOT = '/api/ReportClient/Pivot';
const REPORT = '/api/ReportingClient/BudgetCategoriesReport';

let t: TestApp;
let tenant: TestTenant;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  admin = await tenant.tokenFor('admin');
});
afterAll(async () => t.close());

const pivot = async (body: PivotRequestInput, token = admin): Promise<PivotResult> => {
  const response = await t.post(PIVOT, body, token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result as PivotResult;
};

const cents = (value: number | null | undefined) => toCents(value ?? 0);
const sumCents = (values: Array<number | null | undefined>) => values.reduce<number>((sum, value) => sum + cents(value), 0);
const MEASURES = ['Budget', 'Planned', 'Committed', 'Actual', 'Forecast', 'Available', 'Variance'] as const;

/** Every line's cells add up to its Total, and the rows (and subtotals) add up to the grand total, cent by cent. */
const expectRowsAddUp = (result: PivotResult) => {
  const measures = result.Measures.filter((measure) => measure !== 'VariancePercent');
  const lines = [...result.Rows, ...result.Subtotals, result.GrandTotal];
  for (const line of lines) {
    if (line.Cells.length === 0) continue;
    for (const measure of measures) {
      if (measure === 'Baseline' && line.Total.Values.Baseline === null) continue;
      expect(sumCents(line.Cells.map((cell) => cell.Values[measure])), measure).toBe(cents(line.Total.Values[measure]));
    }
  }
  for (const measure of measures) {
    if (result.GrandTotal.Total.Values[measure] === null) continue;
    expect(sumCents(result.Rows.map((row) => row.Total.Values[measure])), measure).toBe(cents(result.GrandTotal.Total.Values[measure]));
    if (result.Subtotals.length > 0) {
      expect(sumCents(result.Subtotals.map((row) => row.Total.Values[measure])), measure).toBe(cents(result.GrandTotal.Total.Values[measure]));
    }
    result.GrandTotal.Cells.forEach((cell, index) => {
      expect(sumCents(result.Rows.map((row) => row.Cells[index]?.Values[measure]))).toBe(cents(cell.Values[measure]));
    });
  }
};

describe('ReportClient/Pivot against BudgetCategoriesReport', () => {
  it('by category over the plan’s period: each row, the rows’ sum and the grand total equal the category report to the cent', async () => {
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const paid = await createCategory(t, tenant, { name: 'Paid media', categoryType: 1 });
    const events = await createCategory(t, tenant, { name: 'Events', categoryType: 1 });
    const software = await createCategory(t, tenant, { name: 'Software', categoryType: 2 });
    // 3,333.33 unphased over 12 months (spread cents), a phased item, an inactive item with spend.
    const search = await createItem(t, tenant, { planId: plan.id, categoryId: paid.id, amountCents: 333_333 });
    const social = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: paid.id,
      amountCents: 120_001,
      months: { '2026-01': 60_000, '2026-06': 60_001 },
    });
    const fair = await createItem(t, tenant, { planId: plan.id, categoryId: events.id, amountCents: 500_000 });
    const old = await createItem(t, tenant, { planId: plan.id, categoryId: software.id, amountCents: 9_999, active: false });
    const spend: Array<[string, number, 1 | 2 | 3, string, boolean?]> = [
      [search.id, 1_999, 3, '2026-01-31'],
      [search.id, 10_001, 2, '2026-02-01'],
      [social.id, 7, 1, '2026-06-30'],
      [fair.id, 123_456, 3, '2026-12-31'],
      [fair.id, 50_000, 3, '2026-05-05', false],
      [old.id, 2_500, 3, '2026-03-15'],
    ];
    for (const [itemId, amountCents, status, purchaseDate, active] of spend) {
      await createExpenseRow(t, tenant, { planId: plan.id, itemId, amountCents, status, purchaseDate, active: active ?? true });
    }
    const report = (await t.post(REPORT, { MarketingPlanId: plan.id }, admin)).body.Result;
    const result = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'Month',
      Measures: [...MEASURES],
      From: '2026-01-01',
      To: '2026-12-31',
    });
    expect(result.Columns.map((column) => column.Key)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expectRowsAddUp(result);
    const byCategory = new Map(result.Rows.map((row) => [row.Keys[0]?.Key, row.Total.Values]));
    for (const row of report.Rows) {
      const values = byCategory.get(row.BudgetCategoryId);
      if (!values) {
        expect(row.Budgeted + row.Planned + row.Committed + row.Actual).toBe(0);
        continue;
      }
      expect(values).toEqual({
        Budget: row.Budgeted,
        Planned: row.Planned,
        Committed: row.Committed,
        Actual: row.Actual,
        Forecast: row.Forecast,
        Available: row.Available,
        Variance: row.Variance,
      });
    }
    expect(result.GrandTotal.Total.Values).toEqual({
      Budget: report.Totals.Budgeted,
      Planned: report.Totals.Planned,
      Committed: report.Totals.Committed,
      Actual: report.Totals.Actual,
      Forecast: report.Totals.Forecast,
      Available: report.Totals.Available,
      Variance: report.Totals.Variance,
    });
    // Hand-summed: 3,333.33 + 1,200.01 + 5,000.00 budget; 19.99 + 1,234.56 + 25.00 actual.
    expect(result.GrandTotal.Total.Values.Budget).toBe(9_533.34);
    expect(result.GrandTotal.Total.Values.Actual).toBe(1_279.55);
    // Month end and month start stay in their own months.
    const paidRow = result.Rows.find((row) => row.Keys[0]?.Key === paid.id);
    expect(paidRow?.Cells[0]?.Values.Actual).toBe(19.99);
    expect(paidRow?.Cells[1]?.Values.Committed).toBe(100.01);
    expect(paidRow?.Cells[0]?.Values.Budget).toBe(877.78); // 277.78 (spread, first month takes the odd cent) + 600.00

    // Two dimensions: the subtotals per category are the one-dimension rows.
    const two = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category', 'ItemType'],
      Columns: 'Quarter',
      Measures: [...MEASURES],
      From: '2026-01-01',
      To: '2026-12-31',
    });
    expectRowsAddUp(two);
    expect(two.Columns.map((column) => column.Label)).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026', 'Q4 2026']);
    expect(two.Subtotals.map((row) => [row.Key.Key, row.Total.Values])).toEqual(result.Rows.map((row) => [row.Keys[0]?.Key, row.Total.Values]));
    expect(two.GrandTotal.Total).toEqual(result.GrandTotal.Total);
  });
});
