import { z } from 'zod';
import { hasAtMostDecimals, hasAtMostTwoDecimals } from './decimals.ts';
import { IdSchema, MoneySchema, MonthSchema, RowVersionSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** A plan month on the wire, YYYY-MM. */
export const FunnelMonthSchema = MonthSchema;

/** Counts of people or deals: decimals with at most 2 places, never negative (DESIGN.md §9). */
export const FunnelCountSchema = z
  .number({ error: 'Count must be a number.' })
  .finite()
  .min(0, 'Count cannot be negative.')
  .max(1_000_000_000, 'Count is too large.')
  .refine(hasAtMostTwoDecimals, 'Count can have at most 2 decimals.')
  .describe('A count, at most 2 decimals');

/** Conversion to the next stage, a share from 0 to 1 (0.25 = 25%), at most 4 decimals. */
export const ConversionRateSchema = z
  .number({ error: 'ConversionRate must be a number from 0 to 1.' })
  .min(0, 'ConversionRate must be between 0 and 1.')
  .max(1, 'ConversionRate must be between 0 and 1.')
  .refine((value) => hasAtMostDecimals(value, 4), 'ConversionRate can have at most 4 decimals (0.01%).')
  .describe('Share of this stage that reaches the next one, 0–1 (none on the last stage)');

export const VelocityDaysSchema = z
  .number({ error: 'VelocityDays must be a whole number of days.' })
  .int('VelocityDays must be a whole number of days.')
  .min(0, 'VelocityDays cannot be negative.')
  .max(3650, 'VelocityDays can be at most 3650.')
  .describe('Days from this stage to the next');

const PositiveMoneySchema = MoneySchema.refine((value) => value > 0, 'Must be more than $0.');
const NonNegativeMoney = MoneySchema.refine((value) => value >= 0, 'Amount cannot be negative.');

export const FunnelStageSchema = z.object({
  FunnelStageId: IdSchema.describe('The funnel-stage lookup (LookupType 2)'),
  Name: z.string(),
  SortOrder: z.number().int(),
  ConversionRate: z.number().nullable().describe('To the next stage; null when not set and always on the last stage'),
  VelocityDays: z.number().int().describe('Days to the next stage (0 when not set)'),
  Required: z.number().nullable().describe('Volume the goal needs at this stage; null until the goal and the rates below it are set'),
  Actual: z.number().describe('Sum of the actual counts entered over the plan’s months'),
  ActualConversion: z
    .number()
    .nullable()
    .describe('Next stage’s actual ÷ this stage’s actual over the months both have actuals; null on the last stage or without actuals'),
  CostPerStage: z.number().nullable().describe('Plan spend (actual expenses) ÷ this stage’s actual count; null when the count is 0'),
  Version: RowVersionSchema.nullable().describe(
    'The version of the plan’s setting of this stage (ConversionRate, VelocityDays); null while none is saved (DESIGN.md §13)',
  ),
});
export type FunnelStage = z.infer<typeof FunnelStageSchema>;

export const FunnelSchema = z.object({
  MarketingPlanId: IdSchema,
  HasModel: z.boolean().describe('Whether the plan has a revenue goal and deal size saved'),
  RevenueGoal: z.number().nullable().describe('US dollars'),
  AverageDealSize: z.number().nullable().describe('US dollars'),
  CostPerLead: z.number().nullable().describe('US dollars per entry into the CostStageId stage'),
  CostStageId: IdSchema.nullable().describe(
    'The stage CostPerLead is a cost per entry of: the one chosen while it is active, else the stage named Lead, else the first; null without stages',
  ),
  DealsNeeded: z.number().nullable().describe('ceil(RevenueGoal ÷ AverageDealSize)'),
  ImpliedBudget: z.number().nullable().describe('The CostStageId stage’s Required × CostPerLead, in US dollars'),
  PlanBudget: z.number().describe('Sum of the plan’s active budget items, in US dollars'),
  PlanSpend: z.number().describe('The plan’s actual expenses, in US dollars'),
  BudgetCoversGoal: z.boolean().nullable().describe('PlanBudget ≥ ImpliedBudget; null while ImpliedBudget is unknown'),
  Stages: z.array(FunnelStageSchema).describe('The tenant’s active funnel stages in SortOrder'),
  Version: RowVersionSchema.nullable().describe(
    'The version of the funnel model (RevenueGoal, AverageDealSize, CostPerLead, CostStageId); null while the plan has none (DESIGN.md §13)',
  ),
});
export type Funnel = z.infer<typeof FunnelSchema>;

/** One stage of the funnel planned vs expected vs actual, for the performance page (DESIGN.md §9). */
export const FunnelStageComparisonSchema = z.object({
  FunnelStageId: IdSchema,
  Name: z.string(),
  Planned: z.number().nullable().describe('Required by the funnel model’s reverse math'),
  Expected: z.number().nullable().describe('Sum of the forecast grid over the plan’s months; null when nothing is forecast'),
  Actual: z.number().describe('Sum of the actual counts over the plan’s months'),
});
export type FunnelStageComparison = z.infer<typeof FunnelStageComparisonSchema>;

export const FunnelPlanRequestSchema = z.object({ MarketingPlanId: IdSchema });

/**
 * A version a grid cell or a stage setting was read with (DESIGN.md §13). A row that did not exist
 * when read (an empty cell, a stage without a saved setting) sends null or nothing; if someone saved
 * it in the meantime, the write answers 409 like any stale version.
 */
export const ReadVersionSchema = VersionSchema.nullish().describe(
  'The Version read; null or missing when the row was not saved yet (then a row saved meanwhile answers 409)',
);

export const FunnelStageSettingSchema = z.object({
  FunnelStageId: IdSchema,
  ConversionRate: ConversionRateSchema.nullable(),
  VelocityDays: VelocityDaysSchema,
  Version: ReadVersionSchema.describe('The stage’s Version (FunnelStage.Version) as read; null when it had none'),
});

export const FunnelSaveRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  RevenueGoal: NonNegativeMoney.describe('US dollars'),
  AverageDealSize: PositiveMoneySchema.describe('US dollars, more than 0'),
  CostPerLead: NonNegativeMoney.nullish().describe('US dollars per entry into the CostStageId stage; null or missing when unknown'),
  CostStageId: IdSchema.nullish().describe(
    'The active funnel stage CostPerLead is a cost per entry of; null: the default (Lead, else the first stage); missing keeps the saved one',
  ),
  Stages: z
    .array(FunnelStageSettingSchema)
    .max(100, 'At most 100 stages.')
    .describe(
      'Settings per stage; stages left out keep theirs (the app sends only the stages the person changed, so two people changing different stages both keep their work). Each must be one of the tenant’s active funnel stages.',
    ),
  Version: ReadVersionSchema.describe(
    'The funnel model’s Version (Funnel.Version) as read: one version for the goal, deal size and cost fields, one per stage setting (Stages[].Version); null when the plan had no model',
  ),
});
export type FunnelSaveRequest = z.input<typeof FunnelSaveRequestSchema>;

export const FunnelActualCellSchema = z.object({
  FunnelStageId: IdSchema,
  Month: FunnelMonthSchema,
  Count: FunnelCountSchema.nullable().describe('null clears the actual'),
  Version: ReadVersionSchema.describe(
    'The cell’s Version as read (ExpectationGrid Rows[].Cells[].Version; one per stage and month, shared with the forecast); null for an empty cell',
  ),
});

export const FunnelSaveActualsRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Cells: z.array(FunnelActualCellSchema).min(1, 'Send at least one cell.').max(2400, 'At most 2400 cells at once.'),
});
export type FunnelSaveActualsRequest = z.input<typeof FunnelSaveActualsRequestSchema>;

export const funnelRoutes = defineRoutes({
  get: {
    method: 'POST',
    path: '/api/FunnelClient/Get',
    access: 'Plan.Performance',
    summary: 'The plan’s funnel model with the reverse math (deals needed, volume per stage, implied budget) and actuals per stage.',
    body: FunnelPlanRequestSchema,
    response: FunnelSchema,
    tags: ['funnels'],
  },
  save: {
    method: 'POST',
    path: '/api/FunnelClient/Save',
    access: 'Plan.Performance',
    permission: 'funnel.edit',
    summary:
      'Save the revenue goal, deal size, cost per lead and the stages’ conversion and velocity. Owner, Admin, or the team’s Lead or Planner. Carries the model’s Version and each sent stage’s Version; a stale one answers 409 with the current funnel, writing nothing.',
    body: FunnelSaveRequestSchema,
    response: FunnelSchema,
    tags: ['funnels'],
  },
  saveActuals: {
    method: 'POST',
    path: '/api/FunnelClient/SaveActuals',
    access: 'Plan.Performance',
    permission: 'funnel.edit',
    summary:
      'Record actual counts per stage and month (null clears one), all in one transaction: each cell carries the Version read, and one stale cell answers 409 with the current cells that changed, writing none.',
    body: FunnelSaveActualsRequestSchema,
    response: FunnelSchema,
    tags: ['funnels'],
  },
});
