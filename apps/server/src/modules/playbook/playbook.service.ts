import {
  type CreatedPlan,
  type CreatePlanFromPlayRequestSchema,
  MAX_DATE,
  monthsBetween,
  PLAN_STATE_LIVE,
  PLAN_STATE_TEMPLATE,
  type Play,
  type PlayPreview,
  type RenamePlayRequestSchema,
  type SaveAsPlayRequestSchema,
  toDollars,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  isTenantAdmin,
  listVisibleTeamIds,
  type PlanAccess,
  requireAccess,
  requirePlanAccess,
  resolveTeamPermission,
  type TeamPermission,
} from '../access/index.ts';
import { recordActivity } from '../activities/index.ts';
import { budgetRateMonthOf } from '../currencies/index.ts';
import { durationInMonths, monthOffset, movedPlanDates } from './plan-dates.ts';
import { sameName, suggestFreeName } from './plan-names.ts';
import * as repo from './playbook.repository.ts';

type CreateInput = z.output<typeof CreatePlanFromPlayRequestSchema>;
type SaveAsInput = z.output<typeof SaveAsPlayRequestSchema>;
type RenameInput = z.output<typeof RenamePlayRequestSchema>;

const PLAN = 'The marketing plan';
const PLAY = 'The play';

/** Rename and delete: the team's plan rights; a starter play is the tenant's library, so only an Admin or the Owner. */
const canManagePlay = (auth: AuthContext, plan: repo.PlanRow, permission: TeamPermission | null): boolean =>
  plan.starterPlay ? isTenantAdmin(auth) : (permission?.canManagePlans ?? false);

const toPlay = (
  auth: AuthContext,
  { plan, sums }: repo.PlayWithSums,
  categories: repo.CategorySum[],
  permission: TeamPermission | null,
): Play => ({
  Id: plan.id,
  Name: plan.name,
  Description: plan.description,
  TeamId: plan.teamId,
  StartDate: plan.startDate,
  EndDate: plan.endDate,
  DurationMonths: durationInMonths(plan.startDate, plan.endDate),
  ItemCount: sums.itemCount,
  ObjectiveCount: sums.objectiveCount,
  Total: toDollars(sums.totalCents),
  Categories: categories
    .filter((category) => category.planId === plan.id)
    .map((category) => ({
      BudgetCategoryId: category.categoryId,
      Name: category.name,
      CategoryType: category.categoryType,
      Total: toDollars(category.totalCents),
      ItemCount: category.itemCount,
    })),
  StarterPlay: (plan.starterPlay as Play['StarterPlay']) ?? null,
  CanManage: canManagePlay(auth, plan, permission),
  UpdatedAt: plan.updatedAt.toISOString(),
});

export const createPlaybookService = (ctx: AppContext) => {
  const presentPlay = async (db: Db, auth: AuthContext, planId: string, permission: TeamPermission | null): Promise<Play> => {
    const [found] = await repo.listPlays(db, auth.tenantId, { planId });
    if (!found) throw notFound(PLAY);
    return toPlay(auth, found, await repo.listCategorySums(db, auth.tenantId, [planId]), permission);
  };

  /** A play (State 3) the caller may see; any other plan is "not a play" and answers 404 like a missing one. */
  const requirePlay = async (db: Db, auth: AuthContext, planId: string): Promise<PlanAccess> => {
    const access = await requirePlanAccess(db, auth, planId, PLAY);
    if (access.plan.state !== PLAN_STATE_TEMPLATE) throw notFound(PLAY);
    return access;
  };

  const audit = (db: Db, auth: AuthContext, plan: repo.PlanRow, action: 'create' | 'update' | 'delete', extra = {}) =>
    recordActivity(db, {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      entityType: 'MarketingPlan',
      entityId: plan.id,
      marketingPlanId: action === 'delete' ? null : plan.id,
      action,
      name: plan.name,
      at: ctx.clock.now(),
      ...extra,
    });

  return {
    list: async (auth: AuthContext): Promise<Play[]> => {
      const teamIds = await listVisibleTeamIds(ctx.db, auth);
      const plays = await repo.listPlays(ctx.db, auth.tenantId, { teamIds });
      const categories = await repo.listCategorySums(
        ctx.db,
        auth.tenantId,
        plays.map(({ plan }) => plan.id),
      );
      const permissions = new Map<string, TeamPermission | null>();
      for (const teamId of new Set(plays.map(({ plan }) => plan.teamId))) {
        permissions.set(teamId, await resolveTeamPermission(ctx.db, auth, teamId));
      }
      return plays.map((play) => toPlay(auth, play, categories, permissions.get(play.plan.teamId) ?? null));
    },

    preview: async (auth: AuthContext, planId: string): Promise<PlayPreview> => {
      const { plan, permission } = await requirePlay(ctx.db, auth, planId);
      const play = await presentPlay(ctx.db, auth, planId, permission);
      const months = monthsBetween(plan.startDate, plan.endDate);
      const [items, phasing, goals] = [
        await repo.listPreviewItems(ctx.db, auth.tenantId, planId),
        await repo.listPreviewMonths(ctx.db, auth.tenantId, planId),
        await repo.listPreviewObjectives(ctx.db, auth.tenantId, planId),
      ];
      const monthsOf = new Map<string, number[]>();
      for (const row of phasing) {
        const index = monthOffset(plan.startDate, row.month);
        if (index < 0 || index >= months.length) continue;
        const cents = monthsOf.get(row.itemId) ?? months.map(() => 0);
        cents[index] = (cents[index] ?? 0) + row.amountCents;
        monthsOf.set(row.itemId, cents);
      }
      return {
        Play: play,
        Months: months,
        Categories: play.Categories.map((category) => ({
          ...category,
          Items: items
            .filter((item) => item.categoryId === category.BudgetCategoryId)
            .map((item) => {
              const cents = monthsOf.get(item.id);
              return {
                Id: item.id,
                Name: item.name,
                ItemType: item.itemType,
                Amount: toDollars(item.amountCents),
                Months: (cents ?? months.map(() => 0)).map(toDollars),
                IsPhased: cents !== undefined,
              };
            }),
        })),
        Objectives: goals.map((goal) => ({
          Id: goal.id,
          Name: goal.name,
          Metric: goal.metric,
          MetricType: goal.metricType,
          TargetValue: goal.targetValue,
        })),
      };
    },

    /** A live plan from a play or from any plan the caller may see ("roll forward"), in one transaction. */
    createPlan: (auth: AuthContext, input: CreateInput): Promise<CreatedPlan> =>
      ctx.db.transaction(async (tx) => {
        const { plan: source } = await requirePlanAccess(tx, auth, input.SourcePlanId, PLAN);
        const target = await resolveTeamPermission(tx, auth, input.TeamId);
        if (!target) throw notFound('The team');
        requireAccess(target, 'play.createPlan');
        const taken = await repo.listTeamPlanNames(tx, auth.tenantId, input.TeamId);
        if (taken.some((name) => sameName(name, input.Name))) {
          const free = suggestFreeName(input.Name, input.StartDate, taken);
          throw fieldError('Name', `This team already has a plan named “${input.Name.trim()}”. Choose another name, e.g. “${free}”.`);
        }
        const now = ctx.clock.now();
        const dates = movedPlanDates(source, input.StartDate);
        // The copied end date must stay in the API's range like every date (issue 28 A2).
        if (dates.endDate > MAX_DATE) {
          throw fieldError('StartDate', `The new plan would end on ${dates.endDate}, after ${MAX_DATE}: choose an earlier start date.`);
        }
        const plan = await repo.insertPlan(
          tx,
          {
            tenantId: auth.tenantId,
            id: newId(),
            teamId: input.TeamId,
            name: input.Name,
            description: source.description,
            state: PLAN_STATE_LIVE,
            startDate: dates.startDate,
            endDate: dates.endDate,
            // The source's currency; its foreign items convert at today's month like any new plan's (DESIGN.md §17).
            currency: source.currency,
            budgetRateMonth: budgetRateMonthOf(auth.timeZone, now),
            createdBy: auth.userId,
          },
          now,
        );
        const copied = await repo.copyPlanContents(tx, {
          tenantId: auth.tenantId,
          fromPlanId: source.id,
          toPlanId: plan.id,
          offset: dates.offset,
          startDate: dates.startDate,
          endDate: dates.endDate,
          now,
        });
        const from = source.state === PLAN_STATE_TEMPLATE ? 'the play' : 'the plan';
        await audit(tx, auth, plan, 'create', {
          description: `Created from ${from} “${source.name}”: ${copiedText(copied)}, moved ${dates.offset} month${Math.abs(dates.offset) === 1 ? '' : 's'}.`,
          changes: { source: { from: null, to: source.id } },
        });
        return {
          Id: plan.id,
          Name: plan.name,
          TeamId: plan.teamId,
          State: PLAN_STATE_LIVE,
          StartDate: plan.startDate,
          EndDate: plan.endDate,
          ItemCount: copied.items,
          ObjectiveCount: copied.objectives,
          Total: toDollars(copied.totalCents),
        };
      }),

    /** A play (State 3) copied from a plan: same team and dates, no expenses, results or comments. */
    saveAsTemplate: (auth: AuthContext, input: SaveAsInput): Promise<Play> =>
      ctx.db.transaction(async (tx) => {
        const { plan: source, permission } = await requirePlanAccess(tx, auth, input.MarketingPlanId, PLAN);
        requireAccess(permission, 'play.saveAsPlay');
        const now = ctx.clock.now();
        const play = await repo.insertPlan(
          tx,
          {
            tenantId: auth.tenantId,
            id: newId(),
            teamId: source.teamId,
            name: input.Name,
            description: source.description,
            state: PLAN_STATE_TEMPLATE,
            startDate: source.startDate,
            endDate: source.endDate,
            currency: source.currency,
            budgetRateMonth: budgetRateMonthOf(auth.timeZone, now),
            createdBy: auth.userId,
          },
          now,
        );
        await repo.copyPlanContents(tx, {
          tenantId: auth.tenantId,
          fromPlanId: source.id,
          toPlanId: play.id,
          offset: 0,
          startDate: source.startDate,
          endDate: source.endDate,
          now,
        });
        await audit(tx, auth, play, 'create', {
          description: `Saved as a play from the plan “${source.name}”.`,
          changes: { source: { from: null, to: source.id } },
        });
        return presentPlay(tx, auth, play.id, permission);
      }),

    rename: (auth: AuthContext, input: RenameInput): Promise<Play> =>
      ctx.db.transaction(async (tx) => {
        const { plan, permission } = await requirePlay(tx, auth, input.MarketingPlanId);
        requireAccess(permission, plan.starterPlay ? 'starterPlay.manage' : 'play.rename', manageRefusal(plan));
        const row = await repo.renamePlay(tx, auth.tenantId, plan.id, input.Name, ctx.clock.now());
        if (!row) throw notFound(PLAY);
        if (row.name !== plan.name) await audit(tx, auth, row, 'update', { changes: { name: { from: plan.name, to: row.name } } });
        return presentPlay(tx, auth, plan.id, permission);
      }),

    delete: (auth: AuthContext, planId: string): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const { plan, permission } = await requirePlay(tx, auth, planId);
        requireAccess(permission, plan.starterPlay ? 'starterPlay.manage' : 'play.delete', manageRefusal(plan));
        await repo.deletePlan(tx, auth.tenantId, plan.id);
        await audit(tx, auth, plan, 'delete');
        return true;
      }),
  };
};

/** "3 budget items and 1 objective", or "3 budget items, 1 objective and the funnel model". */
const copiedText = (copied: repo.CopyCounts): string => {
  const parts = [
    `${copied.items} budget item${copied.items === 1 ? '' : 's'}`,
    `${copied.objectives} objective${copied.objectives === 1 ? '' : 's'}`,
    ...(copied.funnelModel ? ['the funnel model'] : []),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
};

const manageRefusal = (plan: repo.PlanRow): string =>
  plan.starterPlay
    ? `“${plan.name}” is part of the starter library: only an Admin or the Owner can change it.`
    : 'Only the team’s Lead, an Admin or the Owner can change this play.';
