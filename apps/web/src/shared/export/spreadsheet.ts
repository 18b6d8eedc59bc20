import Papa from 'papaparse';

/** One cell of an export: text, a number (money in dollars), or empty. */
export type ExportCell = string | number | null;
/** Excel's number format for dollars. */
export const USD_FORMAT = '"$"#,##0.00';

/**
 * Excel's number format for base-currency money (DESIGN.md §17): "$" for USD, else the ISO code after
 * the amount ("1,234.50 EUR"); negative in red.
 */
export const moneyFormatFor = (baseCurrency: string): string =>
  baseCurrency === 'USD' ? '"$"#,##0.00;[Red]-"$"#,##0.00' : `#,##0.00 "${baseCurrency}";[Red]-#,##0.00 "${baseCurrency}"`;

/** `moneyFormat`: Excel's format of the money columns (USD_FORMAT unless given, e.g. moneyFormatFor the base currency). */
export type ExportSheet = { name: string; header: string[]; rows: ExportCell[][]; moneyColumns?: readonly number[]; moneyFormat?: string };

/**
 * CSV that any spreadsheet reads back as it was written. A text cell starting with =, +, -, @, tab
 * or return gets a leading ' so a spreadsheet shows it instead of running it (CSV injection); the
 * importer takes that quote off again. Numbers stay numbers.
 */
export const sheetToCsv = (sheet: ExportSheet): string =>
  Papa.unparse({ fields: sheet.header, data: sheet.rows.map((row) => row.map((cell) => cell ?? '')) }, { escapeFormulae: true });

/**
 * An Excel workbook of one sheet: a bold header, money as USD. Every text cell is written as a
 * string cell, never a formula, so "=1+2" stays text in Excel without the CSV's quote.
 */
export const sheetToXlsx = async (sheet: ExportSheet): Promise<ArrayBuffer> => {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const money = new Set(sheet.moneyColumns ?? []);
  const data = [
    sheet.header.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...sheet.rows.map((row) =>
      row.map((cell, index) =>
        typeof cell === 'number' && money.has(index) ? { value: cell, format: sheet.moneyFormat ?? USD_FORMAT } : cell,
      ),
    ),
  ];
  const columns = sheet.header.map((_, index) => ({ width: index === 0 ? 32 : 16 }));
  return (await writeXlsxFile(data, { sheet: sheet.name, columns }).toBlob()).arrayBuffer();
};

export const downloadBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

/** "2026 Plan" + "expenses" + "csv" → "2026-Plan-expenses.csv". */
export const exportFileName = (planName: string, what: string, extension: 'csv' | 'xlsx'): string =>
  `${planName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'plan'}-${what}.${extension}`;

export const downloadSheet = async (sheet: ExportSheet, fileName: string, format: 'csv' | 'xlsx'): Promise<void> => {
  if (format === 'csv') {
    downloadBlob(new Blob([sheetToCsv(sheet)], { type: 'text/csv;charset=utf-8' }), fileName);
    return;
  }
  downloadBlob(
    new Blob([await sheetToXlsx(sheet)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
};
