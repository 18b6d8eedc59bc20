import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FunnelPlan } from './funnel-state.ts';
import { buildFunnel, loadFunnelState } from './funnel-state.ts';
import * as repo from './funnels.repository.ts';
import { activities } from '../../schema/activities.ts';
import { users } from '../../schema/tenants.ts';
import { staleRowError, type VersionCheck } from '../activities/index.ts';

/**
 * Row versions of the funnel (DESIGN.md §13). The funnel model (goal, deal size, cost per lead and
 * its stage) is one row with one version; each stage's setting (conversion, velocity) is a row with
 * its own; each stage-and-month cell of the grid (forecast and actual together) is a row with its
 * own. A person's save carries the versions of the rows it writes, so two people who change
 * different stages or different cells both keep their work, and a change to the same row answers
 * 409 instead of overwriting it. Every row a save touches is checked before anything is written:
 * all or nothing.
 */

type ReadVersion = number | null | undefined;

/**
 * Whether a row the person read at `read` has changed since: its version moved, or it was saved
 * while they saw it empty (null). A row that is not there (`current` undefined) is not stale: the
 * funnel's rows are never deleted while their stage is active, and writing it overwrites nobody.
 */
export const isStale = (read: ReadVersion, current: number | null | undefined): boolean =>
  current !== null && current !== undefined && current !== (read ?? null);

const cellKey = (cell: { FunnelStageId: string; Month: string }) => `${cell.FunnelStageId}|${cell.Month}`;

/**
 * Who changed a funnel row: the plan's audit trail records every funnel change (auditPlanChange)
 * with the fields it changed ("Lead ConversionRate", "Lead 2026-03 Expected"), so the latest entry
 * naming one of `fields` says who and when; without one (Generate lists no cells), the plan's latest change.
 */
const whoChanged = async (
  tx: Db,
  tenantId: string,
  plan: FunnelPlan,
  fields: string[],
): Promise<Pick<VersionCheck, 'changedBy' | 'changedThrough'>> => {
  const [row] = await tx
    .select({ actorId: activities.actorId, at: activities.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(activities)
    .leftJoin(users, and(eq(users.tenantId, activities.tenantId), eq(users.id, activities.actorId)))
    .where(
      and(
        eq(activities.tenantId, tenantId),
        eq(activities.entityType, 'MarketingPlan'),
        eq(activities.entityId, plan.id),
        sql`${activities.changes} ?| ${sql.param(fields)}::text[]`,
      ),
    )
    .orderBy(desc(activities.createdAt))
    .limit(1);
  return row ? { changedBy: row } : { changedThrough: [{ entityType: 'MarketingPlan', entityId: plan.id }] };
};

/**
 * Locks the plan's grid cells and answers 409 unless every cell sent is still at the version it
 * was read with. The 409's Result lists the stale cells as they are now (FunnelStageId, Month,
 * Expected, Actual, Version), its Conflict names the first.
 */
export const checkCellVersions = async (
  tx: Db,
  auth: AuthContext,
  plan: FunnelPlan & { name: string },
  cells: ReadonlyArray<{ FunnelStageId: string; Month: string; Version?: ReadVersion }>,
): Promise<void> => {
  const locked = await repo.lockFunnelVersions(tx, auth.tenantId, plan.id, { cells: true });
  const stale = cells.filter((cell) => isStale(cell.Version, locked.cells.get(cellKey(cell))));
  const first = stale[0];
  if (!first) return;
  const state = await loadFunnelState(tx, auth.tenantId, plan);
  const stageName = state.stages.find((stage) => stage.id === first.FunnelStageId)?.name ?? 'funnel';
  const byCell = new Map(state.counts.map((row) => [`${row.funnelStageId}|${row.month}`, row]));
  throw await staleRowError(tx, auth, {
    entity: 'FunnelCell',
    id: cellKey(first),
    what:
      stale.length === 1
        ? `the ${stageName} cell of ${first.Month} in “${plan.name}”`
        : `${stale.length} cells of the funnel grid of “${plan.name}”`,
    read: first.Version ?? 0,
    current: locked.cells.get(cellKey(first)) ?? 0,
    ...(await whoChanged(tx, auth.tenantId, plan, [`${stageName} ${first.Month} Expected`, `${stageName} ${first.Month} Actual`])),
    row: () =>
      stale.map((cell) => {
        const row = byCell.get(cellKey(cell));
        return {
          FunnelStageId: cell.FunnelStageId,
          Month: cell.Month,
          Expected: row?.expected ?? null,
          Actual: row?.actual ?? null,
          Version: row?.version ?? null,
        };
      }),
  });
};

/**
 * Locks the funnel model and the stage settings and answers 409 unless the model and every stage
 * sent are still at the version read. The 409's Result is the funnel as it is now (what Get
 * answers, with every version), its Conflict names the model or the first stale stage.
 */
export const checkSettingsVersions = async (
  tx: Db,
  auth: AuthContext,
  plan: FunnelPlan & { name: string },
  input: { Version?: ReadVersion; Stages: ReadonlyArray<{ FunnelStageId: string; Version?: ReadVersion }> },
): Promise<void> => {
  const locked = await repo.lockFunnelVersions(tx, auth.tenantId, plan.id, { model: true, settings: true });
  const staleModel = isStale(input.Version, locked.model);
  const staleStage = input.Stages.find((stage) => isStale(stage.Version, locked.settings.get(stage.FunnelStageId)));
  if (!staleModel && !staleStage) return;
  const [state, money] = await Promise.all([loadFunnelState(tx, auth.tenantId, plan), repo.selectPlanMoney(tx, auth.tenantId, plan.id)]);
  const row = () => buildFunnel(state, money);
  if (staleModel || !staleStage) {
    throw await staleRowError(tx, auth, {
      entity: 'FunnelModel',
      id: plan.id,
      what: `the funnel model of “${plan.name}”`,
      read: input.Version ?? 0,
      current: locked.model ?? 0,
      row,
      ...(await whoChanged(tx, auth.tenantId, plan, ['RevenueGoal', 'AverageDealSize', 'CostPerLead', 'CostStage'])),
    });
  }
  const stageName = state.stages.find((stage) => stage.id === staleStage.FunnelStageId)?.name ?? 'a';
  throw await staleRowError(tx, auth, {
    entity: 'FunnelStageSetting',
    id: `${plan.id}|${staleStage.FunnelStageId}`,
    what: `the ${stageName} stage’s conversion and velocity in “${plan.name}”`,
    read: staleStage.Version ?? 0,
    current: locked.settings.get(staleStage.FunnelStageId) ?? 0,
    row,
    ...(await whoChanged(tx, auth.tenantId, plan, [`${stageName} ConversionRate`, `${stageName} VelocityDays`])),
  });
};
