import type { BudgetCategoriesReport } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { buildReportWorkbook, reportToCsv } from './report-export.ts';
import { xlsxCell, xlsxRows } from '../../../test/xlsx-cells.ts';

const line = (budgeted: number, committed: number, actual: number, planned = 0) => ({
  Budgeted: budgeted,
  Planned: planned,
  Committed: committed,
  Actual: actual,
  Requested: 0,
  Available: budgeted - committed - actual,
  LeftToPlan: budgeted - planned - committed - actual,
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
      Name: 'Paid Media',
      CategoryType: 1,
      SortOrder: 1,
      ...line(1000.5, 100, 250.25),
    },
  ],
  Subtotals: [{ CategoryType: 1, ...line(1000.5, 100, 250.25) }],
  Totals: line(1000.5, 100, 250.25),
  BaseCurrency: 'USD',
  ForeignExpenseCount: 0,
};

describe('XLSX export', () => {
  it('writes a titled sheet with numbers in USD format and bold subtotal and total rows', async () => {
    const bytes = await buildReportWorkbook(REPORT);
    const rows = await xlsxRows(bytes);
    expect(rows[0]?.[0]).toBe('2026 Plan — budget categories');
    expect(rows[3]).toEqual([
      'Category',
      'Category type',
      'Budgeted (USD)',
      'Planned (USD)',
      'Committed (USD)',
      'Actual (USD)',
      'Available (USD)',
      'Left to plan (USD)',
      'Variance (USD)',
      'Baseline (USD)',
      'Forecast (USD)',
      'Forecast variance (USD)',
      'Percent spent',
    ]);
    expect((await xlsxCell(bytes, 'A1')).isBold).toBe(true);
    expect((await xlsxCell(bytes, 'A5')).value).toBe('Paid Media');
    expect((await xlsxCell(bytes, 'C5')).value).toBe(1000.5);
    expect((await xlsxCell(bytes, 'G5')).value).toBe(650.25);
    expect((await xlsxCell(bytes, 'C5')).numberFormat).toContain('"$"#,##0.00');
    expect((await xlsxCell(bytes, 'H5')).value).toBe(650.25);
    expect((await xlsxCell(bytes, 'H5')).numberFormat).toContain('"$"#,##0.00');
    expect((await xlsxCell(bytes, 'M5')).numberFormat).toBe('0%');
    expect((await xlsxCell(bytes, 'A6')).value).toBe('Productive categories subtotal');
    expect((await xlsxCell(bytes, 'A6')).isBold).toBe(true);
    expect((await xlsxCell(bytes, 'A7')).value).toBe('Total');
    expect((await xlsxCell(bytes, 'A5')).isBold).toBe(false);
  });
});

/**
 * A plan whose baseline is locked (DESIGN.md §14): the category's Baseline 1,000.49, its Forecast
 * 980.51 (so Budgeted 1,000.50 − Forecast = 19.99), a second category landing one cent over; the
 * subtotal and total sum them. The personnel subtotal has no baseline (null: an empty cell).
 */
const FORECAST_REPORT: BudgetCategoriesReport = {
  ...REPORT,
  Rows: [
    {
      BudgetCategoryId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2101',
      Name: 'Paid Media',
      CategoryType: 1,
      SortOrder: 1,
      ...line(1000.5, 100, 250.25),
      Baseline: 1000.49,
      Forecast: 980.51,
      ForecastVariance: 19.99,
    },
    {
      BudgetCategoryId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2102',
      Name: 'Events',
      CategoryType: 1,
      SortOrder: 2,
      ...line(0.01, 0, 0),
      Baseline: 0,
      Forecast: 0.02,
      ForecastVariance: -0.01,
    },
  ],
  Subtotals: [{ CategoryType: 1, ...line(1000.51, 100, 250.25), Baseline: 1000.49, Forecast: 980.53, ForecastVariance: 19.98 }],
  Totals: { ...line(1000.51, 100, 250.25), Baseline: null, Forecast: 980.53, ForecastVariance: 19.98 },
};

describe('Baseline, Forecast and Forecast variance in the export', () => {
  it('writes them to the CSV after Variance, to the cent, with an empty Baseline when there is none', () => {
    const lines = reportToCsv(FORECAST_REPORT).split('\r\n');
    expect(lines[0]).toBe(
      'Category,Category type,Budgeted (USD),Planned (USD),Committed (USD),Actual (USD),Available (USD),Left to plan (USD),Variance (USD),' +
        'Baseline (USD),Forecast (USD),Forecast variance (USD),Percent spent',
    );
    expect(lines[1]).toBe('Paid Media,Productive,1000.5,0,100,250.25,650.25,650.25,750.25,1000.49,980.51,19.99,0.2501');
    expect(lines[2]).toBe('Events,Productive,0.01,0,0,0,0.01,0.01,0.01,0,0.02,-0.01,0');
    expect(lines[3]).toBe(
      'Productive categories subtotal,Productive,1000.51,0,100,250.25,650.26,650.26,750.26,1000.49,980.53,19.98,0.2501',
    );
    expect(lines[4]).toBe('Total,,1000.51,0,100,250.25,650.26,650.26,750.26,,980.53,19.98,0.2501');
  });

  it('writes them to the XLSX as USD numbers to the cent, the share spent staying a percent', async () => {
    const bytes = await buildReportWorkbook(FORECAST_REPORT);
    const cells = await Promise.all(['J5', 'K5', 'L5', 'J6', 'K6', 'L6', 'J7', 'K7', 'L7'].map((ref) => xlsxCell(bytes, ref)));
    expect(cells.map((cell) => cell.value)).toEqual([1000.49, 980.51, 19.99, 0, 0.02, -0.01, 1000.49, 980.53, 19.98]);
    for (const cell of cells) expect(cell.numberFormat).toContain('"$"#,##0.00');
    expect((await xlsxCell(bytes, 'A8')).value).toBe('Total');
    expect((await xlsxCell(bytes, 'K8')).value).toBe(980.53);
    expect((await xlsxCell(bytes, 'L8')).value).toBe(19.98);
    expect((await xlsxCell(bytes, 'M5')).value).toBe(0.2501);
    expect((await xlsxCell(bytes, 'M5')).numberFormat).toBe('0%');
  });
});

/** The report with one category named by someone who hopes a spreadsheet will run it. */
const withCategoryName = (name: string): BudgetCategoriesReport => ({
  ...REPORT,
  Rows: REPORT.Rows.map((row) => ({ ...row, Name: name, ...line(100, 0, 250) })),
});

describe('CSV export', () => {
  it.each(['=HYPERLINK("http://evil.test","x")', '+1+1', '-2+3', '@SUM(A1)'])(
    'writes a cell starting with a formula character (%s) as text, with a leading quote',
    (name) => {
      const csv = reportToCsv(withCategoryName(name));
      const cell = `"'${name.replaceAll('"', '""')}"`;
      expect(csv.split('\r\n')[1]?.startsWith(`${cell},`)).toBe(true);
    },
  );

  it('leaves ordinary names and negative amounts as they are', () => {
    const lines = reportToCsv(withCategoryName('Paid Media')).split('\r\n');
    expect(lines[1]).toBe('Paid Media,Productive,100,0,0,250,-150,-150,-150,,100,0,2.5');
  });
});

describe('XLSX export in another base currency', () => {
  it('names EUR in the money headers and the date line, formats money in EUR and adds the FX variance column', async () => {
    const euro: BudgetCategoriesReport = {
      ...REPORT,
      Rows: REPORT.Rows.map((row) => ({ ...row, FxVariance: 12.34 })),
      Subtotals: REPORT.Subtotals.map((row) => ({ ...row, FxVariance: 12.34 })),
      Totals: { ...REPORT.Totals, FxVariance: 12.34 },
      BaseCurrency: 'EUR',
      ForeignExpenseCount: 1,
    };
    const bytes = await buildReportWorkbook(euro);
    const rows = await xlsxRows(bytes);
    expect(rows[1]?.[0]).toBe('2026-01-01 to 2026-12-31 · amounts in EUR');
    expect(rows[3]?.slice(2, 3)).toEqual(['Budgeted (EUR)']);
    expect(rows[3]?.slice(-2)).toEqual(['FX variance (EUR)', 'Percent spent']);
    expect((await xlsxCell(bytes, 'M5')).value).toBe(12.34);
    expect((await xlsxCell(bytes, 'M5')).numberFormat).toContain('"EUR"');
    expect((await xlsxCell(bytes, 'C5')).numberFormat).toContain('"EUR"');
    expect((await xlsxCell(bytes, 'N5')).numberFormat).toBe('0%');
  });
});

describe('XLSX export of hostile names', () => {
  it('stores a name starting with = as text, not as a formula', async () => {
    const cell = await xlsxCell(await buildReportWorkbook(withCategoryName('=1+2')), 'A5');
    expect(cell).toMatchObject({ value: '=1+2', isText: true, isFormula: false });
  });
});
