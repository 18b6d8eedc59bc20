import { z } from 'zod';
import { IdSchema } from './common.ts';
import { FunnelStageComparisonSchema } from './funnels.ts';
import { ObjectiveSchema } from './objectives.ts';
import { defineRoutes } from './route.ts';

/** The headline figures of a plan's performance at one moment. */
export const PerformanceKpisSchema = z.object({
  AsOf: z.string().describe('YYYY-MM-DD: the figures count results and expenses dated up to this day'),
  Spent: z.number().describe('Actual expenses of the plan (Status 3, active), US dollars'),
  Value: z.number().describe('ActualValue of the active currency objectives marked IsRevenue, US dollars'),
  Roi: z.number().nullable().describe('(Value − Spent) ÷ Spent, a ratio with 4 decimals; null without spend or revenue objectives'),
  CostPerResult: z
    .number()
    .nullable()
    .describe('Spend on items linked to active count objectives ÷ their results, to the cent; null without results'),
});
export type PerformanceKpis = z.infer<typeof PerformanceKpisSchema>;

export const PerformanceMonthResultSchema = z.object({
  ObjectiveId: IdSchema,
  Value: z.number().describe('The month’s results: their sum, or the month’s latest result (Aggregation 2)'),
  Spent: z.number().describe('The month’s actual expenses of the objective’s linked active items'),
});

export const PerformanceMonthSchema = z.object({
  Month: z.string().describe('YYYY-MM'),
  Spent: z.number().describe('The plan’s actual expenses dated in the month'),
  CountResults: z.number().describe('The month’s results of active count objectives'),
  CountSpent: z.number().describe('The month’s actual expenses of items linked to active count objectives'),
  CostPerResult: z
    .number()
    .nullable()
    .describe('CountSpent ÷ CountResults, to the cent; null without results or without spend in the month'),
  Results: z.array(PerformanceMonthResultSchema).describe('Objectives with results or linked spend in the month'),
});
export type PerformanceMonth = z.infer<typeof PerformanceMonthSchema>;

/** What the KPI deltas compare with: a week ago, the end of last month, or the end of last quarter. */
export const DELTA_PERIODS = ['Week', 'Month', 'Quarter'] as const;
export const DeltaPeriodSchema = z.enum(DELTA_PERIODS);
export type DeltaPeriod = z.infer<typeof DeltaPeriodSchema>;

export const PerformanceSchema = z.object({
  MarketingPlanId: IdSchema,
  PlanName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  Budget: z.number().describe('Amount of the plan’s active budget items'),
  Planned: z.number().describe('Planned expenses (Status 1, active)'),
  Committed: z.number().describe('Committed expenses (Status 2, active)'),
  Spent: z.number().describe('Actual expenses (Status 3, active)'),
  Available: z.number().describe('Budget − Committed − Spent (DESIGN.md §5)'),
  LeftToPlan: z.number().describe('Budget − Planned − Committed − Spent; negative when over-planned (DESIGN.md §12)'),
  Kpis: PerformanceKpisSchema.describe('As of today'),
  DeltaPeriod: DeltaPeriodSchema.describe('The period the deltas span'),
  PreviousKpis: PerformanceKpisSchema.nullable().describe(
    'As of 7 days ago (Week), the last day of the previous month (Month) or quarter (Quarter): the base of the deltas; null when that day is before the plan starts',
  ),
  Objectives: z.array(ObjectiveSchema),
  Months: z.array(PerformanceMonthSchema).describe('Every month of the plan'),
  Funnel: z
    .array(FunnelStageComparisonSchema)
    .nullable()
    .describe('Each active funnel stage planned vs expected vs actual (DESIGN.md §9); null when the plan has no funnel model'),
});
export type Performance = z.infer<typeof PerformanceSchema>;

export const performanceRoutes = defineRoutes({
  getPerformance: {
    method: 'POST',
    path: '/api/PerformanceClient/Get',
    access: 'Plan.Performance',
    summary:
      'A plan’s performance: totals, KPIs now and at the start of the delta period, objectives with computed fields, months, and the funnel planned vs expected vs actual.',
    body: z.object({
      MarketingPlanId: IdSchema,
      DeltaPeriod: DeltaPeriodSchema.optional().describe('What the deltas compare with; Month when missing'),
    }),
    response: PerformanceSchema,
    tags: ['performance'],
  },
});
