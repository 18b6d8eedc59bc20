import type { Funnel, FunnelSaveActualsRequestSchema, FunnelSaveRequestSchema, FunnelStageComparison } from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type ActivityChanges, diffFields, recordActivity } from '../activities/index.ts';
import { type PlanRow, requirePlanAccess } from '../access/index.ts';
import { checkCells, checkStageId, checkStageSettings, requireFunnelEditable } from './funnel-rules.ts';
import { buildFunnel, costStageOf, type FunnelPlan, type FunnelState, loadFunnelState, requiredByStage } from './funnel-state.ts';
import { checkCellVersions, checkSettingsVersions } from './funnel-versions.ts';
import * as repo from './funnels.repository.ts';

type SaveInput = z.output<typeof FunnelSaveRequestSchema>;
type SaveActualsInput = z.output<typeof FunnelSaveActualsRequestSchema>;

/** At most this many cell changes are written out in one activity; the description gives the count. */
const MAX_LISTED_CHANGES = 50;

const modelSnapshot = (state: FunnelState): Record<string, unknown> => {
  const snapshot: Record<string, unknown> = {
    RevenueGoal: state.model ? toDollars(state.model.revenueGoalCents) : null,
    AverageDealSize: state.model ? toDollars(state.model.averageDealSizeCents) : null,
    CostPerLead: state.model?.costPerLeadCents == null ? null : toDollars(state.model.costPerLeadCents),
    CostStage: state.model ? (costStageOf(state)?.name ?? null) : null,
  };
  for (const stage of state.stages) {
    snapshot[`${stage.name} ConversionRate`] = stage.conversionRate;
    snapshot[`${stage.name} VelocityDays`] = stage.velocityDays;
  }
  return snapshot;
};

/** Before → after of the cells a grid save touches, keyed "Lead 2026-03 Actual". */
export const cellChanges = (
  state: FunnelState,
  cells: readonly repo.CountCell[],
  column: 'expected' | 'actual',
): { changes: ActivityChanges; count: number } => {
  const names = new Map(state.stages.map((stage) => [stage.id, stage.name]));
  const current = new Map(state.counts.map((row) => [`${row.funnelStageId}|${row.month}`, row[column]]));
  const changes: ActivityChanges = {};
  let count = 0;
  for (const cell of cells) {
    const from = current.get(`${cell.funnelStageId}|${cell.month}`) ?? null;
    if (from === cell.count) continue;
    count += 1;
    if (count <= MAX_LISTED_CHANGES) {
      changes[`${names.get(cell.funnelStageId)} ${cell.month} ${column === 'expected' ? 'Expected' : 'Actual'}`] = { from, to: cell.count };
    }
  }
  return { changes, count };
};

export const auditPlanChange = (ctx: AppContext, db: Db, auth: AuthContext, plan: PlanRow, description: string, changes: ActivityChanges) =>
  recordActivity(db, {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    entityType: 'MarketingPlan',
    entityId: plan.id,
    marketingPlanId: plan.id,
    action: 'update',
    name: plan.name,
    description,
    changes,
    at: ctx.clock.now(),
  });

export const readFunnel = async (db: Db, tenantId: string, plan: PlanRow): Promise<Funnel> => {
  const [state, money] = await Promise.all([loadFunnelState(db, tenantId, plan), repo.selectPlanMoney(db, tenantId, plan.id)]);
  return buildFunnel(state, money);
};

/**
 * Planned (Required) vs expected (forecast) vs actual per active stage; null when the plan has no
 * funnel model. The caller has checked access to the plan (the performance page already holds it).
 */
export const compareFunnel = async (db: Db, tenantId: string, plan: FunnelPlan): Promise<FunnelStageComparison[] | null> => {
  const state = await loadFunnelState(db, tenantId, plan);
  const math = requiredByStage(state);
  if (!math) return null;
  const months = new Set(state.months);
  return state.stages.map((stage, index) => {
    const rows = state.counts.filter((row) => row.funnelStageId === stage.id && months.has(row.month));
    const expected = rows.filter((row) => row.expected !== null);
    const sum = (values: number[]) => values.reduce((total, value) => total + Math.round(value * 100), 0) / 100;
    return {
      FunnelStageId: stage.id,
      Name: stage.name,
      Planned: math.required[index] ?? null,
      Expected: expected.length > 0 ? sum(expected.map((row) => row.expected as number)) : null,
      Actual: sum(rows.flatMap((row) => (row.actual === null ? [] : [row.actual]))),
    };
  });
};

export const createFunnelService = (ctx: AppContext) => ({
  get: async (auth: AuthContext, planId: string): Promise<Funnel> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
    return readFunnel(ctx.db, auth.tenantId, plan);
  },

  save: (auth: AuthContext, input: SaveInput): Promise<Funnel> =>
    ctx.db.transaction(async (tx) => {
      const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
      requireFunnelEditable(access);
      // The model's and each sent stage's version first: a stale one answers 409, writing nothing.
      await checkSettingsVersions(tx, auth, access.plan, input);
      const before = await loadFunnelState(tx, auth.tenantId, access.plan);
      checkStageSettings(input.Stages, before.stages);
      if (input.CostStageId) checkStageId(new Set(before.stages.map((stage) => stage.id)), input.CostStageId, 'CostStageId');
      const now = ctx.clock.now();
      await repo.upsertModel(
        tx,
        auth.tenantId,
        access.plan.id,
        {
          revenueGoalCents: toCents(input.RevenueGoal),
          averageDealSizeCents: toCents(input.AverageDealSize),
          costPerLeadCents: input.CostPerLead == null ? null : toCents(input.CostPerLead),
          costStageId: input.CostStageId,
        },
        now,
      );
      await repo.upsertSettings(
        tx,
        auth.tenantId,
        access.plan.id,
        input.Stages.map((stage) => ({
          funnelStageId: stage.FunnelStageId,
          conversionRate: stage.ConversionRate,
          velocityDays: stage.VelocityDays,
        })),
        now,
      );
      const after = await loadFunnelState(tx, auth.tenantId, access.plan);
      const changes = diffFields(modelSnapshot(before), modelSnapshot(after));
      if (Object.keys(changes).length > 0) {
        await auditPlanChange(ctx, tx, auth, access.plan, before.model ? 'Funnel model changed' : 'Funnel model set up', changes);
      }
      return buildFunnel(after, await repo.selectPlanMoney(tx, auth.tenantId, access.plan.id));
    }),

  saveActuals: (auth: AuthContext, input: SaveActualsInput): Promise<Funnel> =>
    ctx.db.transaction(async (tx) => {
      const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
      requireFunnelEditable(access);
      // Every cell's version first: one stale cell answers 409 and none is written.
      await checkCellVersions(tx, auth, access.plan, input.Cells);
      const before = await loadFunnelState(tx, auth.tenantId, access.plan);
      const cells = checkCells(input.Cells, before.stages, before.months, (cell) => cell.Count);
      const { changes, count } = cellChanges(before, cells, 'actual');
      await repo.upsertCounts(tx, auth.tenantId, access.plan.id, 'actual', cells);
      if (count > 0) {
        await auditPlanChange(ctx, tx, auth, access.plan, `Funnel actuals changed (${count} cell${count === 1 ? '' : 's'})`, changes);
      }
      return readFunnel(tx, auth.tenantId, access.plan);
    }),
});
