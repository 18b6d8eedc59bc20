import { z } from 'zod';
import {
  DescriptionSchema,
  IdSchema,
  InstantSchema,
  MonthSchema,
  NameSchema,
  RowVersionSchema,
  requireVersionOnUpdate,
  SaveIdSchema,
  VersionSchema,
} from './common.ts';
import { CurrencyAmountSchema, CurrencyCodeSchema, checkAmountFitsCurrency } from './currencies.ts';
import { type CurrencyCode, currencyDigits } from './currency-codes.ts';
import { formatMinorIn } from './display-format.ts';
import { CustomFieldFiltersSchema, CustomFieldValuesInputSchema, CustomFieldValuesSchema } from './custom-fields.ts';
import { CategoryTypeSchema } from './lookups.ts';
import { hasAtMostDecimals } from './decimals.ts';
import { defineRoutes } from './route.ts';

/** Budget item types (SPEC.md §3): 1 productive, 2 operational. */
export const ItemTypeSchema = z.union([z.literal(1), z.literal(2)], { error: 'ItemType must be 1 (productive) or 2 (operational).' });
export type ItemType = z.infer<typeof ItemTypeSchema>;
export const ITEM_TYPE_NAMES: Record<ItemType, string> = { 1: 'Productive', 2: 'Operational' };

/**
 * A budget amount in the item's own Currency (DESIGN.md §17): at most 3 decimals on the wire, and no
 * more than its currency's minor units (JPY 0, USD 2, KWD 3; checked once the currency is known).
 */
export const BudgetAmountSchema = CurrencyAmountSchema.refine((value) => value >= 0, 'Amount cannot be negative.');

export const BudgetMonthSchema = z.object({
  Month: MonthSchema,
  Amount: BudgetAmountSchema.describe('In the item’s Currency'),
});
export type BudgetMonth = z.infer<typeof BudgetMonthSchema>;

/**
 * A month of an item's phasing as every read returns it: with the month cell's own version
 * (DESIGN.md §13), which a grid edit of that cell sends back (SetMonth, SaveMonths).
 */
export const BudgetMonthReadSchema = BudgetMonthSchema.extend({
  Version: RowVersionSchema,
  BaseAmount: z
    .number()
    .describe('The month converted to the base currency at the plan’s budget rate (DESIGN.md §17); = Amount in the base'),
});
export type BudgetMonthRead = z.infer<typeof BudgetMonthReadSchema>;

export const BudgetItemSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  Active: z.boolean(),
  Currency: CurrencyCodeSchema.describe(
    'The item’s own currency (DESIGN.md §17): the tenant’s base currency unless it was budgeted in another',
  ),
  Amount: z.number().describe('In the item’s Currency'),
  BaseAmount: z
    .number()
    .describe(
      'Amount in the base currency at the plan’s budget rate (= Amount for an item in the base); Actual, Committed, Planned, Available, LeftToPlan and BurnRate are in the base too',
    ),
  BurnRate: z.number().describe('Actual ÷ Amount (0 when Amount is 0); shown as a whole percent'),
  Actual: z.number().describe('Active expenses with Status 3'),
  Committed: z.number().describe('Active expenses with Status 2'),
  Planned: z.number().describe('Active expenses with Status 1'),
  Requested: z.number().describe('Pending approval requests (DESIGN.md §15): in neither Committed nor Actual until approved'),
  Available: z.number().describe('Amount − Committed − Actual'),
  LeftToPlan: z.number().describe('Amount − Planned − Committed − Actual; negative when over-planned (DESIGN.md §12)'),
  ItemType: ItemTypeSchema,
  BudgetCategoryId: IdSchema,
  BudgetCategoryName: z.string(),
  CategoryType: CategoryTypeSchema,
  MarketingPlanId: IdSchema,
  ObjectiveId: IdSchema.nullable(),
  GeneralLedgerCodeId: IdSchema.nullable(),
  CustomFields: CustomFieldValuesSchema.describe(
    'The item’s custom field values (DESIGN.md §16; CustomFieldClient/List, Entity BudgetItem)',
  ),
  CampaignId: IdSchema.nullable().describe('The campaign it belongs to (DESIGN.md §16; CampaignClient/List); its expenses follow it'),
  IsPhased: z.boolean().describe('Whether the item has a monthly phasing'),
  Months: z
    .array(BudgetMonthReadSchema)
    .optional()
    .describe('The monthly phasing in the item’s Currency, each with its BaseAmount (GetBudgetItem and Save only)'),
  UpdatedAt: InstantSchema,
  WaitingForApproval: z
    .object({ RequestId: IdSchema, Message: z.string() })
    .optional()
    .describe(
      'Save and SetMonth (its Item) only (DESIGN.md §15): present when the save was NOT applied because, after the baseline lock, its budget change is at or above the team’s BudgetChangeThreshold and the caller does not decide the team’s requests. The answer is still 200 with the item as it is (unchanged: none of the save’s fields are written); the change waits as a BudgetChange request (ApprovalClient/List) and applies when approved. Size = |after − before| summed over the item’s changed months (or its Amount when unphased before and after). Reallocations and month closes never wait',
    ),
  Version: RowVersionSchema.describe(
    'The item row’s version (DESIGN.md §13); its month cells carry their own. An unphased item’s months are its Amount spread, so a grid edit of one sends this Version',
  ),
});
export type BudgetItem = z.infer<typeof BudgetItemSchema>;

export const GetBudgetItemsRequestSchema = z
  .object({
    MarketingPlanId: IdSchema.optional(),
    ObjectiveId: IdSchema.optional(),
    Fields: CustomFieldFiltersSchema.optional().describe(`${CustomFieldFiltersSchema.description} (BudgetItem fields)`),
  })
  .refine((body) => Boolean(body.MarketingPlanId) !== Boolean(body.ObjectiveId), {
    message: 'Send either MarketingPlanId or ObjectiveId.',
    path: ['MarketingPlanId'],
  });

export const SearchBudgetItemsRequestSchema = z.object({
  Query: z.string({ error: 'Query is required.' }).trim().min(1, 'Type something to search for.').max(200, 'Query is too long.'),
});

export const BudgetItemSearchResultSchema = BudgetItemSchema.extend({ MarketingPlanName: z.string() });

/** The longest reason a budget change may give (DESIGN.md §14). */
export const REASON_MAX_LENGTH = 500;

/** The refusal when a budget change after the baseline lock comes without a reason (the server's 400). */
export const REASON_REQUIRED_MESSAGE =
  'A reason is required: the plan’s baseline is locked, so every change to a budget item’s amount or months says why.';

/**
 * Why a budget amount changes (DESIGN.md §14). Optional on the budget writes (Save, SaveMonths,
 * SetMonth, Delete): required only once the plan's baseline is locked (400 REASON_REQUIRED_MESSAGE
 * without it); blank counts as missing. Kept with the budget change rows (baseline.ts).
 */
export const BudgetChangeReasonSchema = z
  .string({ error: 'Reason must be text.' })
  .trim()
  .max(REASON_MAX_LENGTH, `Reason can be at most ${REASON_MAX_LENGTH} characters.`)
  .optional()
  .describe(
    'Why the budget changes. Required (400) once the plan’s baseline is locked (MarketingPlanClient/LockBaseline); kept with the budget change rows',
  );

export const BudgetItemIdRequestSchema = z.object({ BudgetItemId: IdSchema });
export const DeleteBudgetItemRequestSchema = z.object({
  BudgetItemId: IdSchema,
  Version: VersionSchema.describe('The item’s Version as read; a stale one answers 409 with the item as it is now (DESIGN.md §13)'),
  Reason: BudgetChangeReasonSchema,
});

// Only for the phasing-sum message, which must read the same on every client (en-US, like the server's other messages).
const formatIn = (minor: number, currency: CurrencyCode): string => formatMinorIn('en-US', minor, currency);

/**
 * Why the months do not fit the amount, or null when they add up to it: compared in minor units of
 * `currency` (the item's; USD's cents when it is not known yet, as for an update that keeps the
 * item's currency). Amounts with more decimals than the currency has are compared in thousandths
 * (the wire's most), so the sum is exact either way; that they fit is checkBudgetAmounts' rule.
 */
export const phasingSumError = (
  months: readonly Pick<BudgetMonth, 'Amount'>[],
  amount: number,
  currency: CurrencyCode = 'USD',
): string | null => {
  const fits = [amount, ...months.map((month) => month.Amount)].every((value) => hasAtMostDecimals(value, currencyDigits(currency)));
  const digits = fits ? currencyDigits(currency) : 3;
  const minor = (value: number) => Math.round(value * 10 ** digits);
  const total = months.reduce((sum, month) => sum + minor(month.Amount), 0);
  const amountMinor = minor(amount);
  if (months.length === 0 || total === amountMinor) return null;
  const format = (value: number) => (fits ? formatIn(value, currency) : (value / 10 ** digits).toFixed(digits));
  return `The months add up to ${format(total)}, but the amount is ${format(amountMinor)}. They must be equal.`;
};

/** 400 issues for an Amount or month Amount with more decimals than `currency` has (DESIGN.md §17). */
export const checkBudgetAmounts = (
  ctx: z.RefinementCtx,
  amounts: { Amount: number; Months?: readonly Pick<BudgetMonth, 'Amount'>[] | null },
  currency: CurrencyCode | null | undefined,
): void => {
  checkAmountFitsCurrency(ctx, amounts.Amount, currency, ['Amount']);
  amounts.Months?.forEach((month, index) => {
    checkAmountFitsCurrency(ctx, month.Amount, currency, ['Months', index, 'Amount']);
  });
};

/** A month cell as it was read: which month, and its Version (DESIGN.md §13). */
export const CellVersionSchema = z.object({ Month: BudgetMonthSchema.shape.Month, Version: VersionSchema });
export type CellVersion = z.infer<typeof CellVersionSchema>;

export const BudgetItemSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema,
    Description: DescriptionSchema,
    Active: z.boolean().optional().describe('New items are always active (SPEC.md §5)'),
    Currency: CurrencyCodeSchema.optional().describe(
      'The item’s own currency (DESIGN.md §17). Create: missing is the plan’s Currency. Update: missing keeps it. A change converts nothing: Amount and Months are read in the new Currency',
    ),
    Amount: BudgetAmountSchema.describe('In the item’s Currency, with at most its decimals (JPY 0, USD 2, KWD 3; 400 otherwise)'),
    ItemType: ItemTypeSchema,
    BudgetCategoryId: IdSchema,
    MarketingPlanId: IdSchema,
    ObjectiveId: IdSchema.nullish(),
    GeneralLedgerCodeId: IdSchema.nullish(),
    CustomFields: CustomFieldValuesInputSchema.optional(),
    CampaignId: IdSchema.nullish().describe(
      'A campaign of the same plan (400 otherwise); null takes the item out of its campaign. Missing: unchanged on update, none on create',
    ),
    Months: z
      .array(BudgetMonthSchema)
      .max(120, 'At most 120 months.')
      .nullish()
      .describe(
        'Monthly phasing that sums to Amount to the cent, within the plan’s dates. Missing keeps the current phasing; null or [] clears it. ' +
          'An item without phasing counts as spread evenly over the plan’s months, the leftover cents one each to the first months (spreadCents). ' +
          'Once a month of the plan is closed (DESIGN.md §14), an item that would be left without phasing (created without Months, its Amount changed while unphased, or its phasing cleared) gets its Amount spread evenly over the OPEN months only, stored as its Months: a closed month keeps the cells it has (none for a new item), and an Amount below them is 400. A closed month’s $0.00 cell left out of Months is kept. An unphased item made before a month closed with a share in it answers 409 to an Amount change: phase it by month.',
      ),
    Version: VersionSchema.optional().describe(
      'Required when updating: the item’s Version as read; a stale one answers 409 with the item as it is now (DESIGN.md §13)',
    ),
    Reason: BudgetChangeReasonSchema,
    Cells: z
      .array(CellVersionSchema)
      .max(120, 'At most 120 months.')
      .optional()
      .describe(
        'With Months on update: every month cell the item had as read (its Months), with its Version; [] (or missing) for an item read without phasing. Months replaces the whole phasing, so the item’s cells now must be exactly these: a cell changed, added or removed since (a colleague’s month edit, which may keep the item’s Version) answers 409 with the item as it is now, and nothing is written. Ignored when Months is missing (the phasing is kept) and on create',
      ),
  })
  // The phasing-sum rule (DESIGN.md §5): the months add up to Amount, to the minor unit of its currency.
  .superRefine((body, context) => {
    checkBudgetAmounts(context, body, body.Currency);
    const message = body.Months ? phasingSumError(body.Months, body.Amount, body.Currency) : null;
    if (message) context.addIssue({ code: 'custom', path: ['Months'], message });
  })
  .superRefine(requireVersionOnUpdate);
export type BudgetItemSaveRequest = z.input<typeof BudgetItemSaveRequestSchema>;

export const budgetRoutes = defineRoutes({
  getBudgetItems: {
    method: 'POST',
    path: '/api/BudgetItemClient/GetBudgetItems',
    access: 'authenticated',
    summary: 'The budget items of a plan or of an objective, with actual, committed and planned spend and burn rate, in one grouped query.',
    body: GetBudgetItemsRequestSchema,
    response: z.array(BudgetItemSchema),
    tags: ['budget items'],
  },
  searchBudgetItems: {
    method: 'POST',
    path: '/api/BudgetItemClient/SearchBudgetItems',
    access: 'authenticated',
    summary: 'Budget items whose name or description contains the query, in plans the caller may see; at most 20.',
    body: SearchBudgetItemsRequestSchema,
    response: z.array(BudgetItemSearchResultSchema),
    tags: ['budget items'],
  },
  getBudgetItem: {
    method: 'POST',
    path: '/api/BudgetItemClient/GetBudgetItem',
    access: 'authenticated',
    summary: 'One budget item with its monthly phasing.',
    body: BudgetItemIdRequestSchema,
    response: BudgetItemSchema,
    tags: ['budget items'],
  },
  save: {
    method: 'POST',
    path: '/api/BudgetItemClient/Save',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Create (empty or missing Id; forced Active) or update a budget item. Owner, Admin, or the team’s Lead or Planner; not in an archived plan.',
    body: BudgetItemSaveRequestSchema,
    response: BudgetItemSchema,
    tags: ['budget items'],
  },
  delete: {
    method: 'POST',
    path: '/api/BudgetItemClient/Delete',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Delete a budget item and its phasing; refused (409) while expenses are recorded against it, or when its Version is not the one read (409 with the item as it is now).',
    body: DeleteBudgetItemRequestSchema,
    response: z.boolean(),
    tags: ['budget items'],
  },
});
