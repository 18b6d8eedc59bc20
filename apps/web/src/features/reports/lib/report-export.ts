import type { BudgetCategoriesReport } from '@plansmith/contract';
import Papa from 'papaparse';
import { reportFileName, toExportRows, toReportLines } from './report-lines.ts';

const download = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

/**
 * The report as CSV. A text cell starting with =, +, -, @, tab or return is prefixed with ' so a
 * spreadsheet shows it instead of running it as a formula (CSV injection); numbers stay numbers.
 */
export const reportToCsv = (report: BudgetCategoriesReport): string =>
  Papa.unparse(toExportRows(toReportLines(report)), { escapeFormulae: true });

export const downloadReportCsv = (report: BudgetCategoriesReport): void =>
  download(new Blob([reportToCsv(report)], { type: 'text/csv;charset=utf-8' }), reportFileName(report, 'csv'));

/** An Excel workbook with money formatted as USD and the subtotal and total rows in bold. */
export const buildReportWorkbook = async (report: BudgetCategoriesReport): Promise<ArrayBuffer> => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Plansmith';
  const sheet = workbook.addWorksheet('Budget categories');
  sheet.addRow([`${report.PlanName} — budget categories`]).font = { bold: true, size: 14 };
  sheet.addRow([`${report.StartDate} to ${report.EndDate}`]);
  sheet.addRow([]);
  const rows = toExportRows(toReportLines(report));
  const header = Object.keys(rows[0] ?? {});
  sheet.addRow(header).font = { bold: true };
  const lines = toReportLines(report);
  rows.forEach((row, index) => {
    const added = sheet.addRow(Object.values(row));
    if (lines[index]?.kind !== 'category') added.font = { bold: true };
  });
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 32 : 16;
    if (index >= 2 && index <= 8) column.numFmt = '"$"#,##0.00;[Red]-"$"#,##0.00';
    if (index === 9) column.numFmt = '0%';
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
};

export const downloadReportXlsx = async (report: BudgetCategoriesReport): Promise<void> => {
  const buffer = await buildReportWorkbook(report);
  download(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    reportFileName(report, 'xlsx'),
  );
};
