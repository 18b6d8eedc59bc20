import type { BudgetCategoriesReport } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { reportToCsv } from './report-export.ts';
import { toReportLines } from './report-lines.ts';

const money = (budgeted: number, actual: number, planned = 0) => ({
  Budgeted: budgeted,
  Planned: planned,
  Committed: 0,
  Actual: actual,
  Requested: 0,
  Available: budgeted - actual,
  LeftToPlan: budgeted - planned - actual,
  Variance: budgeted - actual,
  Percent: budgeted ? actual / budgeted : null,
  Baseline: null,
  Forecast: budgeted,
  ForecastVariance: 0,
  FxVariance: 0,
});

const REPORT: BudgetCategoriesReport = {
  MarketingPlanId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  PlanName: '2026 Plan',
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  Rows: [
    {
      BudgetCategoryId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2101',
      Name: 'Paid, "Media"',
      CategoryType: 1,
      SortOrder: 1,
      ...money(100, 25, 90),
    },
    { BudgetCategoryId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2107', Name: 'Salaries', CategoryType: 3, SortOrder: 2, ...money(50, 50) },
  ],
  Subtotals: [
    { CategoryType: 1, ...money(100, 25) },
    { CategoryType: 3, ...money(50, 50) },
  ],
  Totals: money(150, 75),
  BaseCurrency: 'USD',
  ForeignExpenseCount: 0,
};

describe('report lines', () => {
  it('follow each type’s categories with its subtotal and end with the total', () => {
    expect(toReportLines(REPORT).map((line) => [line.label, line.kind])).toEqual([
      ['Paid, "Media"', 'category'],
      ['Productive categories subtotal', 'subtotal'],
      ['Salaries', 'category'],
      ['Personnel categories subtotal', 'subtotal'],
      ['Total', 'total'],
    ]);
  });

  it('export to CSV with quoted names, dollar amounts and the percent spent as a fraction', () => {
    const lines = reportToCsv(REPORT).split('\r\n');
    expect(lines[0]).toBe(
      'Category,Category type,Budgeted (USD),Planned (USD),Committed (USD),Actual (USD),Available (USD),Left to plan (USD),Variance (USD),' +
        'Baseline (USD),Forecast (USD),Forecast variance (USD),Percent spent',
    );
    expect(lines[1]).toBe('"Paid, ""Media""",Productive,100,90,0,25,75,-15,75,,100,0,0.25');
    expect(lines[5]).toBe('Total,,150,0,0,75,75,75,75,,150,0,0.5');
  });

  it('name a EUR base in every money header and add the FX variance column when the plan spends in another currency', () => {
    const withFx = (line: ReturnType<typeof money>, fx: number) => ({ ...line, FxVariance: fx });
    const euro: BudgetCategoriesReport = {
      ...REPORT,
      Rows: REPORT.Rows.map((row, index) => ({ ...row, FxVariance: index === 0 ? 20 : -24.7 })),
      Subtotals: [
        { CategoryType: 1, ...withFx(money(100, 25), 20) },
        { CategoryType: 3, ...withFx(money(50, 50), -24.7) },
      ],
      Totals: withFx(money(150, 75), -4.7),
      BaseCurrency: 'EUR',
      ForeignExpenseCount: 2,
    };
    const lines = reportToCsv(euro).split('\r\n');
    expect(lines[0]).toBe(
      'Category,Category type,Budgeted (EUR),Planned (EUR),Committed (EUR),Actual (EUR),Available (EUR),Left to plan (EUR),Variance (EUR),' +
        'Baseline (EUR),Forecast (EUR),Forecast variance (EUR),FX variance (EUR),Percent spent',
    );
    expect(lines[5]).toBe('Total,,150,0,0,75,75,75,75,,150,0,-4.7,0.5');
  });
});
