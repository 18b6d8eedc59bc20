import type { Aggregation, MetricType, Objective, ObjectiveResult } from '@plansmith/contract';
import { METRIC_TYPE_COUNT } from '@plansmith/contract';
import { computeObjective, fromHundredths, roundDiv, toHundredths } from './objective-formulas.ts';
import type { ObjectiveFigureRow } from './objectives.query.ts';
import type { objectiveResults } from '../../schema/objectives.ts';

/** The figure inputs of a row: everything, or only what is dated up to the query's cutoff. */
export const figureInput = (row: ObjectiveFigureRow, atCutoff = false) => ({
  metricType: row.metric_type as MetricType,
  aggregation: row.aggregation as Aggregation,
  higherIsBetter: row.higher_is_better,
  targetHundredths: toHundredths(row.target_value),
  startDate: row.start_date,
  endDate: row.end_date,
  resultCount: atCutoff ? row.cut_count : row.result_count,
  sumHundredths: toHundredths(atCutoff ? row.cut_sum_value : row.sum_value),
  latestHundredths: toHundredths(atCutoff ? row.cut_latest_value : row.latest_value),
  spentCents: BigInt(atCutoff ? row.cut_spent_cents : row.spent_cents),
});

/**
 * The pace on the wire: a count's is a whole number of people or deals (498.63 leads by today reads
 * as 499, half up); the status was decided on the exact figure.
 */
export const paceOf = (metricType: MetricType, expectedHundredths: bigint): number =>
  metricType === METRIC_TYPE_COUNT ? Number(roundDiv(expectedHundredths, 100n)) : fromHundredths(expectedHundredths);

export const toObjective = (row: ObjectiveFigureRow, today: string): Objective => {
  const figures = computeObjective(figureInput(row), today);
  return {
    Id: row.id,
    MarketingPlanId: row.marketing_plan_id,
    Name: row.name,
    Description: row.description,
    FunnelStageId: row.funnel_stage_id,
    Metric: row.metric,
    MetricType: row.metric_type as MetricType,
    Aggregation: row.aggregation as Aggregation,
    HigherIsBetter: row.higher_is_better,
    IsRevenue: row.is_revenue,
    TargetValue: fromHundredths(toHundredths(row.target_value)),
    StartDate: row.start_date,
    EndDate: row.end_date,
    Active: row.active,
    ResultCount: row.result_count,
    LatestResultDate: row.latest_date,
    ActualValue: fromHundredths(figures.actualHundredths),
    Attainment: figures.attainment,
    ExpectedToDate: paceOf(row.metric_type as MetricType, figures.expectedHundredths),
    Status: figures.status,
    BudgetAllocated: fromHundredths(BigInt(row.allocated_cents)),
    Spent: fromHundredths(BigInt(row.spent_cents)),
    CostPerResult: figures.costPerResultCents === null ? null : fromHundredths(figures.costPerResultCents),
    LinkedItemCount: row.item_count,
    UpdatedAt: row.updated_at,
    Version: Number(row.version),
  };
};

export const toObjectiveResult = (row: typeof objectiveResults.$inferSelect): ObjectiveResult => ({
  Id: row.id,
  ObjectiveId: row.objectiveId,
  Date: row.resultDate,
  Value: row.value,
  Note: row.note,
  CreatedAt: row.createdAt.toISOString(),
  Version: row.version,
});
