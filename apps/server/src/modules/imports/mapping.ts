import type { CustomField } from '@plansmith/contract';
import {
  customFieldImportKey,
  IMPORT_FIELDS,
  type ImportFieldDef,
  type ImportKind,
  type ImportMapping,
  isMonthField,
  monthField,
} from '@plansmith/contract/imports';
import { badRequest, fieldError } from '../../lib/http-errors.ts';
import { monthNumber, parseMonthHeader } from './cell-values.ts';
import type { SheetRow } from './read-sheet.ts';

/** Headers compare without case, spaces or punctuation: "Purchase Date", "purchase_date" and "PURCHASE-DATE" are one. */
export const headerKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** A column's key for the fields' synonyms: a currency code in brackets after it is left out ("Budgeted (USD)", as exports name money). */
const columnKey = (text: string): string => headerKey(text.replace(/\s*\([A-Za-z]{3}\)\s*$/, ''));

const GL = ['glcode', 'gl', 'glaccount', 'generalledger', 'generalledgercode', 'ledgercode', 'accountcode', 'account'];
const DESCRIPTION = ['description', 'notes', 'note', 'memo', 'details', 'comment', 'comments'];

/** Column names each field answers to, best first (DESIGN.md §10's mapping guess). */
const SYNONYMS: Record<ImportKind, Record<string, string[]>> = {
  Expenses: {
    Name: ['name', 'expense', 'expensename', 'title'],
    Amount: ['amount', 'cost', 'spend', 'spent', 'amountusd', 'usd', 'price', 'value', 'total'],
    Currency: ['currency', 'currencycode', 'ccy', 'cur'],
    PurchaseDate: ['purchasedate', 'date', 'expensedate', 'transactiondate', 'invoicedate', 'spenddate', 'day'],
    BudgetItem: ['budgetitem', 'item', 'itemname', 'budgetitemname', 'budgetline', 'lineitem'],
    Payee: ['payee', 'vendor', 'supplier', 'merchant', 'paidto', 'agency'],
    Status: ['status', 'state'],
    PurchaseOrder: ['purchaseorder', 'po', 'ponumber', 'pono', 'purchaseordernumber', 'purchaseorderno', 'ordernumber'],
    GeneralLedgerCode: GL,
    Description: DESCRIPTION,
  },
  BudgetItems: {
    Name: ['name', 'budgetitem', 'item', 'itemname', 'lineitem', 'budgetline', 'program', 'activity'],
    Category: ['budgetcategory', 'category', 'categoryname', 'costcategory'],
    Amount: ['amount', 'budget', 'budgeted', 'totalbudget', 'annualbudget', 'cost', 'value', 'total'],
    Currency: ['currency', 'currencycode', 'ccy', 'cur'],
    ItemType: ['itemtype', 'type', 'kind'],
    GeneralLedgerCode: GL,
    Description: DESCRIPTION,
    Campaign: ['campaign', 'campaignname', 'tactic'],
  },
};

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const CUSTOM_FIELD_HINTS: Record<CustomField['Type'], (field: CustomField) => string> = {
  Text: () => 'Custom field: text.',
  Number: () => 'Custom field: a number such as 1250.5.',
  Date: () => 'Custom field: a date, YYYY-MM-DD.',
  Select: (field) => `Custom field: one of ${field.Options.join(', ')}.`,
  MultiSelect: (field) => `Custom field: options from ${field.Options.join(', ')}, separated by commas.`,
};

/** The fields of a kind; budget items add one per month of the plan; then the entity's custom fields (DESIGN.md §16). */
export const fieldsOf = (kind: ImportKind, planMonths: readonly string[], customFields: readonly CustomField[] = []): ImportFieldDef[] => [
  ...IMPORT_FIELDS[kind],
  ...(kind === 'BudgetItems' ? planMonths.map((month) => ({ Field: monthField(month), Label: monthLabel(month), Required: false })) : []),
  ...customFields.map((field) => ({
    Field: customFieldImportKey(field.Id),
    Label: field.Name,
    Required: field.Required,
    Hint: CUSTOM_FIELD_HINTS[field.Type](field),
  })),
];

/** The plan month a header names: "2026-03", "Mar 2026", or just "Mar" when the plan has one March. */
const headerMonth = (header: string, planMonths: readonly string[]): string | null => {
  const month = parseMonthHeader(header);
  if (month) return month;
  const number = monthNumber(header.trim());
  if (!number) return null;
  const matches = planMonths.filter((candidate) => Number(candidate.slice(5, 7)) === number);
  return matches.length === 1 ? (matches[0] as string) : null;
};

const isKnownHeader = (kind: ImportKind, header: string, planMonths: readonly string[]): boolean => {
  const key = columnKey(header);
  return (
    Object.values(SYNONYMS[kind]).some((names) => names.includes(key)) ||
    (kind === 'BudgetItems' && headerMonth(header, planMonths) !== null)
  );
};

const columnLetter = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/** Header cells as column names: a blank one is "Column C", a repeated one gets " (2)". */
const columnNames = (cells: readonly string[]): string[] => {
  const seen = new Map<string, number>();
  const last = cells.reduce((end, cell, index) => (cell ? index + 1 : end), 0);
  return cells.slice(0, last).map((cell, index) => {
    const base = cell || `Column ${columnLetter(index)}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
};

const HEADER_SEARCH_ROWS = 20;

/**
 * The header row: among the first rows, the one naming the most known columns (a title row or two
 * above it, as the report export writes, is passed over). A given mapping's headers count too.
 */
export const findHeader = (
  rows: readonly SheetRow[],
  kind: ImportKind,
  planMonths: readonly string[],
  given: ImportMapping | undefined,
): { index: number; columns: string[] } => {
  const wanted = new Set(Object.values(given ?? {}).flatMap((header) => (header ? [header.toLowerCase()] : [])));
  let best = { index: -1, score: 0 };
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, index) => {
    const names = columnNames(row.cells);
    const score = names.filter((name) => wanted.has(name.toLowerCase()) || isKnownHeader(kind, name, planMonths)).length;
    if (score > best.score) best = { index, score };
  });
  if (best.index < 0) {
    const examples = kind === 'Expenses' ? 'Name, Amount, Purchase date, Budget item' : 'Name, Budget category, Amount';
    throw fieldError('ContentBase64', `No header row found: the first row should name the columns, for example ${examples}.`);
  }
  return { index: best.index, columns: columnNames(rows[best.index]?.cells ?? []) };
};

const findColumn = (columns: readonly string[], header: string): string | undefined =>
  columns.find((column) => column === header) ?? columns.find((column) => column.toLowerCase() === header.toLowerCase());

/** A mapping sent by the client: known fields only, columns that exist, none used twice. */
const checkGivenMapping = (mapping: ImportMapping, fields: readonly ImportFieldDef[], columns: readonly string[]): ImportMapping => {
  const known = new Set(fields.map((field) => field.Field));
  const result: ImportMapping = {};
  const used = new Map<string, string>();
  for (const [field, header] of Object.entries(mapping)) {
    if (!known.has(field)) {
      throw fieldError(
        `Mapping.${field}`,
        isMonthField(field) ? `${field.slice(6)} is outside the plan’s dates.` : `There is no field ${field}.`,
      );
    }
    if (!header) continue;
    const column = findColumn(columns, header);
    if (!column) throw fieldError(`Mapping.${field}`, `The file has no column “${header}”.`);
    const other = used.get(column);
    if (other)
      throw badRequest(`The column “${column}” is mapped to both ${other} and ${field}.`, [
        { Field: `Mapping.${field}`, Message: 'Each column can be mapped to one field.' },
      ]);
    used.set(column, field);
    result[field] = column;
  }
  return result;
};

/**
 * The mapping to use: the client's when given; otherwise the tenant's saved one for the columns
 * this file has, and a guess from the header names for the rest. Every field appears (null: not mapped).
 */
export const resolveMapping = (input: {
  kind: ImportKind;
  columns: readonly string[];
  planMonths: readonly string[];
  given: ImportMapping | undefined;
  saved: ImportMapping | null;
  /** The imported entity's custom fields: each a field of its own, guessed from a column of its name. */
  customFields?: readonly CustomField[];
}): { mapping: ImportMapping; source: 'Given' | 'Saved' | 'Guessed'; fields: ImportFieldDef[] } => {
  const fields = fieldsOf(input.kind, input.planMonths, input.customFields);
  const complete = (partial: ImportMapping) => Object.fromEntries(fields.map((field) => [field.Field, partial[field.Field] ?? null]));
  if (input.given) return { mapping: complete(checkGivenMapping(input.given, fields, input.columns)), source: 'Given', fields };

  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  const take = (field: string, column: string | undefined) => {
    if (!column || taken.has(column) || mapping[field]) return false;
    mapping[field] = column;
    taken.add(column);
    return true;
  };
  let fromSaved = false;
  for (const field of fields) {
    const header = input.saved?.[field.Field];
    if (header && take(field.Field, findColumn(input.columns, header))) fromSaved = true;
  }
  // A custom field answers to its name (ignoring case, spaces and punctuation), as the exports write it.
  // Its column goes to it before the fixed fields' other words ("Notes" is the tenant's field, not the
  // Description), but a fixed field's own name ("Amount") stays the fixed field's.
  const own = new Set(Object.values(SYNONYMS[input.kind]).flatMap((names) => names.slice(0, 1)));
  const customSynonyms = Object.fromEntries(
    (input.customFields ?? []).map((field) => [customFieldImportKey(field.Id), [headerKey(field.Name)].filter(Boolean)]),
  );
  for (const [field, [name]] of Object.entries(customSynonyms)) {
    if (name && !own.has(name))
      take(
        field,
        input.columns.find((column) => headerKey(column) === name),
      );
  }
  const synonyms: Record<string, string[]> = { ...SYNONYMS[input.kind], ...customSynonyms };
  for (const field of fields) {
    if (isMonthField(field.Field)) {
      take(
        field.Field,
        input.columns.find((column) => headerMonth(column, input.planMonths) === field.Field.slice(6)),
      );
      continue;
    }
    for (const name of synonyms[field.Field] ?? []) {
      if (
        take(
          field.Field,
          input.columns.find((column) => columnKey(column) === name),
        )
      )
        break;
    }
  }
  return { mapping: complete(mapping), source: fromSaved ? 'Saved' : 'Guessed', fields };
};
