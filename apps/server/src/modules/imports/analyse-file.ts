import type { FieldError } from '@plansmith/contract';
import type {
  ImportCounts,
  ImportDateOrder,
  ImportEdit,
  ImportFieldDef,
  ImportKind,
  ImportMapping,
  ImportPreview,
  ImportReplacement,
} from '@plansmith/contract/imports';
import { nameKey } from './cell-values.ts';
import { guessDateOrder } from './date-order.ts';
import type { SheetRow } from './read-sheet.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { type CheckedRow, checkRows, type ExpenseDraft, expenseKey, type ItemDraft, itemKey, type References } from './check-rows.ts';
import { type CommitChunk, type CommitScope, commitChunks } from './commit-rows.ts';
import { findHeader, resolveMapping } from './mapping.ts';
import { readSheet } from './read-sheet.ts';

// The CPU-heavy part of a preview or commit — decoding, parsing the sheet, finding the header,
// checking every row — as one pure function with plain-data input and output, so that it runs in a
// worker thread (sheet-pool.ts) and never on the thread that answers HTTP (issue 29).

export type AnalyseInput = {
  /** A preview answers the whole ImportPreview as JSON; a commit the rows to write. */
  mode: 'preview' | 'commit';
  kind: ImportKind;
  fileName: string;
  /** The file's bytes, decoded from the body's ContentBase64 (parse-body.ts); null when that was not base64. */
  content: Uint8Array | null;
  planMonths: string[];
  given: ImportMapping | undefined;
  saved: ImportMapping | null;
  /** What the plan and tenant hold; the duplicate keys are built in the worker from the plan's expenses. */
  dateOrder: ImportDateOrder | undefined;
  edits: ImportEdit[];
  replacements: ImportReplacement[];
  refs: Omit<References, 'existingKeys' | 'items' | 'dateOrder'> & {
    items: (References['items'][number] & { budgetCategoryId: string })[];
  };
  /** The plan's expenses as JSON texts (pages), `[purchase order, date, payee, cents, item id]` each (imports.repository.ts). */
  existingExpensesJson: string[];
  /** For a commit: who writes where, so that the rows to insert are built here (commit-rows.ts). */
  commit: CommitScope | null;
};

type Checked = {
  columns: string[];
  headerRow: number;
  mapping: ImportMapping;
  source: 'Given' | 'Saved' | 'Guessed';
  fields: ImportFieldDef[];
  rows: CheckedRow<ExpenseDraft | ItemDraft>[];
  counts: ImportCounts;
  dateOrder: ImportDateOrder;
  dateOrderSource: 'Given' | 'Guessed';
  dateNote: string | null;
};

/** The preview's fixes applied to the file's cells: replacements in every row, then single cells. */
const applyFixes = (rows: SheetRow[], columns: readonly string[], mapping: ImportMapping, input: AnalyseInput): SheetRow[] => {
  if (input.edits.length === 0 && input.replacements.length === 0) return rows;
  const columnOf = (field: string) => {
    const column = mapping[field];
    return column ? columns.indexOf(column) : -1;
  };
  const replacements = input.replacements.map((replacement) => ({
    ...replacement,
    index: columnOf(replacement.Field),
    from: nameKey(replacement.From),
  }));
  const edits = new Map(input.edits.map((edit) => [`${edit.Row}|${columnOf(edit.Field)}`, edit.Value]));
  return rows.map((row) => {
    const cells = [...row.cells];
    for (const replacement of replacements) {
      if (replacement.index >= 0 && nameKey(cells[replacement.index] ?? '') === replacement.from) cells[replacement.index] = replacement.To;
    }
    cells.forEach((_, index) => {
      const edit = edits.get(`${row.row}|${index}`);
      if (edit !== undefined) cells[index] = edit;
    });
    for (const [key, value] of edits) {
      const [editRow, index] = key.split('|').map(Number) as [number, number];
      if (editRow === row.row && index >= cells.length) cells[index] = value;
    }
    return { row: row.row, cells: Array.from(cells, (cell) => cell ?? '') };
  });
};

// Results cross back to the request thread as JSON text: copying 20,000 rows as objects between
// threads cost that thread as much as writing them here.
export type AnalysedFile =
  | { mode: 'preview'; previewJson: string }
  | { mode: 'commit'; mapping: ImportMapping; counts: ImportCounts; created: number; chunks: CommitChunk[] };

type ExistingExpense = [string | null, string, string | null, number, string | null];

const existingExpenseKeys = (pages: string[]): string[] =>
  pages
    .flatMap((json) => JSON.parse(json) as ExistingExpense[])
    .map(([purchaseOrder, purchaseDate, payee, amountCents, budgetItemId]) =>
      expenseKey({ purchaseOrder, purchaseDate, payee, amountCents, budgetItemId }),
    );

/** An HttpError as data: errors lose their class and fields when they cross to another thread. */
export type AnalyseFailure = { failure: { status: number; message: string; fieldErrors?: FieldError[] } };

const check = async (input: AnalyseInput): Promise<Checked> => {
  if (!input.content)
    throw new HttpError(400, 'ContentBase64 is not base64.', [{ Field: 'ContentBase64', Message: 'Send the file’s bytes as base64.' }]);
  const rows = await readSheet(input.fileName, Buffer.from(input.content.buffer, input.content.byteOffset, input.content.byteLength));
  const header = findHeader(rows, input.kind, input.planMonths, input.given);
  const resolved = resolveMapping({
    kind: input.kind,
    columns: header.columns,
    planMonths: input.planMonths,
    given: input.given,
    saved: input.saved,
    customFields: input.refs.customFields,
  });
  const existingKeys = new Set(input.kind === 'Expenses' ? existingExpenseKeys(input.existingExpensesJson) : input.refs.items.map(itemKey));
  const dataRows = applyFixes(rows.slice(header.index + 1), header.columns, resolved.mapping, input);
  const dateColumn = resolved.mapping.PurchaseDate ? header.columns.indexOf(resolved.mapping.PurchaseDate) : -1;
  const guess = guessDateOrder(dateColumn < 0 ? [] : dataRows.map((row) => row.cells[dateColumn] ?? null));
  const dateOrder = input.dateOrder ?? guess.order;
  const checked = checkRows(input.kind, dataRows, header.columns, resolved.mapping, { ...input.refs, existingKeys, dateOrder });
  return {
    dateOrder,
    dateOrderSource: input.dateOrder ? 'Given' : 'Guessed',
    dateNote: input.dateOrder ? null : guess.note,
    ...resolved,
    columns: header.columns,
    headerRow: rows[header.index]?.row ?? 1,
    rows: checked.rows as CheckedRow<ExpenseDraft | ItemDraft>[],
    counts: checked.counts,
  };
};

const sortedNames = (rows: { name: string }[]) => rows.map((row) => row.name).sort((a, b) => a.localeCompare(b, 'en'));

const analyse = async (input: AnalyseInput): Promise<AnalysedFile> => {
  const file = await check(input);
  if (input.mode === 'commit') {
    if (!input.commit) throw new Error('A commit needs its scope.');
    const drafts = file.rows.flatMap((row) => (row.draft ? [{ ...row.draft, duplicate: row.preview.Duplicate }] : []));
    return { mode: 'commit', mapping: file.mapping, counts: file.counts, ...commitChunks(input.kind, drafts, input.commit) };
  }
  const preview = {
    Kind: input.kind,
    FileName: input.fileName,
    Columns: file.columns,
    HeaderRow: file.headerRow,
    Mapping: file.mapping,
    MappingSource: file.source,
    Fields: file.fields,
    DateOrder: file.dateOrder,
    DateOrderSource: file.dateOrderSource,
    DateNote: file.dateNote,
    Rows: file.rows.map((row) => row.preview),
    Counts: file.counts,
    Names: {
      BudgetItem: sortedNames(input.refs.items),
      Category: sortedNames(input.refs.categories),
      GeneralLedgerCode: sortedNames(input.refs.glCodes),
    },
  } satisfies ImportPreview;
  return { mode: 'preview', previewJson: JSON.stringify(preview) };
};

/** Reads and checks a file; a problem with the file is answered as data, anything else throws. */
export const analyseFile = async (input: AnalyseInput): Promise<AnalysedFile | AnalyseFailure> => {
  try {
    return await analyse(input);
  } catch (error) {
    if (error instanceof HttpError)
      return { failure: { status: error.statusCode, message: error.message, fieldErrors: error.fieldErrors } };
    throw error;
  }
};
