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
import { CurrencyCodeSchema } from './currencies.ts';
import { defineRoutes } from './route.ts';

/**
 * The report builder (DESIGN.md §16, issue 33 item 4): ReportClient/Pivot slices a plan's money by
 * one or two dimensions, by month or quarter, with an optional comparison period.
 * Money travels as decimals (US dollars, at most 2 decimals); the server adds integer cents, so
 * every subtotal and total is exactly the sum of its rows.
 */

/** The fixed dimensions; a custom field is `Field:<FieldId>` (PivotDimensionSchema). */
export const PIVOT_FIXED_DIMENSIONS = [
  'Category',
  'CategoryType',
  'ItemType',
  'GLCode',
  'Campaign',
  'Team',
  'Plan',
  'Payee',
  'Owner',
] as const;
export type PivotFixedDimension = (typeof PIVOT_FIXED_DIMENSIONS)[number];

export const PIVOT_DIMENSION_LABELS: Record<PivotFixedDimension, string> = {
  Category: 'Category',
  CategoryType: 'Category type',
  ItemType: 'Item type',
  GLCode: 'GL code',
  Campaign: 'Campaign',
  Team: 'Team',
  Plan: 'Plan',
  Payee: 'Payee',
  Owner: 'Campaign owner',
};

const FIELD_DIMENSION_PATTERN = /^Field:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** `Field:<FieldId>` → the field id; null for a fixed dimension. */
export const pivotFieldIdOf = (dimension: string): string | null =>
  FIELD_DIMENSION_PATTERN.test(dimension) ? dimension.slice('Field:'.length).toLowerCase() : null;

export const PivotDimensionSchema = z
  .string({ error: 'Dimension is required.' })
  .refine(
    (value) => (PIVOT_FIXED_DIMENSIONS as readonly string[]).includes(value) || FIELD_DIMENSION_PATTERN.test(value),
    `Dimension must be one of ${PIVOT_FIXED_DIMENSIONS.join(', ')} or Field:<FieldId>.`,
  )
  .describe(
    `${PIVOT_FIXED_DIMENSIONS.join(' | ')} | Field:<FieldId> (a custom field of a budget item, an expense or a campaign). ` +
      'Campaign is the budget item’s campaign; Owner is that campaign’s owner; Team and Plan are the plan’s. ' +
      'Payee and an Expense field are expense-level: see PivotRowSchema.',
  );
export type PivotDimension = z.infer<typeof PivotDimensionSchema>;

/** Budget-side measures come from budget items (and their months); the others from expenses. */
export const PIVOT_MEASURES = [
  'Baseline',
  'Budget',
  'Planned',
  'Committed',
  'Actual',
  'Forecast',
  'Available',
  'Variance',
  'VariancePercent',
  'FxVariance',
] as const;
export const PivotMeasureSchema = z.enum(PIVOT_MEASURES, {
  error: `Measure must be one of ${PIVOT_MEASURES.join(', ')}.`,
});
export type PivotMeasure = z.infer<typeof PivotMeasureSchema>;
export const PIVOT_MEASURE_LABELS: Record<PivotMeasure, string> = {
  Baseline: 'Baseline',
  Budget: 'Budget',
  Planned: 'Planned',
  Committed: 'Committed',
  Actual: 'Actual',
  Forecast: 'Forecast',
  Available: 'Available',
  Variance: 'Variance',
  VariancePercent: 'Variance %',
  FxVariance: 'FX variance',
};
/** Measures that come from budget items only: not attributable to an expense-level dimension. */
export const PIVOT_BUDGET_SIDE_MEASURES: readonly PivotMeasure[] = ['Baseline', 'Budget', 'Forecast'];

export const PivotColumnsSchema = z.enum(['None', 'Month', 'Quarter'], { error: 'Columns must be None, Month or Quarter.' });
export type PivotColumns = z.infer<typeof PivotColumnsSchema>;
export const PivotCompareSchema = z.enum(['None', 'PriorPeriod', 'PriorYear'], {
  error: 'Compare must be None, PriorPeriod or PriorYear.',
});
export type PivotCompare = z.infer<typeof PivotCompareSchema>;

/**
 * Keys of the rows that are not a value. They start with U+E000 (a private-use character); a real
 * value that starts with it has its key prefixed with one more, so no value (a payee, a Text field)
 * can have one of these keys. (NUL, which PostgreSQL never stores, is refused in every request.)
 */
export const PIVOT_KEY_ESCAPE = '\uE000';
/** "(No campaign)", "(No payee)", "(No <field>)": the row of what has no value for the dimension. */
export const PIVOT_NONE_KEY = '\uE000none';
/** "(Not by payee)", "(Not by <field>)": the budget-side measures under an expense-level dimension. */
export const PIVOT_NOT_BY_KEY = '\uE000not-by';

export const PivotFilterSchema = z
  .object({
    Dimension: PivotDimensionSchema,
    Values: z
      .array(z.string().max(500), { error: 'Values must be a list.' })
      .min(1, 'A filter needs at least one value.')
      .max(500, 'A filter can have at most 500 values.')
      .describe(
        'Keys as a pivot row returns them (PivotKey.Key), PIVOT_NONE_KEY for "no value"; for a Select or MultiSelect field ' +
          'the option strings (a MultiSelect row matches when it holds any of them). A filter on an expense-level dimension ' +
          '(Payee, an Expense field) selects expenses: the budget-side measures (Baseline, Budget, Forecast) count only when ' +
          'Values holds PIVOT_NOT_BY_KEY.',
      ),
  })
  .describe('Keeps only the money whose value for Dimension is one of Values; filters combine with AND');
export type PivotFilter = z.infer<typeof PivotFilterSchema>;

export const MAX_PIVOT_PLANS = 50;
/** More rows than this answers 400 (add a filter or choose another dimension). */
export const MAX_PIVOT_ROWS = 5000;

/** What a saved report keeps: the pivot request without its period (the period is remembered per person). */
export const PivotDefinitionSchema = z.object({
  MarketingPlanIds: z
    .array(IdSchema, { error: 'MarketingPlanIds must be a list of plan ids.' })
    .min(1, 'Choose at least one plan.')
    .max(MAX_PIVOT_PLANS, `A report can take at most ${MAX_PIVOT_PLANS} plans.`),
  Rows: z
    .array(PivotDimensionSchema, { error: 'Rows must be a list of dimensions.' })
    .min(1, 'Choose one or two row dimensions.')
    .max(2, 'Choose one or two row dimensions.')
    .refine((rows) => new Set(rows).size === rows.length, 'The two row dimensions must differ.'),
  Columns: PivotColumnsSchema,
  Measures: z
    .array(PivotMeasureSchema, { error: 'Measures must be a list.' })
    .min(1, 'Choose at least one measure.')
    .refine((measures) => new Set(measures).size === measures.length, 'A measure can be chosen once.'),
  Filters: z.array(PivotFilterSchema).max(20, 'At most 20 filters.').default([]),
  Compare: PivotCompareSchema.default('None'),
});
export type PivotDefinition = z.infer<typeof PivotDefinitionSchema>;
export type PivotDefinitionInput = z.input<typeof PivotDefinitionSchema>;

/**
 * Money is kept per month (budget phasing, forecast and closed months are monthly), so the period
 * counts whole months: From's month to To's month, both included (the answer's From and To say so).
 */
export const PivotRequestSchema = PivotDefinitionSchema.extend({
  From: DateOnlySchema.describe('The period starts with this date’s month (the whole month counts)'),
  To: DateOnlySchema.describe('The period ends with this date’s month (the whole month counts)'),
}).refine((value) => value.From <= value.To, { message: 'From must be on or before To.', path: ['To'] });
export type PivotRequest = z.infer<typeof PivotRequestSchema>;
export type PivotRequestInput = z.input<typeof PivotRequestSchema>;

/** Money per measure; VariancePercent and Baseline may be null (no budget; baseline not locked). */
export const PivotValuesSchema = z
  .partialRecord(PivotMeasureSchema, z.number().nullable())
  .describe(
    'One entry per requested measure, in the base currency (BaseCurrency). Available = Budget − Committed − Actual; Variance = Budget − Actual; ' +
      'VariancePercent = Variance ÷ Budget × 100 rounded to 2 decimals (null when Budget is 0); Baseline null when no plan in ' +
      'the report has a locked baseline (a plan without one counts 0; items deleted since the lock are in no row). Budget ' +
      'per month is the item’s phasing, else its Amount spread over the plan’s months; Forecast as ForecastClient/Get. ' +
      'Planned, Committed and Actual: active expenses by purchase month; an expense waiting for approval is in none of them. ' +
      'FxVariance: over the Actual expenses in another currency, their base amount at the purchase month’s rate minus the same at ' +
      'their plan’s budget rate (DESIGN.md §17); positive: they cost more than budgeted.',
  );
export type PivotValues = z.infer<typeof PivotValuesSchema>;

export const PivotCellSchema = z.object({
  Values: PivotValuesSchema,
  Compare: PivotValuesSchema.nullable().describe('The same measures over the comparison period; null when Compare is None'),
});
export type PivotCell = z.infer<typeof PivotCellSchema>;

export const PivotColumnSchema = z.object({
  Key: z.string().describe('YYYY-MM (Month) or YYYY-Qn (Quarter)'),
  Label: z.string().describe('e.g. "Jan 2026", "Q1 2026"'),
  From: DateOnlySchema.describe('Inside the request’s period'),
  To: DateOnlySchema,
  CompareFrom: DateOnlySchema.nullable().describe('The comparison period of this column; null when Compare is None'),
  CompareTo: DateOnlySchema.nullable(),
});
export type PivotColumn = z.infer<typeof PivotColumnSchema>;

export const PivotKeySchema = z.object({
  Key: z
    .string()
    .describe(
      'The value’s key: an id (Category, Campaign, Team, Plan, Owner), 1/2/3 (CategoryType), 1/2 (ItemType), the GL code, ' +
        'the payee, a field’s value (a MultiSelect: its options as a JSON array), PIVOT_NONE_KEY or PIVOT_NOT_BY_KEY',
    ),
  Label: z.string().describe('What the screen shows, e.g. "Events", "(No campaign)", "(Not by payee)", "EMEA, NA"'),
});
export type PivotKey = z.infer<typeof PivotKeySchema>;

export const PivotLineSchema = z.object({
  Cells: z.array(PivotCellSchema).describe('One per column, in the order of Columns (empty when Columns is None)'),
  Total: PivotCellSchema.describe('The whole period'),
});
export type PivotLine = z.infer<typeof PivotLineSchema>;

export const PivotRowSchema = PivotLineSchema.extend({
  Keys: z.array(PivotKeySchema).describe('One per row dimension, in the order of Rows'),
}).describe(
  'Under an expense-level dimension (Payee, an Expense field) the budget-side measures (Baseline, Budget, Forecast) cannot be ' +
    'attributed to a value: they are in one row keyed PIVOT_NOT_BY_KEY ("(Not by payee)"), and its expense measures are 0, so ' +
    'the rows still add up to the totals. Available and Variance follow from the row’s own figures.',
);
export type PivotRow = z.infer<typeof PivotRowSchema>;

export const PivotSubtotalSchema = PivotLineSchema.extend({
  Key: PivotKeySchema.describe('The first dimension’s value'),
});
export type PivotSubtotal = z.infer<typeof PivotSubtotalSchema>;

export const PivotResultSchema = z.object({
  Dimensions: z
    .array(z.object({ Dimension: PivotDimensionSchema, Label: z.string().describe('e.g. "Category", "Region"') }))
    .describe('The row dimensions with their headers, in the order of Rows'),
  Measures: z.array(PivotMeasureSchema),
  Columns: z.array(PivotColumnSchema).describe('The month or quarter columns; empty when Columns is None'),
  From: DateOnlySchema.describe('The first day of the period’s first month'),
  To: DateOnlySchema.describe('The last day of the period’s last month'),
  Compare: PivotCompareSchema,
  CompareFrom: DateOnlySchema.nullable().describe(
    'PriorPeriod: the same number of months just before From; PriorYear: From − 1 year. Column n is compared with ' +
      'the same months shifted so (PriorPeriod: by the period’s length; PriorYear: by 12 months)',
  ),
  CompareTo: DateOnlySchema.nullable(),
  Rows: z
    .array(PivotRowSchema)
    .describe('Rows with money in the period or the comparison period, ordered by the first dimension then the second'),
  Subtotals: z
    .array(PivotSubtotalSchema)
    .describe('One per value of the first dimension, in row order; empty when there is one row dimension'),
  GrandTotal: PivotLineSchema.describe('Exactly the sum of the rows, cent by cent'),
  BaseCurrency: CurrencyCodeSchema.describe('The tenant’s base currency: every figure of the report is in it (DESIGN.md §17)'),
});
export type PivotResult = z.infer<typeof PivotResultSchema>;

// ---- saved reports --------------------------------------------------------------------------

export const SavedReportSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Shared: z.boolean().describe('False: only its owner sees it. True: everyone in the tenant sees it; its owner or an Admin changes it'),
  OwnerId: IdSchema,
  OwnerName: z.string(),
  CanEdit: z.boolean().describe('Whether the caller may save or delete it'),
  Definition: PivotDefinitionSchema,
  Version: RowVersionSchema,
  CreatedAt: InstantSchema,
  UpdatedAt: InstantSchema,
});
export type SavedReport = z.infer<typeof SavedReportSchema>;

export const SavedReportSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema,
    Shared: z.boolean({ error: 'Shared must be true or false.' }),
    Definition: PivotDefinitionSchema,
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate);
export type SavedReportSaveRequest = z.input<typeof SavedReportSaveRequestSchema>;

export const SavedReportDeleteRequestSchema = z.object({ Id: IdSchema, Version: VersionSchema });
export type SavedReportDeleteRequest = z.infer<typeof SavedReportDeleteRequestSchema>;

export const pivotRoutes = defineRoutes({
  pivot: {
    method: 'POST',
    path: '/api/ReportClient/Pivot',
    access: 'authenticated',
    summary: 'The report builder: money of the plans by one or two dimensions, by month or quarter, with subtotals and totals.',
    body: PivotRequestSchema,
    response: PivotResultSchema,
    tags: ['reports'],
  },
  listSavedReports: {
    method: 'POST',
    path: '/api/SavedReportClient/List',
    access: 'authenticated',
    summary: 'The caller’s own reports and the reports shared with the tenant, by name.',
    body: z.object({}).optional(),
    response: z.array(SavedReportSchema),
    tags: ['reports'],
  },
  saveSavedReport: {
    method: 'POST',
    path: '/api/SavedReportClient/Save',
    access: 'authenticated',
    summary: 'Create (empty Id) or update a saved report: its owner, or an Admin for a shared one.',
    body: SavedReportSaveRequestSchema,
    response: SavedReportSchema,
    tags: ['reports'],
  },
  deleteSavedReport: {
    method: 'POST',
    path: '/api/SavedReportClient/Delete',
    access: 'authenticated',
    summary: 'Delete a saved report: its owner, or an Admin for a shared one.',
    body: SavedReportDeleteRequestSchema,
    response: z.boolean(),
    tags: ['reports'],
  },
});
