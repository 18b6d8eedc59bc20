import { z } from 'zod';
import { FieldErrorSchema, IdSchema, InstantSchema, NameSchema } from './common.ts';
import { BudgetChangeReasonSchema } from './budget.ts';
import { CategoryTypeSchema } from './lookups.ts';
import { defineRoutes } from './route.ts';

/** What a file can be imported as (DESIGN.md §10). */
export const IMPORT_KINDS = ['Expenses', 'BudgetItems'] as const;
export const ImportKindSchema = z.enum(IMPORT_KINDS, { error: 'Kind must be Expenses or BudgetItems.' });
export type ImportKind = z.infer<typeof ImportKindSchema>;
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { Expenses: 'expenses', BudgetItems: 'budget items' };

/** Limits per file (DESIGN.md §10). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** The file travels as base64 (4 characters per 3 bytes) inside JSON, with room for the mapping. */
export const IMPORT_BODY_LIMIT = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 256 * 1024;
const IMPORT_TOO_LARGE = {
  bytes: IMPORT_BODY_LIMIT,
  message: 'The file is larger than 10 MB, the import limit. Split it into smaller files.',
};
export const IMPORT_EXTENSIONS = ['.csv', '.txt', '.xlsx'] as const;

export type ImportFieldDef = { Field: string; Label: string; Required: boolean; Hint?: string };

/** The fields a column can be mapped to, per kind. Budget items also take month columns (`Month:YYYY-MM`). */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportFieldDef[]> = {
  Expenses: [
    { Field: 'Name', Label: 'Name', Required: false, Hint: 'When not mapped or blank: the description, else the payee.' },
    { Field: 'Amount', Label: 'Amount', Required: true, Hint: 'In the row’s Currency, with at most its decimals (JPY 0, EUR 2, KWD 3).' },
    {
      Field: 'Currency',
      Label: 'Currency',
      Required: false,
      Hint: 'An ISO 4217 code such as EUR or GBP; blank: the budget item’s currency. Converted at the purchase month’s rate.',
    },
    { Field: 'PurchaseDate', Label: 'Purchase date', Required: true },
    { Field: 'BudgetItem', Label: 'Budget item', Required: true, Hint: 'Matched by name, ignoring case.' },
    { Field: 'Payee', Label: 'Payee', Required: false },
    { Field: 'Status', Label: 'Status', Required: false, Hint: 'Planned, Committed or Actual (or 1, 2, 3); blank is Actual.' },
    { Field: 'PurchaseOrder', Label: 'Purchase order', Required: false },
    { Field: 'GeneralLedgerCode', Label: 'GL code', Required: false, Hint: 'Matched by name, ignoring case.' },
    { Field: 'Description', Label: 'Description', Required: false },
  ],
  BudgetItems: [
    { Field: 'Name', Label: 'Name', Required: false, Hint: 'When not mapped or blank: the category’s name.' },
    { Field: 'Category', Label: 'Budget category', Required: true, Hint: 'Matched by name, ignoring case.' },
    { Field: 'Amount', Label: 'Amount', Required: false, Hint: 'When not mapped or blank: the sum of the month columns.' },
    {
      Field: 'Currency',
      Label: 'Currency',
      Required: false,
      Hint: 'An ISO 4217 code such as EUR; blank: the plan’s currency. The amount and months are in it, converted at the plan’s budget rate.',
    },
    { Field: 'ItemType', Label: 'Item type', Required: false, Hint: 'Productive or Operational (or 1, 2); blank follows the category.' },
    { Field: 'GeneralLedgerCode', Label: 'GL code', Required: false, Hint: 'Matched by name, ignoring case.' },
    { Field: 'Description', Label: 'Description', Required: false },
    { Field: 'Campaign', Label: 'Campaign', Required: false, Hint: 'A campaign of the plan, matched by name, ignoring case; blank: none.' },
  ],
};

const MONTH_FIELD = /^Month:\d{4}-(0[1-9]|1[0-2])$/;
/** The mapping key of a month column of budget items. */
export const monthField = (month: string): string => `Month:${month}`;
export const isMonthField = (field: string): boolean => MONTH_FIELD.test(field);
/** The mapping key of a custom field of the imported entity (DESIGN.md §16): `Field:<FieldId>`. */
export const customFieldImportKey = (fieldId: string): string => `Field:${fieldId}`;
/** The custom field id a mapping key names, or null when it names another field. */
export const customFieldIdOfImportKey = (field: string): string | null => (field.startsWith('Field:') ? field.slice(6) : null);
/** A mapping key: a fixed field, Month:YYYY-MM, or Field:<FieldId> (a custom field). */
const MappingKeySchema = z.string().max(60);

/** Field → the header of the column it comes from (null or missing: not mapped). */
export const ImportMappingSchema = z
  .record(MappingKeySchema, z.string().max(200).nullable())
  .refine((mapping) => Object.keys(mapping).length <= 200, 'A mapping has at most 200 fields.')
  .describe('Field name → column header; month columns of budget items as Month:YYYY-MM, custom fields as Field:<FieldId>');
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** How a date like 03/04/2026 is read (issue 28 B6): month first (US), day first, or year first (ISO). */
export const IMPORT_DATE_ORDERS = ['MonthFirst', 'DayFirst', 'YearFirst'] as const;
export const ImportDateOrderSchema = z.enum(IMPORT_DATE_ORDERS, { error: 'DateOrder must be MonthFirst, DayFirst or YearFirst.' });
export type ImportDateOrder = z.infer<typeof ImportDateOrderSchema>;
export const IMPORT_DATE_ORDER_LABELS: Record<ImportDateOrder, string> = {
  MonthFirst: 'Month first (03/15/2026)',
  DayFirst: 'Day first (15/03/2026)',
  YearFirst: 'Year first (2026-03-15)',
};

/** A cell fixed in the preview: the text that replaces what the file holds in that row and field. */
export const ImportEditSchema = z.object({
  Row: z.number().int().min(1).max(10_000_000).describe('The row number as the preview shows it'),
  Field: MappingKeySchema,
  Value: z.string().max(4000),
});
/** A value replaced in every row (an unknown budget item or category mapped to an existing one). */
export const ImportReplacementSchema = z.object({
  Field: MappingKeySchema,
  From: z.string().max(4000).describe('The cell text to replace, compared without case or extra spaces'),
  To: z.string().max(4000),
});
/**
 * A name the file holds that the import creates ("Create it" in the preview's fix form): a budget
 * category (the account's, with its type), or a budget item in the plan under an existing category
 * or one this import creates. Created in the commit's transaction, before the rows are written.
 */
export const ImportCreateSchema = z.discriminatedUnion('Field', [
  z.object({ Field: z.literal('Category'), Name: NameSchema, CategoryType: CategoryTypeSchema }),
  z.object({
    Field: z.literal('BudgetItem'),
    Name: NameSchema,
    Category: NameSchema.describe('The budget category’s name: an existing one or one this import creates'),
  }),
]);
export type ImportCreate = z.infer<typeof ImportCreateSchema>;
export type ImportEdit = z.infer<typeof ImportEditSchema>;
export type ImportReplacement = z.infer<typeof ImportReplacementSchema>;

const FileNameSchema = z
  .string({ error: 'FileName is required.' })
  .trim()
  .min(1, 'FileName is required.')
  .max(255, 'FileName can be at most 255 characters.');

export const ImportPreviewRequestSchema = z.object({
  Kind: ImportKindSchema,
  MarketingPlanId: IdSchema,
  FileName: FileNameSchema,
  ContentBase64: z
    .string({ error: 'ContentBase64 is required.' })
    // Longer content is a file over the limit: the service answers 413 with the size.
    .max(IMPORT_BODY_LIMIT, 'The file is larger than 10 MB.')
    .describe('The file’s bytes, base64'),
  Mapping: ImportMappingSchema.optional().describe('Missing: the saved mapping for this kind, else one guessed from the header row'),
  DateOrder: ImportDateOrderSchema.optional().describe(
    'Missing: guessed from the file’s dates (a 13–31 in the first position means day first)',
  ),
  Edits: z.array(ImportEditSchema).max(5000).optional().describe('Cells fixed in the preview, applied before the rows are checked'),
  Replacements: z
    .array(ImportReplacementSchema)
    .max(500)
    .optional()
    .describe('Values replaced in every row, applied before the rows are checked'),
  Creates: z
    .array(ImportCreateSchema)
    .max(100)
    .optional()
    .describe('Budget categories and items to create for rows that name them; the commit creates them in its transaction'),
});
export type ImportPreviewRequest = z.input<typeof ImportPreviewRequestSchema>;

export const ImportCommitRequestSchema = ImportPreviewRequestSchema.extend({
  SkipDuplicates: z.boolean().default(true).describe('Leave out rows that duplicate an existing row or an earlier row of the file'),
  Reason: BudgetChangeReasonSchema.describe(
    'Why the budget changes: required (400 “A reason is required…”) for a BudgetItems import that creates any item with money once the plan’s baseline is locked (MarketingPlanClient/LockBaseline); each created item’s budget is then kept as budget change rows with it. Ignored for Expenses and before the lock. Undo of such an import needs none: it keeps the reverse rows with the reason “Undo of import <file name>”',
  ),
});
export type ImportCommitRequest = z.input<typeof ImportCommitRequestSchema>;

export const ImportRowSchema = z.object({
  Row: z.number().int().describe('Row number in the sheet, 1-based, as a spreadsheet shows it'),
  Values: z.record(z.string(), z.string().nullable()).describe('Field → the cell’s text'),
  Errors: z.array(FieldErrorSchema),
  Duplicate: z.boolean(),
  Ignored: z.boolean().describe('A total or subtotal row: never imported'),
  Note: z.string().nullable().describe('Why the row is a duplicate or ignored'),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportCountsSchema = z.object({
  Rows: z.number().int().describe('Data rows (empty rows left out)'),
  Valid: z.number().int().describe('Rows without errors, duplicates included'),
  Invalid: z.number().int(),
  Duplicates: z.number().int(),
  Ignored: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportFieldSchema = z.object({
  Field: z.string(),
  Label: z.string(),
  Required: z.boolean(),
  Hint: z.string().optional(),
});

export const ImportPreviewSchema = z.object({
  Kind: ImportKindSchema,
  FileName: z.string(),
  Columns: z.array(z.string()).describe('The header row'),
  HeaderRow: z.number().int().describe('Where the header row is, 1-based'),
  Mapping: ImportMappingSchema,
  MappingSource: z.enum(['Given', 'Saved', 'Guessed']),
  Fields: z
    .array(ImportFieldSchema)
    .describe(
      'What columns can be mapped to: the fixed fields, month columns (budget items), then the entity’s custom fields as Field:<FieldId> (Label its name; a bad value is the row’s error at that key)',
    ),
  DateOrder: ImportDateOrderSchema,
  DateOrderSource: z.enum(['Given', 'Guessed']),
  DateNote: z.string().nullable().describe('How the dates were read, naming any ambiguity'),
  Rows: z.array(ImportRowSchema),
  Counts: ImportCountsSchema,
  Names: z
    .object({ BudgetItem: z.array(z.string()), Category: z.array(z.string()), GeneralLedgerCode: z.array(z.string()) })
    .describe('The plan’s budget items and the account’s categories and GL codes, by name: what an unknown name can be mapped to'),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportCommitResultSchema = z.object({
  ImportId: IdSchema,
  Created: z.number().int(),
  Skipped: z.number().int().describe('Rows not created: invalid, ignored, and duplicates when skipped'),
  Invalid: z.number().int(),
  DuplicatesSkipped: z.number().int(),
});
export type ImportCommitResult = z.infer<typeof ImportCommitResultSchema>;

export const ImportRecordSchema = z.object({
  ImportId: IdSchema,
  Kind: ImportKindSchema,
  FileName: z.string(),
  CreatedAt: InstantSchema,
  CreatedByName: z.string(),
  Created: z.number().int(),
  Skipped: z.number().int(),
  UndoneAt: InstantSchema.nullable(),
  UndoneByName: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof ImportRecordSchema>;

export const importRoutes = defineRoutes({
  preview: {
    method: 'POST',
    path: '/api/ImportClient/Preview',
    access: 'authenticated',
    permission: 'import.run',
    summary:
      'Reads a CSV or XLSX file (first sheet) and answers the mapping, every row with its errors and duplicates, and counts. Writes nothing.',
    body: ImportPreviewRequestSchema,
    response: ImportPreviewSchema,
    bodyLimit: IMPORT_TOO_LARGE,
    tags: ['import'],
  },
  commit: {
    method: 'POST',
    path: '/api/ImportClient/Commit',
    access: 'authenticated',
    permission: 'import.run',
    summary: 'Creates every valid row in one transaction, records the import in the history and saves the mapping for this kind.',
    body: ImportCommitRequestSchema,
    response: ImportCommitResultSchema,
    bodyLimit: IMPORT_TOO_LARGE,
    tags: ['import'],
  },
  list: {
    method: 'POST',
    path: '/api/ImportClient/List',
    access: 'authenticated',
    summary: 'The plan’s import history, newest first: who, when, which file, counts, and whether it was undone.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: z.array(ImportRecordSchema),
    tags: ['import'],
  },
  undo: {
    method: 'POST',
    path: '/api/ImportClient/Undo',
    access: 'authenticated',
    permission: 'import.run',
    summary:
      'Removes exactly the rows an import created; 409 naming the row when one was changed since. After the plan’s baseline lock, a budget-items undo keeps the removed budgets as budget change rows with the reason “Undo of import <file name>” (no Reason asked).',
    body: z.object({ ImportId: IdSchema }),
    response: z.object({ ImportId: IdSchema, Removed: z.number().int() }),
    tags: ['import'],
  },
});
