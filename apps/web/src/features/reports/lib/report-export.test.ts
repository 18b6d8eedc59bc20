import type { BudgetCategoriesReport } from '@plansmith/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildReportWorkbook, reportToCsv } from './report-export.ts';

const line = (budgeted: number, committed: number, actual: number, planned = 0) => ({
  Budgeted: budgeted,
  Planned: planned,
  Committed: committed,
  Actual: actual,
  Available: budgeted - committed - actual,
  LeftToPlan: budgeted - planned - committed - actual,
  Variance: budgeted - actual,
  Percent: budgeted ? actual / budgeted : null,
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
};

describe('XLSX export', () => {
  it('writes a titled sheet with numbers in USD format and bold subtotal and total rows', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildReportWorkbook(REPORT));
    const sheet = workbook.getWorksheet('Budget categories');
    expect(sheet?.getCell('A1').value).toBe('2026 Plan — budget categories');
    expect(sheet?.getRow(4).values).toEqual([
      undefined,
      'Category',
      'Category type',
      'Budgeted',
      'Planned',
      'Committed',
      'Actual',
      'Available',
      'Left to plan',
      'Variance',
      'Percent spent',
    ]);
    expect(sheet?.getCell('A5').value).toBe('Paid Media');
    expect(sheet?.getCell('C5').value).toBe(1000.5);
    expect(sheet?.getCell('G5').value).toBe(650.25);
    expect(sheet?.getCell('C5').numFmt).toContain('"$"#,##0.00');
    expect(sheet?.getCell('H5').value).toBe(650.25);
    expect(sheet?.getCell('H5').numFmt).toContain('"$"#,##0.00');
    expect(sheet?.getCell('J5').numFmt).toBe('0%');
    expect(sheet?.getCell('A6').value).toBe('Productive categories subtotal');
    expect(sheet?.getCell('A6').font?.bold).toBe(true);
    expect(sheet?.getCell('A7').value).toBe('Total');
    expect(sheet?.getCell('A5').font?.bold).toBeFalsy();
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
    expect(lines[1]).toBe('Paid Media,Productive,100,0,0,250,-150,-150,-150,2.5');
  });
});

describe('XLSX export of hostile names', () => {
  it('stores a name starting with = as text, not as a formula', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildReportWorkbook(withCategoryName('=1+2')));
    const cell = workbook.getWorksheet('Budget categories')?.getCell('A5');
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe('=1+2');
  });
});
