import { GUEST_SUMMARY_RATE_PER_MINUTE, guestRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { consumeOrThrow } from '../../lib/rate-limits.ts';
import { addRoute } from '../../plugins/route.ts';
import { createGuestService } from './guest.service.ts';

/**
 * The anonymous guest summary. Every request, found or not, counts against the caller's IP address
 * (GUEST_SUMMARY_RATE_PER_MINUTE a minute), so share keys cannot be guessed at speed.
 * Shared by every instance on PostgreSQL (lib/rate-limits.ts).
 */
export const registerGuestRoutes = (app: FastifyInstance, ctx: AppContext, perMinute = GUEST_SUMMARY_RATE_PER_MINUTE): void => {
  const service = createGuestService(ctx);
  const limiter = ctx.rateLimiter({ keyPrefix: 'guest-summary', points: perMinute, duration: 60 });
  addRoute(app, ctx, guestRoutes.getGuestPlanSummary, async ({ body, request }) => {
    await consumeOrThrow(limiter, request.ip, 'Too many requests for plan summaries. Please wait a minute and try again.');
    return service.getPlanSummary(body.ShareKey);
  });
};
