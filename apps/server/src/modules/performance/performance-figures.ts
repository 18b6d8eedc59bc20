import {
  AGGREGATION_LATEST,
  METRIC_TYPE_COUNT,
  METRIC_TYPE_CURRENCY,
  type DeltaPeriod,
  type PerformanceKpis,
  type PerformanceMonth,
} from '@plansmith/contract';
import {
  actualOf,
  costPerResult,
  figureInput,
  fromHundredths,
  type ObjectiveFigureRow,
  ratio4,
  toHundredths,
} from '../objectives/index.ts';
import type { PerformanceCellRow } from './performance.query.ts';

const isRevenue = (row: ObjectiveFigureRow) => row.active && row.is_revenue && row.metric_type === METRIC_TYPE_CURRENCY;
const isCount = (row: ObjectiveFigureRow) => row.active && row.metric_type === METRIC_TYPE_COUNT;

/** ROI = (Value − Spent) ÷ Spent; null without spend or without a revenue objective. */
const roiOf = (valueCents: bigint, spentCents: bigint, hasRevenue: boolean): number | null =>
  hasRevenue && spentCents > 0n ? ratio4(valueCents - spentCents, spentCents) : null;

/**
 * The KPI tiles (DESIGN.md §9) from the objectives' figures: now, or at the cutoff the
 * figures were read with. Revenue objectives' actual is dollars, so its hundredths are cents.
 */
export const computeKpis = (objectives: ObjectiveFigureRow[], planSpentCents: bigint, asOf: string, atCutoff: boolean): PerformanceKpis => {
  let valueCents = 0n;
  let countSpentCents = 0n;
  let countActual = 0n;
  for (const row of objectives) {
    const input = figureInput(row, atCutoff);
    if (isRevenue(row)) valueCents += actualOf(input);
    if (isCount(row)) {
      countSpentCents += input.spentCents;
      countActual += actualOf(input);
    }
  }
  const cost = costPerResult(METRIC_TYPE_COUNT, countSpentCents, countActual);
  return {
    AsOf: asOf,
    Spent: fromHundredths(planSpentCents),
    Value: fromHundredths(valueCents),
    Roi: roiOf(valueCents, planSpentCents, objectives.some(isRevenue)),
    CostPerResult: cost === null ? null : fromHundredths(cost),
  };
};

/** Every month of the plan with its spend, its count objectives' cost per result, and each objective's results and spend. */
export const buildMonths = (objectives: ObjectiveFigureRow[], cells: PerformanceCellRow[]): PerformanceMonth[] => {
  const byId = new Map(objectives.map((row) => [row.id, row]));
  const months = new Map<string, { spent: bigint; countSpent: bigint; countResults: bigint; results: PerformanceMonth['Results'] }>();
  for (const cell of cells) if (cell.kind === 'plan') months.set(cell.month, { spent: 0n, countSpent: 0n, countResults: 0n, results: [] });
  for (const cell of cells) {
    const month = cell.kind === 'data' ? months.get(cell.month) : undefined;
    if (!month) continue; // spend dated outside the plan's months is not charted
    const spent = BigInt(cell.spent_cents);
    month.spent += spent;
    const objective = cell.objective_id ? byId.get(cell.objective_id) : undefined;
    if (!objective) continue;
    const value = toHundredths(objective.aggregation === AGGREGATION_LATEST ? cell.latest_value : cell.sum_value);
    if (isCount(objective)) {
      month.countSpent += spent;
      month.countResults += value;
    }
    month.results.push({ ObjectiveId: objective.id, Value: fromHundredths(value), Spent: fromHundredths(spent) });
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, figures]) => {
      // A month without spend has no cost per result (not $0): its results were paid for in other months.
      const cost = figures.countSpent > 0n ? costPerResult(METRIC_TYPE_COUNT, figures.countSpent, figures.countResults) : null;
      return {
        Month: month,
        Spent: fromHundredths(figures.spent),
        CountResults: fromHundredths(figures.countResults),
        CountSpent: fromHundredths(figures.countSpent),
        CostPerResult: cost === null ? null : fromHundredths(cost),
        Results: figures.results.sort((a, b) => a.ObjectiveId.localeCompare(b.ObjectiveId)),
      };
    });
};

/** The last day of the month before `today`'s: the base of the KPI deltas. */
export const endOfPreviousMonth = (today: string): string => {
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  return new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
};

/** The day the KPI deltas compare with: 7 days before `today`, or the last day of the previous month or quarter. */
export const deltaCutoff = (today: string, period: DeltaPeriod): string => {
  if (period === 'Week') return new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  if (period === 'Month') return endOfPreviousMonth(today);
  const quarterMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
  return endOfPreviousMonth(`${today.slice(0, 4)}-${String(quarterMonth).padStart(2, '0')}-01`);
};
