import {
  type CurrencyCode,
  IdSchema,
  isNewId,
  MAX_DATE,
  type MarketingPlan,
  NEW_PLAN_LENGTH_DAYS,
  PLAN_STATE_LIVE,
  type PlanSaveRequestSchema,
  type PlanTotals,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { callerToday } from '../../lib/today.ts';
import { generateKey } from '../../lib/secrets.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertVersion, diffFields, recordActivity } from '../activities/index.ts';
import { listVisibleTeamIds, requireAccess, requirePlanAccess, resolveTeamPermission, type TeamPermission } from '../access/index.ts';
import { budgetRateMonthOf } from '../currencies/index.ts';
import { loadPlanLanding } from '../forecast/index.ts';
import { rebuildPlanTotals } from './plan-rebuild.ts';
import { EMPTY_SUMS } from './plan-totals.ts';
import { planSnapshot, toMarketingPlan } from './plans.mappers.ts';
import * as repo from './plans.repository.ts';

type SaveInput = z.output<typeof PlanSaveRequestSchema>;

const PLAN = 'The marketing plan';

const addDays = (date: string, days: number): string => {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
};

export const createPlansService = (ctx: AppContext) => {
  const publicUrl = ctx.config.publicUrl;

  /** One plan with its totals, as the caller sees it. */
  const present = async (db: Db, tenantId: string, planId: string, permission: TeamPermission | null): Promise<MarketingPlan> => {
    const [found] = await repo.listPlansWithSums(db, tenantId, { planId });
    if (!found) throw notFound('The marketing plan');
    return toMarketingPlan(found.plan, found.sums, permission, publicUrl, found.lockedBy, found.baseCurrency);
  };

  const audit = (
    db: Db,
    auth: AuthContext,
    plan: repo.PlanRow,
    action: 'create' | 'update' | 'delete',
    changes?: ReturnType<typeof diffFields>,
  ) =>
    recordActivity(db, {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      entityType: 'MarketingPlan',
      entityId: plan.id,
      marketingPlanId: action === 'delete' ? null : plan.id,
      action,
      name: plan.name,
      changes: changes ?? null,
      at: ctx.clock.now(),
    });

  /**
   * The plan's Currency after a Save (null: the base; DESIGN.md §17): missing keeps it; a change is
   * 409 once the plan has budget items (their amounts are in it, and nothing is converted).
   */
  const planCurrencyOf = async (tx: Db, tenantId: string, current: repo.PlanRow, asked: CurrencyCode | undefined) => {
    if (asked === undefined) return current.currency;
    const next = asked === (await repo.findBaseCurrency(tx, tenantId)) ? null : asked;
    if (next !== current.currency && (await repo.planHasItems(tx, tenantId, current.id))) {
      throw conflict('The plan’s currency cannot change once it has budget items: each item keeps its own Currency.');
    }
    return next;
  };

  /**
   * Locks the plan and answers 409 with it as it is now when the version the caller read is not
   * its version (DESIGN.md §13): a colleague's change is never overwritten unseen.
   */
  const checkPlanVersion = async (tx: Db, auth: AuthContext, plan: repo.PlanRow, read: number, permission: TeamPermission | null) => {
    const current = await repo.lockPlanVersion(tx, auth.tenantId, plan.id);
    if (current === null) throw notFound('The marketing plan');
    await assertVersion(tx, auth, {
      entity: 'MarketingPlan',
      id: plan.id,
      what: `the plan “${plan.name}”`,
      read,
      current,
      row: () => present(tx, auth.tenantId, plan.id, permission),
    });
  };

  const checkPhasingFits = async (db: Db, tenantId: string, planId: string, startDate: string, endDate: string) => {
    const outside = await repo.countMonthsOutside(db, tenantId, planId, startDate, endDate);
    if (outside > 0) {
      throw fieldError(
        'StartDate',
        `The plan’s budget items have ${outside} phased month${outside === 1 ? '' : 's'} outside ${startDate} to ${endDate}. Change their monthly phasing first.`,
      );
    }
  };

  const setShareKey = (auth: AuthContext, planId: string, shareKey: string | null) =>
    ctx.db.transaction(async (tx) => {
      const { plan, permission } = await requirePlanAccess(tx, auth, planId, PLAN);
      requireAccess(permission, 'plan.share');
      const row = await repo.updatePlan(tx, auth.tenantId, planId, { shareKey }, ctx.clock.now());
      if (!row) throw notFound('The marketing plan');
      const changes = diffFields(planSnapshot(plan), planSnapshot(row));
      if (Object.keys(changes).length > 0) await audit(tx, auth, row, 'update', changes);
      return present(tx, auth.tenantId, planId, permission);
    });

  return {
    list: async (auth: AuthContext, teamId: string | undefined): Promise<MarketingPlan[]> => {
      const visible = await listVisibleTeamIds(ctx.db, auth);
      if (teamId && !visible.includes(teamId)) throw notFound('The team');
      const teamIds = teamId ? [teamId] : visible;
      const permissions = new Map<string, TeamPermission | null>();
      for (const id of teamIds) permissions.set(id, await resolveTeamPermission(ctx.db, auth, id));
      const rows = await repo.listPlansWithSums(ctx.db, auth.tenantId, { teamIds });
      return rows.map(({ plan, sums, lockedBy, baseCurrency }) =>
        toMarketingPlan(plan, sums, permissions.get(plan.teamId) ?? null, publicUrl, lockedBy, baseCurrency),
      );
    },

    /** With a token: by id in the tenant. Without one (or with a key that is no id): a shared plan by its share key only. */
    get: async (auth: AuthContext | null, idOrShareKey: string): Promise<MarketingPlan> => {
      if (auth && IdSchema.safeParse(idOrShareKey).success) {
        const { plan, permission } = await requirePlanAccess(ctx.db, auth, idOrShareKey, PLAN);
        // Landing (DESIGN.md §14) from the forecast the dashboard and the report share.
        const [presented, landing] = await Promise.all([
          present(ctx.db, auth.tenantId, idOrShareKey, permission),
          loadPlanLanding(ctx.db, auth.tenantId, plan),
        ]);
        return { ...presented, Landing: landing };
      }
      const shared = await repo.findPlanByShareKey(ctx.db, idOrShareKey);
      // An inactive plan is not shown to guests, exactly as the guest summary refuses it.
      if (!shared?.active) throw notFound('The shared plan');
      return present(ctx.db, shared.tenantId, shared.id, null);
    },

    save: (auth: AuthContext, input: SaveInput): Promise<MarketingPlan> =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const targetTeam = await resolveTeamPermission(tx, auth, input.TeamId);
        if (!targetTeam) throw notFound('The team');
        if (isNewId(input.Id)) {
          requireAccess(targetTeam, 'plan.save');
          const startDate = input.StartDate ?? callerToday(ctx, auth);
          // The default end stays in the API's date range (issue 28 A2).
          const defaultEnd = addDays(startDate, NEW_PLAN_LENGTH_DAYS);
          const endDate = input.EndDate ?? (defaultEnd > MAX_DATE ? MAX_DATE : defaultEnd);
          if (endDate < startDate) throw fieldError('EndDate', 'EndDate cannot be before StartDate.');
          // The base currency is stored as null (DESIGN.md §17): the plan follows the tenant's base.
          const baseCurrency = await repo.findBaseCurrency(tx, auth.tenantId);
          const row = await repo.insertPlan(
            tx,
            auth.tenantId,
            newId(),
            {
              teamId: input.TeamId,
              name: input.Name,
              description: input.Description ?? null,
              active: input.Active ?? true,
              state: input.State ?? PLAN_STATE_LIVE,
              startDate,
              endDate,
              currency: input.Currency && input.Currency !== baseCurrency ? input.Currency : null,
              budgetRateMonth: budgetRateMonthOf(auth.timeZone, now),
              createdBy: auth.userId,
            },
            now,
          );
          await audit(tx, auth, row, 'create');
          return toMarketingPlan(row, EMPTY_SUMS, targetTeam, publicUrl, null, baseCurrency);
        }
        const id = input.Id as string;
        const { plan: current, permission } = await requirePlanAccess(tx, auth, id, PLAN);
        requireAccess(permission, 'plan.save');
        // The contract requires a Version on update (requireVersionOnUpdate).
        await checkPlanVersion(tx, auth, current, input.Version ?? 0, permission);
        // Moving a plan to another team needs the right to manage plans there too.
        if (input.TeamId !== current.teamId) requireAccess(targetTeam, 'plan.save');
        const startDate = input.StartDate ?? current.startDate;
        const endDate = input.EndDate ?? current.endDate;
        if (endDate < startDate) throw fieldError('EndDate', 'EndDate cannot be before StartDate.');
        if (startDate !== current.startDate || endDate !== current.endDate) {
          await checkPhasingFits(tx, auth.tenantId, id, startDate, endDate);
        }
        const currency = await planCurrencyOf(tx, auth.tenantId, current, input.Currency);
        const row = await repo.updatePlan(
          tx,
          auth.tenantId,
          id,
          {
            teamId: input.TeamId,
            name: input.Name,
            description: input.Description === undefined ? current.description : input.Description,
            active: input.Active ?? current.active,
            state: input.State ?? current.state,
            startDate,
            endDate,
            currency,
          },
          now,
        );
        if (!row) throw notFound('The marketing plan');
        const changes = diffFields(planSnapshot(current), planSnapshot(row));
        if (Object.keys(changes).length > 0) await audit(tx, auth, row, 'update', changes);
        return present(tx, auth.tenantId, id, input.TeamId === current.teamId ? permission : targetTeam);
      }),

    rebuild: async (auth: AuthContext, planId: string): Promise<PlanTotals> => {
      await requirePlanAccess(ctx.db, auth, planId, PLAN);
      return rebuildPlanTotals(ctx.db, auth.tenantId, planId, ctx.clock.now());
    },

    delete: (auth: AuthContext, planId: string, version: number): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const { plan, permission } = await requirePlanAccess(tx, auth, planId, PLAN);
        requireAccess(permission, 'plan.delete');
        await checkPlanVersion(tx, auth, plan, version, permission);
        await repo.deletePlan(tx, auth.tenantId, planId);
        await audit(tx, auth, plan, 'delete');
        return true;
      }),

    share: (auth: AuthContext, planId: string) => setShareKey(auth, planId, generateKey()),
    unshare: (auth: AuthContext, planId: string) => setShareKey(auth, planId, null),
  };
};
