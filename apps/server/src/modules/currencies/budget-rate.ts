import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { repeatingJob } from '../../lib/repeating-job.ts';
import * as repo from './currencies.repository.ts';
import { budgetRateMonthOf } from './currencies.service.ts';

type Log = { error: (details: object, message: string) => void };

/**
 * Keeps the budget rate of every plan whose baseline is not locked at today's month in its tenant's
 * time zone (DESIGN.md §17): when the month turns, each such plan moves to the new month and its
 * foreign budgets are reconverted (at the latest rate on or before it), one plan per transaction.
 * A locked plan keeps its lock month. The clock is the app's (tests move it and call tick()).
 */
export const createBudgetRateScheduler = (ctx: AppContext, log?: Log) => {
  const tickOnce = async (): Promise<{ moved: number; failed: number }> => {
    const now = ctx.clock.now();
    const outcome = { moved: 0, failed: 0 };
    for (const timeZone of await repo.listTimeZones(ctx.db)) {
      const month = budgetRateMonthOf(timeZone, now);
      for (const plan of await repo.listPlansToMove(ctx.db, timeZone, month)) {
        try {
          await ctx.db.transaction((tx) => repo.setPlanBudgetRateMonth(tx, plan.tenant_id, plan.plan_id, month));
          outcome.moved += 1;
        } catch (error) {
          // One plan's failure (e.g. no rate at all yet for one of its currencies) must not stop the others.
          outcome.failed += 1;
          log?.error({ planId: plan.plan_id, error: error instanceof Error ? error.message : String(error) }, 'budget rate move failed');
        }
      }
    }
    return outcome;
  };

  const job = repeatingJob(tickOnce, (error: unknown) =>
    log?.error({ error: error instanceof Error ? error.message : String(error) }, 'budget rate tick failed'),
  );
  return { tick: job.run, start: (intervalMs = 60 * 60_000) => job.start(intervalMs), stop: job.stop };
};
export type BudgetRateScheduler = ReturnType<typeof createBudgetRateScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Moves unlocked plans' budget rate to today's month: server.ts starts it; tests call tick() themselves. */
    budgetRates: BudgetRateScheduler;
  }
}

export const registerBudgetRateScheduler = (app: FastifyInstance, ctx: AppContext): BudgetRateScheduler => {
  const scheduler = createBudgetRateScheduler(ctx, app.log);
  app.decorate('budgetRates', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
};
