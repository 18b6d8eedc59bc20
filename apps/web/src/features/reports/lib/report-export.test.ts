import type { BudgetCategoriesReport } from '@plansmith/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildReportWorkbook } from './report-export.ts';

const line = (budgeted: number, committed: number, actual: number) => ({
  Budgeted: budgeted,
  Planned: 0,
  Committed: committed,
  Actual: actual,
  Available: budgeted - committed - actual,
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
      'Type',
      'Budgeted',
      'Planned',
      'Committed',
      'Actual',
      'Available',
      'Variance',
      'Percent spent',
    ]);
    expect(sheet?.getCell('A5').value).toBe('Paid Media');
    expect(sheet?.getCell('C5').value).toBe(1000.5);
    expect(sheet?.getCell('G5').value).toBe(650.25);
    expect(sheet?.getCell('C5').numFmt).toContain('"$"#,##0.00');
    expect(sheet?.getCell('A6').value).toBe('Productive subtotal');
    expect(sheet?.getCell('A6').font?.bold).toBe(true);
    expect(sheet?.getCell('A7').value).toBe('Total');
    expect(sheet?.getCell('A5').font?.bold).toBeFalsy();
  });
});
