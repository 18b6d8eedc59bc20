import type { Funnel, FunnelStage } from '@plansmith/contract';
import type { Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import type { PlanRow } from '../access/index.ts';
import { computeActuals, computeReverseMath, costStageIndex, planMonths, toTenThousandths } from './funnel-math.ts';
import * as repo from './funnels.repository.ts';

/** A stage of the plan's model: the active lookup joined with the plan's stored setting (defaults when none). */
export type ModelStage = repo.StageRow & { conversionRate: number | null; velocityDays: number; version: number | null };

/**
 * Everything the funnel and the forecast grid read. The stage list is always the tenant's active
 * funnel stages in SortOrder right now, so adding, reordering or deactivating a stage in Lookups
 * changes every plan's model at once: a new stage has no rate yet, a deactivated stage leaves the
 * math and the grid but keeps its stored settings and counts for when it comes back.
 */
export type FunnelState = {
  planId: string;
  months: string[];
  stages: ModelStage[];
  model: repo.ModelRow | null;
  counts: repo.CountRow[];
};

/** What the funnel reads of a plan: its id and months. */
export type FunnelPlan = Pick<PlanRow, 'id' | 'startDate' | 'endDate'>;

export const loadFunnelState = async (db: Db, tenantId: string, plan: FunnelPlan): Promise<FunnelState> => {
  const [stages, model, settings, counts] = await Promise.all([
    repo.listActiveStages(db, tenantId),
    repo.findModel(db, tenantId, plan.id),
    repo.listSettings(db, tenantId, plan.id),
    repo.listCounts(db, tenantId, plan.id),
  ]);
  const byStage = new Map(settings.map((setting) => [setting.funnelStageId, setting]));
  return {
    planId: plan.id,
    months: planMonths(plan.startDate, plan.endDate),
    stages: stages.map((stage) => ({
      ...stage,
      conversionRate: byStage.get(stage.id)?.conversionRate ?? null,
      velocityDays: byStage.get(stage.id)?.velocityDays ?? 0,
      version: byStage.get(stage.id)?.version ?? null,
    })),
    model,
    counts,
  };
};

/** The stage the model's cost per entry refers to (the chosen one while active, else Lead, else the first); null without stages. */
export const costStageOf = (state: FunnelState): ModelStage | null =>
  state.stages[costStageIndex(state.stages, state.model?.costStageId ?? null)] ?? null;

/** Required volume per stage, or nulls without a model. */
export const requiredByStage = (state: FunnelState) =>
  state.model
    ? computeReverseMath(
        state.model,
        state.stages.map((stage) => ({ id: stage.id, rateTenThousandths: toTenThousandths(stage.conversionRate) })),
        costStageIndex(state.stages, state.model.costStageId),
      )
    : null;

/** Actual counts by stage (in stage order) and month, only the plan's months. */
const actualsByStage = (state: FunnelState): Map<string, number>[] => {
  const months = new Set(state.months);
  const byStage = new Map(state.stages.map((stage) => [stage.id, new Map<string, number>()]));
  for (const row of state.counts) {
    if (row.actual === null || !months.has(row.month)) continue;
    byStage.get(row.funnelStageId)?.set(row.month, row.actual);
  }
  return state.stages.map((stage) => byStage.get(stage.id) ?? new Map());
};

export const buildFunnel = (state: FunnelState, money: { budgetCents: number; spendCents: number }): Funnel => {
  const math = requiredByStage(state);
  const actuals = computeActuals(actualsByStage(state), money.spendCents);
  const lastIndex = state.stages.length - 1;
  const stages: FunnelStage[] = state.stages.map((stage, index) => {
    const actual = actuals[index];
    return {
      FunnelStageId: stage.id,
      Name: stage.name,
      SortOrder: stage.sortOrder,
      ConversionRate: index === lastIndex ? null : stage.conversionRate,
      VelocityDays: stage.velocityDays,
      Required: math?.required[index] ?? null,
      Actual: actual?.actual ?? 0,
      ActualConversion: actual?.actualConversion ?? null,
      CostPerStage: actual?.costPerStageCents == null ? null : toDollars(actual.costPerStageCents),
      Version: stage.version,
    };
  });
  const implied = math?.impliedBudgetCents ?? null;
  return {
    MarketingPlanId: state.planId,
    HasModel: state.model !== null,
    RevenueGoal: state.model ? toDollars(state.model.revenueGoalCents) : null,
    AverageDealSize: state.model ? toDollars(state.model.averageDealSizeCents) : null,
    CostPerLead: state.model?.costPerLeadCents == null ? null : toDollars(state.model.costPerLeadCents),
    CostStageId: costStageOf(state)?.id ?? null,
    DealsNeeded: math?.dealsNeeded ?? null,
    ImpliedBudget: implied === null ? null : toDollars(implied),
    PlanBudget: toDollars(money.budgetCents),
    PlanSpend: toDollars(money.spendCents),
    BudgetCoversGoal: implied === null ? null : money.budgetCents >= implied,
    Stages: stages,
    Version: state.model?.version ?? null,
  };
};
