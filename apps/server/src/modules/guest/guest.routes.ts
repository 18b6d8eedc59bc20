import { GUEST_SUMMARY_RATE_PER_MINUTE, guestRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { addRoute } from '../../plugins/route.ts';
import { createGuestService } from './guest.service.ts';

/**
 * The anonymous guest summary. Every request, found or not, counts against the caller's IP address
 * (GUEST_SUMMARY_RATE_PER_MINUTE a minute), so share keys cannot be guessed at speed.
 * In memory: with several instances each counts alone.
 */
export const registerGuestRoutes = (app: FastifyInstance, ctx: AppContext, perMinute = GUEST_SUMMARY_RATE_PER_MINUTE): void => {
  const service = createGuestService(ctx);
  const limiter = new RateLimiterMemory({ keyPrefix: 'guest-summary', points: perMinute, duration: 60 });
  addRoute(app, ctx, guestRoutes.getGuestPlanSummary, async ({ body, request }) => {
    try {
      await limiter.consume(request.ip);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw tooManyRequests(error.msBeforeNext / 1000, 'Too many requests for plan summaries. Please wait a minute and try again.');
      }
      throw error;
    }
    return service.getPlanSummary(body.ShareKey);
  });
};
