import type { ExpectationGenerateRequestSchema, ExpectationGrid, ExpectationSaveRequestSchema } from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  auditPlanChange,
  cellChanges,
  checkCells,
  checkCellVersions,
  type FunnelState,
  loadFunnelState,
  requireFunnelEditable,
  requiredByStage,
  saveStageVelocities,
  selectBudgetByMonth,
  toTenThousandths,
  upsertCounts,
} from '../funnels/index.ts';
import { type PlanRow, requirePlanAccess } from '../access/index.ts';
import { compressVelocities, findForecastShortfall, type GenerateStage, generateExpectedCounts } from './generate-expectations.ts';

type SaveInput = z.output<typeof ExpectationSaveRequestSchema>;
type GenerateInput = z.output<typeof ExpectationGenerateRequestSchema>;

const generateStages = (state: FunnelState): GenerateStage[] =>
  state.stages.map((stage) => ({ rateTenThousandths: toTenThousandths(stage.conversionRate), velocityDays: stage.velocityDays }));

/** The model's volumes when Generate can run from it (a goal and every rate but the last's), else null. */
const generationInput = (state: FunnelState) => {
  const math = requiredByStage(state);
  const first = math?.required[0];
  if (!math || first == null || state.stages.length === 0 || state.months.length === 0) return null;
  if (state.stages.slice(0, -1).some((stage) => !stage.conversionRate)) return null;
  return { firstStageRequired: first, needed: math.dealsNeeded };
};

/** What a forecast generated from the model would leave after the plan's end, in the contract's words. */
const shortfallOf = (state: FunnelState, budgetCentsByMonth: readonly number[]): ExpectationGrid['Shortfall'] => {
  const input = generationInput(state);
  if (!input) return null;
  const found = findForecastShortfall({ ...input, budgetCentsByMonth, stages: generateStages(state) });
  if (!found) return null;
  return {
    StageName: state.stages.at(-1)?.name ?? '',
    Needed: found.needed,
    InsidePlan: found.inside,
    AfterPlan: found.needed - found.inside,
    VelocityDays: found.velocityDays,
    ShiftMonths: found.shiftMonths,
    FitVelocityDays: found.fitVelocityDays,
  };
};

/** The grid with its shortfall, which reads the plan's budget by month. */
const presentGrid = async (db: Db, tenantId: string, state: FunnelState): Promise<ExpectationGrid> => ({
  ...buildGrid(state),
  Shortfall: shortfallOf(state, await selectBudgetByMonth(db, tenantId, state.planId, state.months)),
});

/** The grid: one row per active stage, one cell per plan month; months outside the plan are not shown. */
export const buildGrid = (state: FunnelState): Omit<ExpectationGrid, 'Shortfall'> => {
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
        return { Month: month, Expected: row?.expected ?? null, Actual: row?.actual ?? null, Version: row?.version ?? null };
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
    stages: generateStages(state),
  });
  return state.stages.flatMap((stage, stageIndex) =>
    state.months.map((month, monthIndex) => ({ funnelStageId: stage.id, month, count: rows[stageIndex]?.[monthIndex] ?? 0 })),
  );
};

export const createExpectationService = (ctx: AppContext) => {
  /** Scales the stages' velocity down to what keeps every needed deal inside the plan; the state as it then is. */
  const compressToFit = async (db: Db, auth: AuthContext, plan: PlanRow, state: FunnelState): Promise<FunnelState> => {
    const shortfall = shortfallOf(state, await selectBudgetByMonth(db, auth.tenantId, state.planId, state.months));
    if (!shortfall) return state;
    const days = compressVelocities(generateStages(state), shortfall.FitVelocityDays);
    const changed = state.stages.map((stage, index) => ({ ...stage, velocityDays: days[index] ?? stage.velocityDays }));
    await saveStageVelocities(
      db,
      auth.tenantId,
      plan.id,
      changed.map((stage) => ({ funnelStageId: stage.id, conversionRate: stage.conversionRate, velocityDays: stage.velocityDays })),
      ctx.clock.now(),
    );
    const changes = Object.fromEntries(
      state.stages.flatMap((stage, index) =>
        stage.velocityDays === changed[index]?.velocityDays
          ? []
          : [[`${stage.name} VelocityDays`, { from: stage.velocityDays, to: changed[index]?.velocityDays ?? null }]],
      ),
    );
    await auditPlanChange(
      ctx,
      db,
      auth,
      plan,
      `Funnel velocity compressed to fit the plan: ${shortfall.VelocityDays} → ${days.slice(0, -1).reduce((sum, day) => sum + day, 0)} days from first stage to last`,
      changes,
    );
    return { ...state, stages: changed };
  };

  return {
    get: async (auth: AuthContext, planId: string): Promise<ExpectationGrid> => {
      const { plan } = await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
      return presentGrid(ctx.db, auth.tenantId, await loadFunnelState(ctx.db, auth.tenantId, plan));
    },

    save: (auth: AuthContext, input: SaveInput): Promise<ExpectationGrid> =>
      ctx.db.transaction(async (tx) => {
        const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
        requireFunnelEditable(access);
        // Every cell's version first: one stale cell answers 409 and none is written.
        await checkCellVersions(tx, auth, access.plan, input.Cells);
        const before = await loadFunnelState(tx, auth.tenantId, access.plan);
        const cells = checkCells(input.Cells, before.stages, before.months, (cell) => cell.Expected);
        const { changes, count } = cellChanges(before, cells, 'expected');
        await upsertCounts(tx, auth.tenantId, access.plan.id, 'expected', cells);
        if (count > 0)
          await auditPlanChange(ctx, tx, auth, access.plan, `Forecast changed (${count} cell${count === 1 ? '' : 's'})`, changes);
        return presentGrid(tx, auth.tenantId, await loadFunnelState(tx, auth.tenantId, access.plan));
      }),

    generate: (auth: AuthContext, input: GenerateInput): Promise<ExpectationGrid> =>
      ctx.db.transaction(async (tx) => {
        const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
        requireFunnelEditable(access);
        let before = await loadFunnelState(tx, auth.tenantId, access.plan);
        if (input.CompressVelocity) before = await compressToFit(tx, auth, access.plan, before);
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
        return presentGrid(tx, auth.tenantId, await loadFunnelState(tx, auth.tenantId, access.plan));
      }),
  };
};
