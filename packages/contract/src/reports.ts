import { z } from 'zod';
import { IdSchema } from './common.ts';
import { CurrencyCodeSchema } from './currencies.ts';
import { ExpenseCategoryTypeSchema } from './expenses.ts';
import { defineRoutes } from './route.ts';

/**
 * Money of one report line (DESIGN.md §5): budgeted → committed → actual.
 * Available = Budgeted − Committed − Actual; Variance = Budgeted − Actual (positive: under budget);
 * Percent = Actual ÷ Budgeted (null when nothing is budgeted). Planned expenses do not reduce
 * Available; Left to plan = Budgeted − Planned − Committed − Actual (DESIGN.md §12).
 */
export const ReportMoneySchema = z.object({
  Budgeted: z.number().describe('Sum of the active budget items, in the base currency (BaseCurrency)'),
  Planned: z.number().describe('Active expenses with status 1'),
  Committed: z.number().describe('Active expenses with status 2'),
  Actual: z.number().describe('Active expenses with status 3'),
  Requested: z.number().describe('Pending approval requests (DESIGN.md §15): beside, never inside, Committed and Actual'),
  Available: z.number().describe('Budgeted − Committed − Actual'),
  LeftToPlan: z.number().describe('Budgeted − Planned − Committed − Actual; negative when over-planned (DESIGN.md §12)'),
  Variance: z.number().describe('Budgeted − Actual'),
  Percent: z.number().nullable().describe('Actual ÷ Budgeted; null when Budgeted is 0'),
  Baseline: z
    .number()
    .nullable()
    .describe(
      'The locked baseline (DESIGN.md §14); null while the plan’s baseline is not locked. The total keeps items deleted since the lock',
    ),
  Forecast: z.number().describe('The sum of the items’ Forecast (ForecastClient/Get); the total is the plan’s Landing'),
  ForecastVariance: z.number().describe('Budgeted − Forecast (DESIGN.md §14’s Variance); positive: landing under budget'),
  FxVariance: z
    .number()
    .describe(
      'Actual at actual rates − Actual at the budget rate, over the line’s Actual expenses in another currency (DESIGN.md §17); positive: cost more than budgeted',
    ),
});
export type ReportMoney = z.infer<typeof ReportMoneySchema>;

export const ReportCategoryRowSchema = ReportMoneySchema.extend({
  BudgetCategoryId: IdSchema,
  Name: z.string(),
  CategoryType: ExpenseCategoryTypeSchema,
  SortOrder: z.number().int(),
});
export type ReportCategoryRow = z.infer<typeof ReportCategoryRowSchema>;

export const ReportSubtotalSchema = ReportMoneySchema.extend({ CategoryType: ExpenseCategoryTypeSchema });
export type ReportSubtotal = z.infer<typeof ReportSubtotalSchema>;

export const BudgetCategoriesReportSchema = z.object({
  MarketingPlanId: IdSchema,
  PlanName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  Rows: z.array(ReportCategoryRowSchema).describe('One per category, ordered by type, sort order and name'),
  Subtotals: z.array(ReportSubtotalSchema).describe('One per category type that has rows'),
  Totals: ReportMoneySchema,
  BaseCurrency: CurrencyCodeSchema.describe('The tenant’s base currency: every figure of the report is in it (DESIGN.md §17)'),
  ForeignExpenseCount: z.number().int().describe('Active expenses of the plan in another currency, any status (0: no FX variance to show)'),
});
export type BudgetCategoriesReport = z.infer<typeof BudgetCategoriesReportSchema>;

export const reportRoutes = defineRoutes({
  budgetCategoriesReport: {
    method: 'POST',
    path: '/api/ReportingClient/BudgetCategoriesReport',
    access: 'authenticated',
    summary: 'Budgeted, committed, actual, available, variance and percent per category, subtotals per type and totals.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: BudgetCategoriesReportSchema,
    tags: ['reports'],
  },
});
