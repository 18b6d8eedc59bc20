import { performanceRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createPerformanceService } from './performance.service.ts';

export const registerPerformanceRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createPerformanceService(ctx);
  addRoute(app, ctx, performanceRoutes.getPerformance, ({ auth, body }) => service.get(auth, body.MarketingPlanId, body.DeltaPeriod));
};
