import type { BudgetCategoriesReport } from '@plansmith/contract';
import Papa from 'papaparse';
import { moneyFormatFor } from '../../../shared/export/spreadsheet.ts';
import { exportMoneyOf, reportFileName, toExportRows, toReportLines } from './report-lines.ts';

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
  Papa.unparse(toExportRows(toReportLines(report), exportMoneyOf(report)), { escapeFormulae: true });

export const downloadReportCsv = (report: BudgetCategoriesReport): void =>
  download(new Blob([reportToCsv(report)], { type: 'text/csv;charset=utf-8' }), reportFileName(report, 'csv'));

/** An Excel workbook with money formatted in the base currency and the subtotal and total rows in bold. */
export const buildReportWorkbook = async (report: BudgetCategoriesReport): Promise<ArrayBuffer> => {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const lines = toReportLines(report);
  const rows = toExportRows(lines, exportMoneyOf(report));
  const header = Object.keys(rows[0] ?? {});
  const moneyFormat = moneyFormatFor(report.BaseCurrency);
  // Every number is money except the share spent (a number is never in the two text columns).
  const format = (index: number) => (header[index] === 'Percent spent' ? '0%' : moneyFormat);
  const data = [
    [{ value: `${report.PlanName} — budget categories`, fontWeight: 'bold' as const, fontSize: 14 }],
    [`${report.StartDate} to ${report.EndDate} · amounts in ${report.BaseCurrency}`],
    [],
    header.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...rows.map((row, rowIndex) =>
      Object.values(row).map((value, index) => ({
        value,
        format: typeof value === 'number' ? format(index) : undefined,
        fontWeight: lines[rowIndex]?.kind === 'category' ? undefined : ('bold' as const),
      })),
    ),
  ];
  const columns = header.map((_, index) => ({ width: index === 0 ? 32 : 16 }));
  return (await writeXlsxFile(data, { sheet: 'Budget categories', columns }).toBlob()).arrayBuffer();
};

export const downloadReportXlsx = async (report: BudgetCategoriesReport): Promise<void> => {
  const buffer = await buildReportWorkbook(report);
  download(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    reportFileName(report, 'xlsx'),
  );
};
