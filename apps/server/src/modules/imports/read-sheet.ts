import path from 'node:path';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@plansmith/contract/imports';
import Papa from 'papaparse';
import { readSheet as readXlsxSheet } from 'read-excel-file/node';
import { badRequest, fieldError, HttpError } from '../../lib/http-errors.ts';
import { countXlsxRows } from './xlsx-rows.ts';

// A cell as read-excel-file reads it: text, a number, a boolean, a Date (its own types say `typeof Date`), or null.
type XlsxCell = unknown;

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

/** Refusal of a file with more data rows than the limit; reading stops as soon as it is known. */
const tooManyRows = (fileName: string) =>
  badRequest(
    `“${fileName}” has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; the limit is ${IMPORT_MAX_ROWS.toLocaleString('en-US')} per file. Split it into smaller files.`,
    [{ Field: 'ContentBase64', Message: `At most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file.` }],
  );

// The header row is one of the non-empty rows; the limit counts data rows.
const MAX_SHEET_ROWS = IMPORT_MAX_ROWS + 1;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const readCsv = (fileName: string, bytes: Uint8Array): SheetRow[] => {
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw fieldError('ContentBase64', `“${fileName}” is not a text file. Import a .csv or .xlsx file.`);
  // papaparse guesses the delimiter (comma, semicolon, tab, pipe) from the first non-empty lines (empty
  // ones would spoil the guess), then reads every line, empty ones too, so row numbers match the sheet.
  const { delimiter } = Papa.parse<string[]>(text, { preview: 100, skipEmptyLines: 'greedy' }).meta;
  const rows: SheetRow[] = [];
  let record = 0;
  let failure: HttpError | null = null;
  // Row by row, stopping at the first row past the limit instead of reading the rest of the file.
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimiter,
    step: (result, parser) => {
      record += 1;
      if (result.errors.some((error) => error.code === 'MissingQuotes')) {
        failure = fieldError('ContentBase64', `Row ${record} of “${fileName}” opens a quoted field that is never closed.`);
        parser.abort();
        return;
      }
      if (isBlank(result.data)) return;
      rows.push({ row: record, cells: result.data.map((cell) => cell.trim()) });
      if (rows.length > MAX_SHEET_ROWS) {
        failure = tooManyRows(fileName);
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  return rows;
};

/** A number as the cell shows it, without binary noise (0.1 + 0.2 reads 0.3). */
const numberText = (value: number): string => String(Math.round(value * 1e9) / 1e9);

/** A workbook cell's value as text: dates as YYYY-MM-DD, formulas by their cached result. */
const cellText = (value: XlsxCell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return '';
};

const readXlsx = async (fileName: string, bytes: Uint8Array): Promise<SheetRow[]> => {
  // Counted before the sheet is parsed: a workbook past the row limit is refused without parsing it.
  if ((await countXlsxRows(bytes, MAX_SHEET_ROWS)) > MAX_SHEET_ROWS) throw tooManyRows(fileName);
  let grid: readonly (readonly XlsxCell[])[];
  try {
    grid = await readXlsxSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw fieldError('ContentBase64', `“${fileName}” could not be read as an Excel workbook. Save it again as .xlsx or .csv.`);
  }
  const rows: SheetRow[] = [];
  grid.forEach((cells, index) => {
    const texts = cells.map(cellText);
    const last = texts.reduce((end, cell, column) => (cell === '' ? end : column + 1), 0);
    if (last > 0) rows.push({ row: index + 1, cells: texts.slice(0, last) });
  });
  if (rows.length > MAX_SHEET_ROWS) throw tooManyRows(fileName);
  return rows;
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
  const rows = extension === '.xlsx' ? await readXlsx(fileName, bytes) : readCsv(fileName, bytes);
  if (rows.length === 0) throw fieldError('ContentBase64', `“${fileName}” has no rows.`);
  return rows;
};
