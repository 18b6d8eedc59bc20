import { planRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createPlansService } from './plans.service.ts';

export const registerPlanRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createPlansService(ctx);
  addRoute(app, ctx, planRoutes.getMarketingPlans, ({ auth, body }) => service.list(auth, body.TeamId));
  addRoute(app, ctx, planRoutes.getMarketingPlan, ({ auth, body }) => service.get(auth, body.MarketingPlanId));
  addRoute(app, ctx, planRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, planRoutes.rebuildPlan, ({ auth, body }) => service.rebuild(auth, body.MarketingPlanId));
  addRoute(app, ctx, planRoutes.delete, ({ auth, body }) => service.delete(auth, body.MarketingPlanId, body.Version));
  addRoute(app, ctx, planRoutes.share, ({ auth, body }) => service.share(auth, body.MarketingPlanId));
  addRoute(app, ctx, planRoutes.unshare, ({ auth, body }) => service.unshare(auth, body.MarketingPlanId));
};
