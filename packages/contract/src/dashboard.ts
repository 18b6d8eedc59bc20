import { z } from 'zod';
import { ActivitySchema } from './activities.ts';
import { CurrencyCodeSchema } from './currencies.ts';
import { IdSchema } from './common.ts';
import { ExpenseSchema } from './expenses.ts';
import { LandingSchema } from './forecast.ts';
import { PlanPeriodSchema, SpendingCategorySchema, SpendingMonthSchema } from './spending.ts';
import { defineRoutes } from './route.ts';

export const DASHBOARD_TOP_CATEGORIES = 5;
export const DASHBOARD_OVERDUE_LIMIT = 10;
export const DASHBOARD_ACTIVITY_LIMIT = 10;

export const DashboardSchema = PlanPeriodSchema.extend({
  Budgeted: z.number(),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  Requested: z.number().describe('Pending approval requests (DESIGN.md §15): beside, never inside, Committed and Actual'),
  WaitingForApproval: z
    .object({ Count: z.number().int(), Amount: z.number() })
    .describe('The plan’s requests waiting for a decision (expenses and budget changes)'),
  Available: z.number().describe('Budgeted − Committed − Actual'),
  LeftToPlan: z.number().describe('Budgeted − Planned − Committed − Actual; negative when over-planned'),
  BurnRate: z.number().describe('Actual ÷ Budgeted; 0 when nothing is budgeted'),
  Months: z.array(SpendingMonthSchema),
  TopCategories: z.array(SpendingCategorySchema).describe('The categories with the most actual spend'),
  Overdue: z.array(ExpenseSchema).describe('Planned or committed expenses dated before today, oldest first'),
  OverdueCount: z.number().int(),
  OverdueAmount: z.number(),
  RecentActivity: z.array(ActivitySchema),
  Landing: LandingSchema.describe('Where the plan will land against its Budget and Baseline (DESIGN.md §14)'),
  BaseCurrency: CurrencyCodeSchema.describe('The tenant’s base currency: every figure here is in it (DESIGN.md §17)'),
  FxVariance: z
    .number()
    .describe(
      'FX variance (DESIGN.md §17): over the Actual expenses in another currency, their base amount at their purchase month’s rate minus the same at the plan’s budget rate (the rate on or before its budget rate month; an expense with no such rate adds 0). Positive: the currency moved against the base, the spend cost more than budgeted',
    ),
  ForeignExpenseCount: z
    .number()
    .int()
    .describe('Active expenses of the plan in another currency than the base, any status: the screen shows FxVariance when any'),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const dashboardRoutes = defineRoutes({
  getDashboard: {
    method: 'POST',
    path: '/api/DashboardClient/Get',
    access: 'authenticated',
    summary: 'The context plan at a glance: money, burn rate, spend by month, top categories, overdue expenses, recent activity.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: DashboardSchema,
    tags: ['reports'],
  },
});
