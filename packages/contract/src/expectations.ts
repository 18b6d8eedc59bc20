import { z } from 'zod';
import { IdSchema, RowVersionSchema } from './common.ts';
import { FunnelCountSchema, FunnelMonthSchema, FunnelPlanRequestSchema, ReadVersionSchema } from './funnels.ts';
import { defineRoutes } from './route.ts';

export const ExpectationCellSchema = z.object({
  Month: z.string().describe('YYYY-MM'),
  Expected: z.number().nullable().describe('The forecast count; null when none is set'),
  Actual: z.number().nullable().describe('The actual count; null when none is entered'),
  Version: RowVersionSchema.nullable().describe(
    'The cell’s version (its forecast and actual together, DESIGN.md §13); null while the cell was never saved',
  ),
});
export type ExpectationCell = z.infer<typeof ExpectationCellSchema>;

export const ExpectationRowSchema = z.object({
  FunnelStageId: IdSchema,
  Name: z.string(),
  Cells: z.array(ExpectationCellSchema).describe('One per month of the plan, in order'),
});
export type ExpectationRow = z.infer<typeof ExpectationRowSchema>;

/** What Generate leaves out of the plan: the last stage's entries that velocity shifts past the plan's last month (issue 28 B3). */
export const ForecastShortfallSchema = z.object({
  StageName: z.string().describe('The last stage (the deals)'),
  Needed: z.number().int().describe('DealsNeeded of the funnel model'),
  InsidePlan: z.number().int().describe('What Generate puts into the plan’s months at the last stage'),
  AfterPlan: z.number().int().describe('Needed − InsidePlan: shifted past the plan’s last month'),
  VelocityDays: z.number().int().describe('Days from the first stage to the last (the stages’ VelocityDays)'),
  ShiftMonths: z.number().int().describe('VelocityDays in whole months, as Generate shifts the last stage'),
  FitVelocityDays: z
    .number()
    .int()
    .describe(
      'The most days from the first stage to the last that keep every needed deal inside the plan (what CompressVelocity scales to)',
    ),
});
export type ForecastShortfall = z.infer<typeof ForecastShortfallSchema>;

export const ExpectationGridSchema = z.object({
  MarketingPlanId: IdSchema,
  HasModel: z.boolean().describe('Whether the plan has a funnel model to generate from'),
  Months: z.array(z.string()).describe('The plan’s months, YYYY-MM'),
  Rows: z.array(ExpectationRowSchema).describe('The tenant’s active funnel stages in SortOrder'),
  Shortfall: ForecastShortfallSchema.nullable().describe(
    'When a forecast generated from the funnel model would put fewer deals inside the plan than the goal needs; null otherwise',
  ),
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
        Version: ReadVersionSchema.describe('The cell’s Version as read (Cells[].Version); null for a cell that was empty'),
      }),
    )
    .min(1, 'Send at least one cell.')
    .max(2400, 'At most 2400 cells at once.'),
});
export type ExpectationSaveRequest = z.input<typeof ExpectationSaveRequestSchema>;

export const ExpectationGenerateRequestSchema = FunnelPlanRequestSchema.extend({
  CompressVelocity: z
    .boolean()
    .optional()
    .describe('First scale the stages’ VelocityDays down to Shortfall.FitVelocityDays, so every needed deal lands inside the plan'),
});
export type ExpectationGenerateRequest = z.input<typeof ExpectationGenerateRequestSchema>;

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
    permission: 'funnel.edit',
    summary:
      'Save expected counts per stage and month, all in one transaction. Owner, Admin, or the team’s Lead or Planner. Each cell carries the Version read; one stale cell answers 409 with the current cells that changed (an array) and writes none.',
    body: ExpectationSaveRequestSchema,
    response: ExpectationGridSchema,
    tags: ['expectations'],
  },
  generate: {
    method: 'POST',
    path: '/api/ExpectationClient/Generate',
    access: 'Plan.Performance',
    permission: 'funnel.edit',
    summary:
      'Fill every expected count from the funnel model: the first stage’s Required spread over the months by the budget’s phasing, later stages shifted by velocity and multiplied by the conversion rates. Overwrites expected counts; keeps actuals. With CompressVelocity, first shortens the stages’ velocity so every needed deal lands inside the plan. A deliberate regenerate (the app asks first): it carries no Version and overwrites every forecast cell, including ones a colleague typed; each cell it changes counts one more version (never reset), so a grid still open elsewhere gets 409 on its next save instead of overwriting the forecast unseen.',
    body: ExpectationGenerateRequestSchema,
    response: ExpectationGridSchema,
    tags: ['expectations'],
  },
});
