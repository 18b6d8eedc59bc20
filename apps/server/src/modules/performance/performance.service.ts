import type { DeltaPeriod, Performance } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { fromHundredths, listObjectiveFigures, toObjective } from '../objectives/index.ts';
import { callerToday } from '../../lib/today.ts';
import { selectRows } from '../../db/rows.ts';
import { requirePlanAccess } from '../access/index.ts';
import { compareFunnel } from '../funnels/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { buildMonths, computeKpis, deltaCutoff } from './performance-figures.ts';
import { type PerformanceCellRow, type PerformanceTotalsRow, performanceCellsQuery, performanceTotalsQuery } from './performance.query.ts';

export const createPerformanceService = (ctx: AppContext) => ({
  /**
   * Seven statements after the access check, whatever the number of objectives, items, expenses or
   * results: three for the figures, four for the funnel comparison.
   */
  get: async (auth: AuthContext, planId: string, deltaPeriod: DeltaPeriod = 'Month'): Promise<Performance> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
    const today = callerToday(ctx, auth);
    const cutoff = deltaCutoff(today, deltaPeriod);
    const [objectives, cells, [totals], funnel] = await Promise.all([
      listObjectiveFigures(ctx.db, auth.tenantId, { kind: 'plan', planId }, cutoff),
      selectRows<PerformanceCellRow>(ctx.db, performanceCellsQuery(auth.tenantId, planId)),
      selectRows<PerformanceTotalsRow>(ctx.db, performanceTotalsQuery(auth.tenantId, planId, cutoff)),
      compareFunnel(ctx.db, auth.tenantId, plan),
    ]);
    const spentCents = BigInt(totals?.spent_cents ?? '0');
    const budgetCents = BigInt(totals?.budget_cents ?? '0');
    const committedCents = BigInt(totals?.committed_cents ?? '0');
    const plannedCents = BigInt(totals?.planned_cents ?? '0');
    return {
      MarketingPlanId: plan.id,
      PlanName: plan.name,
      StartDate: plan.startDate,
      EndDate: plan.endDate,
      Budget: fromHundredths(budgetCents),
      Planned: fromHundredths(plannedCents),
      Committed: fromHundredths(committedCents),
      Spent: fromHundredths(spentCents),
      Available: fromHundredths(budgetCents - committedCents - spentCents),
      LeftToPlan: fromHundredths(budgetCents - plannedCents - committedCents - spentCents),
      Kpis: computeKpis(objectives, spentCents, today, false),
      DeltaPeriod: deltaPeriod,
      // Never a delta against a day before the plan started: there is nothing to compare with.
      PreviousKpis: cutoff < plan.startDate ? null : computeKpis(objectives, BigInt(totals?.cut_spent_cents ?? '0'), cutoff, true),
      Objectives: objectives.map((row) => toObjective(row, today)),
      Months: buildMonths(objectives, cells),
      Funnel: funnel,
    };
  },
});
