import type { Funnel } from '@plansmith/contract';
import { formatBase } from '../../../shared/format/money.ts';

/** A typed number: "1,250", "$1,250.50" or "25%" → 1250, 1250.5, 25; null when it is not a number. */
export const parseNumber = (text: string): number | null => {
  const cleaned = text.replace(/[$,%\s]/g, '');
  if (cleaned === '' || !/^-?\d*\.?\d+$/.test(cleaned)) return null;
  return Number(cleaned);
};

/** A typed percent ("25", "25%", "2.5") as a rate from 0 to 1, rounded to 4 decimals; null when not a number. */
export const parsePercent = (text: string): number | null => {
  const value = parseNumber(text);
  return value === null ? null : Math.round(value * 100) / 10_000;
};

/** A rate as a percent for editing and reading: 0.025 → "2.5%". */
export const formatRate = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '—' : `${Number((rate * 100).toFixed(2))}%`;

/** The stage the cost per entry refers to (the server's choice: the chosen one, else Lead, else the first). */
export const costStageOf = (funnel: Funnel) =>
  funnel.Stages.find((stage) => stage.FunnelStageId === funnel.CostStageId) ?? funnel.Stages[0] ?? null;

/** "Cost per Visitor", "Cost per MQL": the cost field's label follows the stage it is for. */
export const costLabel = (stageName: string | null | undefined): string => `Cost per ${stageName ?? 'lead'}`;

/** The plain sentence under the reverse math: does the plan's budget cover what the goal implies? */
export const budgetSentence = (funnel: Funnel): string => {
  if (!funnel.HasModel) return 'Set a revenue goal and an average deal size to see what the goal needs.';
  if (funnel.ImpliedBudget === null) {
    if (funnel.CostPerLead === null)
      return `Add a ${costLabel(costStageOf(funnel)?.Name).toLowerCase()} to compare what the goal implies with the plan’s budget.`;
    return 'Set a conversion rate for every stage but the last to work out the volume and budget the goal needs.';
  }
  const gap = Math.abs(funnel.PlanBudget - funnel.ImpliedBudget);
  return funnel.BudgetCoversGoal
    ? `The plan’s budget of ${formatBase(funnel.PlanBudget)} covers the goal: it needs ${formatBase(funnel.ImpliedBudget)}, leaving ${formatBase(gap)}.`
    : `The plan’s budget of ${formatBase(funnel.PlanBudget)} does not cover the goal: it needs ${formatBase(funnel.ImpliedBudget)}, ${formatBase(gap)} more.`;
};

/** The funnel chart's height for a number of stages (its lazy placeholder holds the same). */
export const funnelChartHeight = (stages: number): number => Math.max(220, stages * 56 + 60);
