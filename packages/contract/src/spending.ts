import { z } from 'zod';
import { IdSchema } from './common.ts';
import { CurrencyCodeSchema } from './currencies.ts';
import { ExpenseCategoryTypeSchema } from './expenses.ts';
import { defineRoutes } from './route.ts';

export const SpendingMonthSchema = z.object({
  Month: z.string().describe('YYYY-MM'),
  Budgeted: z
    .number()
    .describe(
      'Phased budget of the month; items without phasing are spread evenly over the plan’s months, the leftover cents one each to the first months (spreadCents)',
    ),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  CumulativeBudgeted: z.number(),
  CumulativeActual: z.number(),
});
export type SpendingMonth = z.infer<typeof SpendingMonthSchema>;

export const SpendingCategorySchema = z.object({
  BudgetCategoryId: IdSchema,
  Name: z.string(),
  CategoryType: ExpenseCategoryTypeSchema,
  Budgeted: z.number(),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
});
export type SpendingCategory = z.infer<typeof SpendingCategorySchema>;

export const SpendingPayeeSchema = z.object({
  Payee: z.string().describe('“(No payee)” for expenses without one; “Other payees” gathers the rest'),
  Committed: z.number(),
  Actual: z.number(),
  Count: z.number().int(),
});
export type SpendingPayee = z.infer<typeof SpendingPayeeSchema>;

/** Most payees listed by name; the rest are summed into one line. */
export const SPENDING_TOP_PAYEES = 12;

/** The plan and how far through it today is: the head of the spending report and the dashboard. */
export const PlanPeriodSchema = z.object({
  MarketingPlanId: IdSchema,
  PlanName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  AsOf: z.string().describe('Today in the tenant’s time zone, YYYY-MM-DD'),
  ElapsedRatio: z.number().describe('How far through the plan today is, 0–1'),
});

export const SpendingReportSchema = PlanPeriodSchema.extend({
  Budgeted: z.number(),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  Available: z.number().describe('Budgeted − Committed − Actual'),
  LeftToPlan: z.number().describe('Budgeted − Planned − Committed − Actual; negative when over-planned'),
  Months: z.array(SpendingMonthSchema).describe('Every month of the plan, plus months that hold expenses outside it'),
  ByCategory: z.array(SpendingCategorySchema),
  ByPayee: z.array(SpendingPayeeSchema),
  BaseCurrency: CurrencyCodeSchema.describe('The tenant’s base currency: every figure here is in it (DESIGN.md §17)'),
  FxVariance: z
    .number()
    .describe('Actual at actual rates − Actual at the budget rate, over Actual expenses in another currency (DESIGN.md §17)'),
  ForeignExpenseCount: z.number().int().describe('Active expenses of the plan in another currency, any status (0: no FX variance to show)'),
});
export type SpendingReport = z.infer<typeof SpendingReportSchema>;

export const spendingRoutes = defineRoutes({
  spendingReport: {
    method: 'POST',
    path: '/api/ReportingClient/SpendingReport',
    access: 'authenticated',
    summary: 'Spend by month against the phased budget, cumulative burn, spend by category and by payee.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: SpendingReportSchema,
    tags: ['reports'],
  },
});
