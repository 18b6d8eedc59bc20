import { z } from 'zod';
import {
  DateOnlySchema,
  DescriptionSchema,
  IdSchema,
  InstantSchema,
  NameSchema,
  RowVersionSchema,
  requireVersionOnUpdate,
  SaveIdSchema,
  VersionSchema,
} from './common.ts';
import { hasAtMostTwoDecimals } from './decimals.ts';
import { defineRoutes } from './route.ts';

/** Metric types (DESIGN.md §9): 1 count, 2 currency (US dollars), 3 percent (0–100). */
export const METRIC_TYPE_COUNT = 1 as const;
export const METRIC_TYPE_CURRENCY = 2 as const;
export const METRIC_TYPE_PERCENT = 3 as const;
export const MetricTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'MetricType must be 1 (count), 2 (currency) or 3 (percent).',
});
export type MetricType = z.infer<typeof MetricTypeSchema>;
export const METRIC_TYPE_NAMES: Record<MetricType, string> = { 1: 'Count', 2: 'Currency', 3: 'Percent' };

/** How results add up to the actual value: 1 the sum of results, 2 the latest result. */
export const AGGREGATION_SUM = 1 as const;
export const AGGREGATION_LATEST = 2 as const;
export const AggregationSchema = z.union([z.literal(1), z.literal(2)], {
  error: 'Aggregation must be 1 (sum of results) or 2 (latest result).',
});
export type Aggregation = z.infer<typeof AggregationSchema>;
export const AGGREGATION_NAMES: Record<Aggregation, string> = { 1: 'Sum of results', 2: 'Latest result' };

/** Where an objective stands today (DESIGN.md §9). */
export const OBJECTIVE_STATUSES = ['NotStarted', 'Achieved', 'OnTrack', 'AtRisk', 'Behind'] as const;
export const ObjectiveStatusSchema = z.enum(OBJECTIVE_STATUSES);
export type ObjectiveStatus = z.infer<typeof ObjectiveStatusSchema>;

/** Pace thresholds: actual against ExpectedToDate (DESIGN.md §9). */
export const ON_TRACK_RATIO = 0.95;
export const AT_RISK_RATIO = 0.8;

/** Largest objective value accepted: ten billion (counts, dollars or percent points). */
export const MAX_OBJECTIVE_VALUE = 10_000_000_000;

/** A count, a dollar amount or percent points, with at most 2 decimals. */
export const ObjectiveValueSchema = z
  .number({ error: 'Must be a number.' })
  .finite('Must be a number.')
  .min(0, 'Cannot be negative.')
  .max(MAX_OBJECTIVE_VALUE, 'Is too large.')
  .refine(hasAtMostTwoDecimals, 'Can have at most 2 decimals.')
  .describe('Count, US dollars or percent points (0–100), at most 2 decimals');

export const ObjectiveSchema = z.object({
  Id: IdSchema,
  MarketingPlanId: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  FunnelStageId: IdSchema.nullable().describe('Optional funnel-stage lookup (LookupType 2)'),
  Metric: z.string().nullable().describe('Unit shown with the values, e.g. “MQLs”'),
  MetricType: MetricTypeSchema,
  Aggregation: AggregationSchema,
  HigherIsBetter: z.boolean(),
  IsRevenue: z.boolean().describe('A currency objective whose actual counts as the plan’s return (ROI)'),
  TargetValue: z.number(),
  StartDate: z.string().describe('YYYY-MM-DD, inside the plan'),
  EndDate: z.string().describe('YYYY-MM-DD, inside the plan'),
  Active: z.boolean(),
  ResultCount: z.number().int(),
  LatestResultDate: z.string().nullable(),
  ActualValue: z.number().describe('The sum of results, or the latest result (Aggregation 2); 0 without results'),
  Attainment: z
    .number()
    .nullable()
    .describe('Actual ÷ Target, or Target ÷ Actual when lower is better (null when that Actual is 0); a ratio, 4 decimals'),
  ExpectedToDate: z
    .number()
    .describe(
      'Sums: Target × the elapsed share of the objective’s days (today counted); latest: Target. A whole number for count metrics (half up), else 2 decimals',
    ),
  Status: ObjectiveStatusSchema,
  BudgetAllocated: z.number().describe('Amount of the linked active budget items, US dollars'),
  Spent: z.number().describe('Actual expenses (Status 3, active) of the linked active items, US dollars'),
  CostPerResult: z.number().nullable().describe('Spent ÷ ActualValue for count metrics, to the cent; null when Actual is 0 or not a count'),
  LinkedItemCount: z.number().int(),
  UpdatedAt: InstantSchema,
  Version: RowVersionSchema.describe('The objective’s own fields; a result’s change does not count (results carry their own)'),
});
export type Objective = z.infer<typeof ObjectiveSchema>;

export const ObjectiveResultSchema = z.object({
  Id: IdSchema,
  ObjectiveId: IdSchema,
  Date: z.string().describe('YYYY-MM-DD'),
  Value: z.number(),
  Note: z.string().nullable(),
  CreatedAt: InstantSchema,
  Version: RowVersionSchema,
});
export type ObjectiveResult = z.infer<typeof ObjectiveResultSchema>;

export const ObjectiveDetailSchema = ObjectiveSchema.extend({
  Results: z.array(ObjectiveResultSchema).describe('Oldest first'),
});
export type ObjectiveDetail = z.infer<typeof ObjectiveDetailSchema>;

export const ObjectiveSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    MarketingPlanId: IdSchema,
    Name: NameSchema,
    Description: DescriptionSchema,
    FunnelStageId: IdSchema.nullish(),
    Metric: z.string().trim().max(50, 'Metric can be at most 50 characters.').nullish(),
    MetricType: MetricTypeSchema,
    Aggregation: AggregationSchema.optional().describe('Default 1 (sum of results)'),
    HigherIsBetter: z.boolean().optional().describe('Default true'),
    IsRevenue: z.boolean().optional().describe('Only for currency objectives; default false'),
    TargetValue: z
      .number({ error: 'TargetValue must be a number.' })
      .finite('TargetValue must be a number.')
      .positive('TargetValue must be more than 0.')
      .max(MAX_OBJECTIVE_VALUE, 'TargetValue is too large.')
      .refine(hasAtMostTwoDecimals, 'TargetValue can have at most 2 decimals.'),
    StartDate: DateOnlySchema.nullish().describe('Default: the plan’s StartDate'),
    EndDate: DateOnlySchema.nullish().describe('Default: the plan’s EndDate'),
    Active: z.boolean().optional().describe('New objectives are active'),
    Version: VersionSchema.optional().describe(
      'Required when updating: the objective’s Version as read; a stale one answers 409 (DESIGN.md §13)',
    ),
  })
  .superRefine(requireVersionOnUpdate);
export type ObjectiveSaveRequest = z.input<typeof ObjectiveSaveRequestSchema>;

export const ObjectiveResultSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    ObjectiveId: IdSchema,
    Date: DateOnlySchema,
    Value: ObjectiveValueSchema,
    Note: z.string().trim().max(1000, 'Note can be at most 1000 characters.').nullish(),
    Version: VersionSchema.optional().describe(
      'Required when changing a result: its Version as read; a stale one answers 409 (DESIGN.md §13)',
    ),
  })
  .superRefine(requireVersionOnUpdate);
export type ObjectiveResultSaveRequest = z.input<typeof ObjectiveResultSaveRequestSchema>;

export const objectiveRoutes = defineRoutes({
  getObjectives: {
    method: 'POST',
    path: '/api/ObjectiveClient/GetObjectives',
    access: 'Plan.Performance',
    summary: 'A plan’s objectives with their computed actual, attainment, pace, status, budget, spend and cost per result.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: z.array(ObjectiveSchema),
    tags: ['objectives'],
  },
  getObjective: {
    method: 'POST',
    path: '/api/ObjectiveClient/GetObjective',
    access: 'Plan.Performance',
    summary: 'One objective with its computed fields and its results.',
    body: z.object({ ObjectiveId: IdSchema }),
    response: ObjectiveDetailSchema,
    tags: ['objectives'],
  },
  save: {
    method: 'POST',
    path: '/api/ObjectiveClient/Save',
    access: 'Plan.Performance',
    permission: 'objective.edit',
    summary: 'Create (empty or missing Id) or update an objective. Owner, Admin, or the team’s Lead or Planner; not in an archived plan.',
    body: ObjectiveSaveRequestSchema,
    response: ObjectiveDetailSchema,
    tags: ['objectives'],
  },
  delete: {
    method: 'POST',
    path: '/api/ObjectiveClient/Delete',
    access: 'Plan.Performance',
    permission: 'objective.delete',
    summary: 'Delete an objective and its results; its budget items stay, unlinked. Owner, Admin or the team’s Lead.',
    body: z.object({ ObjectiveId: IdSchema, Version: VersionSchema.describe('The objective’s Version as read; a stale one answers 409') }),
    response: z.boolean(),
    tags: ['objectives'],
  },
  saveResult: {
    method: 'POST',
    path: '/api/ObjectiveClient/SaveResult',
    access: 'Plan.Performance',
    permission: 'objective.edit',
    summary: 'Record (empty or missing Id) or change a dated result, inside the objective’s dates. Answers the objective.',
    body: ObjectiveResultSaveRequestSchema,
    response: ObjectiveDetailSchema,
    tags: ['objectives'],
  },
  deleteResult: {
    method: 'POST',
    path: '/api/ObjectiveClient/DeleteResult',
    access: 'Plan.Performance',
    permission: 'objective.edit',
    summary: 'Delete one result. Answers the objective.',
    body: z.object({
      ObjectiveResultId: IdSchema,
      Version: VersionSchema.describe('The result’s Version as read; a stale one answers 409'),
    }),
    response: ObjectiveDetailSchema,
    tags: ['objectives'],
  },
});
