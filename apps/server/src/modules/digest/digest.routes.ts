import { notificationRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { consumeOrThrow } from '../../lib/rate-limits.ts';
import { callerToday } from '../../lib/today.ts';
import { addRoute } from '../../plugins/route.ts';
import { describeTenantPlans, listDigestRecipients } from './digest-content.ts';
import { queueDigestMail } from './digest-scheduler.ts';

const DAY_MS = 86_400_000;

/** The Monday of the week a date (YYYY-MM-DD) falls in. */
export const mondayOf = (date: string): string => {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
};

/** "Send me one now": the caller's digest as it would read today, mailed to them at once (a few an hour). */
export const registerDigestRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const previews = ctx.rateLimiter({ keyPrefix: 'digest-preview', points: 5, duration: 3600 });
  addRoute(app, ctx, notificationRoutes.sendDigestPreview, async ({ auth }) => {
    await consumeOrThrow(
      previews,
      `${auth.tenantId}:${auth.userId}`,
      'You have asked for several previews this hour. Please try again later.',
    );
    const today = callerToday(ctx, auth);
    return ctx.db.transaction(async (tx) => {
      const plans = await describeTenantPlans(tx, auth.tenantId, today);
      const [recipient] = await listDigestRecipients(tx, auth.tenantId, plans, auth.userId);
      if (!recipient) return { Plans: 0 };
      await queueDigestMail(ctx, tx, { tenantId: auth.tenantId, weekStart: mondayOf(today), recipient, plans, preview: true });
      return { Plans: recipient.planIds.size };
    });
  });
};
