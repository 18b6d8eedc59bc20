import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';

// What the export tests read back from a workbook: values through read-excel-file (as the importer
// reads them), and what it does not report — a cell's kind, number format and boldness — from the XML.

export type XlsxCell = { value: unknown; isFormula: boolean; isText: boolean; numberFormat: string | null; isBold: boolean };

const BUILT_IN_FORMATS: Record<string, string> = { '0': 'General', '9': '0%', '10': '0.00%' };

const elements = (xml: string, name: string) => xml.match(new RegExp(`<${name}\\b[^>]*?(?:/>|>[\\s\\S]*?</${name}>)`, 'g')) ?? [];
const attribute = (element: string, name: string) => element.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** The first sheet's rows as read-excel-file reads them (index 0 is row 1). */
export const xlsxRows = async (bytes: ArrayBuffer) => readSheet(Buffer.from(bytes));

/** One cell of the first sheet by its reference ("C5"). */
export const xlsxCell = async (bytes: ArrayBuffer, reference: string): Promise<XlsxCell> => {
  const files = unzipSync(new Uint8Array(bytes));
  const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  const stylesXml = strFromU8(files['xl/styles.xml'] ?? new Uint8Array());
  const cell = elements(sheetXml, 'c').find((element) => attribute(element, 'r') === reference) ?? '';
  const xf = elements(stylesXml.match(/<cellXfs[\s\S]*?<\/cellXfs>/)?.[0] ?? '', 'xf')[Number(attribute(cell, 's') ?? 0)] ?? '';
  const numFmtId = attribute(xf, 'numFmtId') ?? '0';
  const custom = elements(stylesXml, 'numFmt').find((element) => attribute(element, 'numFmtId') === numFmtId);
  const font = elements(stylesXml.match(/<fonts[\s\S]*?<\/fonts>/)?.[0] ?? '', 'font')[Number(attribute(xf, 'fontId') ?? 0)] ?? '';
  const [rowNumber, column] = [Number(reference.replace(/^[A-Z]+/, '')), reference.charCodeAt(0) - 65];
  const rows = await xlsxRows(bytes);
  return {
    value: rows[rowNumber - 1]?.[column] ?? null,
    isFormula: /<f[\s>]/.test(cell),
    isText: ['s', 'inlineStr', 'str'].includes(attribute(cell, 't') ?? ''),
    numberFormat: custom ? (attribute(custom, 'formatCode') ?? '').replaceAll('&quot;', '"') : (BUILT_IN_FORMATS[numFmtId] ?? null),
    isBold: /<b\s*\/>|<b>/.test(font),
  };
};
