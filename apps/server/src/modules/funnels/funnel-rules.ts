import { PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { badRequest, conflict, type HttpError } from '../../lib/http-errors.ts';
import { type PlanAccess, requireAccess } from '../access/index.ts';
import type { CountCell, StageRow } from './funnels.repository.ts';

/** Writing a plan's funnel or forecast: Owner, Admin, or the team's Lead or Planner, in a plan that is not archived. */
export const requireFunnelEditable = ({ plan, permission }: PlanAccess): void => {
  requireAccess(permission, 'funnel.edit');
  if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to change its funnel.`);
};

const invalid = (field: string, message: string): HttpError => badRequest(message, [{ Field: field, Message: message }]);

/** A stage id of a Save must be one of the tenant's active funnel stages. */
export const checkStageId = (stageIds: ReadonlySet<string>, stageId: string, field: string): void => {
  if (!stageIds.has(stageId)) throw invalid(field, 'Choose one of your active funnel stages (Account › Lookups).');
};

/** The stages of a model Save: each an active stage of the tenant, once. */
export const checkStageSettings = (settings: readonly { FunnelStageId: string }[], stages: readonly StageRow[]): void => {
  const stageIds = new Set(stages.map((stage) => stage.id));
  const seen = new Set<string>();
  settings.forEach((setting, index) => {
    const field = `Stages.${index}.FunnelStageId`;
    checkStageId(stageIds, setting.FunnelStageId, field);
    if (seen.has(setting.FunnelStageId)) throw invalid(field, 'The same stage appears twice.');
    seen.add(setting.FunnelStageId);
  });
};

/**
 * Cells of a grid save: each names an active stage and a month inside the plan, once.
 * `countOf` picks the count the cell carries (already checked by the contract: ≥ 0, 2 decimals).
 */
export const checkCells = <T extends { FunnelStageId: string; Month: string }>(
  cells: readonly T[],
  stages: readonly StageRow[],
  months: readonly string[],
  countOf: (cell: T) => number | null,
): CountCell[] => {
  const stageIds = new Set(stages.map((stage) => stage.id));
  const monthSet = new Set(months);
  const seen = new Set<string>();
  return cells.map((cell, index) => {
    checkStageId(stageIds, cell.FunnelStageId, `Cells.${index}.FunnelStageId`);
    if (!monthSet.has(cell.Month)) {
      throw invalid(
        `Cells.${index}.Month`,
        months.length > 0 ? `Month must be within the plan, ${months[0]} to ${months.at(-1)}.` : 'The plan has no months.',
      );
    }
    const key = `${cell.FunnelStageId}|${cell.Month}`;
    if (seen.has(key)) throw invalid(`Cells.${index}`, 'The same stage and month appear twice.');
    seen.add(key);
    return { funnelStageId: cell.FunnelStageId, month: cell.Month, count: countOf(cell) };
  });
};
