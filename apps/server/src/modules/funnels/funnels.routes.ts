import { funnelRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createFunnelService } from './funnels.service.ts';

export const registerFunnelRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createFunnelService(ctx);
  addRoute(app, ctx, funnelRoutes.get, ({ auth, body }) => service.get(auth, body.MarketingPlanId));
  addRoute(app, ctx, funnelRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, funnelRoutes.saveActuals, ({ auth, body }) => service.saveActuals(auth, body));
};
