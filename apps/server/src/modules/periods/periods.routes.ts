import { planPeriodRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createPeriodService } from './periods.service.ts';

export const registerPeriodRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createPeriodService(ctx);
  addRoute(app, ctx, planPeriodRoutes.get, ({ auth, body }) => service.get(auth, body.MarketingPlanId));
  addRoute(app, ctx, planPeriodRoutes.close, ({ auth, body }) => service.close(auth, body));
  addRoute(app, ctx, planPeriodRoutes.reopen, ({ auth, body }) => service.reopen(auth, body));
};
