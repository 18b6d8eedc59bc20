import {
  LOOKUP_TYPE_FUNNEL_STAGE,
  METRIC_TYPE_CURRENCY,
  METRIC_TYPE_PERCENT,
  type Objective,
  type ObjectiveDetail,
  type ObjectiveResultSaveRequestSchema,
  type ObjectiveSaveRequestSchema,
  PLAN_STATE_ARCHIVED,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { idForSave } from '../../lib/ids.ts';
import { callerToday } from '../../lib/today.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type PlanAccess, requireAccess, requirePlanAccess } from '../access/index.ts';
import { assertVersion, diffFields, recordActivity } from '../activities/index.ts';
import { toObjective, toObjectiveResult } from './objectives.mappers.ts';
import * as repo from './objectives.repository.ts';

type SaveInput = z.output<typeof ObjectiveSaveRequestSchema>;
type ResultInput = z.output<typeof ObjectiveResultSaveRequestSchema>;

const PLAN = 'The marketing plan';

const requireWritable = ({ plan, permission }: PlanAccess) => {
  requireAccess(permission, 'objective.edit');
  if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to change its objectives.`);
};

const snapshot = (row: repo.ObjectiveRow) => ({
  name: row.name,
  description: row.description,
  funnelStageId: row.funnelStageId,
  metric: row.metric,
  metricType: row.metricType,
  aggregation: row.aggregation,
  higherIsBetter: row.higherIsBetter,
  isRevenue: row.isRevenue,
  targetValue: row.targetValue,
  startDate: row.startDate,
  endDate: row.endDate,
  active: row.active,
});

const resultSnapshot = (row: repo.ResultRow | null) => (row ? { date: row.resultDate, value: row.value, note: row.note } : null);

export const createObjectivesService = (ctx: AppContext) => {
  /** Status and pace are computed for today in the caller's tenant zone. */
  const readDetail = async (db: Db, auth: AuthContext, objectiveId: string): Promise<ObjectiveDetail> => {
    const today = callerToday(ctx, auth);
    const [row] = await repo.listObjectiveFigures(db, auth.tenantId, { kind: 'objective', objectiveId }, today);
    if (!row) throw notFound('The objective');
    const results = await repo.listResults(db, auth.tenantId, objectiveId);
    return { ...toObjective(row, today), Results: results.map(toObjectiveResult) };
  };

  /** The objective and the caller's access to its plan; 404 names `what` (a result is reached through its objective). */
  const requireObjective = async (db: Db, auth: AuthContext, objectiveId: string, what = 'The objective') => {
    const objective = await repo.findObjective(db, auth.tenantId, objectiveId);
    if (!objective) throw notFound(what);
    const access = await requirePlanAccess(db, auth, objective.marketingPlanId, what);
    return { objective, access };
  };

  /** DESIGN.md §9's rules for an objective's fields, each refusal naming its field. */
  const checkSave = async (db: Db, tenantId: string, input: SaveInput, plan: PlanAccess['plan']) => {
    const startDate = input.StartDate ?? plan.startDate;
    const endDate = input.EndDate ?? plan.endDate;
    if (startDate < plan.startDate || startDate > plan.endDate) {
      throw fieldError('StartDate', `StartDate must be within the plan (${plan.startDate} to ${plan.endDate}).`);
    }
    if (endDate < plan.startDate || endDate > plan.endDate) {
      throw fieldError('EndDate', `EndDate must be within the plan (${plan.startDate} to ${plan.endDate}).`);
    }
    if (endDate < startDate) throw fieldError('EndDate', 'EndDate cannot be before StartDate.');
    if (input.MetricType === METRIC_TYPE_PERCENT && input.TargetValue > 100) {
      throw fieldError('TargetValue', 'A percent target can be at most 100.');
    }
    if (input.IsRevenue && input.MetricType !== METRIC_TYPE_CURRENCY) {
      throw fieldError('IsRevenue', 'Only a currency objective can count as revenue.');
    }
    if (input.FunnelStageId && (await repo.findLookupType(db, tenantId, input.FunnelStageId)) !== LOOKUP_TYPE_FUNNEL_STAGE) {
      throw fieldError('FunnelStageId', 'Choose one of your funnel stages.');
    }
    return { startDate, endDate };
  };

  /**
   * Locks the objective and answers 409 with it as it is now when the caller read another version
   * (DESIGN.md §13): a colleague's change of the objective is never overwritten or deleted unseen.
   */
  const checkObjectiveVersion = async (tx: Db, auth: AuthContext, objective: repo.ObjectiveRow, read: number): Promise<void> => {
    const current = await repo.lockObjectiveVersion(tx, auth.tenantId, objective.id);
    if (current === null) throw notFound('The objective');
    await assertVersion(tx, auth, {
      entity: 'Objective',
      id: objective.id,
      what: `the objective “${objective.name}”`,
      read,
      current,
      row: () => readDetail(tx, auth, objective.id),
    });
  };

  /**
   * The same for a result: its 409 carries the objective with its results (what SaveResult answers),
   * and names who changed it through the objective's audit trail, where result changes are recorded.
   */
  const checkResultVersion = async (
    tx: Db,
    auth: AuthContext,
    objective: repo.ObjectiveRow,
    result: repo.ResultRow,
    read: number,
  ): Promise<void> => {
    const current = await repo.lockResultVersion(tx, auth.tenantId, result.id);
    if (current === null) throw notFound('The result');
    await assertVersion(tx, auth, {
      entity: 'ObjectiveResult',
      id: result.id,
      what: `the result dated ${result.resultDate} of “${objective.name}”`,
      read,
      current,
      row: () => readDetail(tx, auth, objective.id),
      changedThrough: [{ entityType: 'Objective', entityId: objective.id }],
    });
  };

  const audit = (db: Db, auth: AuthContext, objective: repo.ObjectiveRow, action: 'create' | 'update' | 'delete', extra = {}) =>
    recordActivity(db, {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      entityType: 'Objective',
      entityId: objective.id,
      marketingPlanId: objective.marketingPlanId,
      action,
      name: objective.name,
      at: ctx.clock.now(),
      ...extra,
    });

  return {
    list: async (auth: AuthContext, planId: string): Promise<Objective[]> => {
      await requirePlanAccess(ctx.db, auth, planId, PLAN);
      const today = callerToday(ctx, auth);
      const rows = await repo.listObjectiveFigures(ctx.db, auth.tenantId, { kind: 'plan', planId }, today);
      return rows.map((row) => toObjective(row, today));
    },

    get: async (auth: AuthContext, objectiveId: string): Promise<ObjectiveDetail> => {
      await requireObjective(ctx.db, auth, objectiveId);
      return readDetail(ctx.db, auth, objectiveId);
    },

    save: (auth: AuthContext, input: SaveInput): Promise<ObjectiveDetail> =>
      ctx.db.transaction(async (tx) => {
        const { id, isNew } = idForSave(input.Id);
        const existing = isNew ? null : await repo.findObjective(tx, auth.tenantId, id);
        if (!isNew && !existing) throw notFound('The objective');
        // The objective's own plan first: an objective of a hidden plan answers 404 whatever the body says.
        const access = existing
          ? await requirePlanAccess(tx, auth, existing.marketingPlanId, 'The objective')
          : await requirePlanAccess(tx, auth, input.MarketingPlanId, PLAN);
        if (existing && existing.marketingPlanId !== input.MarketingPlanId) {
          throw fieldError('MarketingPlanId', 'An objective cannot move to another plan.');
        }
        requireWritable(access);
        // The contract requires a Version on update (requireVersionOnUpdate).
        if (existing) await checkObjectiveVersion(tx, auth, existing, input.Version ?? 0);
        const { startDate, endDate } = await checkSave(tx, auth.tenantId, input, access.plan);
        if (existing) {
          const outside = (await repo.listResults(tx, auth.tenantId, id)).filter((r) => r.resultDate < startDate || r.resultDate > endDate);
          if (outside.length > 0) {
            const field = outside.some((r) => r.resultDate < startDate) ? 'StartDate' : 'EndDate';
            throw fieldError(
              field,
              `${outside.length} result${outside.length === 1 ? ' is' : 's are'} dated outside these dates. Move or delete ${outside.length === 1 ? 'it' : 'them'} first.`,
            );
          }
        }
        const values: repo.ObjectiveValues = {
          marketingPlanId: input.MarketingPlanId,
          name: input.Name,
          description: input.Description?.trim() ? input.Description : null,
          funnelStageId: input.FunnelStageId ?? null,
          metric: input.Metric?.trim() ? input.Metric.trim() : null,
          metricType: input.MetricType,
          aggregation: input.Aggregation ?? existing?.aggregation ?? 1,
          higherIsBetter: input.HigherIsBetter ?? existing?.higherIsBetter ?? true,
          isRevenue: input.IsRevenue ?? false,
          targetValue: input.TargetValue,
          startDate,
          endDate,
          active: existing ? (input.Active ?? existing.active) : true,
        };
        const now = ctx.clock.now();
        if (!existing) {
          const row = await repo.insertObjective(tx, auth.tenantId, id, values, now);
          await audit(tx, auth, row, 'create');
        } else {
          const row = await repo.updateObjective(tx, auth.tenantId, id, values, now);
          if (!row) throw notFound('The objective');
          const changes = diffFields(snapshot(existing), snapshot(row));
          if (Object.keys(changes).length > 0) await audit(tx, auth, row, 'update', { changes });
        }
        return readDetail(tx, auth, id);
      }),

    delete: (auth: AuthContext, objectiveId: string, version: number): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const { objective, access } = await requireObjective(tx, auth, objectiveId);
        requireAccess(access, 'objective.delete');
        requireWritable(access);
        await checkObjectiveVersion(tx, auth, objective, version);
        await repo.deleteObjective(tx, auth.tenantId, objectiveId);
        await audit(tx, auth, objective, 'delete');
        return true;
      }),

    saveResult: (auth: AuthContext, input: ResultInput): Promise<ObjectiveDetail> =>
      ctx.db.transaction(async (tx) => {
        const { id, isNew } = idForSave(input.Id);
        const existing = isNew ? null : await repo.findResult(tx, auth.tenantId, id);
        if (!isNew && !existing) throw notFound('The result');
        // A result stays with its objective: the stored one decides access, never the body.
        if (existing && existing.objectiveId !== input.ObjectiveId) {
          await requireObjective(tx, auth, existing.objectiveId, 'The result');
          throw fieldError('ObjectiveId', 'A result cannot move to another objective.');
        }
        const { objective, access } = await requireObjective(tx, auth, input.ObjectiveId);
        requireWritable(access);
        // The contract requires a Version when changing a result (requireVersionOnUpdate).
        if (existing) await checkResultVersion(tx, auth, objective, existing, input.Version ?? 0);
        if (input.Date < objective.startDate || input.Date > objective.endDate) {
          throw fieldError('Date', `Date must be within the objective (${objective.startDate} to ${objective.endDate}).`);
        }
        // A result is something that happened (issue 28 A5): none dated after today in the tenant's zone.
        const today = callerToday(ctx, auth);
        if (input.Date > today) {
          throw fieldError('Date', `A result cannot be dated ${input.Date}, after today (${today}): record it once it has happened.`);
        }
        if (objective.metricType === METRIC_TYPE_PERCENT && input.Value > 100) throw fieldError('Value', 'A percent can be at most 100.');
        const values: repo.ResultValues = {
          resultDate: input.Date,
          value: input.Value,
          note: input.Note?.trim() ? input.Note.trim() : null,
        };
        const now = ctx.clock.now();
        const saved = existing
          ? await repo.updateResult(tx, auth.tenantId, id, values)
          : await repo.insertResult(tx, auth.tenantId, id, objective.id, values, now);
        await repo.touchObjective(tx, auth.tenantId, objective.id, now);
        const verb = existing ? 'Changed a result' : 'Recorded a result';
        await audit(tx, auth, objective, 'update', {
          description: `${verb}: ${input.Value} on ${input.Date}.`,
          changes: { result: { from: resultSnapshot(existing), to: resultSnapshot(saved) } },
        });
        return readDetail(tx, auth, objective.id);
      }),

    deleteResult: (auth: AuthContext, resultId: string, version: number): Promise<ObjectiveDetail> =>
      ctx.db.transaction(async (tx) => {
        const result = await repo.findResult(tx, auth.tenantId, resultId);
        if (!result) throw notFound('The result');
        const { objective, access } = await requireObjective(tx, auth, result.objectiveId, 'The result');
        requireWritable(access);
        await checkResultVersion(tx, auth, objective, result, version);
        await repo.deleteResult(tx, auth.tenantId, resultId);
        await repo.touchObjective(tx, auth.tenantId, objective.id, ctx.clock.now());
        await audit(tx, auth, objective, 'update', {
          description: `Deleted a result: ${result.value} on ${result.resultDate}.`,
          changes: { result: { from: resultSnapshot(result), to: null } },
        });
        return readDetail(tx, auth, objective.id);
      }),
  };
};
