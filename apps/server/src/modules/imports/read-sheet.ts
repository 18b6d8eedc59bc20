import path from 'node:path';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@plansmith/contract/imports';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest, fieldError, HttpError } from '../../lib/http-errors.ts';

/** One non-empty row of the sheet: its 1-based number as a spreadsheet shows it, and its cells as text. */
export type SheetRow = { row: number; cells: string[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Text of a CSV file: UTF-8 (BOM or not), UTF-16 with a BOM (Excel's "Unicode text"), else Windows-1252. */
const decodeText = (bytes: Uint8Array): string => {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

const readCsv = (fileName: string, bytes: Uint8Array): string[][] => {
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw fieldError('ContentBase64', `“${fileName}” is not a text file. Import a .csv or .xlsx file.`);
  // papaparse guesses the delimiter (comma, semicolon, tab, pipe) from the first non-empty lines (empty
  // ones would spoil the guess), then reads every line, empty ones too, so row numbers match the sheet.
  const { delimiter } = Papa.parse<string[]>(text, { preview: 100, skipEmptyLines: 'greedy' }).meta;
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter });
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    const line = (unclosed.row ?? 0) + 1;
    throw fieldError('ContentBase64', `Row ${line} of “${fileName}” opens a quoted field that is never closed.`);
  }
  return parsed.data;
};

/** A number as the cell shows it, without binary noise (0.1 + 0.2 reads 0.3). */
const numberText = (value: number): string => String(Math.round(value * 1e9) / 1e9);

/** A workbook cell's value as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
};

const readXlsx = async (fileName: string, bytes: Uint8Array): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    throw fieldError('ContentBase64', `“${fileName}” could not be read as an Excel workbook. Save it again as .xlsx or .csv.`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
};

/**
 * Reads the first sheet of a CSV or XLSX file into its non-empty rows. Every problem with the file
 * itself is a 4xx naming it: wrong type, too large, empty, unreadable, too many rows.
 */
export const readSheet = async (fileName: string, bytes: Uint8Array): Promise<SheetRow[]> => {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === '.xls')
    throw new HttpError(415, 'Old Excel files (.xls) cannot be read. Save the sheet as .xlsx or .csv and import that.');
  if (!['.csv', '.txt', '.xlsx'].includes(extension)) {
    throw new HttpError(
      415,
      `Only .csv and .xlsx files can be imported; “${fileName}” is ${extension ? `a ${extension} file` : 'neither'}.`,
    );
  }
  if (bytes.length === 0) throw fieldError('ContentBase64', `“${fileName}” is empty.`);
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new HttpError(413, `“${fileName}” is ${megabytes(bytes.length)}; the import limit is 10 MB. Split it into smaller files.`);
  }
  const zipped = isZip(bytes);
  if (extension === '.xlsx' && !zipped) {
    throw fieldError('ContentBase64', `“${fileName}” is not an Excel workbook (.xlsx). If it is CSV text, name it .csv.`);
  }
  if (extension !== '.xlsx' && zipped) {
    throw fieldError('ContentBase64', `“${fileName}” looks like an Excel workbook, not CSV text. Name it .xlsx, or save it as CSV.`);
  }
  const grid = extension === '.xlsx' ? await readXlsx(fileName, bytes) : readCsv(fileName, bytes);
  const rows: SheetRow[] = [];
  grid.forEach((cells, index) => {
    const trimmed = cells.map((cell) => cell.trim());
    if (trimmed.some((cell) => cell !== '')) rows.push({ row: index + 1, cells: trimmed });
  });
  if (rows.length === 0) throw fieldError('ContentBase64', `“${fileName}” has no rows.`);
  // The header row is one of them; the limit counts data rows.
  if (rows.length - 1 > IMPORT_MAX_ROWS) {
    throw badRequest(
      `“${fileName}” has ${(rows.length - 1).toLocaleString('en-US')} rows; the limit is ${IMPORT_MAX_ROWS.toLocaleString('en-US')} per file. Split it into smaller files.`,
      [{ Field: 'ContentBase64', Message: `At most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file.` }],
    );
  }
  return rows;
};
