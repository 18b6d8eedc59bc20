import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { readSheet } from './read-sheet.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const cellsOf = async (name: string, bytes: Uint8Array) => (await readSheet(name, bytes)).map((row) => row.cells);

const rejection = async (name: string, bytes: Uint8Array) => {
  try {
    await readSheet(name, bytes);
  } catch (error) {
    return error as { statusCode: number; message: string };
  }
  throw new Error('readSheet accepted the file');
};

describe('reading CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', async () => {
    const csv = 'Name,Note\r\n"Ads, March","She said ""go"""\r\n"Two\nlines",x\r\n';
    expect(await cellsOf('a.csv', utf8(csv))).toEqual([
      ['Name', 'Note'],
      ['Ads, March', 'She said "go"'],
      ['Two\nlines', 'x'],
    ]);
  });

  it('drops a UTF-8 byte order mark so the first header reads cleanly', async () => {
    const rows = await cellsOf('a.csv', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Amount,Payee\n5,Café\n')]));
    expect(rows).toEqual([
      ['Amount', 'Payee'],
      ['5', 'Café'],
    ]);
  });

  it('guesses a semicolon delimiter', async () => {
    expect(await cellsOf('a.csv', utf8('Amount;Payee\n"1.234,56";Acme\n'))).toEqual([
      ['Amount', 'Payee'],
      ['1.234,56', 'Acme'],
    ]);
  });

  it('reads tab-separated UTF-16 text (Excel’s “Unicode text”)', async () => {
    const text = 'Amount\tPayee\r\n5\tZoë\r\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i += 1) bytes.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + i * 2);
    expect(await cellsOf('a.txt', bytes)).toEqual([
      ['Amount', 'Payee'],
      ['5', 'Zoë'],
    ]);
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', async () => {
    expect(await cellsOf('a.csv', new Uint8Array([...utf8('Payee\nCaf'), 0xe9, 0x0a]))).toEqual([['Payee'], ['Café']]);
  });

  it('leaves out empty rows, including rows of empty cells, and keeps the sheet’s row numbers', async () => {
    const rows = await readSheet('a.csv', utf8('Amount,Payee\n\n5,A\n,\n  ,  \n6,B\n'));
    expect(rows.map((row) => [row.row, row.cells[0]])).toEqual([
      [1, 'Amount'],
      [3, '5'],
      [6, '6'],
    ]);
  });

  it('names an unclosed quote by its row', async () => {
    const error = await rejection('a.csv', utf8('Name,Amount\n"open,5\n'));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/Row 2 .* never closed/);
  });
});

const workbookOf = async (sheets: { sheet: string; data: SheetData }[]) => new Uint8Array(await writeXlsxFile(sheets).toBuffer());

/** A workbook written by hand: a formula with its cached result and rich text, as Excel saves them. */
const handWrittenWorkbook = () =>
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Costs" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Payee</t></is></c><c r="B1" t="inlineStr"><is><t>Total</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><r><t>Ac</t></r><r><t>me</t></r></is></c><c r="B2"><f>2*3</f><v>6</v></c></row></sheetData></worksheet>',
    ),
  });

describe('reading XLSX', () => {
  it('reads the first sheet: dates as YYYY-MM-DD, numbers without binary noise, the sheet’s row numbers', async () => {
    const bytes = await workbookOf([
      {
        sheet: 'Costs',
        data: [
          ['Date', 'Amount', 'Payee'],
          [{ value: new Date(Date.UTC(2026, 2, 15)), type: Date, format: 'yyyy-mm-dd' }, 1234.5, 'Acme'],
          [],
          [46097, 0.1 + 0.2, 'B', null],
        ],
      },
      { sheet: 'Other', data: [['ignored']] },
    ]);
    expect(await readSheet('costs.xlsx', bytes)).toEqual([
      { row: 1, cells: ['Date', 'Amount', 'Payee'] },
      { row: 2, cells: ['2026-03-15', '1234.5', 'Acme'] },
      { row: 4, cells: ['46097', '0.3', 'B'] },
    ]);
  });

  it('reads formulas by their result and rich text as text', async () => {
    expect(await cellsOf('hand.xlsx', handWrittenWorkbook())).toEqual([
      ['Payee', 'Total'],
      ['Acme', '6'],
    ]);
  });
});

describe('files that cannot be imported', () => {
  it.each([
    ['budget.pdf', utf8('%PDF'), 415, /Only .csv and .xlsx/],
    ['budget.xls', utf8('x'), 415, /\.xls\) cannot be read/],
    ['empty.csv', new Uint8Array(), 400, /is empty/],
    ['blank.csv', utf8('\n \n,,\n'), 400, /has no rows/],
    ['fake.xlsx', utf8('Name,Amount\n'), 400, /not an Excel workbook/],
    ['zip.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), 400, /looks like an Excel workbook/],
    ['broken.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 400, /could not be read/],
    ['binary.csv', new Uint8Array([0x41, 0, 0x42, 0x0a]), 400, /not a text file/],
  ])('refuses %s with %i', async (name, bytes, status, message) => {
    const error = await rejection(name, bytes);
    expect(error.statusCode).toBe(status);
    expect(error.message).toMatch(message);
  });

  it('refuses more than 20,000 data rows of CSV, naming the limit', async () => {
    const csv = `Amount\n${'1\n'.repeat(20_001)}`;
    const error = await rejection('big.csv', utf8(csv));
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain('has more than 20,000 rows; the limit is 20,000 per file');
  });

  it('refuses a workbook of more than 20,000 data rows, and takes one of exactly 20,000', async () => {
    const rows = (count: number): SheetData => [['Amount'], ...Array.from({ length: count }, (_, index) => [index])];
    const over = await workbookOf([{ sheet: 'Costs', data: rows(20_001) }]);
    const error = await rejection('big.xlsx', over);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain('has more than 20,000 rows; the limit is 20,000 per file');
    const exact = await workbookOf([{ sheet: 'Costs', data: rows(20_000) }]);
    expect(await readSheet('ok.xlsx', exact)).toHaveLength(20_001);
  });

  it('takes exactly 20,000 data rows', async () => {
    expect(await readSheet('ok.csv', utf8(`Amount\n${'1\n'.repeat(20_000)}`))).toHaveLength(20_001);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const error = await rejection('huge.csv', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41));
    expect(error.statusCode).toBe(413);
    expect(error.message).toContain('10.0 MB; the import limit is 10 MB');
  });
});
