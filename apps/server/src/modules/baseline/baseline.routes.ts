import { baselineRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createBaselineService } from './baseline.service.ts';

export const registerBaselineRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createBaselineService(ctx);
  addRoute(app, ctx, baselineRoutes.lockBaseline, ({ auth, body }) => service.lock(auth, body.MarketingPlanId));
  addRoute(app, ctx, baselineRoutes.unlockBaseline, ({ auth, body }) => service.unlock(auth, body.MarketingPlanId, body.Reason));
  addRoute(app, ctx, baselineRoutes.getBudgetChanges, ({ auth, body }) => service.listChanges(auth, body.MarketingPlanId));
};
