import type { ExpectationGrid, ExpectationSaveRequestSchema } from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  auditPlanChange,
  cellChanges,
  checkCells,
  type FunnelState,
  loadFunnelState,
  requireFunnelEditable,
  requiredByStage,
  selectBudgetByMonth,
  toTenThousandths,
  upsertCounts,
} from '../funnels/index.ts';
import { requirePlanAccess } from '../access/index.ts';
import { generateExpectedCounts } from './generate-expectations.ts';

type SaveInput = z.output<typeof ExpectationSaveRequestSchema>;

/** The grid: one row per active stage, one cell per plan month; months outside the plan are not shown. */
export const buildGrid = (state: FunnelState): ExpectationGrid => {
  const byCell = new Map(state.counts.map((row) => [`${row.funnelStageId}|${row.month}`, row]));
  return {
    MarketingPlanId: state.planId,
    HasModel: state.model !== null,
    Months: state.months,
    Rows: state.stages.map((stage) => ({
      FunnelStageId: stage.id,
      Name: stage.name,
      Cells: state.months.map((month) => {
        const row = byCell.get(`${stage.id}|${month}`);
        return { Month: month, Expected: row?.expected ?? null, Actual: row?.actual ?? null };
      }),
    })),
  };
};

/** The expected counts Generate writes, or the reason it cannot. */
const generateCells = async (db: Db, tenantId: string, state: FunnelState) => {
  if (state.stages.length === 0) throw conflict('Add funnel stages in Account › Lookups before generating a forecast.');
  if (state.months.length === 0) throw conflict('The plan has no months to forecast.');
  const math = requiredByStage(state);
  if (!math) throw conflict('Set the revenue goal and average deal size on the Funnels page before generating a forecast.');
  const missing = state.stages.slice(0, -1).find((stage) => !stage.conversionRate);
  const first = math.required[0];
  if (missing || first == null) {
    throw fieldError(
      'ConversionRate',
      `Set the conversion rate of “${missing?.name ?? state.stages[0]?.name}” above 0% on the Funnels page first.`,
    );
  }
  const rows = generateExpectedCounts({
    firstStageRequired: first,
    budgetCentsByMonth: await selectBudgetByMonth(db, tenantId, state.planId, state.months),
    stages: state.stages.map((stage) => ({ rateTenThousandths: toTenThousandths(stage.conversionRate), velocityDays: stage.velocityDays })),
  });
  return state.stages.flatMap((stage, stageIndex) =>
    state.months.map((month, monthIndex) => ({ funnelStageId: stage.id, month, count: rows[stageIndex]?.[monthIndex] ?? 0 })),
  );
};

export const createExpectationService = (ctx: AppContext) => ({
  get: async (auth: AuthContext, planId: string): Promise<ExpectationGrid> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
    return buildGrid(await loadFunnelState(ctx.db, auth.tenantId, plan));
  },

  save: (auth: AuthContext, input: SaveInput): Promise<ExpectationGrid> =>
    ctx.db.transaction(async (tx) => {
      const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
      requireFunnelEditable(access);
      const before = await loadFunnelState(tx, auth.tenantId, access.plan);
      const cells = checkCells(input.Cells, before.stages, before.months, (cell) => cell.Expected);
      const { changes, count } = cellChanges(before, cells, 'expected');
      await upsertCounts(tx, auth.tenantId, access.plan.id, 'expected', cells);
      if (count > 0)
        await auditPlanChange(ctx, tx, auth, access.plan, `Forecast changed (${count} cell${count === 1 ? '' : 's'})`, changes);
      return buildGrid(await loadFunnelState(tx, auth.tenantId, access.plan));
    }),

  generate: (auth: AuthContext, planId: string): Promise<ExpectationGrid> =>
    ctx.db.transaction(async (tx) => {
      const access = await requirePlanAccess(tx, auth, planId, 'The marketing plan');
      requireFunnelEditable(access);
      const before = await loadFunnelState(tx, auth.tenantId, access.plan);
      const cells = await generateCells(tx, auth.tenantId, before);
      const { count } = cellChanges(before, cells, 'expected');
      await upsertCounts(tx, auth.tenantId, access.plan.id, 'expected', cells);
      await auditPlanChange(
        ctx,
        tx,
        auth,
        access.plan,
        `Forecast generated from the funnel model (${count} cell${count === 1 ? '' : 's'} changed)`,
        {},
      );
      return buildGrid(await loadFunnelState(tx, auth.tenantId, access.plan));
    }),
});
