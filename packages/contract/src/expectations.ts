import { z } from 'zod';
import { IdSchema } from './common.ts';
import { FunnelCountSchema, FunnelMonthSchema, FunnelPlanRequestSchema } from './funnels.ts';
import { defineRoutes } from './route.ts';

export const ExpectationCellSchema = z.object({
  Month: z.string().describe('YYYY-MM'),
  Expected: z.number().nullable().describe('The forecast count; null when none is set'),
  Actual: z.number().nullable().describe('The actual count; null when none is entered'),
});
export type ExpectationCell = z.infer<typeof ExpectationCellSchema>;

export const ExpectationRowSchema = z.object({
  FunnelStageId: IdSchema,
  Name: z.string(),
  Cells: z.array(ExpectationCellSchema).describe('One per month of the plan, in order'),
});
export type ExpectationRow = z.infer<typeof ExpectationRowSchema>;

export const ExpectationGridSchema = z.object({
  MarketingPlanId: IdSchema,
  HasModel: z.boolean().describe('Whether the plan has a funnel model to generate from'),
  Months: z.array(z.string()).describe('The plan’s months, YYYY-MM'),
  Rows: z.array(ExpectationRowSchema).describe('The tenant’s active funnel stages in SortOrder'),
});
export type ExpectationGrid = z.infer<typeof ExpectationGridSchema>;

export const ExpectationSaveRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Cells: z
    .array(
      z.object({
        FunnelStageId: IdSchema,
        Month: FunnelMonthSchema,
        Expected: FunnelCountSchema.nullable().describe('null clears the forecast of the cell'),
      }),
    )
    .min(1, 'Send at least one cell.')
    .max(2400, 'At most 2400 cells at once.'),
});
export type ExpectationSaveRequest = z.input<typeof ExpectationSaveRequestSchema>;

export const expectationRoutes = defineRoutes({
  get: {
    method: 'POST',
    path: '/api/ExpectationClient/Get',
    access: 'Plan.Performance',
    summary: 'The forecast grid: expected and actual count per active funnel stage per plan month.',
    body: FunnelPlanRequestSchema,
    response: ExpectationGridSchema,
    tags: ['expectations'],
  },
  save: {
    method: 'POST',
    path: '/api/ExpectationClient/Save',
    access: 'Plan.Performance',
    summary: 'Save expected counts per stage and month, all in one transaction. Owner, Admin, or the team’s Lead or Planner.',
    body: ExpectationSaveRequestSchema,
    response: ExpectationGridSchema,
    tags: ['expectations'],
  },
  generate: {
    method: 'POST',
    path: '/api/ExpectationClient/Generate',
    access: 'Plan.Performance',
    summary:
      'Fill every expected count from the funnel model: the first stage’s Required spread over the months by the budget’s phasing, later stages shifted by velocity and multiplied by the conversion rates. Overwrites expected counts; keeps actuals.',
    body: FunnelPlanRequestSchema,
    response: ExpectationGridSchema,
    tags: ['expectations'],
  },
});
