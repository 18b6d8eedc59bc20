import { z } from 'zod';
import {
  DateOnlySchema,
  DescriptionSchema,
  IdSchema,
  InstantSchema,
  NameSchema,
  RowVersionSchema,
  requireVersionOnUpdate,
  SaveIdSchema,
  VersionSchema,
} from './common.ts';
import { ExpenseApprovalSchema } from './approvals.ts';
import { CurrencyAmountSchema, CurrencyCodeSchema, checkAmountFitsCurrency } from './currencies.ts';
import { CustomFieldFiltersSchema, CustomFieldValuesInputSchema, CustomFieldValuesSchema } from './custom-fields.ts';
import { defineRoutes } from './route.ts';

/** Expense status (DESIGN.md §5): 1 planned, 2 committed, 3 actual. */
export const EXPENSE_STATUS = { planned: 1, committed: 2, actual: 3 } as const;
export const ExpenseStatusSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Status must be 1 (planned), 2 (committed) or 3 (actual).' })
  .describe('1 planned, 2 committed, 3 actual');
export type ExpenseStatus = z.infer<typeof ExpenseStatusSchema>;
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = { 1: 'Planned', 2: 'Committed', 3: 'Actual' };

/**
 * Why an Actual expense cannot be dated `purchaseDate`, after `today` (the tenant's), or null when it
 * can (issue 28 A5). The server refuses such a save or import row with this message; the expense
 * form says the same before sending.
 */
export const futureActualMessage = (status: number, purchaseDate: string, today: string): string | null =>
  status === EXPENSE_STATUS.actual && purchaseDate > today
    ? `${purchaseDate} is after today (${today}): money that has not been spent yet cannot be Actual; record it as Planned or Committed.`
    : null;

/** Expense category type (SPEC.md §3): 1 productive, 2 operational, 3 personnel. */
export const ExpenseCategoryTypeSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'CategoryType must be 1, 2 or 3.' })
  .describe('1 productive, 2 operational, 3 personnel');
export type ExpenseCategoryType = z.infer<typeof ExpenseCategoryTypeSchema>;
export const EXPENSE_CATEGORY_TYPE_LABELS: Record<ExpenseCategoryType, string> = { 1: 'Productive', 2: 'Operational', 3: 'Personnel' };

/** Largest page of GetExpenses. */
export const EXPENSES_MAX_PAGE_SIZE = 200;

const OptionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

export const ExpenseSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Payee: z.string().nullable(),
  Description: z.string().nullable(),
  PurchaseOrder: z.string().nullable(),
  PurchaseDate: z.string().describe('YYYY-MM-DD'),
  Currency: CurrencyCodeSchema.describe(
    'The expense’s own currency: its own or, when it has none, the tenant’s base currency (DESIGN.md §17)',
  ),
  Amount: z.number().describe('In Currency, with its decimals (JPY 0, USD 2, KWD 3)'),
  BaseAmount: z
    .number()
    .describe(
      'In the tenant’s base currency (2 decimals): Amount converted at the rate of its purchase month, rounded half away from zero; equal to Amount when Currency is the base. Every total sums these',
    ),
  Status: ExpenseStatusSchema,
  CategoryType: ExpenseCategoryTypeSchema,
  Active: z.boolean(),
  MarketingPlanId: IdSchema,
  BudgetItemId: IdSchema.nullable(),
  BudgetItemName: z.string().nullable(),
  GeneralLedgerCodeId: IdSchema.nullable(),
  GeneralLedgerCodeName: z.string().nullable(),
  CreatedAt: InstantSchema,
  UpdatedAt: InstantSchema,
  Version: RowVersionSchema,
  Approval: ExpenseApprovalSchema.describe('Pending: it counts as Requested, not as its Status, until approved (DESIGN.md §15)'),
  ApprovalNote: z.string().nullable().describe('The last decision’s note (a rejection’s reason)'),
  CustomFields: CustomFieldValuesSchema.describe(
    'The expense’s custom field values (DESIGN.md §16; CustomFieldClient/List, Entity Expense)',
  ),
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    MarketingPlanId: IdSchema.describe('The plan the expense belongs to; must be the budget item’s plan'),
    BudgetItemId: IdSchema.describe('The budget item the money is spent against'),
    Name: NameSchema,
    Payee: OptionalText(200, 'Payee'),
    Description: DescriptionSchema.describe('Kept on save (DESIGN.md §7.8)'),
    PurchaseOrder: OptionalText(100, 'Purchase order'),
    PurchaseDate: DateOnlySchema,
    Currency: CurrencyCodeSchema.optional().describe(
      'The expense’s own currency. When missing: on create the budget item’s currency (its own, else its plan’s, else the base); on update unchanged. The base currency is stored as “none”. Another currency than the base needs a rate for the purchase month (400 naming PurchaseDate otherwise)',
    ),
    Amount: CurrencyAmountSchema.refine((value) => value >= 0, 'Amount cannot be negative.').describe(
      'In Currency, with at most its decimals (JPY 0, USD 2, KWD 3): 400 “Amount in JPY can have no decimals.” otherwise',
    ),
    Status: ExpenseStatusSchema.default(3),
    CategoryType: ExpenseCategoryTypeSchema.describe('Must equal the budget item’s category type'),
    GeneralLedgerCodeId: IdSchema.nullish().describe('A general ledger code (lookup type 1) of the tenant'),
    CustomFields: CustomFieldValuesInputSchema.optional(),
    Active: z.boolean().optional().describe('New expenses are always active'),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate)
  .superRefine((value, ctx) => checkAmountFitsCurrency(ctx, value.Amount, value.Currency, ['Amount']));
export type ExpenseSaveRequest = z.input<typeof ExpenseSaveRequestSchema>;

/** The sort key `Amount` orders by the base amount (BaseAmount), so expenses in different currencies sort by what they cost. */
export const EXPENSE_SORT_FIELDS = ['PurchaseDate', 'Amount', 'Name', 'Payee'] as const;

export const GetExpensesRequestSchema = z
  .object({
    MarketingPlanId: IdSchema.optional(),
    BudgetItemId: IdSchema.optional(),
    Page: z.number().int().min(1, 'Page starts at 1.').default(1),
    PageSize: z.number().int().min(1).max(EXPENSES_MAX_PAGE_SIZE, `PageSize can be at most ${EXPENSES_MAX_PAGE_SIZE}.`).default(50),
    Query: z.string().trim().max(200).optional().describe('Matches name, payee, purchase order or description'),
    Status: ExpenseStatusSchema.optional(),
    CategoryType: ExpenseCategoryTypeSchema.optional(),
    Payee: z.string().trim().max(200).optional().describe('Exact payee'),
    DateFrom: DateOnlySchema.optional(),
    DateTo: DateOnlySchema.optional(),
    SortBy: z.enum(EXPENSE_SORT_FIELDS).default('PurchaseDate'),
    SortDirection: z.enum(['asc', 'desc']).default('desc'),
    Fields: CustomFieldFiltersSchema.optional().describe(
      `${CustomFieldFiltersSchema.description} (Expense fields). Totals are summed from the matching expenses, exact to the cent`,
    ),
  })
  .refine((value) => Boolean(value.MarketingPlanId) || Boolean(value.BudgetItemId), {
    message: 'MarketingPlanId or BudgetItemId is required.',
    path: ['MarketingPlanId'],
  })
  .refine((value) => !value.DateFrom || !value.DateTo || value.DateFrom <= value.DateTo, {
    message: 'DateTo cannot be before DateFrom.',
    path: ['DateTo'],
  });
export type GetExpensesRequest = z.input<typeof GetExpensesRequestSchema>;

export const ExpenseTotalsSchema = z.object({
  Count: z.number().int(),
  Amount: z.number().describe('All matching expenses, in the tenant’s base currency (each expense’s BaseAmount, summed)'),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  Requested: z.number().describe('Pending requests (saved as Committed or Actual, not yet approved); in none of the above'),
});
export type ExpenseTotals = z.infer<typeof ExpenseTotalsSchema>;

/** The budget item's money when the list is one item's (burn rate = actual ÷ amount, computed at read time). */
export const ExpenseItemSummarySchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  MarketingPlanId: IdSchema,
  CategoryType: ExpenseCategoryTypeSchema,
  Amount: z.number(),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  Requested: z.number().describe('Pending requests: in neither Committed nor Actual until approved'),
  Available: z.number().describe('Amount − Committed − Actual'),
  LeftToPlan: z.number().describe('Amount − Planned − Committed − Actual; negative when over-planned (DESIGN.md §12)'),
  BurnRate: z.number().describe('Actual ÷ Amount; 0 when the amount is 0'),
});
export type ExpenseItemSummary = z.infer<typeof ExpenseItemSummarySchema>;

export const ExpensePageSchema = z.object({
  Items: z.array(ExpenseSchema),
  Total: z.number().int().describe('Matching expenses across all pages'),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Totals: ExpenseTotalsSchema,
  BudgetItem: ExpenseItemSummarySchema.nullable(),
});
export type ExpensePage = z.infer<typeof ExpensePageSchema>;

export const SearchExpensesRequestSchema = z.object({
  Query: z.string().trim().min(1, 'Type something to search for.').max(200),
  MarketingPlanId: IdSchema.optional().describe('Limit the search to one plan'),
});

export const ExpenseIdRequestSchema = z.object({ ExpenseId: IdSchema });
export const DeleteExpenseRequestSchema = z.object({
  ExpenseId: IdSchema,
  Version: VersionSchema,
  BudgetItemId: IdSchema.optional().describe('When given, the expense must belong to this item'),
});
export const GetPayeesRequestSchema = z.object({ MarketingPlanId: IdSchema });

export const expenseRoutes = defineRoutes({
  getExpenses: {
    method: 'POST',
    path: '/api/ExpenseClient/GetExpenses',
    access: 'authenticated',
    summary: 'One page of a plan’s or a budget item’s expenses, filtered and sorted, with totals over every match.',
    body: GetExpensesRequestSchema,
    response: ExpensePageSchema,
    tags: ['expenses'],
  },
  searchExpenses: {
    method: 'POST',
    path: '/api/ExpenseClient/SearchExpenses',
    access: 'authenticated',
    summary: 'Up to 20 expenses of the caller’s plans whose name, payee or purchase order matches.',
    body: SearchExpensesRequestSchema,
    response: z.array(ExpenseSchema),
    tags: ['expenses'],
  },
  getExpense: {
    method: 'POST',
    path: '/api/ExpenseClient/GetExpense',
    access: 'authenticated',
    summary: 'One expense.',
    body: ExpenseIdRequestSchema,
    response: ExpenseSchema,
    tags: ['expenses'],
  },
  saveExpense: {
    method: 'POST',
    path: '/api/ExpenseClient/Save',
    access: 'authenticated',
    permission: 'expense.edit',
    summary: 'Create (empty Id) or update an expense. Plan, budget item and category type must agree.',
    body: ExpenseSaveRequestSchema,
    response: ExpenseSchema,
    tags: ['expenses'],
  },
  deleteExpense: {
    method: 'POST',
    path: '/api/ExpenseClient/Delete',
    access: 'authenticated',
    permission: 'expense.edit',
    summary: 'Delete an expense (recorded in the activity trail).',
    body: DeleteExpenseRequestSchema,
    response: z.boolean(),
    tags: ['expenses'],
  },
  getPayees: {
    method: 'POST',
    path: '/api/ExpenseClient/getPayees',
    access: 'authenticated',
    summary: 'The distinct payees of a plan’s expenses, for suggestions.',
    body: GetPayeesRequestSchema,
    response: z.array(z.string()),
    tags: ['expenses'],
  },
});
