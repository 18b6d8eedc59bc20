import { z } from 'zod';
import { IdSchema, MonthSchema, NonNegativeMoneySchema, RowVersionSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/*
 * Forecast (DESIGN.md §14): what each item will really cost in each month. A closed month forecasts
 * its Actual; an open month the Forecast a planner entered, else its Budget, but never below Actual +
 * Committed of that month (money spent or contracted; planned expenses may be cut). Item, category and
 * plan Forecast are sums; Landing = the plan's Forecast; Variance = Budget − Forecast (positive: under).
 */

/** Cells in one ForecastClient/Save (a pasted block). */
export const FORECAST_SAVE_MAX_CELLS = 5000;

export const ForecastCellSchema = z.object({
  Month: MonthSchema,
  Baseline: z.number().nullable().describe('The Budget of the month when the plan’s baseline was locked; null while it is not locked'),
  Budget: z.number().describe('The month’s Budget: the phasing, or an unphased item’s Amount spread evenly (0 for an inactive item)'),
  Planned: z.number().describe('Active expenses with Status 1 dated in the month'),
  Committed: z.number().describe('Active expenses with Status 2 dated in the month'),
  Actual: z.number().describe('Active expenses with Status 3 dated in the month'),
  Floor: z.number().describe('Actual + Committed: the least an open month may forecast'),
  Forecast: z.number().describe('Closed: Actual. Open: Entered, else Budget, never below Floor'),
  Entered: z.number().nullable().describe('The forecast a planner saved for the month; null when none (the month forecasts its Budget)'),
  Version: RowVersionSchema.nullable().describe('The saved forecast cell’s Version (DESIGN.md §13); null when the cell was never saved'),
  Closed: z.boolean().describe('The month is closed (read-only; forecasts its Actual)'),
});
export type ForecastCell = z.infer<typeof ForecastCellSchema>;

export const ForecastTotalsSchema = z.object({
  Baseline: z.number().nullable().describe('null while the plan’s baseline is not locked'),
  Budget: z.number(),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  Forecast: z.number().describe('The sum of the months’ Forecast (for the plan: its Landing)'),
  Variance: z.number().describe('Budget − Forecast; positive: under budget'),
});
export type ForecastTotals = z.infer<typeof ForecastTotalsSchema>;

export const ForecastItemSchema = z.object({
  BudgetItemId: IdSchema,
  Name: z.string(),
  BudgetCategoryId: IdSchema,
  Active: z.boolean().describe('An inactive item has no Budget; its expenses and entered forecasts still count'),
  Cells: z.array(ForecastCellSchema).describe('One per month of Months, in order'),
  Totals: ForecastTotalsSchema,
});
export type ForecastItem = z.infer<typeof ForecastItemSchema>;

export const ForecastSchema = z.object({
  MarketingPlanId: IdSchema,
  Months: z
    .array(MonthSchema)
    .describe('The plan’s months, widened to any month outside them that holds budget, baseline or expenses, with none skipped'),
  BaselineLocked: z.boolean(),
  Items: z.array(ForecastItemSchema).describe('Every item of the plan, ordered as the budget grid (category, then name)'),
  Totals: ForecastTotalsSchema.describe(
    'The plan: Forecast is its Landing. Baseline is the whole snapshot (it keeps items deleted since the lock)',
  ),
});
export type Forecast = z.infer<typeof ForecastSchema>;

/** Landing (DESIGN.md §14) as the dashboard, the plan page and the report show it. */
export const LandingSchema = z.object({
  Budget: z.number().describe('The plan’s Budget (its active items)'),
  Baseline: z.number().nullable().describe('The locked baseline; null while it is not locked'),
  Forecast: z.number().describe('Where the plan will land: the sum of every item’s Forecast (ForecastClient/Get’s Totals.Forecast)'),
  Variance: z.number().describe('Budget − Forecast; positive: landing under budget'),
  BaselineVariance: z.number().nullable().describe('Baseline − Forecast; positive: landing under the baseline; null without a baseline'),
});
export type Landing = z.infer<typeof LandingSchema>;

export const ForecastSaveCellSchema = z.object({
  BudgetItemId: IdSchema,
  Month: MonthSchema,
  Forecast: NonNegativeMoneySchema.nullable().describe(
    'The month’s forecast; null clears an entered one (the month forecasts its Budget again)',
  ),
  Version: VersionSchema.nullable()
    .optional()
    .describe(
      'The cell’s Version as read (ForecastClient/Get); null or missing for a cell that had none (never saved). A cell saved, changed or cleared since answers 409 with the cells as they are now, and nothing is written',
    ),
});
export type ForecastSaveCell = z.input<typeof ForecastSaveCellSchema>;

export const ForecastSaveRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Cells: z
    .array(ForecastSaveCellSchema)
    .min(1, 'Send at least one cell.')
    .max(FORECAST_SAVE_MAX_CELLS, `At most ${FORECAST_SAVE_MAX_CELLS.toLocaleString('en-US')} cells at once.`),
});
export type ForecastSaveRequest = z.input<typeof ForecastSaveRequestSchema>;

/** A cell as the 409 of a stale save answers it: the item it belongs to and the cell as it is now. */
export const ForecastStaleCellSchema = ForecastCellSchema.extend({ BudgetItemId: IdSchema, Name: z.string() });
export type ForecastStaleCell = z.infer<typeof ForecastStaleCellSchema>;

export const forecastRoutes = defineRoutes({
  getForecast: {
    method: 'POST',
    path: '/api/ForecastClient/Get',
    access: 'authenticated',
    summary: 'Every item’s Baseline, Budget, Planned, Committed, Actual and Forecast per month of a plan, with the totals (Landing).',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: ForecastSchema,
    tags: ['forecast'],
  },
  saveForecast: {
    method: 'POST',
    path: '/api/ForecastClient/Save',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Saves forecast cells of one plan in one transaction, all or nothing: a closed month is 409 naming it, a Forecast below Actual + Committed of its month is 400 naming the cell. Owner, Admin, or the team’s Lead or Planner; not in an archived plan.',
    body: ForecastSaveRequestSchema,
    response: ForecastSchema,
    bodyLimit: { bytes: 1024 * 1024, message: 'Too many cells at once: paste at most 5,000 cells.' },
    tags: ['forecast'],
  },
});
