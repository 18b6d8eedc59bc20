import { AUDIT_RETENTION_DEFAULT_DAYS } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { repeatingJob } from '../../lib/repeating-job.ts';
import * as repo from './audit.repository.ts';

type Log = { error: (details: object, message: string) => void };

const DAY_MS = 24 * 60 * 60_000;

/**
 * The audit log's daily prune (DESIGN.md §18): deletes every tenant's security events and audit-trail
 * activities older than its retention (730 days unless set). Idempotent, so several instances may
 * run it; the clock is the app's (tests move it and call tick()).
 */
export const createAuditPruneScheduler = (ctx: AppContext, log?: Log) => {
  const job = repeatingJob(
    () => repo.pruneExpired(ctx.db, ctx.clock.now(), AUDIT_RETENTION_DEFAULT_DAYS),
    (error: unknown) => log?.error({ error: error instanceof Error ? error.message : String(error) }, 'audit prune failed'),
  );
  return { tick: job.run, start: (intervalMs = DAY_MS) => job.start(intervalMs), stop: job.stop };
};
export type AuditPruneScheduler = ReturnType<typeof createAuditPruneScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log's daily prune: server.ts starts it; tests call tick() themselves. */
    auditPrune: AuditPruneScheduler;
  }
}

export const registerAuditPrune = (app: FastifyInstance, ctx: AppContext): AuditPruneScheduler => {
  const scheduler = createAuditPruneScheduler(ctx, app.log);
  app.decorate('auditPrune', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
};
