import { z } from 'zod';
import {
  DateOnlySchema,
  IdSchema,
  InstantSchema,
  NameSchema,
  RowVersionSchema,
  requireVersionOnUpdate,
  SaveIdSchema,
  VersionSchema,
} from './common.ts';
import { CustomFieldValuesInputSchema } from './custom-fields.ts';
import { EXPENSE_SORT_FIELDS, EXPENSES_MAX_PAGE_SIZE, ExpenseCategoryTypeSchema, ExpenseSchema, ExpenseStatusSchema } from './expenses.ts';
import { defineRoutes } from './route.ts';

// Saved views and bulk edit of the expenses list (DESIGN.md §16, issue 33 part F).

/** The built-in columns of the /expenses table; a custom field's column is `Field:<FieldId>`. */
export const EXPENSE_COLUMNS = [
  'PurchaseDate',
  'Name',
  'BudgetItemName',
  'Payee',
  'Status',
  'Amount',
  'Currency',
  'PurchaseOrder',
  'GeneralLedgerCodeName',
  'CategoryType',
] as const;
export type ExpenseBuiltInColumn = (typeof EXPENSE_COLUMNS)[number];
/** What the table shows when no view is open. */
export const DEFAULT_EXPENSE_COLUMNS: readonly ExpenseBuiltInColumn[] = [
  'PurchaseDate',
  'Name',
  'BudgetItemName',
  'Payee',
  'Status',
  'Amount',
];
export const EXPENSE_COLUMN_LABELS: Record<ExpenseBuiltInColumn, string> = {
  PurchaseDate: 'Date',
  Name: 'Expense',
  BudgetItemName: 'Budget item',
  Payee: 'Payee',
  Status: 'Status',
  Amount: 'Amount',
  Currency: 'Currency',
  PurchaseOrder: 'Purchase order',
  GeneralLedgerCodeName: 'GL code',
  CategoryType: 'Category type',
};

const FIELD_COLUMN = /^Field:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ExpenseColumnSchema = z
  .string()
  .refine(
    (value) => (EXPENSE_COLUMNS as readonly string[]).includes(value) || FIELD_COLUMN.test(value),
    'A column must be one of the table’s columns or Field:<FieldId>.',
  )
  .describe(`${EXPENSE_COLUMNS.join(', ')} or Field:<FieldId> (a custom field)`);

/** At most this many saved views per person. */
export const EXPENSE_VIEWS_MAX = 50;

/** A custom field filter's value as the list takes it (Part C's list filters). */
const FieldFilterValueSchema = z.union([z.string().max(200), z.number(), z.array(z.string().max(200)).max(50)]);

/** The list's filters and sort a view remembers; the same names as GetExpenses. */
export const ExpenseViewFiltersSchema = z
  .object({
    Query: z.string().trim().max(200).optional(),
    Status: ExpenseStatusSchema.optional(),
    CategoryType: ExpenseCategoryTypeSchema.optional(),
    Payee: z.string().trim().max(200).optional(),
    BudgetItemId: IdSchema.optional().describe(
      'An item of the plan the view was saved in (opened on another plan, the list shows none of its expenses until the filter is cleared)',
    ),
    DateFrom: DateOnlySchema.optional(),
    DateTo: DateOnlySchema.optional(),
    SortBy: z.enum(EXPENSE_SORT_FIELDS).optional(),
    SortDirection: z.enum(['asc', 'desc']).optional(),
    Fields: z
      .record(IdSchema, FieldFilterValueSchema)
      .optional()
      .describe('Custom field filters by field id; a field deleted since is ignored when the view is opened'),
  })
  .refine((value) => !value.DateFrom || !value.DateTo || value.DateFrom <= value.DateTo, {
    message: 'DateTo cannot be before DateFrom.',
    path: ['DateTo'],
  });
export type ExpenseViewFilters = z.infer<typeof ExpenseViewFiltersSchema>;

export const ExpenseViewSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Filters: ExpenseViewFiltersSchema,
  Columns: z.array(z.string()).describe('Visible columns in order'),
  CreatedAt: InstantSchema,
  UpdatedAt: InstantSchema,
  Version: RowVersionSchema,
});
export type ExpenseView = z.infer<typeof ExpenseViewSchema>;

export const ExpenseViewSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema.describe('Unique among the caller’s views (ignoring case)'),
    Filters: ExpenseViewFiltersSchema,
    Columns: z
      .array(ExpenseColumnSchema)
      .min(1, 'Show at least one column.')
      .max(60, 'A view can show at most 60 columns.')
      .refine((columns) => new Set(columns).size === columns.length, 'A column can be shown only once.'),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate);
export type ExpenseViewSaveRequest = z.input<typeof ExpenseViewSaveRequestSchema>;

export const ExpenseViewDeleteRequestSchema = z.object({ Id: IdSchema, Version: VersionSchema });

/** Custom field values a bulk edit sets: as a Save's, on every row (a field given replaces its value, null clears it; others stay). */
export const BulkCustomFieldsSchema = CustomFieldValuesInputSchema.describe(
  '{"<FieldId>": value | null}: each field given is set on every row (null, "" or [] clear it); fields not given keep their values',
);

export const ExpenseBulkEditRequestSchema = z.object({
  Rows: z
    .array(z.object({ Id: IdSchema, Version: VersionSchema }))
    .min(1, 'Select at least one expense.')
    .max(EXPENSES_MAX_PAGE_SIZE, `A bulk edit changes at most ${EXPENSES_MAX_PAGE_SIZE} expenses at once.`)
    .refine((rows) => new Set(rows.map((row) => row.Id)).size === rows.length, 'An expense is listed twice.')
    .describe(
      'The selected expenses with the Version each was read with: one stale row answers 409 listing the stale rows, and nothing is written',
    ),
  Set: z
    .object({
      Status: ExpenseStatusSchema.optional(),
      BudgetItemId: IdSchema.optional().describe('Moves the expenses to this item of their plan; their CategoryType follows the item'),
      CustomFields: BulkCustomFieldsSchema.optional(),
    })
    .refine(
      (set) => set.Status !== undefined || set.BudgetItemId !== undefined || Object.keys(set.CustomFields ?? {}).length > 0,
      'Choose something to change.',
    ),
});
export type ExpenseBulkEditRequest = z.input<typeof ExpenseBulkEditRequestSchema>;

export const ExpenseBulkEditResultSchema = z.object({
  Items: z
    .array(ExpenseSchema)
    .describe('The rows as saved, in the order sent; Approval Pending where the team’s approval rule holds a row (DESIGN.md §15)'),
});
export type ExpenseBulkEditResult = z.infer<typeof ExpenseBulkEditResultSchema>;

export const expenseViewRoutes = defineRoutes({
  listExpenseViews: {
    method: 'POST',
    path: '/api/ExpenseViewClient/List',
    access: 'authenticated',
    summary: 'The caller’s saved views of the expenses list (private: nobody else sees them), by name.',
    body: z.object({}).describe('No fields'),
    response: z.array(ExpenseViewSchema),
    tags: ['expenses'],
  },
  saveExpenseView: {
    method: 'POST',
    path: '/api/ExpenseViewClient/Save',
    access: 'authenticated',
    summary: 'Create (empty Id) or update one of the caller’s saved views: filters and visible columns.',
    body: ExpenseViewSaveRequestSchema,
    response: ExpenseViewSchema,
    tags: ['expenses'],
  },
  deleteExpenseView: {
    method: 'POST',
    path: '/api/ExpenseViewClient/Delete',
    access: 'authenticated',
    summary: 'Delete one of the caller’s saved views.',
    body: ExpenseViewDeleteRequestSchema,
    response: z.boolean(),
    tags: ['expenses'],
  },
  bulkEditExpenses: {
    method: 'POST',
    path: '/api/ExpenseClient/BulkEdit',
    access: 'authenticated',
    permission: 'expense.edit',
    summary:
      'Set Status, budget item and/or custom fields on many expenses in one transaction, each row saved as ExpenseClient/Save saves it (roles, closed months, approvals). All or nothing.',
    body: ExpenseBulkEditRequestSchema,
    response: ExpenseBulkEditResultSchema,
    tags: ['expenses'],
  },
});
